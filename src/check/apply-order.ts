/**
 * apply-order: the order a bundle is applied in, so an object finds what it depends on
 * already there — Namespaces and CRDs first (everything else lives in or is defined by
 * them), then identities and policy, configuration, storage, workloads, and last what
 * points at workloads (Services, Ingresses, autoscalers, disruption budgets). The order is
 * helm's install order in spirit, grouped coarser; inside a group the input order stays.
 */

/** APPLY_GROUPS: kinds by group, earliest first; a kind not listed goes last. */
export const APPLY_GROUPS: readonly (readonly string[])[] = [
  ['Namespace', 'CustomResourceDefinition'],
  ['ServiceAccount', 'ClusterRole', 'Role', 'ClusterRoleBinding', 'RoleBinding', 'PriorityClass', 'ResourceQuota', 'LimitRange', 'PodSecurityPolicy'],
  ['ConfigMap', 'Secret'],
  ['StorageClass', 'PersistentVolume', 'PersistentVolumeClaim'],
  ['Pod', 'ReplicationController', 'ReplicaSet', 'Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob'],
];

const RANK = new Map(APPLY_GROUPS.flatMap((kinds, i) => kinds.map((k) => [k, i] as const)));

/** applyRank is a kind's group number; unknown kinds (Services, Ingresses, custom resources) rank last. */
export function applyRank(kind: unknown): number {
  return (typeof kind === 'string' ? RANK.get(kind) : undefined) ?? APPLY_GROUPS.length;
}

/** inApplyOrder sorts items by their kind's rank, keeping the input order inside a rank. */
export function inApplyOrder<T>(items: readonly T[], kindOf: (item: T) => unknown): T[] {
  return items.map((item, i) => ({ item, i, rank: applyRank(kindOf(item)) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.item);
}
