/**
 * resource-metrics-client: metrics.k8s.io's PodMetrics list as the HPA controller reads it —
 * the usage model's figures for each running pod, once metrics-server is served and ready, with
 * the aggregator's errors when it is not. Each sample says until when it holds (usage that moves
 * with time stops the HPA's quiet syncs) and how it moves from there.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { METRICS_GROUP } from '../api/metrics-api';
import { metricsApiServed, metricsServerReady } from './metrics-server';
import { METRIC_RESOLUTION_MS, newUsageContext, podUsage, usageStableUntil, usageTrends, type UsageTrends } from './usage';

/** ERR_NOT_SERVED is the API server's answer while no APIService serves metrics.k8s.io. */
export const ERR_NOT_SERVED = `the server could not find the requested resource (get pods.${METRICS_GROUP})`;
/** ERR_NOT_READY is the aggregator's 503 while metrics-server has no available pod. */
export const ERR_NOT_READY = `the server is currently unable to handle the request (get pods.${METRICS_GROUP})`;

/** PodMetricsSample is one PodMetrics item: containers, timestamp and window. */
export interface PodMetricsSample { containers: { name: string; cpuMilli: number; memoryBytes: number }[]; timestampMs: number; windowMs: number; stableUntilMs: number; trends: UsageTrends }

/**
 * listPodMetrics answers `list pods.metrics.k8s.io` for the given pods, by name; it throws an
 * Error carrying the API's message when the Metrics API cannot answer. The sample is the latest
 * scrape's, over one resolution.
 */
export function listPodMetrics(api: ApiClient, pods: readonly KubeObject[], nowMs: number, unavailable: (message: string) => Error): Map<string, PodMetricsSample> {
  if (!metricsApiServed(api)) throw unavailable(ERR_NOT_SERVED);
  if (!metricsServerReady(api)) throw unavailable(ERR_NOT_READY);
  const out = new Map<string, PodMetricsSample>();
  const uctx = newUsageContext(api);
  for (const pod of pods) {
    const usage = podUsage(pod, api, nowMs, undefined, uctx);
    if (usage) out.set(pod.metadata.name!, { containers: usage.containers, timestampMs: nowMs, windowMs: METRIC_RESOLUTION_MS, stableUntilMs: usageStableUntil(pod, nowMs, uctx), trends: usageTrends(pod, nowMs, uctx) });
  }
  return out;
}
