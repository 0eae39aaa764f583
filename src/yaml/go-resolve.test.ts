import { describe, expect, it } from 'vitest';
import { isBase60Float, resolveScalar } from './go-resolve';

// Expected values are what kubectl v1.32 (sigs.k8s.io/yaml → go-yaml v2) produces for
// the unquoted scalar; see BENCHMARKS.md §4.1 and kubernetes-sigs/yaml resolve.go.
const cases: Array<[string, string, unknown]> = [
  ['on', 'bool', true],
  ['On', 'bool', true],
  ['ON', 'bool', true],
  ['yes', 'bool', true],
  ['Yes', 'bool', true],
  ['y', 'bool', true],
  ['Y', 'bool', true],
  ['true', 'bool', true],
  ['TRUE', 'bool', true],
  ['no', 'bool', false],
  ['n', 'bool', false],
  ['N', 'bool', false],
  ['off', 'bool', false],
  ['OFF', 'bool', false],
  ['False', 'bool', false],
  ['oN', 'str', 'oN'],
  ['yEs', 'str', 'yEs'],
  ['010', 'int', 8],
  ['0x1F', 'int', 31],
  ['-0x1F', 'int', -31],
  ['0o17', 'int', 15],
  ['0b101', 'int', 5],
  ['1_000', 'int', 1000],
  ['+12', 'int', 12],
  ['08', 'float', 8],
  ['1e3', 'float', 1000],
  ['1.5', 'float', 1.5],
  ['.5', 'float', 0.5],
  ['1.', 'float', 1],
  ['1e400', 'str', '1e400'],
  ['12:30', 'str', '12:30'],
  ['2024-01-02', 'timestamp', '2024-01-02'],
  ['2024-01-02T10:00:00Z', 'timestamp', '2024-01-02T10:00:00Z'],
  ['2024-02-30', 'float', undefined],
  ['~', 'null', null],
  ['null', 'null', null],
  ['NULL', 'null', null],
  ['', 'null', null],
  ['.inf', 'float', Infinity],
  ['-.Inf', 'float', -Infinity],
  ['.nan', 'float', NaN],
  ['inf', 'str', 'inf'],
  ['NaN', 'str', 'NaN'],
  ['0x', 'str', '0x'],
  ['1.2.3', 'str', '1.2.3'],
  ['<<', 'merge', '<<'],
  ['nginx:1.27', 'str', 'nginx:1.27'],
];

describe('resolveScalar', () => {
  for (const [text, tag, value] of cases) {
    it(`resolves ${JSON.stringify(text)} as ${tag}`, () => {
      const r = resolveScalar(text);
      if (value === undefined) {
        // "2024-02-30" is no date for time.Parse, and not a number either.
        expect(r.tag).not.toBe('timestamp');
        return;
      }
      expect(r.tag).toBe(tag);
      expect(r.value).toEqual(value);
    });
  }
});

describe('isBase60Float', () => {
  it.each([
    ['12:30', true],
    ['1:20:30.5', true],
    ['12:60', false],
    ['ab:30', false],
  ])('%s → %s', (text, want) => {
    expect(isBase60Float(text)).toBe(want);
  });
});
