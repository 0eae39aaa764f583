import { describe, expect, it } from 'vitest';
import { fnv32, fnv32a, fnv32aOfUnits } from './fnv32a';

describe('fnv32a', () => {
  it('is FNV-1a 32: over UTF-8 bytes, and over UTF-16 units, the same for ASCII', () => {
    expect(fnv32a('a')).toBe(0xe40c292c);
    expect(fnv32aOfUnits('a')).toBe(0xe40c292c);
    expect(fnv32aOfUnits('Created pod: web-1')).toBe(fnv32a('Created pod: web-1'));
    // Beyond ASCII the two differ: one step per unit, not per byte.
    expect(fnv32aOfUnits('é')).not.toBe(fnv32a('é'));
  });
});

describe('fnv32', () => {
  it('is FNV-1 32 (Go\'s fnv.New32): multiply, then xor each byte', () => {
    expect(fnv32('')).toBe(0x811c9dc5);
    expect(fnv32('a')).toBe(0x050c5d7e);
    expect(fnv32('foobar')).toBe(0x31f0b262);
  });
});
