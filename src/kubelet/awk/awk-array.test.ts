/** for-in's walk against busybox awk's (what `for (k in a)` printed after these inserts). */
import { describe, expect, it } from 'vitest';
import { AwkArray } from './awk-array';

const filled = (keys: string[]) => {
  const a = new AwkArray<number>();
  keys.forEach((k, i) => a.set(k, i));
  return a;
};
const numbers = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

describe('AwkArray', () => {
  it('walks its keys in busybox hash order', () => {
    expect(filled(['x', 'y', 'apple', 'zed', '10', '2']).keys()).toEqual(['10', 'apple', '2', 'zed', 'x', 'y']);
    expect(filled(numbers(20).map((n) => `k${n}`)).keys().join(' ')).toBe('k1 k2 k3 k4 k5 k6 k10 k7 k11 k8 k20 k12 k9 k13 k14 k15 k16 k17 k18 k19');
  });

  it('keeps that order as it grows past ten keys a bucket', () => {
    expect(filled(numbers(200)).keys().slice(0, 12).join(' ')).toBe('198 199 10 11 20 12 21 13 30 22 14 31');
    expect(filled(numbers(2000)).keys().slice(0, 12).join(' ')).toBe('1898 1859 1469 1079 71 32 1899 810 420 72 33 850');
  });

  it('forgets a deleted key and counts what is left', () => {
    const a = filled(['a', 'b', 'c']);
    a.delete('b');
    a.delete('nope');
    expect([a.size, a.has('b'), a.keys().includes('b')]).toEqual([2, false, false]);
    a.clear();
    expect([a.size, a.keys()]).toEqual([0, []]);
  });
});
