/**
 * transaction-read-cache: the rows one write transaction has read, so the API layer's repeated
 * reads cost one statement each per transaction. An `apply` reads a document's own key three
 * times (the imperative-object warning, the live object, create's existence check), its
 * Namespace twice, and every document of a batch counts the same admission-policy bindings and
 * lists its namespace's ResourceQuotas.
 *
 * Why it is safe: it serves only while its write transaction is open (the store begins it
 * after BEGIN IMMEDIATE and ends it in the same finally that ends the transaction), and the
 * write lock keeps every other process from writing meanwhile, so the rows cannot go stale
 * except through this process's own writes, which drop what they touch. A rolled-back
 * savepoint drops everything. It holds rows, not objects: each read decodes its own copy, so a
 * caller that changes what it read changes nothing another reader sees.
 */

/** CACHED_ROWS_LIMIT bounds the keys held (a settle pass reads thousands of pods once each); past it the cache starts over. */
export const CACHED_ROWS_LIMIT = 2_000;
/** CACHED_LIST_LIMIT is the longest list kept: the repeated lists are short (a namespace's quotas), long ones are read once. */
export const CACHED_LIST_LIMIT = 200;

/** ALL_NAMESPACES keys a list or count over every namespace (no namespace name holds a NUL). */
const ALL_NAMESPACES = '\0*';

export class TransactionReadCache<R> {
  /** rows by kind, then by namespace and name; null records that the key holds no object. */
  private rows = new Map<string, Map<string, R | null>>();
  private rowCount = 0;
  /** lists and counts by kind, then by namespace (ALL_NAMESPACES for all). */
  private lists = new Map<string, Map<string, readonly R[]>>();
  private counts = new Map<string, Map<string, number>>();
  private open = false;

  /** live says whether the store is still inside the write transaction the cache was begun in (SQLite may roll one back by itself). */
  constructor(private readonly live: () => boolean) {}

  /** begin starts serving, empty: called once the write transaction holds the lock. */
  begin(): void {
    this.clear();
    this.open = true;
  }

  /** end stops serving and forgets everything: called whenever the write transaction ends, committed or not. */
  end(): void {
    this.open = false;
    this.clear();
  }

  /** clear forgets everything read so far (a rolled-back savepoint may have undone any write). */
  clear(): void {
    this.rows = new Map();
    this.rowCount = 0;
    this.lists = new Map();
    this.counts = new Map();
  }

  private serving(): boolean {
    if (!this.open) return false;
    if (this.live()) return true;
    this.end();
    return false;
  }

  /** row is the key's row (undefined: none), read through `read` the first time in the transaction. */
  row(kind: string, namespace: string, name: string, read: () => R | undefined): R | undefined {
    if (!this.serving()) return read();
    let ofKind = this.rows.get(kind);
    const key = `${namespace}\0${name}`;
    const cached = ofKind?.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const row = read();
    if (this.rowCount >= CACHED_ROWS_LIMIT) {
      this.rows = new Map();
      this.rowCount = 0;
      ofKind = undefined;
    }
    if (!ofKind) this.rows.set(kind, (ofKind = new Map()));
    ofKind.set(key, row ?? null);
    this.rowCount++;
    return row;
  }

  /** list is the rows of a kind (in a namespace, or in all when undefined), read through `read` the first time. */
  list(kind: string, namespace: string | undefined, read: () => R[]): readonly R[] {
    if (!this.serving()) return read();
    const ns = namespace ?? ALL_NAMESPACES;
    const cached = this.lists.get(kind)?.get(ns);
    if (cached) return cached;
    const rows = read();
    if (rows.length <= CACHED_LIST_LIMIT) of(this.lists, kind).set(ns, rows);
    return rows;
  }

  /** count is how many objects of a kind there are (in a namespace, or in all), read through `read` the first time. */
  count(kind: string, namespace: string | undefined, read: () => number): number {
    if (!this.serving()) return read();
    const ns = namespace ?? ALL_NAMESPACES;
    const cached = this.counts.get(kind)?.get(ns);
    if (cached !== undefined) return cached;
    const n = read();
    of(this.counts, kind).set(ns, n);
    return n;
  }

  /** wrote drops what a write of the key makes stale: the key's row, and every list and count of its kind. */
  wrote(kind: string, namespace: string, name: string): void {
    if (this.rows.get(kind)?.delete(`${namespace}\0${name}`)) this.rowCount--;
    this.lists.delete(kind);
    this.counts.delete(kind);
  }
}

function of<V>(byKind: Map<string, Map<string, V>>, kind: string): Map<string, V> {
  let m = byKind.get(kind);
  if (!m) byKind.set(kind, (m = new Map()));
  return m;
}
