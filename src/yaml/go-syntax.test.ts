import { describe, expect, it } from 'vitest';
import { goFormatFloat, goSharpV } from './go-syntax';

describe('goFormatFloat', () => {
  it.each([
    [1, 64, '1'],
    [1000, 64, '1000'],
    [1e6, 64, '1e+06'],
    [1e21, 64, '1e+21'],
    [0.0001, 64, '0.0001'],
    [0.00001, 64, '1e-05'],
    [-2.5, 64, '-2.5'],
    [0.1, 32, '0.1'],
    [3.14159265358979, 32, '3.1415927'],
    [123456789.5, 32, '1.2345679e+08'],
    [Infinity, 64, '+Inf'],
    [NaN, 64, 'NaN'],
  ] as Array<[number, 32 | 64, string]>)('%d at %d bits → %s', (f, bits, want) => {
    expect(goFormatFloat(f, bits)).toBe(want);
  });
});

describe('goSharpV', () => {
  it.each([
    [null, '<nil>'],
    ['a"b', '"a\\"b"'],
    [['a', 1, null], '[]interface {}{"a", 1, interface {}(nil)}'],
    [{ b: 1, a: { c: true } }, 'map[interface {}]interface {}{"a":map[interface {}]interface {}{"c":true}, "b":1}'],
  ])('%j', (v, want) => {
    expect(goSharpV(v)).toBe(want);
  });
});
