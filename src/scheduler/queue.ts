/**
 * queue: the scheduling queue's rules, pure — activeQ order (the PrioritySort plugin: higher
 * spec.priority first, then the earlier arrival) and the per-pod back-off after a failed
 * attempt. Mirrors kubernetes/kubernetes pkg/scheduler/internal/queue/scheduling_queue.go
 * and framework/plugins/queuesort/priority_sort.go with the KubeSchedulerConfiguration v1
 * defaults (podInitialBackoffSeconds 1, podMaxBackoffSeconds 10).
 */
import type { KubeObject } from '../api/meta';

/** POD_INITIAL_BACKOFF_MS is the first retry delay after a failed attempt (podInitialBackoffSeconds). */
export const POD_INITIAL_BACKOFF_MS = 1_000;
/** POD_MAX_BACKOFF_MS caps the doubling back-off (podMaxBackoffSeconds). */
export const POD_MAX_BACKOFF_MS = 10_000;
/**
 * POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION_MS: an unschedulable pod no cluster event has moved
 * is retried after this long (podMaxInUnschedulablePodsDuration, 5 minutes).
 */
export const POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION_MS = 5 * 60_000;

/** backoffDuration is the delay after `attempts` failed attempts: 1s, 2s, 4s, 8s, then 10s. */
export function backoffDuration(attempts: number): number {
  if (attempts <= 0) return 0;
  let d = POD_INITIAL_BACKOFF_MS;
  for (let i = 1; i < attempts && d < POD_MAX_BACKOFF_MS; i++) d *= 2;
  return Math.min(d, POD_MAX_BACKOFF_MS);
}

const keyOf = (p: KubeObject) => `${p.metadata.namespace ?? ''}/${p.metadata.name ?? ''}`;

/**
 * lessPod is PrioritySort's Less: higher priority first, then the earlier timestamp.
 * kubemu: the timestamp is the pod's creationTimestamp (upstream: when it entered the queue),
 * and "namespace/name" breaks the remaining ties so the order is total.
 */
export function lessPod(a: KubeObject, b: KubeObject): number {
  const pa = Number(a.spec?.priority ?? 0), pb = Number(b.spec?.priority ?? 0);
  if (pa !== pb) return pb - pa;
  const ta = a.metadata.creationTimestamp ?? '', tb = b.metadata.creationTimestamp ?? '';
  if (ta !== tb) return ta < tb ? -1 : 1;
  const ka = keyOf(a), kb = keyOf(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** activeQOrder returns pods in the order the scheduler pops them. */
export function activeQOrder<T extends KubeObject>(pods: readonly T[]): T[] {
  return [...pods].sort(lessPod);
}
