/**
 * ipam: pod addresses. Each node owns a /24 of the pod network (10.244.<n>.0/24, as
 * kubeadm with flannel/kindnet assigns); a node's pods take the lowest free address from .2.
 */
import type { KubeObject } from '../api/meta';

/** POD_NETWORK_PREFIX is the cluster's pod CIDR 10.244.0.0/16. */
export const POD_NETWORK_PREFIX = '10.244';

/** podCIDRFor returns the /24 of the node with the given index (0 for the first node). */
export function podCIDRFor(index: number): string {
  return `${POD_NETWORK_PREFIX}.${index}.0/24`;
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
