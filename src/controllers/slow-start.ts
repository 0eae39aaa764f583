/**
 * slow-start: how the workload controllers create many pods at once. Mirrors
 * pkg/controller/replicaset/replica_set.go slowStartBatch: calls go in batches of 1, 2, 4, …
 * (each batch made whole, as upstream's concurrent calls are), and a batch with a failure ends
 * the run — the remaining calls are skipped, so a quota or admission error costs a few failed
 * creations, not one per missing pod.
 */

/** SLOW_START_INITIAL_BATCH_SIZE is the first batch (controller.SlowStartInitialBatchSize). */
export const SLOW_START_INITIAL_BATCH_SIZE = 1;

/** SlowStartResult counts the calls that succeeded; error is the first failure, if any. */
export interface SlowStartResult { successes: number; error?: unknown }

/** slowStartBatch calls fn count times in doubling batches; fn throws to fail. */
export function slowStartBatch(count: number, initialBatchSize: number, fn: () => void): SlowStartResult {
  let remaining = count;
  let successes = 0;
  for (let size = Math.min(remaining, initialBatchSize); size > 0; size = Math.min(2 * size, remaining)) {
    let error: unknown;
    let failed = false;
    for (let i = 0; i < size; i++) {
      try {
        fn();
        successes++;
      } catch (e) {
        if (!failed) error = e;
        failed = true;
      }
    }
    if (failed) return { successes, error };
    remaining -= size;
  }
  return { successes };
}
