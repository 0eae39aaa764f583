/**
 * cni-option: `kubemu cluster create --cni` — which pod network a new cluster comes with.
 * `builtin` (the default) has its nodes' network configured out of band, with no add-on pods,
 * so a default cluster lists exactly kubeadm's pods; `none` is `kubeadm init` before any CNI
 * is applied (nodes NotReady until one is); `calico` is `none` plus Calico's manifest;
 * `cilium` is `none` without kube-proxy, plus Cilium with its kube-proxy replacement.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { NETWORK_NOT_READY_MESSAGE, emptyCniConfig } from '../network/cni';
import { TAINT_NODE_NOT_READY } from '../controllers/nodelifecycle/taints';
import { calicoObjects } from './calico';
import { ciliumObjects } from './cilium';

/** CNI_OPTIONS are the values `--cni` takes; the first is the default. */
export const CNI_OPTIONS = ['builtin', 'none', 'calico', 'cilium'] as const;
/** CniOption is one of CNI_OPTIONS. */
export type CniOption = (typeof CNI_OPTIONS)[number];

/** cniAddonObjects are the objects a cluster's CNI choice applies after kubeadm's add-ons. */
export function cniAddonObjects(cni: CniOption | undefined): KubeObject[] {
  return cni === 'calico' ? calicoObjects() : cni === 'cilium' ? ciliumObjects() : [];
}

/**
 * registerWithoutNetwork shapes a node as its kubelet registers it when no CNI config exists:
 * Ready=False with the runtime's network message, and the not-ready NoSchedule taint the kubelet
 * registers with (so nothing but tolerating pods lands before the network is up), and records
 * the node's empty /etc/cni/net.d. Returns the node to create; call recordEmptyCni once it exists.
 */
export function registerWithoutNetwork(node: KubeObject): KubeObject {
  const next = structuredClone(node);
  next.spec = { ...next.spec, taints: [...(next.spec?.taints ?? []), { key: TAINT_NODE_NOT_READY, effect: 'NoSchedule' }] };
  next.status.conditions = next.status.conditions.map((c: { type: string }) => (c.type === 'Ready'
    ? { ...c, status: 'False', reason: 'KubeletNotReady', message: NETWORK_NOT_READY_MESSAGE } : c));
  return next;
}

/** needsCniAddon says whether nodes of a cluster made with this option start without a pod network. */
export function needsCniAddon(cni: CniOption | undefined): boolean {
  return cni === 'none' || cni === 'calico' || cni === 'cilium';
}

/** replacesKubeProxy says whether the CNI routes Services itself, so kubeadm installs no kube-proxy. */
export function replacesKubeProxy(cni: CniOption | undefined): boolean {
  return cni === 'cilium';
}

/** recordEmptyCni records a new node's empty /etc/cni/net.d. */
export function recordEmptyCni(nodeName: string, api: Pick<ApiClient, 'setNodeLocalState'>): void {
  emptyCniConfig(nodeName, api);
}
