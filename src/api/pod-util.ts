/**
 * pod-util: predicates over Pods that several components share (controllers, scheduler,
 * kubelet, printers): readiness, availability, activeness.
 */
import type { Pod, PodCondition } from './types/core-v1';

/** PodLike is what the predicates read of a pod: its status (and metadata for isPodActive). */
type PodLike = Pick<Pod, 'status'>;

/** podCondition returns a pod's condition of the given type. */
export function podCondition(pod: PodLike, type: string): PodCondition | undefined {
  return pod.status?.conditions?.find((c) => c.type === type);
}

/** isPodReady: the Ready condition is True. */
export function isPodReady(pod: PodLike): boolean {
  return podCondition(pod, 'Ready')?.status === 'True';
}

/** isPodAvailable: ready for at least minReadySeconds at nowMs. */
export function isPodAvailable(pod: PodLike, minReadySeconds: number, nowMs: number): boolean {
  const c = podCondition(pod, 'Ready');
  if (c?.status !== 'True') return false;
  if (!minReadySeconds) return true;
  const since = c.lastTransitionTime ? Date.parse(c.lastTransitionTime) : 0;
  return since + minReadySeconds * 1000 <= nowMs;
}

/** isPodTerminal: the pod has finished (Succeeded or Failed). */
export function isPodTerminal(pod: PodLike): boolean {
  const p = pod.status?.phase;
  return p === 'Succeeded' || p === 'Failed';
}

/** isPodActive: counts toward a controller's replicas — not finished and not being deleted. */
export function isPodActive(pod: Pick<Pod, 'status' | 'metadata'>): boolean {
  return !isPodTerminal(pod) && !pod.metadata.deletionTimestamp;
}
