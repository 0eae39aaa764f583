/**
 * backoff: how long the Job controller waits before replacing failed pods — 10s, doubling
 * per consecutive failure since the last success, capped.
 * Mirrors kubernetes pkg/controller/job/backoff_utils.go (getRemainingTime).
 */
import type { Pod } from '../../api/types/kinds';

/** DEFAULT_POD_FAILURE_BACKOFF_MS is the first delay (DefaultJobPodFailureBackOff). */
export const DEFAULT_POD_FAILURE_BACKOFF_MS = 10_000;
/** MAX_POD_FAILURE_BACKOFF_MS caps the delay (MaxJobPodFailureBackOff in job_controller.go; the docs say six minutes). */
export const MAX_POD_FAILURE_BACKOFF_MS = 10 * 60_000;

/** backoffDelayMs is the delay after `failures` consecutive failures (0 → none). */
export function backoffDelayMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(MAX_POD_FAILURE_BACKOFF_MS, DEFAULT_POD_FAILURE_BACKOFF_MS * 2 ** Math.min(failures - 1, 30));
}

/** podFinishTimeMs is when a finished pod finished: its containers' last finishedAt, else its deletion or last condition change. */
export function podFinishTimeMs(pod: Pod): number {
  let t = 0;
  for (const cs of pod.status?.containerStatuses ?? []) {
    const f = cs.state?.terminated?.finishedAt;
    if (f) t = Math.max(t, Date.parse(f));
  }
  if (t) return t;
  if (pod.metadata.deletionTimestamp) return Date.parse(pod.metadata.deletionTimestamp);
  for (const c of pod.status?.conditions ?? []) if (c.lastTransitionTime) t = Math.max(t, Date.parse(c.lastTransitionTime));
  return t || Date.parse(pod.metadata.creationTimestamp ?? '1970-01-01T00:00:00Z');
}

/** BackoffRecord is what the back-off needs: failures since the last success, and the last failure's time. */
export interface BackoffRecord { failuresAfterLastSuccess: number; lastFailureMs: number }

/** backoffRecord derives the record from the Job's finished pods (kubemu: from pods rather than an in-memory store). */
export function backoffRecord(succeeded: Pod[], failed: Pod[]): BackoffRecord {
  const lastSuccess = Math.max(0, ...succeeded.map(podFinishTimeMs));
  const after = failed.map(podFinishTimeMs).filter((t) => t >= lastSuccess);
  return { failuresAfterLastSuccess: after.length, lastFailureMs: Math.max(0, ...after) };
}

/** remainingBackoffMs is how long to wait before creating pods again (≤ 0: go ahead). */
export function remainingBackoffMs(rec: BackoffRecord, nowMs: number): number {
  if (!rec.failuresAfterLastSuccess) return 0;
  return rec.lastFailureMs + backoffDelayMs(rec.failuresAfterLastSuccess) - nowMs;
}
