import { describe, expect, it } from 'vitest';
import {
  compileJsonPath, JSONPATH_RANGE_TOO_DEEP, JSONPATH_TOO_MUCH_WORK, jsonPathExecMessage, jsonPathParseMessage,
} from './jsonpath';

// Hostile templates get an answer within bounded work: a parse error with kubectl's text, a
// bounded execution error, or the output.
const DATA = { metadata: { name: 'x' }, items: [1] };

describe('jsonpath: hostile templates are bounded', () => {
  it('parses a template of 100 000 actions without a stack overflow', { timeout: 20_000 }, () => {
    expect(compileJsonPath('{.metadata.name}'.repeat(100_000)).execute(DATA, true)).toBe('x'.repeat(100_000));
  });

  it('reports 3 000 nested ranges ending in an open action as kubectl does', { timeout: 10_000 }, () => {
    const template = `${'{range .items[*]}'.repeat(3000)}{range`;
    expect(() => compileJsonPath(template)).toThrow(jsonPathParseMessage(template, 'unclosed action'));
  });

  it('keeps kubectl\'s output for a few ranges without {end}', () => {
    // Checked against kubectl 1.32 (create configmap x --dry-run=client -o jsonpath=…).
    expect(compileJsonPath('{range .metadata}{.name}').execute(DATA, true)).toBe('x');
    expect(compileJsonPath('{range .metadata}{range .metadata}{.name}').execute(DATA, true)).toBe('xx');
    expect(compileJsonPath('{range .metadata}{.name}{range .metadata}{.name}').execute(DATA, true)).toBe('xxx');
  });

  it('stops 40 nested ranges without {end} at the step bound instead of running 2^40 steps', { timeout: 20_000 }, () => {
    const template = `${'{range .metadata}'.repeat(40)}{.name}`;
    expect(() => compileJsonPath(template).execute(DATA, true)).toThrow(jsonPathExecMessage(template, JSONPATH_TOO_MUCH_WORK, DATA));
  });

  it('stops 3 000 nested ranges without {end} at the depth bound', { timeout: 20_000 }, () => {
    const template = '{range .metadata}'.repeat(3000);
    expect(() => compileJsonPath(template).execute(DATA, true)).toThrow(jsonPathExecMessage(template, JSONPATH_RANGE_TOO_DEEP, DATA));
  });
});
