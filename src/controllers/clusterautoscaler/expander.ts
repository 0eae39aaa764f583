/**
 * expander: how the cluster autoscaler picks one of several node pools that could take the
 * pending pods (upstream's expander/ package): least-waste (the default), most-pods,
 * random (from the cluster's seeded RNG) and priority (the cluster-autoscaler-priority-expander
 * ConfigMap). Ties keep the first option in pool order.
 */
import type { KubeObject } from '../../api/meta';
import type { Rand } from '../../sim/rand';

export type ExpanderName = 'least-waste' | 'most-pods' | 'random' | 'priority';
export const EXPANDERS: readonly ExpanderName[] = ['least-waste', 'most-pods', 'random', 'priority'];

/** ExpansionOption is one pool's way to help: how many nodes and which pods they would take. */
export interface ExpansionOption {
  pool: string;
  /** group is the node group's id (the VMSS name), what priority regexes match. */
  group: string;
  nodeCount: number;
  pods: KubeObject[];
  /** nodeCpuMilli / nodeMemory are one new node's allocatable; requested* are the pods' totals. */
  nodeCpuMilli: number;
  nodeMemory: number;
  requestedCpuMilli: number;
  requestedMemory: number;
}

/** PRIORITY_CONFIGMAP is the priority expander's ConfigMap in kube-system. */
export const PRIORITY_CONFIGMAP = 'cluster-autoscaler-priority-expander';

/** wasteScore is least-waste's score: the unused fraction of the new nodes' CPU plus that of their memory. */
export function wasteScore(o: ExpansionOption): number {
  const cpu = o.nodeCpuMilli * o.nodeCount;
  const mem = o.nodeMemory * o.nodeCount;
  return (cpu - o.requestedCpuMilli) / cpu + (mem - o.requestedMemory) / mem;
}

/** parsePriorities reads the ConfigMap's `priorities` (priority: list of regexes), highest first. */
export function parsePriorities(text: string): { priority: number; patterns: RegExp[] }[] {
  const out: { priority: number; patterns: RegExp[] }[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trimEnd();
    const head = /^\s*(\d+)\s*:\s*$/.exec(line);
    if (head) { out.push({ priority: Number(head[1]), patterns: [] }); continue; }
    const item = /^\s*-\s*(.+)$/.exec(line);
    if (item && out.length) out[out.length - 1]!.patterns.push(new RegExp(`^(?:${item[1]!.replace(/^['"]|['"]$/g, '')})$`));
  }
  return out.sort((a, b) => b.priority - a.priority);
}

/** choose applies an expander to the options (non-empty). */
export function choose(name: ExpanderName, options: readonly ExpansionOption[], rand: Rand, priorityText?: string): ExpansionOption {
  switch (name) {
    case 'most-pods': return options.reduce((best, o) => (o.pods.length > best.pods.length ? o : best));
    case 'random': return options[rand.int(options.length)]!;
    case 'priority': {
      for (const { patterns } of parsePriorities(priorityText ?? '')) {
        const hit = options.find((o) => patterns.some((p) => p.test(o.group) || p.test(o.pool)));
        if (hit) return hit;
      }
      return options[0]!;
    }
    default: return options.reduce((best, o) => (wasteScore(o) < wasteScore(best) ? o : best));
  }
}
