/**
 * profiles: the clusters a bundle can be checked against. `kubeadm` is the shape
 * `kubemu cluster create` makes (one tainted control plane, two workers); `kind` is kind's
 * default single node, a control plane that takes workloads — kind's kubeadm config
 * registers it with no taints, which the profile reproduces by removing kubeadm's
 * node-role.kubernetes.io/control-plane:NoSchedule before the cluster warms up.
 */
import type { KubeObject } from '../api/meta';
import { DEFAULT_SPEC, type ClusterSpec } from '../cluster/bootstrap';
import type { Cluster } from '../cluster/cluster';

/** CONTROL_PLANE_TAINT is the taint kubeadm puts on control-plane nodes. */
export const CONTROL_PLANE_TAINT = 'node-role.kubernetes.io/control-plane';

/** Profile is a cluster shape and what to change on its nodes before it runs. */
export interface Profile {
  readonly name: string;
  readonly spec: Omit<ClusterSpec, 'clock' | 'seed'>;
  /** prepareNode edits a node as its kubelet would have registered it (kind: no taint). */
  readonly prepareNode?: (node: KubeObject) => KubeObject | undefined;
}

function untaintControlPlane(node: KubeObject): KubeObject | undefined {
  const taints = (node.spec?.taints ?? []) as { key: string }[];
  const kept = taints.filter((t) => t.key !== CONTROL_PLANE_TAINT);
  if (kept.length === taints.length) return undefined;
  const spec = { ...node.spec };
  if (kept.length) spec.taints = kept; else delete spec.taints;
  return { ...node, spec };
}

/** PROFILES by name, in the order help lists them. */
export const PROFILES: Readonly<Record<string, Profile>> = {
  kubeadm: { name: 'kubeadm', spec: { ...DEFAULT_SPEC } },
  kind: { name: 'kind', spec: { ...DEFAULT_SPEC, workers: 0, controlPlanes: 1 }, prepareNode: untaintControlPlane },
};

/** PROFILE_NAMES for usage errors and help. */
export const PROFILE_NAMES = Object.keys(PROFILES);

/** applyProfileToNodes runs a profile's node changes on a cluster that has not warmed up yet. */
export function applyProfileToNodes(cluster: Cluster, profile: Profile): void {
  const prepare = profile.prepareNode;
  if (!prepare) return;
  cluster.store.transaction(() => {
    for (const node of cluster.api.list({ kind: 'Node' })) {
      const changed = prepare(node);
      if (changed) cluster.api.update(changed, { fieldManager: 'kubeadm' });
    }
  });
}
