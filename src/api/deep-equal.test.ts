import { describe, expect, it } from 'vitest';
import { deepEqual, jsonEqual } from './deep-equal';

describe('deepEqual and jsonEqual', () => {
  it('agree on plain JSON values, key order aside', () => {
    for (const eq of [deepEqual, jsonEqual]) {
      expect(eq({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
      expect(eq({ a: 1 }, { a: 2 })).toBe(false);
      expect(eq([1, 2], [2, 1])).toBe(false);
      expect(eq({ a: [] }, { a: {} })).toBe(false);
      expect(eq(null, {})).toBe(false);
    }
  });

  it('differ on a key that holds undefined: deepEqual sees it, jsonEqual does not (JSON drops it)', () => {
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(false);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: { b: undefined } }, { a: {} })).toBe(true);
  });
});
