/**
 * batch-heap: a settle of thousands of objects allocates far more than it keeps, and V8 lets
 * the heap grow to several times the live data between full collections (its growing factor
 * rises with the allocation rate): a 30 000-pod apply peaked at ~700 MiB RSS with ~150 MiB
 * live. Once a process settles, the heap may grow only 20% past what the last full collection
 * kept: the peak follows the live data, at no measured cost in time. Only big settles do this
 * (loading node:v8 costs ~6 ms): one that has written BIG_SETTLE_WRITES, or one that goes on
 * with a settle an earlier command left unfinished (a big cluster's tick reads tens of thousands
 * of objects before it writes: by then V8 has already let the heap grow 4x).
 */

/** BIG_SETTLE_WRITES is when a settle counts as a batch job (an everyday command writes tens of objects). */
export const BIG_SETTLE_WRITES = 2000;

/** HEAP_GROWING_PERCENT is V8's heap growing factor, as a percentage over the live heap. */
const HEAP_GROWING_PERCENT = 20;

let applied = false;

let requests = 0;

/** heapBoundRequests counts the calls of keepHeapNearLiveData (the factor is set at the first). */
export function heapBoundRequests(): number {
  return requests;
}

/** keepHeapNearLiveData sets the process's heap growing factor (once). */
export function keepHeapNearLiveData(): void {
  requests++;
  if (applied) return;
  applied = true;
  // Loaded here, not at the top: node:v8 costs ~6 ms to load, and every command loads this module.
  (require('node:v8') as typeof import('node:v8')).setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
