/**
 * join-node: a node joining the cluster, as its kubelet registers it and kube-controller-manager
 * then sees it. `node add`, a check profile's pools and a node pool's new VMs all join through
 * joinNode; `cluster create`'s own nodes are written by bootstrap.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import type { Rand } from '../sim/rand';
import { nextPodCIDR, podNetworkOf } from '../network/ipam';
import { recordEmptyCni, registerWithoutNetwork } from './cni-option';
import { newNode, recordCIDRNotAvailable, type NodeShape } from './node-factory';

/** JoinApi is what a join writes through. */
export type JoinApi = Pick<ApiClient, 'tryGet' | 'create' | 'updateStatus' | 'recordEvent' | 'setNodeLocalState'>;

/** FM is the kubelet's field manager: it creates its own Node. */
const FM = { fieldManager: 'kubelet' };

/** NODE_CONTROLLER_SOURCE is the source of RegisteredNode events. */
const NODE_CONTROLLER_SOURCE = 'node-controller';

/** JoinOptions say how far the node's start has come. */
export interface JoinOptions {
  /** networkDown: no CNI runs on the node yet (the CNI's agent, or the VM's boot, brings its network up). */
  networkDown: boolean;
  /** running: the control plane is up and its node lifecycle controller records RegisteredNode (a check profile's nodes are there before it starts). */
  running: boolean;
}

/**
 * joinNode registers the node for shape beside the cluster's nodes: the range allocator gives it
 * the pod network's next /24 (none left: CIDRNotAvailable), then its kubelet creates the Node and
 * posts its status. Its network stays down without a pod CIDR: pods have no range to take
 * addresses from. Returns the node as registered.
 */
export function joinNode(api: JoinApi, nodes: readonly KubeObject[], shape: NodeShape, at: { rand: Rand; nowISO: string }, opts: JoinOptions): KubeObject {
  const podCIDR = nextPodCIDR(podNetworkOf(api), nodes);
  let node = newNode(shape, at.rand, at.nowISO, podCIDR);
  if (opts.networkDown || !podCIDR) { node = registerWithoutNetwork(node); recordEmptyCni(shape.name, api); }
  const created = api.create({ ...node, status: undefined }, FM);
  const registered = api.updateStatus({ ...created, status: node.status }, FM);
  if (opts.running) {
    api.recordEvent({ kind: 'Node', name: shape.name, uid: shape.name, apiVersion: 'v1' }, 'Normal', 'RegisteredNode',
      `Node ${shape.name} event: Registered Node ${shape.name} in Controller`, { component: NODE_CONTROLLER_SOURCE });
  }
  if (!podCIDR) recordCIDRNotAvailable(api, shape.name);
  return registered;
}
