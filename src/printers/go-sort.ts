/**
 * go-sort: Go's sort.Sort, the pattern-defeating quicksort of Go 1.23's sort package, for the
 * orders kubectl makes with it (--sort-by). It is not stable: which of two equal elements comes
 * first is the algorithm's, so printing kubectl's order for ties means sorting as it does.
 * Elements are reached through less and swap on indices, as Go's sort.Interface does.
 */

/** SortData is sort.Interface without Len. */
export interface SortData { less(i: number, j: number): boolean; swap(i: number, j: number): void }

const MAX_INSERTION = 12;
const SHORTEST_NINTHER = 50;
const MAX_SWAPS = 4 * 3;
const MAX_STEPS = 5;
const SHORTEST_SHIFTING = 50;
const U64 = (1n << 64n) - 1n;

type Hint = 'unknown' | 'increasing' | 'decreasing';

/** bitsLen is Go's bits.Len: the number of bits needed to write n. */
const bitsLen = (n: number): number => 32 - Math.clz32(n);

/** goSort sorts elements [0, n) as Go's sort.Sort does, calling less and swap in its order. */
export function goSort(n: number, data: SortData): void {
  if (n <= 1) return;
  pdqsort(data, 0, n, bitsLen(n));
}

function insertionSort(d: SortData, a: number, b: number): void {
  for (let i = a + 1; i < b; i++) for (let j = i; j > a && d.less(j, j - 1); j--) d.swap(j, j - 1);
}

function siftDown(d: SortData, lo: number, hi: number, first: number): void {
  let root = lo;
  for (;;) {
    let child = 2 * root + 1;
    if (child >= hi) return;
    if (child + 1 < hi && d.less(first + child, first + child + 1)) child++;
    if (!d.less(first + root, first + child)) return;
    d.swap(first + root, first + child);
    root = child;
  }
}

function heapSort(d: SortData, a: number, b: number): void {
  const first = a;
  const hi = b - a;
  for (let i = Math.floor((hi - 1) / 2); i >= 0; i--) siftDown(d, i, hi, first);
  for (let i = hi - 1; i >= 0; i--) {
    d.swap(first, first + i);
    siftDown(d, 0, i, first);
  }
}

function pdqsort(d: SortData, a: number, b: number, limit: number): void {
  let wasBalanced = true;
  let wasPartitioned = true;
  for (;;) {
    const length = b - a;
    if (length <= MAX_INSERTION) {
      insertionSort(d, a, b);
      return;
    }
    if (limit === 0) {
      heapSort(d, a, b);
      return;
    }
    if (!wasBalanced) {
      breakPatterns(d, a, b);
      limit--;
    }
    let [pivot, hint] = choosePivot(d, a, b);
    if (hint === 'decreasing') {
      reverseRange(d, a, b);
      pivot = (b - 1) - (pivot - a);
      hint = 'increasing';
    }
    if (wasBalanced && wasPartitioned && hint === 'increasing' && partialInsertionSort(d, a, b)) return;
    // Many elements equal to the one before the range: put those equal to the pivot first.
    if (a > 0 && !d.less(a - 1, pivot)) {
      a = partitionEqual(d, a, b, pivot);
      continue;
    }
    const [mid, alreadyPartitioned] = partition(d, a, b, pivot);
    wasPartitioned = alreadyPartitioned;
    const leftLen = mid - a;
    const rightLen = b - mid;
    const balanceThreshold = Math.floor(length / 8);
    if (leftLen < rightLen) {
      wasBalanced = leftLen >= balanceThreshold;
      pdqsort(d, a, mid, limit);
      a = mid + 1;
    } else {
      wasBalanced = rightLen >= balanceThreshold;
      pdqsort(d, mid + 1, b, limit);
      b = mid;
    }
  }
}

function partition(d: SortData, a: number, b: number, pivot: number): [number, boolean] {
  d.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  while (i <= j && d.less(i, a)) i++;
  while (i <= j && !d.less(j, a)) j--;
  if (i > j) {
    d.swap(j, a);
    return [j, true];
  }
  d.swap(i, j);
  i++;
  j--;
  for (;;) {
    while (i <= j && d.less(i, a)) i++;
    while (i <= j && !d.less(j, a)) j--;
    if (i > j) break;
    d.swap(i, j);
    i++;
    j--;
  }
  d.swap(j, a);
  return [j, false];
}

function partitionEqual(d: SortData, a: number, b: number, pivot: number): number {
  d.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  for (;;) {
    while (i <= j && !d.less(a, i)) i++;
    while (i <= j && d.less(a, j)) j--;
    if (i > j) break;
    d.swap(i, j);
    i++;
    j--;
  }
  return i;
}

function partialInsertionSort(d: SortData, a: number, b: number): boolean {
  let i = a + 1;
  for (let step = 0; step < MAX_STEPS; step++) {
    while (i < b && !d.less(i, i - 1)) i++;
    if (i === b) return true;
    if (b - a < SHORTEST_SHIFTING) return false;
    d.swap(i, i - 1);
    if (i - a >= 2) {
      for (let j = i - 1; j >= 1; j--) {
        if (!d.less(j, j - 1)) break;
        d.swap(j, j - 1);
      }
    }
    if (b - i >= 2) {
      for (let j = i + 1; j < b; j++) {
        if (!d.less(j, j - 1)) break;
        d.swap(j, j - 1);
      }
    }
  }
  return false;
}

function breakPatterns(d: SortData, a: number, b: number): void {
  const length = b - a;
  if (length < 8) return;
  // Go 1.23's xorshift (shifts 13, 17, 5) on a uint64 seeded with the length; kubectl 1.32 is built with it.
  let random = BigInt(length);
  const next = (): bigint => {
    random ^= (random << 13n) & U64;
    random ^= random >> 17n;
    random ^= (random << 5n) & U64;
    return random;
  };
  const modulus = 2 ** bitsLen(length);
  const from = a + Math.floor(length / 4) * 2 - 1;
  for (let idx = from; idx <= from + 2; idx++) {
    let other = Number(next() & BigInt(modulus - 1));
    if (other >= length) other -= length;
    d.swap(idx, a + other);
  }
}

function choosePivot(d: SortData, a: number, b: number): [number, Hint] {
  const l = b - a;
  const swaps = { n: 0 };
  const quarter = Math.floor(l / 4);
  let i = a + quarter;
  let j = a + quarter * 2;
  let k = a + quarter * 3;
  if (l >= 8) {
    if (l >= SHORTEST_NINTHER) {
      i = median(d, i - 1, i, i + 1, swaps);
      j = median(d, j - 1, j, j + 1, swaps);
      k = median(d, k - 1, k, k + 1, swaps);
    }
    j = median(d, i, j, k, swaps);
  }
  if (swaps.n === 0) return [j, 'increasing'];
  if (swaps.n === MAX_SWAPS) return [j, 'decreasing'];
  return [j, 'unknown'];
}

/** median is the index of the median of three, counting the comparisons that found them out of order. */
function median(d: SortData, a: number, b: number, c: number, swaps: { n: number }): number {
  const order2 = (x: number, y: number): [number, number] => {
    if (d.less(y, x)) { swaps.n++; return [y, x]; }
    return [x, y];
  };
  [a, b] = order2(a, b);
  [b, c] = order2(b, c);
  [a, b] = order2(a, b);
  return b;
}

function reverseRange(d: SortData, a: number, b: number): void {
  for (let i = a, j = b - 1; i < j; i++, j--) d.swap(i, j);
}
