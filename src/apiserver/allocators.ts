/**
 * allocators: what the API server hands out on Service create — a ClusterIP from the
 * service CIDR and NodePorts from the node-port range, drawn with the cluster's seeded RNG.
 */
import type { KubeObject } from '../api/meta';
import type { Rand } from '../sim/rand';

/** SERVICE_CIDR_BASE is kubeadm's default service CIDR 10.96.0.0/12. */
export const SERVICE_CIDR_BASE = (10 << 24) | (96 << 16);
const SERVICE_CIDR_SIZE = 1 << 20;
export const NODE_PORT_MIN = 30000;
export const NODE_PORT_MAX = 32767;

export function ipToString(n: number): string {
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** allocateClusterIP picks a free address in the service CIDR (never .0 or the broadcast). */
export function allocateClusterIP(used: ReadonlySet<string>, rand: Rand): string {
  for (let tries = 0; tries < 1000; tries++) {
    const offset = 1 + rand.int(SERVICE_CIDR_SIZE - 2);
    const ip = ipToString(SERVICE_CIDR_BASE + offset);
    if (!used.has(ip)) return ip;
  }
  throw new Error('range is full');
}

/** allocateNodePort picks a free port in 30000-32767. */
export function allocateNodePort(used: ReadonlySet<number>, rand: Rand): number {
  for (let tries = 0; tries < 5000; tries++) {
    const p = NODE_PORT_MIN + rand.int(NODE_PORT_MAX - NODE_PORT_MIN + 1);
    if (!used.has(p)) return p;
  }
  throw new Error('range is full');
}

/** usedServiceAddresses collects the cluster IPs and node ports existing Services hold. */
export function usedServiceAddresses(services: KubeObject[]): { ips: Set<string>; ports: Set<number> } {
  const ips = new Set<string>();
  const ports = new Set<number>();
  for (const s of services) {
    for (const ip of s.spec?.clusterIPs ?? [s.spec?.clusterIP]) if (ip && ip !== 'None') ips.add(ip);
    for (const p of s.spec?.ports ?? []) if (p.nodePort) ports.add(p.nodePort);
  }
  return { ips, ports };
}

/** allocateServiceAddresses fills clusterIP(s) and node ports on a new Service, as the registry's REST create does. */
export function allocateServiceAddresses(svc: KubeObject, existing: KubeObject[], rand: Rand): void {
  const spec = svc.spec ?? (svc.spec = {});
  const type = spec.type ?? 'ClusterIP';
  const used = usedServiceAddresses(existing);
  if (type !== 'ExternalName') {
    if (!spec.clusterIP) spec.clusterIP = allocateClusterIP(used.ips, rand);
    if (!spec.clusterIPs) spec.clusterIPs = [spec.clusterIP];
  }
  if (type === 'NodePort' || type === 'LoadBalancer') {
    for (const p of spec.ports ?? []) {
      if (!p.nodePort) { p.nodePort = allocateNodePort(used.ports, rand); used.ports.add(p.nodePort); }
    }
  }
}
