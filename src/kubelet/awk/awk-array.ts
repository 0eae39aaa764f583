/**
 * awk-array: an awk associative array that walks its keys (`for (k in a)`) in busybox awk's
 * order: its chained hash (hashidx: idx * 63 + byte), 61 buckets growing to 251, 1021, … once
 * there are more than ten items a bucket, each new key at the head of its chain. Scripts that
 * print a count per key print their lines in the order busybox would.
 */

const FIRST_PRIME = 61;
const PRIMES = [251, 1021, 4093, 16381, 65521];

/** hashOf is busybox's hashidx over the key's UTF-8 bytes, as an unsigned 32-bit number. */
function hashOf(key: string): number {
  let idx = 0;
  for (const b of Buffer.from(key, 'utf8')) idx = (Math.imul(idx, 63) + b) >>> 0;
  return idx;
}

export class AwkArray<V> {
  private readonly values = new Map<string, V>();
  private buckets: string[][] = Array.from({ length: FIRST_PRIME }, () => []);
  private nprime = 0;
  /** nel counts insertions as busybox's does (the growth test runs before the insert). */
  private nel = 0;

  get size(): number { return this.values.size; }
  has(key: string): boolean { return this.values.has(key); }
  get(key: string): V | undefined { return this.values.get(key); }

  set(key: string, value: V): void {
    if (!this.values.has(key)) {
      if (Math.floor(++this.nel / this.buckets.length) > 10) this.grow();
      this.buckets[hashOf(key) % this.buckets.length]!.unshift(key);
    }
    this.values.set(key, value);
  }

  delete(key: string): void {
    if (!this.values.delete(key)) return;
    const chain = this.buckets[hashOf(key) % this.buckets.length]!;
    chain.splice(chain.indexOf(key), 1);
    this.nel--;
  }

  clear(): void {
    this.values.clear();
    this.buckets = this.buckets.map(() => []);
    this.nel = 0;
  }

  /** keys is the walk `for (k in a)` takes, fixed when the loop starts. */
  keys(): string[] {
    return this.buckets.flat();
  }

  private grow(): void {
    if (this.nprime === PRIMES.length) return;
    const size = PRIMES[this.nprime++]!;
    const next: string[][] = Array.from({ length: size }, () => []);
    // Rehashing walks each chain from its head and puts each key at the head of its new chain.
    for (const chain of this.buckets) for (const key of chain) next[hashOf(key) % size]!.unshift(key);
    this.buckets = next;
  }
}
