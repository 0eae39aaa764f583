/**
 * get-raw-metrics: `get --raw /apis/metrics.k8s.io/v1beta1/…` — the Metrics API's lists and
 * objects, made from the same usage model `kubectl top` prints (metrics-server stores
 * nothing either: it answers from its last scrapes).
 * kubemu: timestamp is the cluster's now and window the metric resolution.
 */
import { formatDuration } from '../../api/duration';
import type { KubeObject } from '../../api/meta';
import type { ResourceInfo } from '../../api/registry';
import { notFound } from '../../apiserver/errors';
import { serverSide } from '../../apiserver/authorization/authorizing-api';
import type { Cluster } from '../../cluster/cluster';
import { METRIC_RESOLUTION_MS, newUsageContext, nodeUsage, podUsage } from '../../metrics/index';
import { METRICS_GROUP, METRICS_VERSION } from '../../api/metrics-api';

const API_VERSION = `${METRICS_GROUP}/${METRICS_VERSION}`;

/** usage is metrics-server's ResourceList: CPU in nanocores, memory in Ki. */
const usage = (cpuMilli: number, memoryBytes: number) => ({ cpu: `${cpuMilli * 1_000_000}n`, memory: `${Math.ceil(memoryBytes / 1024)}Ki` });

/** metricsBody answers a GET under /apis/metrics.k8s.io/v1beta1 for nodes or pods (a list, or one by name). */
export function metricsBody(cluster: Cluster, info: ResourceInfo, namespace: string | undefined, name: string | undefined): unknown {
  // The caller's permission is checked as top checks it: on the metrics resources themselves.
  if (name !== undefined) cluster.api.tryGet({ kind: info.storageKind, namespace, name });
  else cluster.api.list({ kind: info.storageKind, namespace });
  const server = serverSide(cluster.api);
  const nowMs = cluster.clock.nowMs();
  const now = new Date(Math.floor(nowMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  const window = formatDuration(METRIC_RESOLUTION_MS); // metav1.Duration prints as Go's Duration.String
  const meta = (o: KubeObject) => ({
    name: o.metadata.name, ...(o.metadata.namespace ? { namespace: o.metadata.namespace } : {}),
    creationTimestamp: now, ...(o.metadata.labels ? { labels: o.metadata.labels } : {}),
  });
  const items: Record<string, unknown>[] = [];
  const uctx = newUsageContext(server);
  if (info.kind === 'NodeMetrics') {
    const nodes = name !== undefined ? [server.tryGet({ kind: 'Node', name })].filter((n) => n !== undefined) : server.list({ kind: 'Node' });
    for (const node of nodes) {
      const u = nodeUsage(node, server, nowMs, uctx);
      if (u) items.push({ metadata: meta(node), timestamp: now, window, usage: usage(u.cpuMilli, u.memoryBytes) });
    }
    if (name !== undefined && !items.length) throw notFound(METRICS_GROUP, 'nodemetrics', name);
  } else {
    const pods = name !== undefined ? [server.tryGet({ kind: 'Pod', namespace, name })].filter((p) => p !== undefined) : server.list({ kind: 'Pod', namespace });
    for (const pod of pods) {
      const u = podUsage(pod, server, nowMs, undefined, uctx);
      if (u) items.push({ metadata: meta(pod), timestamp: now, window, containers: u.containers.map((c) => ({ name: c.name, usage: usage(c.cpuMilli, c.memoryBytes) })) });
    }
    if (name !== undefined && !items.length) throw notFound(METRICS_GROUP, 'podmetrics', `${namespace}/${name}`);
  }
  if (name !== undefined) return { kind: info.kind, apiVersion: API_VERSION, ...items[0] };
  return { kind: `${info.kind}List`, apiVersion: API_VERSION, metadata: {}, items };
}
