/**
 * metrics-client: what the HPA controller asks the resource metrics API (metrics.k8s.io) —
 * upstream's metrics.MetricsClient, narrowed to resource metrics. The cluster wires in the
 * metrics-server model (src/metrics), which components may not import.
 */
import type { ApiClient } from '../../apiserver/client';
import type { Pod } from '../../api/types/core-v1';
import type { UsageTrend } from '../../api/usage-profile';

/** ContainerSample is one container's use as PodMetrics reports it. */
export interface ContainerSample { name: string; cpuMilli: number; memoryBytes: number }
/**
 * PodSample is one PodMetrics item: its containers, when it was taken and over what window; and
 * (kubemu) until when the same scrape would report the same figures (stableUntilMs; Infinity
 * when only a write to the cluster can change them), and how its CPU and memory move from there.
 */
export interface PodSample { containers: ContainerSample[]; timestampMs: number; windowMs: number; stableUntilMs?: number; trends?: { cpu: UsageTrend; memory: UsageTrend } }

/**
 * ResourceMetricsClient lists PodMetrics for the given pods (those the scale target's selector
 * picks). It throws MetricsUnavailable with the API's error when metrics.k8s.io cannot answer.
 */
export interface ResourceMetricsClient {
  podMetrics(api: ApiClient, namespace: string, pods: readonly Pod[], nowMs: number): Map<string, PodSample>;
}

/** MetricsUnavailable is the metrics API's error, as the client returns it. */
export class MetricsUnavailable extends Error { override readonly name = 'MetricsUnavailable'; }
