import { describe, expect, it } from 'vitest';
import { goSort } from './go-sort';

/** sortedBy sorts a copy of values by key with goSort, returning the values in their new order. */
function sortedBy<T>(values: T[], key: (v: T) => number): T[] {
  const a = [...values];
  goSort(a.length, { less: (i, j) => key(a[i]!) < key(a[j]!), swap: (i, j) => { [a[i], a[j]] = [a[j]!, a[i]!]; } });
  return a;
}

describe('goSort', () => {
  it('orders every length and shape pdqsort takes a path for (insertion, ninther, reversed, many equal)', () => {
    let seed = 7;
    const rand = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed; };
    for (const n of [0, 1, 2, 12, 13, 49, 50, 51, 200, 1000]) {
      for (const shape of ['random', 'sorted', 'reversed', 'few']) {
        const values = Array.from({ length: n }, (_, i) => (shape === 'sorted' ? i : shape === 'reversed' ? n - i : shape === 'few' ? rand() % 3 : rand()));
        const out = sortedBy(values.map((v, i) => ({ v, i })), (x) => x.v);
        expect(out.map((x) => x.v)).toEqual([...values].sort((x, y) => x - y));
        expect(new Set(out.map((x) => x.i)).size).toBe(n);
      }
    }
  });

  it('is stable up to twelve elements (insertion sort) and not beyond, as Go leaves equal elements', () => {
    const twelve = sortedBy(Array.from({ length: 12 }, (_, i) => ({ k: i % 2, i })), (x) => x.k);
    expect(twelve.map((x) => x.i)).toEqual([0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9, 11]);
    const twenty = sortedBy(Array.from({ length: 20 }, (_, i) => ({ k: (i + 1) % 2, i })), (x) => x.k);
    const stable = [...Array.from({ length: 10 }, (_, i) => 2 * i + 1), ...Array.from({ length: 10 }, (_, i) => 2 * i)];
    expect(twenty.map((x) => x.k)).toEqual([...Array(10).fill(0), ...Array(10).fill(1)]);
    expect(twenty.map((x) => x.i)).not.toEqual(stable);
  });
});
