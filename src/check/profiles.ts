/**
 * profiles: the clusters a bundle can be checked against. `kubeadm` is the shape
 * `kubemu cluster create` makes (one tainted control plane, two workers); `kind` is kind's
 * default single node, a control plane that takes workloads — kind's kubeadm config
 * registers it with no taints, which the profile reproduces by removing kubeadm's
 * node-role.kubernetes.io/control-plane:NoSchedule before the cluster warms up.
 * `aks-small` and `small-prod` are node pools (profile-model.ts), as are profile files.
 */
import type { KubeObject } from '../api/meta';
import { DEFAULT_SPEC, type ClusterSpec } from '../cluster/bootstrap';
import type { Cluster } from '../cluster/cluster';
import type { ProfileContents } from './profile-model';

/** CONTROL_PLANE_TAINT is the taint kubeadm puts on control-plane nodes. */
export const CONTROL_PLANE_TAINT = 'node-role.kubernetes.io/control-plane';

/**
 * Profile is a cluster shape and what to change on its nodes before it runs. With
 * `contents.pools` the nodes are exactly the pools' (spec's node counts are not used).
 */
export interface Profile {
  readonly name: string;
  readonly spec: Omit<ClusterSpec, 'clock' | 'seed'>;
  /** prepareNode edits a node as its kubelet would have registered it (kind: no taint). */
  readonly prepareNode?: (node: KubeObject) => KubeObject | undefined;
  /** contents are the nodes and objects the real cluster already has. */
  readonly contents?: ProfileContents;
}

function untaintControlPlane(node: KubeObject): KubeObject | undefined {
  const taints = (node.spec?.taints ?? []) as { key: string }[];
  const kept = taints.filter((t) => t.key !== CONTROL_PLANE_TAINT);
  if (kept.length === taints.length) return undefined;
  const spec = { ...node.spec };
  if (kept.length) spec.taints = kept; else delete spec.taints;
  return { ...node, spec };
}

/**
 * AKS_SMALL: a small AKS cluster as `az aks create` plus one `az aks nodepool add` make it —
 * no visible control plane, a system pool of one Standard_D2s_v3 (2 vCPU, 8Gi) and a user
 * pool of two Standard_D4s_v3 (4 vCPU, 16Gi) across zones 1-2, with AKS's reservations
 * (reservations.ts), its pool labels, and its built-in StorageClasses (`default` is the
 * default class, as on AKS).
 */
const aksPoolLabels = (pool: string, mode: 'system' | 'user', size: string): Record<string, string> => ({
  agentpool: pool, 'kubernetes.azure.com/agentpool': pool, 'kubernetes.azure.com/mode': mode,
  'kubernetes.azure.com/role': 'agent', 'node.kubernetes.io/instance-type': size, 'topology.kubernetes.io/region': 'westeurope',
});
const aksDisk = (name: string, sku: string, isDefault = false) => ({ name, provisioner: 'disk.csi.azure.com', default: isDefault, volumeBindingMode: 'WaitForFirstConsumer', parameters: { skuname: sku } });
const AKS_SMALL: ProfileContents = {
  pools: [
    { namePrefix: 'aks-system-17384729-vmss0000', count: 1, controlPlane: false, cpu: '2', memory: '8Gi', maxPods: 110,
      labels: aksPoolLabels('system', 'system', 'Standard_D2s_v3'), taints: [], zones: ['westeurope-1'] },
    { namePrefix: 'aks-user-28471937-vmss0000', count: 2, controlPlane: false, cpu: '4', memory: '16Gi', maxPods: 110,
      labels: aksPoolLabels('user', 'user', 'Standard_D4s_v3'), taints: [], zones: ['westeurope-1', 'westeurope-2'] },
  ],
  storageClasses: [aksDisk('default', 'StandardSSD_LRS', true), aksDisk('managed-csi', 'StandardSSD_LRS'), aksDisk('managed-csi-premium', 'Premium_LRS'),
    { name: 'azurefile-csi', provisioner: 'file.csi.azure.com', default: false, volumeBindingMode: 'Immediate', parameters: { skuName: 'Standard_LRS' } }],
};

/**
 * SMALL_PROD: what a platform team runs production on when it is small — an HA control plane
 * of three (tainted, as kubeadm does), three 4-CPU/16Gi workers, one per zone (a-c), and a
 * default StorageClass that binds when the pod is scheduled (so zonal volumes follow pods).
 */
const SMALL_PROD: ProfileContents = {
  pools: [
    { namePrefix: 'control', count: 3, controlPlane: true, cpu: '2', memory: '8Gi', maxPods: 110, labels: {}, zones: ['zone-a', 'zone-b', 'zone-c'] },
    { namePrefix: 'worker', count: 3, controlPlane: false, cpu: '4', memory: '16Gi', maxPods: 110, labels: {}, taints: [], zones: ['zone-a', 'zone-b', 'zone-c'] },
  ],
  storageClasses: [{ name: 'standard', provisioner: 'rancher.io/local-path', default: true, volumeBindingMode: 'WaitForFirstConsumer', parameters: {} }],
};

/** PROFILES by name, in the order help lists them. */
export const PROFILES: Readonly<Record<string, Profile>> = {
  kubeadm: { name: 'kubeadm', spec: { ...DEFAULT_SPEC } },
  kind: { name: 'kind', spec: { ...DEFAULT_SPEC, workers: 0, controlPlanes: 1 }, prepareNode: untaintControlPlane },
  'aks-small': { name: 'aks-small', spec: { ...DEFAULT_SPEC, nodeProfile: 'aks' }, contents: AKS_SMALL },
  'small-prod': { name: 'small-prod', spec: { ...DEFAULT_SPEC }, contents: SMALL_PROD },
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
