/**
 * ipam: pod addresses. The cluster's pod network (kubeadm's podSubnet) is split into a /24 per
 * node, as kube-controller-manager's range allocator hands them out (--cluster-cidr,
 * --node-cidr-mask-size 24); a node's pods take the lowest free address from .2.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { cidrContains, ipToNumber, ipToString, parseCidr, type Cidr } from '../api/ipv4';
import { clusterNetworking } from './cluster-configuration';

/** DEFAULT_POD_NETWORK is the pod network kind and kubemu give a cluster: 256 nodes' /24s. */
export const DEFAULT_POD_NETWORK = '10.244.0.0/16';

/** NODE_CIDR_BITS is the node CIDR's prefix length (the allocator's --node-cidr-mask-size). */
const NODE_CIDR_BITS = 24;

/** parseNetwork reads a pod network: an IPv4 CIDR with room for node CIDRs (a prefix of 8 to 24 bits); undefined for anything else. */
function parseNetwork(cidr: string): Cidr | undefined {
  const net = /^\d+\.\d+\.\d+\.\d+\/\d+$/.test(cidr) ? parseCidr(cidr) : undefined;
  return net && net.bits >= 8 && net.bits <= NODE_CIDR_BITS ? net : undefined;
}

/**
 * podNetworkFor is the pod network for a cluster created with `nodes` nodes: the default one,
 * or, past its 256 node CIDRs, the smallest network around it with one for every node (a user
 * of kubeadm picks a podSubnet that large: nodeipam gives nodes past the end no CIDR).
 */
export function podNetworkFor(nodes: number): string {
  // Not wider than a /9 (32 768 nodes, 10.128.0.0/9): a /8 would take in the Services' 10.96.0.0/12.
  let bits = 16;
  while (bits > 9 && 2 ** (NODE_CIDR_BITS - bits) < nodes) bits--;
  const size = 2 ** (32 - bits);
  const base = ipToNumber('10.244.0.0')!;
  return `${ipToString(base - (base % size))}/${bits}`;
}

/** podCIDRAt is the index-th node CIDR of a pod network; undefined past its end. */
export function podCIDRAt(network: string, index: number): string | undefined {
  const net = parseNetwork(network) ?? parseNetwork(DEFAULT_POD_NETWORK)!;
  if (index < 0 || index >= 2 ** (NODE_CIDR_BITS - net.bits)) return undefined;
  return `${ipToString(net.base + index * 2 ** (32 - NODE_CIDR_BITS))}/${NODE_CIDR_BITS}`;
}

/**
 * nextPodCIDR is the node CIDR the range allocator gives a new node: the one after the last
 * the nodes hold, wrapping round to the first free one (cidrset's AllocateNext); undefined when
 * every one is taken (its CIDRNotAvailable).
 */
export function nextPodCIDR(network: string, nodes: readonly KubeObject[]): string | undefined {
  const net = parseNetwork(network) ?? parseNetwork(DEFAULT_POD_NETWORK)!;
  const count = 2 ** (NODE_CIDR_BITS - net.bits);
  const step = 2 ** (32 - NODE_CIDR_BITS);
  const used = new Set<number>();
  for (const n of nodes) {
    const at = ipToNumber(String(n.spec?.podCIDR ?? '').split('/')[0]!);
    if (at !== undefined && cidrContains(net, at)) used.add(Math.floor((at - net.base) / step));
  }
  const last = used.size ? Math.max(...used) : -1;
  for (let k = 1; k <= count; k++) {
    const i = (last + k) % count;
    if (!used.has(i)) return podCIDRAt(network, i);
  }
  return undefined;
}

/** inPodNetwork says whether an address is in a pod network (kube-proxy's local-traffic detector). */
export function inPodNetwork(ip: string | undefined, network: string): boolean {
  const net = parseNetwork(network);
  const at = ip === undefined ? undefined : ipToNumber(ip);
  return !!net && at !== undefined && cidrContains(net, at);
}

/**
 * kubeProxySetting reads one top-level setting of kube-proxy's ConfigMap (config.conf), as the
 * DaemonSet's pods load it; undefined when the ConfigMap or the setting is absent or empty.
 */
export function kubeProxySetting(api: Pick<ApiClient, 'tryGet'>, key: string): string | undefined {
  const cm = api.tryGet({ kind: 'ConfigMap', namespace: 'kube-system', name: 'kube-proxy' });
  const conf = String((cm as { data?: Record<string, string> } | undefined)?.data?.['config.conf'] ?? '');
  return new RegExp(`^${key}:\\s*"?([^"\\n]*)"?\\s*$`, 'm').exec(conf)?.[1]?.trim() || undefined;
}

/**
 * podNetworkOf is a cluster's pod network: kubeadm's podSubnet in the uploaded
 * ClusterConfiguration (kube-controller-manager's --cluster-cidr), else kube-proxy's clusterCIDR
 * (a cluster kubeadm did not make), else the default. A value that is not an IPv4 network with
 * room for /24s is passed over.
 */
export function podNetworkOf(api: Pick<ApiClient, 'tryGet'>): string {
  for (const cidr of [clusterNetworking(api)?.podSubnet, kubeProxySetting(api, 'clusterCIDR')]) if (cidr && parseNetwork(cidr)) return cidr;
  return DEFAULT_POD_NETWORK;
}

/** allocatePodIP picks the lowest free host address in the node's pod CIDR, skipping .0, .1 and .255. */
export function allocatePodIP(node: KubeObject, usedIPs: readonly string[]): string | undefined {
  const cidr: string | undefined = node.spec?.podCIDR;
  if (!cidr) return undefined;
  const base = cidr.split('/')[0]!.split('.').slice(0, 3).join('.');
  const used = new Set(usedIPs);
  for (let i = 2; i < 255; i++) {
    const ip = `${base}.${i}`;
    if (!used.has(ip)) return ip;
  }
  return undefined;
}
