/**
 * cni: whether a node's pod network is up, as the container runtime reports it to the
 * kubelet. containerd's CRI plugin says NetworkReady=false until a CNI config file appears
 * in /etc/cni/net.d; a CNI add-on's DaemonSet pod writes it (calico-node's install-cni init
 * container, cilium's agent). kubemu keeps that folder as a node-local record.
 *
 * kubemu: a node with no record at all has its network configured out of band (the default
 * cluster, and nodes of clusters made before the record existed): ready, with no add-on pods.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';

/** CNI_CONFIG_KEY is the node-local record standing for /etc/cni/net.d. */
export const CNI_CONFIG_KEY = 'cni/net.d';

/** CniConfig is what /etc/cni/net.d holds: the plugin whose config file is there, or null when empty. */
export interface CniConfig { plugin: string | null }

/** NETWORK_NOT_READY_MESSAGE is the kubelet's Ready=False message while the CNI is missing (containerd 1.7). */
export const NETWORK_NOT_READY_MESSAGE = 'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized';

/** CNI_POD_LABELS are the labels of the DaemonSet pods that install each known CNI's config on their node. */
export const CNI_POD_LABELS: readonly { plugin: string; key: string; value: string }[] = [
  { plugin: 'calico', key: 'k8s-app', value: 'calico-node' },
  { plugin: 'cilium', key: 'k8s-app', value: 'cilium' },
  { plugin: 'flannel', key: 'app', value: 'flannel' },
  { plugin: 'weave', key: 'name', value: 'weave-net' },
  { plugin: 'kindnet', key: 'app', value: 'kindnet' },
];

/** cniPluginOf names the CNI a pod installs, if it is one of the known CNI agents. */
export function cniPluginOf(pod: KubeObject): string | undefined {
  const labels = pod.metadata.labels ?? {};
  return CNI_POD_LABELS.find((l) => labels[l.key] === l.value)?.plugin;
}

/** cniConfigOf reads a node's /etc/cni/net.d record; undefined when the network is configured out of band. */
export function cniConfigOf(nodeName: string, api: Pick<ApiClient, 'nodeLocalState'>): CniConfig | undefined {
  return api.nodeLocalState<CniConfig>(nodeName, CNI_CONFIG_KEY);
}

/** emptyCniConfig marks a node's /etc/cni/net.d as empty (a cluster made with `--cni none`). */
export function emptyCniConfig(nodeName: string, api: Pick<ApiClient, 'setNodeLocalState'>): void {
  api.setNodeLocalState(nodeName, CNI_CONFIG_KEY, { plugin: null } satisfies CniConfig);
}

/** NETWORK_NOT_READY_EVENT / NETWORK_NOT_READY_ERROR are the kubelet's event on a pod it cannot start without a pod network. */
export const NETWORK_NOT_READY_EVENT = 'NetworkNotReady';
export const NETWORK_NOT_READY_ERROR = 'network is not ready';

/** cniConfigured says, without writing, whether a node's runtime has a CNI config (no record: configured out of band). */
export function cniConfigured(nodeName: string, api: Pick<ApiClient, 'nodeLocalState'>): boolean {
  const config = cniConfigOf(nodeName, api);
  return !config || !!config.plugin;
}

/**
 * syncCniConfig is the runtime's network status for a node: true when a CNI config is present.
 * An empty folder is filled once a known CNI agent runs on the node (its install step writes
 * the file and leaves it, so the network stays ready if the agent later stops).
 */
export function syncCniConfig(nodeName: string, api: Pick<ApiClient, 'nodeLocalState' | 'setNodeLocalState' | 'podsOnNode'>): boolean {
  const config = cniConfigOf(nodeName, api);
  if (!config || config.plugin) return true;
  for (const pod of api.podsOnNode(nodeName)) {
    const plugin = cniPluginOf(pod);
    if (!plugin || pod.status?.phase !== 'Running' || pod.metadata.deletionTimestamp) continue;
    api.setNodeLocalState(nodeName, CNI_CONFIG_KEY, { plugin } satisfies CniConfig);
    return true;
  }
  return false;
}

/**
 * nodeReachable says whether pods on a node answer connections from other nodes: not when the
 * node is NotReady (its kubelet stopped, partitioned, or its network not up). A connection to
 * a pod there times out rather than being refused.
 */
export function nodeReachable(node: KubeObject | undefined): boolean {
  if (!node) return false;
  const ready = (node.status?.conditions ?? []).find((c: { type: string }) => c.type === 'Ready');
  return ready?.status === 'True';
}
