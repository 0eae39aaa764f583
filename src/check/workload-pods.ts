/**
 * workload-pods: a workload's pods and how many it wants — what the scheduled and ready
 * phases are judged on. Pods are found by the workload's own selector in its namespace
 * (a fresh throwaway cluster holds no other generation of them).
 */
import type { KubeObject } from '../api/meta';
import { selectorMatches, type LabelSelector } from '../api/label-selector';
import type { Cluster } from '../cluster/cluster';

/** WORKLOAD_KINDS are the kinds that make pods and so go through scheduled and ready. */
export const WORKLOAD_KINDS: ReadonlySet<string> = new Set(['Pod', 'ReplicationController', 'ReplicaSet', 'Deployment', 'StatefulSet', 'DaemonSet', 'Job']);

/** selectorOf is a workload's pod selector (a ReplicationController's is a plain map). */
function selectorOf(live: KubeObject): LabelSelector | undefined {
  const s = live.spec?.selector as LabelSelector | Record<string, string> | undefined;
  if (!s) return undefined;
  if (live.kind === 'ReplicationController') return { matchLabels: s as Record<string, string> };
  return s as LabelSelector;
}

/** podsOf lists a workload's pods by name (a Pod is its own), not counting pods being deleted. */
export function podsOf(cluster: Cluster, live: KubeObject): KubeObject[] {
  if (live.kind === 'Pod') return [live];
  const selector = selectorOf(live);
  if (!selector) return [];
  return cluster.api.list({ kind: 'Pod', namespace: live.metadata.namespace })
    .filter((p) => !p.metadata.deletionTimestamp && selectorMatches(selector, p.metadata.labels))
    .sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
}

/** desiredPods is how many pods a workload wants running (a DaemonSet: one per eligible node). */
export function desiredPods(live: KubeObject): number {
  switch (live.kind) {
    case 'Pod': return 1;
    case 'DaemonSet': return Number(live.status?.desiredNumberScheduled ?? 0);
    case 'Job': {
      const parallelism = Number(live.spec?.parallelism ?? 1);
      const completions = live.spec?.completions as number | undefined;
      return Math.min(parallelism, completions ?? parallelism);
    }
    default: return Number(live.spec?.replicas ?? 1);
  }
}
