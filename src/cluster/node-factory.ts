/**
 * node-factory: the Node object a kubelet registers, with kubeadm's labels, annotations,
 * capacity and allocatable (capacity less the eviction thresholds kubeadm configures).
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { asApproximateFloat64, canonicalQuantity, parseQuantity, value } from '../api/quantity';
import type { Rand } from '../sim/rand';
import { ipToNumber, ipToString } from '../api/ipv4';
import { allocatableCpu, reservationFor, type ReservationProfile } from './reservations';
import { KUBERNETES_VERSION } from '../kubelet/static-pods';

/** NodeShape is what `cluster create` / `node add` decide about a node. */
export interface NodeShape {
  name: string;
  index: number;
  controlPlane: boolean;
  cpu: string;
  memory: string;
  maxPods: number;
  labels?: Record<string, string>;
  /** zone sets topology.kubernetes.io/zone (kubemu node add --zone). */
  zone?: string;
  taints?: { key: string; value?: string; effect: string }[];
  /** reservation is the provider formula for what the node keeps back from pods (default kubeadm). */
  reservation?: ReservationProfile;
}

/** EPHEMERAL_STORAGE_KI is each node's root filesystem size. */
export const EPHEMERAL_STORAGE_KI = 102626232;
/**
 * NODE_NETWORK is the nodes' network, 172.18.0.0/16 like kind's docker network: .1 is its
 * gateway and node i is the (2 + i)th address, so past 253 nodes the addresses go on in the
 * /16 (172.18.1.0, ...) instead of past .255.
 */
const NODE_NETWORK = ipToNumber('172.18.0.0')!;

const KI = 1024;
/** ZONE_LABEL is the well-known zone label. */
export const ZONE_LABEL = 'topology.kubernetes.io/zone';

/** nodeIndexOf recovers a node's index from its InternalIP (nodeIP); -1 if it has none. */
export function nodeIndexOf(node: KubeObject): number {
  const address = (node.status?.addresses ?? []).find((a: { type?: string }) => a.type === 'InternalIP')?.address;
  const at = typeof address === 'string' ? ipToNumber(address) : undefined;
  return at === undefined || at < NODE_NETWORK + 2 ? -1 : at - NODE_NETWORK - 2;
}

/**
 * recordCIDRNotAvailable is the range allocator's event for a node the pod network has no CIDR
 * left for (RecordNodeStatusChange, as its cidrAllocator recorder).
 */
export function recordCIDRNotAvailable(api: Pick<ApiClient, 'recordEvent'>, nodeName: string): void {
  api.recordEvent({ kind: 'Node', name: nodeName, uid: nodeName, apiVersion: 'v1' }, 'Normal', 'CIDRNotAvailable',
    `Node ${nodeName} status is now: CIDRNotAvailable`, { component: 'cidrAllocator' });
}

/** nextNodeIndex is the index a new node takes: one past the highest in use. */
export function nextNodeIndex(nodes: readonly KubeObject[]): number {
  return nodes.reduce((max, n) => Math.max(max, nodeIndexOf(n)), -1) + 1;
}

/** nodeIP is the InternalIP of the node with the given index. */
export function nodeIP(index: number): string {
  return ipToString(NODE_NETWORK + 2 + index);
}

/** API_SERVER_PORT is where kube-apiserver listens (kubeadm's default bindPort). */
export const API_SERVER_PORT = 6443;

/** apiServerEndpoint is the control plane's address as clients reach it: the first node's IP and the API server's port. */
export function apiServerEndpoint(): string {
  return `${nodeIP(0)}:${API_SERVER_PORT}`;
}

/**
 * newNode returns the Node object (with status) for a shape, with podCIDR its /24 of the pod
 * network as kube-controller-manager's range allocator gives it (ipam's nextPodCIDR), or none.
 */
export function newNode(shape: NodeShape, rand: Rand, nowISO: string, podCIDR: string | undefined): KubeObject {
  const memKi = Number(value(parseQuantity(shape.memory)) / BigInt(KI));
  const cores = asApproximateFloat64(parseQuantity(shape.cpu));
  const reserved = reservationFor(shape.reservation ?? 'kubeadm', cores, memKi, shape.maxPods);
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': shape.name,
    'kubernetes.io/os': 'linux',
    ...(shape.controlPlane ? { 'node-role.kubernetes.io/control-plane': '', 'node.kubernetes.io/exclude-from-external-load-balancers': '' } : {}),
    ...(shape.zone ? { [ZONE_LABEL]: shape.zone } : {}),
    ...(shape.labels ?? {}),
  };
  const taints = shape.taints ?? (shape.controlPlane ? [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] : []);
  const machineID = rand.hex(32);
  const condition = (type: string, status: string, reason: string, message: string) =>
    ({ type, status, lastHeartbeatTime: nowISO, lastTransitionTime: nowISO, reason, message });
  const spec: Record<string, unknown> = podCIDR ? { podCIDR, podCIDRs: [podCIDR] } : {};
  if (taints.length) spec.taints = taints;
  return {
    apiVersion: 'v1', kind: 'Node',
    metadata: {
      name: shape.name,
      labels: Object.fromEntries(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b))),
      annotations: {
        'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///var/run/containerd/containerd.sock',
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    },
    spec,
    // Quantities as kube-apiserver stores them: canonical (a kubelet's 16Gi of memory reads back as 16Gi).
    status: {
      capacity: {
        cpu: shape.cpu, 'ephemeral-storage': `${EPHEMERAL_STORAGE_KI}Ki`, 'hugepages-1Gi': '0', 'hugepages-2Mi': '0',
        memory: canonicalQuantity(`${memKi}Ki`), pods: String(shape.maxPods),
      },
      allocatable: {
        cpu: allocatableCpu(shape.cpu, cores, reserved.cpuMilli), 'ephemeral-storage': String(Math.floor(EPHEMERAL_STORAGE_KI * KI * 0.9)), 'hugepages-1Gi': '0', 'hugepages-2Mi': '0',
        memory: canonicalQuantity(`${memKi - reserved.memoryKi - reserved.evictionKi}Ki`), pods: String(shape.maxPods),
      },
      conditions: [
        condition('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
        condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
        condition('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
        condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'),
      ],
      addresses: [{ address: nodeIP(shape.index), type: 'InternalIP' }, { address: shape.name, type: 'Hostname' }],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        machineID,
        systemUUID: `${machineID.slice(0, 8)}-${machineID.slice(8, 12)}-${machineID.slice(12, 16)}-${machineID.slice(16, 20)}-${machineID.slice(20)}`,
        bootID: rand.uuid(),
        kernelVersion: '6.8.0-45-generic',
        osImage: 'Ubuntu 24.04.1 LTS',
        containerRuntimeVersion: 'containerd://1.7.24',
        kubeletVersion: KUBERNETES_VERSION,
        kubeProxyVersion: KUBERNETES_VERSION,
        operatingSystem: 'linux',
        architecture: 'amd64',
      },
      images: [],
    },
  };
}
