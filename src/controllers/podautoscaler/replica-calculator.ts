/**
 * replica-calculator: how many replicas a resource metric asks for — upstream's
 * pkg/controller/podautoscaler/replica_calculator.go (v1.32): pods are grouped into ready,
 * unready (pending, or CPU still warming up), missing (no metrics) and ignored (deleting or
 * failed); the ratio of use to target is taken over the ready pods, and only when it points the
 * same way once missing and unready pods are assumed at their least helpful value does it move
 * the count (so a scale decision never rests on pods that have not reported).
 * Pure: the controller hands it the pods, their metrics and requests.
 */
import { milliValue, quantityOf } from '../../api/quantity';
import type { Pod } from '../../api/types/core-v1';

/** TOLERANCE is --horizontal-pod-autoscaler-tolerance: a ratio within 10% of 1 changes nothing. */
export const TOLERANCE = 0.1;
/** CPU_INITIALIZATION_PERIOD_MS is --horizontal-pod-autoscaler-cpu-initialization-period. */
export const CPU_INITIALIZATION_PERIOD_MS = 5 * 60_000;
/** INITIAL_READINESS_DELAY_MS is --horizontal-pod-autoscaler-initial-readiness-delay. */
export const INITIAL_READINESS_DELAY_MS = 30_000;

/** PodMetric is one pod's sample of one resource, in milli-units (MilliValue). */
export interface PodMetric { value: number; timestampMs: number; windowMs: number }
/** PodMetrics maps pod name to its sample. */
export type PodMetrics = Map<string, PodMetric>;

/** ReplicaError is a calculation that cannot be made; its message is upstream's. */
export class ReplicaError extends Error { override readonly name = 'ReplicaError'; }

export const ERR_NO_PODS = 'no pods returned by selector while calculating replica count';
export const ERR_NO_READY_METRICS = 'did not receive metrics for targeted pods (pods might be unready)';
export const ERR_NO_MATCHED_PODS = 'no metrics returned matched known pods';

interface PodGroups { readyPodCount: number; unready: Set<string>; missing: Set<string>; ignored: Set<string> }

/** groupPods is upstream's groupPods: which pods count, by phase, readiness and CPU warm-up. */
export function groupPods(pods: readonly Pod[], metrics: PodMetrics, resource: string, nowMs: number): PodGroups {
  const g: PodGroups = { readyPodCount: 0, unready: new Set(), missing: new Set(), ignored: new Set() };
  for (const pod of pods) {
    const name = pod.metadata.name!;
    if (pod.metadata.deletionTimestamp || pod.status?.phase === 'Failed') { g.ignored.add(name); continue; }
    if (pod.status?.phase === 'Pending') { g.unready.add(name); continue; }
    const metric = metrics.get(name);
    if (!metric) { g.missing.add(name); continue; }
    if (resource === 'cpu') {
      const ready = pod.status?.conditions?.find((c) => c.type === 'Ready');
      const start = pod.status?.startTime ? Date.parse(pod.status.startTime) : undefined;
      let unready: boolean;
      if (!ready || start === undefined) unready = true;
      else if (start + CPU_INITIALIZATION_PERIOD_MS > nowMs) {
        // Warming up: a sample taken before the pod had been ready for a whole window mixes in start-up CPU.
        const transition = Date.parse(ready.lastTransitionTime ?? '') || 0;
        unready = ready.status === 'False' || metric.timestampMs < transition + metric.windowMs;
      } else {
        // Past warm-up: unready only if it has never been ready since its first readiness delay.
        const transition = Date.parse(ready.lastTransitionTime ?? '') || 0;
        unready = ready.status === 'False' && start + INITIAL_READINESS_DELAY_MS > transition;
      }
      if (unready) { g.unready.add(name); continue; }
    }
    g.readyPodCount++;
  }
  return g;
}

/**
 * podRequests is calculatePodRequests: each pod's request of resource in milli-units, summed over
 * its containers and sidecars (or only `container`); a container without one is an error.
 */
export function podRequests(pods: readonly Pod[], container: string, resource: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const pod of pods) {
    const containers = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []).filter((c) => c.restartPolicy === 'Always')];
    let sum = 0;
    for (const c of containers) {
      if (container && c.name !== container) continue;
      const request = c.resources?.requests?.[resource];
      if (request === undefined) throw new ReplicaError(`missing request for ${resource} in container ${c.name} of Pod ${pod.metadata.name}`);
      sum += milli(request);
    }
    out.set(pod.metadata.name!, sum);
  }
  return out;
}

/** milli is a quantity's MilliValue (rounded up, as Quantity.MilliValue is). */
export function milli(q: string | number | undefined): number {
  return Number(milliValue(quantityOf(q)));
}

/** UtilizationRatio is GetResourceUtilizationRatio's answer. */
export interface UtilizationRatio { ratio: number; utilization: number; rawAverage: number }

/** utilizationRatio is metricsclient.GetResourceUtilizationRatio: use over requests, in whole percent. */
export function utilizationRatio(metrics: PodMetrics, requests: Map<string, number>, targetUtilization: number): UtilizationRatio {
  let metricsTotal = 0, requestsTotal = 0, n = 0;
  for (const [name, m] of metrics) {
    const r = requests.get(name);
    if (r === undefined) continue;
    metricsTotal += m.value; requestsTotal += r; n++;
  }
  if (requestsTotal === 0) throw new ReplicaError(ERR_NO_MATCHED_PODS);
  const utilization = Math.trunc((metricsTotal * 100) / requestsTotal);
  return { ratio: utilization / targetUtilization, utilization, rawAverage: Math.trunc(metricsTotal / n) };
}

/** ResourceReplicas is GetResourceReplicas' answer: the proposal and what it saw. */
export interface ResourceReplicas { replicas: number; utilization: number; rawAverage: number }

/**
 * resourceReplicas is ReplicaCalculator.GetResourceReplicas for a Utilization target: the replica
 * count that brings the pods' average use to targetUtilization percent of their requests.
 */
export function resourceReplicas(currentReplicas: number, targetUtilization: number, resource: string, container: string,
  pods: readonly Pod[], sampled: PodMetrics, nowMs: number): ResourceReplicas {
  if (!pods.length) throw new ReplicaError(ERR_NO_PODS);
  const metrics: PodMetrics = new Map(sampled);
  const g = groupPods(pods, metrics, resource, nowMs);
  for (const n of [...g.ignored, ...g.unready]) metrics.delete(n);
  if (!metrics.size) throw new ReplicaError(ERR_NO_READY_METRICS);
  const requests = podRequests(pods, container, resource);
  const { ratio, utilization, rawAverage } = utilizationRatio(metrics, requests, targetUtilization);
  const keep = { replicas: currentReplicas, utilization, rawAverage };
  const scaleUpWithUnready = g.unready.size > 0 && ratio > 1;
  if (!scaleUpWithUnready && !g.missing.size) {
    if (Math.abs(1 - ratio) <= TOLERANCE) return keep;
    return { replicas: Math.ceil(ratio * g.readyPodCount), utilization, rawAverage };
  }
  // Assume the pods without a say are against the move: missing ones at 100% (or the target)
  // when scaling down, at 0 when scaling up; unready ones at 0 when scaling up.
  const fallback = Math.max(100, targetUtilization);
  for (const n of g.missing) {
    if (ratio < 1) metrics.set(n, { value: Math.trunc(((requests.get(n) ?? 0) * fallback) / 100), timestampMs: nowMs, windowMs: 0 });
    else if (ratio > 1) metrics.set(n, { value: 0, timestampMs: nowMs, windowMs: 0 });
  }
  if (scaleUpWithUnready) for (const n of g.unready) metrics.set(n, { value: 0, timestampMs: nowMs, windowMs: 0 });
  const next = utilizationRatio(metrics, requests, targetUtilization).ratio;
  if (Math.abs(1 - next) <= TOLERANCE || (ratio < 1 && next > 1) || (ratio > 1 && next < 1)) return keep;
  const replicas = Math.ceil(next * metrics.size);
  if ((next < 1 && replicas > currentReplicas) || (next > 1 && replicas < currentReplicas)) return keep;
  return { replicas, utilization, rawAverage };
}

/** PlainReplicas is calcPlainMetricReplicas' answer. */
export interface PlainReplicas { replicas: number; usage: number }

/** metricUsageRatio is metricsclient.GetMetricUsageRatio: the pods' average over the target. */
function metricUsageRatio(metrics: PodMetrics, targetUsage: number): { ratio: number; usage: number } {
  let total = 0;
  for (const m of metrics.values()) total += m.value;
  const usage = Math.trunc(total / metrics.size);
  return { ratio: usage / targetUsage, usage };
}

/**
 * plainMetricReplicas is calcPlainMetricReplicas (GetRawResourceReplicas, an AverageValue target):
 * the count that brings the pods' average use to targetUsage milli-units.
 */
export function plainMetricReplicas(currentReplicas: number, targetUsage: number, resource: string,
  pods: readonly Pod[], sampled: PodMetrics, nowMs: number): PlainReplicas {
  if (!pods.length) throw new ReplicaError(ERR_NO_PODS);
  const metrics: PodMetrics = new Map(sampled);
  const g = groupPods(pods, metrics, resource, nowMs);
  for (const n of [...g.ignored, ...g.unready]) metrics.delete(n);
  if (!metrics.size) throw new ReplicaError(ERR_NO_READY_METRICS);
  const { ratio, usage } = metricUsageRatio(metrics, targetUsage);
  const scaleUpWithUnready = g.unready.size > 0 && ratio > 1;
  if (!scaleUpWithUnready && !g.missing.size) {
    if (Math.abs(1 - ratio) <= TOLERANCE) return { replicas: currentReplicas, usage };
    return { replicas: Math.ceil(ratio * g.readyPodCount), usage };
  }
  for (const n of g.missing) {
    if (ratio < 1) metrics.set(n, { value: targetUsage, timestampMs: nowMs, windowMs: 0 });
    else metrics.set(n, { value: 0, timestampMs: nowMs, windowMs: 0 });
  }
  if (scaleUpWithUnready) for (const n of g.unready) metrics.set(n, { value: 0, timestampMs: nowMs, windowMs: 0 });
  const next = metricUsageRatio(metrics, targetUsage).ratio;
  if (Math.abs(1 - next) <= TOLERANCE || (ratio < 1 && next > 1) || (ratio > 1 && next < 1)) return { replicas: currentReplicas, usage };
  const replicas = Math.ceil(next * metrics.size);
  if ((next < 1 && replicas > currentReplicas) || (next > 1 && replicas < currentReplicas)) return { replicas: currentReplicas, usage };
  return { replicas, usage };
}
