/**
 * eligibility: which nodes a DaemonSet runs on, and the tolerations its pods always get.
 */
import type { DaemonSet, Node } from '../../api/types/kinds';
import type { PodSpec } from '../../api/types/core-v1';

interface Toleration { key?: string; operator?: string; value?: string; effect?: string; tolerationSeconds?: number }

function tolerates(tolerations: Toleration[], taint: { key: string; value?: string; effect: string }): boolean {
  return tolerations.some((t) => (!t.effect || t.effect === taint.effect)
    && (t.operator === 'Exists' ? (!t.key || t.key === taint.key) : t.key === taint.key && (t.value ?? '') === (taint.value ?? '')));
}

function matchesNodeSelectorTerms(node: Node, terms: { matchExpressions?: { key: string; operator: string; values?: string[] }[] }[]): boolean {
  const labels = node.metadata.labels ?? {};
  return terms.some((t) => (t.matchExpressions ?? []).every((e) => {
    const has = e.key in labels;
    const v = labels[e.key];
    switch (e.operator) {
      case 'In': return has && (e.values ?? []).includes(v!);
      case 'NotIn': return !has || !(e.values ?? []).includes(v!);
      case 'Exists': return has;
      case 'DoesNotExist': return !has;
      case 'Gt': return has && Number(v) > Number(e.values?.[0]);
      case 'Lt': return has && Number(v) < Number(e.values?.[0]);
      default: return false;
    }
  }));
}

/** nodeEligible: the node matches the template's nodeSelector and required affinity, and its NoSchedule/NoExecute taints are tolerated. */
export function nodeEligible(ds: DaemonSet, node: Node): boolean {
  const spec: Partial<PodSpec> = ds.spec!.template?.spec ?? {};
  const labels = node.metadata.labels ?? {};
  for (const [k, v] of Object.entries(spec.nodeSelector ?? {})) if (labels[k] !== v) return false;
  const terms = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (terms?.length && !matchesNodeSelectorTerms(node, terms)) return false;
  const tolerations = daemonTolerations(spec.tolerations ?? [], !!spec.hostNetwork);
  for (const taint of node.spec?.taints ?? []) {
    if (taint.effect === 'PreferNoSchedule') continue;
    if (!tolerates(tolerations, taint)) return false;
  }
  return true;
}

const ALWAYS: Toleration[] = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
];

/** daemonTolerations adds the tolerations the DaemonSet controller gives every daemon pod (AddOrUpdateDaemonPodTolerations). */
export function daemonTolerations(existing: Toleration[], hostNetwork: boolean): Toleration[] {
  const out = [...existing];
  const extra = hostNetwork ? [...ALWAYS, { key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' }] : ALWAYS;
  for (const t of extra) if (!out.some((o) => o.key === t.key && o.effect === t.effect && o.operator === t.operator)) out.push(t);
  return out;
}
