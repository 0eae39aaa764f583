/**
 * batch-heap: a settle of thousands of objects allocates far more than it keeps, and V8 lets
 * the heap grow to several times the live data between full collections (its growing factor
 * rises with the allocation rate): a 30 000-pod apply peaked at ~700 MiB RSS with ~150 MiB
 * live. Once a process settles, the heap may grow only 20% past what the last full collection
 * kept: the peak follows the live data, at no measured cost in time. Commands that only read
 * never call this.
 */
import * as v8 from 'node:v8';

/** HEAP_GROWING_PERCENT is V8's heap growing factor, as a percentage over the live heap. */
const HEAP_GROWING_PERCENT = 20;

let applied = false;

/** keepHeapNearLiveData sets the process's heap growing factor (once). */
export function keepHeapNearLiveData(): void {
  if (applied) return;
  applied = true;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
