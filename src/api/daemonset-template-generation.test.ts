import { describe, expect, it } from 'vitest';
import { parseTemplateGeneration, templateGenerationOf, DEPRECATED_TEMPLATE_GENERATION } from './daemonset-template-generation';

describe('parseTemplateGeneration (strconv.ParseInt, base 10, 64 bits)', () => {
  it('reads signs and leading zeros as Go does', () => {
    expect(parseTemplateGeneration('1')).toEqual({ generation: 1n });
    expect(parseTemplateGeneration('+007')).toEqual({ generation: 7n });
    expect(parseTemplateGeneration('-3')).toEqual({ generation: -3n });
    expect(parseTemplateGeneration('9223372036854775807')).toEqual({ generation: 9223372036854775807n });
    expect(parseTemplateGeneration('-9223372036854775808')).toEqual({ generation: -9223372036854775808n });
  });

  it('refuses what Go refuses, with its reason', () => {
    expect(parseTemplateGeneration('abc')).toEqual({ error: 'invalid syntax' });
    expect(parseTemplateGeneration('')).toEqual({ error: 'invalid syntax' });
    expect(parseTemplateGeneration(' 1')).toEqual({ error: 'invalid syntax' });
    expect(parseTemplateGeneration('1.0')).toEqual({ error: 'invalid syntax' });
    expect(parseTemplateGeneration('9223372036854775808')).toEqual({ error: 'value out of range' });
  });

  it('gives no generation for a DaemonSet without a readable annotation', () => {
    expect(templateGenerationOf({ metadata: {} })).toBeUndefined();
    expect(templateGenerationOf({ metadata: { annotations: { [DEPRECATED_TEMPLATE_GENERATION]: 'x' } } })).toBeUndefined();
    expect(templateGenerationOf({ metadata: { annotations: { [DEPRECATED_TEMPLATE_GENERATION]: '4' } } })).toBe(4n);
  });
});
