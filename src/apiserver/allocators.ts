/**
 * allocators: what the API server hands out to Services — a ClusterIP from the service CIDR
 * and NodePorts from the node-port range, drawn with the cluster's seeded RNG, refused with
 * kube-apiserver's texts. What is allocated is read from the stored Services themselves (they
 * are the allocation record), so deleting a Service frees its address and ports.
 * Mirrors kubernetes pkg/registry/core/service/storage/alloc.go with the ipallocator and
 * portallocator packages (v1.32, bitmap allocators).
 */
import type { KubeObject } from '../api/meta';
import type { Rand } from '../sim/rand';
import { ipToNumber, ipToString } from '../api/ipv4';
import { internalError, invalid } from './errors';
import { invalidValue } from './field-errors';
import { goStringSlice, invalidRendered } from './strategies/go-format';

/** SERVICE_CIDR is kubeadm's default service CIDR. */
export const SERVICE_CIDR = '10.96.0.0/12';
/** SERVICE_CIDR_BASE is SERVICE_CIDR's network address as a number. */
export const SERVICE_CIDR_BASE = (10 << 24) | (96 << 16);
const SERVICE_CIDR_SIZE = 1 << 20;
export const NODE_PORT_MIN = 30000;
export const NODE_PORT_MAX = 32767;
/** NODE_PORT_RANGE is kube-apiserver's default --service-node-port-range, as its errors print it. */
export const NODE_PORT_RANGE = `${NODE_PORT_MIN}-${NODE_PORT_MAX}`;

/** ERR_IP_ALLOCATED, ERR_PORT_ALLOCATED and ERR_FULL are the allocators' error texts. */
export const ERR_IP_ALLOCATED = 'provided IP is already allocated';
export const ERR_PORT_ALLOCATED = 'provided port is already allocated';
export const ERR_FULL = 'range is full';

/** ipNotInRange is ipallocator.ErrNotInRange's text. */
export const ipNotInRange = (ip: string, range = SERVICE_CIDR): string =>
  `the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${range}`;
/** portNotInRange is portallocator.ErrNotInRange's text. */
export const portNotInRange = (range = NODE_PORT_RANGE): string =>
  `provided port is not in the valid range. The range of valid ports is ${range}`;


/** AllocationError is why an allocator refused: the text its Go error prints. */
export class AllocationError extends Error {}

/**
 * IPRange is the bitmap allocator's view of the service CIDR: .0 and the broadcast address
 * are never handed out, and dynamic allocation prefers the upper band above rangeOffset
 * (KEP-3070), leaving the low addresses (kube-dns's .10) for static requests.
 */
export interface IPRange { base: number; size: number; cidr: string }

/** SERVICE_IP_RANGE is the cluster's service range. */
export const SERVICE_IP_RANGE: IPRange = { base: SERVICE_CIDR_BASE, size: SERVICE_CIDR_SIZE, cidr: SERVICE_CIDR };

/** rangeOffset is ipallocator's calculateRangeOffset: size/16 clamped to [16, 256], 0 for tiny ranges. */
export function rangeOffset(hosts: number): number {
  if (hosts < 16) return 0;
  return Math.min(256, Math.max(16, Math.floor(hosts / 16)));
}

/** allocateIP claims a requested address, throwing AllocationError with ipallocator's text. */
export function allocateIP(ip: string, used: ReadonlySet<string>, range: IPRange = SERVICE_IP_RANGE): void {
  const n = ipToNumber(ip);
  if (n === undefined || n <= range.base || n >= range.base + range.size - 1) throw new AllocationError(ipNotInRange(ip, range.cidr));
  if (used.has(ip)) throw new AllocationError(ERR_IP_ALLOCATED);
}

/** allocateNextIP picks a free address: from a random start in the upper band, walking up and wrapping, then the lower band. */
export function allocateNextIP(used: ReadonlySet<string>, rand: Rand, range: IPRange = SERVICE_IP_RANGE): string {
  const hosts = range.size - 2;
  const offset = rangeOffset(hosts);
  const first = range.base + 1;
  const walk = (from: number, count: number): string | undefined => {
    if (count <= 0) return undefined;
    const start = rand.int(count);
    for (let i = 0; i < count; i++) {
      const ip = ipToString(from + ((start + i) % count));
      if (!used.has(ip)) return ip;
    }
    return undefined;
  };
  const ip = walk(first + offset, hosts - offset) ?? walk(first, offset);
  if (!ip) throw new AllocationError(ERR_FULL);
  return ip;
}

/** PortRange is an inclusive node-port range. */
export interface PortRange { min: number; max: number }
export const NODE_PORT_RANGE_DEFAULT: PortRange = { min: NODE_PORT_MIN, max: NODE_PORT_MAX };

/** allocateNodePort claims a requested node port, throwing AllocationError with portallocator's text. */
export function allocateNodePort(port: number, used: ReadonlySet<number>, range: PortRange = NODE_PORT_RANGE_DEFAULT): void {
  if (port < range.min || port > range.max) throw new AllocationError(portNotInRange(`${range.min}-${range.max}`));
  if (used.has(port)) throw new AllocationError(ERR_PORT_ALLOCATED);
}

/** allocateNextNodePort picks a free port from a random start, walking up and wrapping (the bitmap's random scan). */
export function allocateNextNodePort(used: ReadonlySet<number>, rand: Rand, range: PortRange = NODE_PORT_RANGE_DEFAULT): number {
  const count = range.max - range.min + 1;
  const start = rand.int(count);
  for (let i = 0; i < count; i++) {
    const p = range.min + ((start + i) % count);
    if (!used.has(p)) return p;
  }
  throw new AllocationError(ERR_FULL);
}

/** usedServiceAddresses collects the cluster IPs and node ports existing Services hold. */
export function usedServiceAddresses(services: readonly KubeObject[]): { ips: Set<string>; ports: Set<number> } {
  const ips = new Set<string>();
  const ports = new Set<number>();
  for (const s of services) {
    for (const ip of s.spec?.clusterIPs ?? [s.spec?.clusterIP]) if (ip && ip !== 'None') ips.add(ip);
    for (const p of s.spec?.ports ?? []) if (p.nodePort) ports.add(p.nodePort);
    if (s.spec?.healthCheckNodePort) ports.add(s.spec.healthCheckNodePort);
  }
  return { ips, ports };
}

/** AllocatorOptions narrows the ranges (tests exhaust a small node-port range). */
export interface AllocatorOptions { ipRange?: IPRange; portRange?: PortRange }

const needsClusterIP = (spec: any): boolean => (spec.type ?? 'ClusterIP') !== 'ExternalName' && spec.clusterIP !== 'None';
const needsNodePorts = (spec: any): boolean =>
  spec.type === 'NodePort' || (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts !== false);
const needsHealthCheckNodePort = (spec: any): boolean =>
  spec.type === 'LoadBalancer' && spec.externalTrafficPolicy === 'Local';

/**
 * allocateServiceAddresses fills a Service's ClusterIP and node ports (and the health-check
 * node port of a Local LoadBalancer), as alloc.go's allocateCreate and allocateUpdate do:
 * values already held by old (the same Service before an update) are kept, requested ones are
 * checked against what others hold, missing ones drawn. A refused request is a 422 on the
 * field; an exhausted range a 500, as kube-apiserver answers.
 */
export function allocateServiceAddresses(svc: KubeObject, others: readonly KubeObject[], rand: Rand, old?: KubeObject, opts: AllocatorOptions = {}): void {
  const spec = svc.spec ?? (svc.spec = {});
  const name = svc.metadata?.name ?? '';
  const used = usedServiceAddresses(others);
  const gk = { group: '', kind: 'Service' };
  if (needsClusterIP(spec)) {
    const held = old?.spec?.clusterIP && old.spec.clusterIP !== 'None' ? old.spec.clusterIP : undefined;
    if (!spec.clusterIP) {
      if (held) spec.clusterIP = held;
      else {
        try { spec.clusterIP = allocateNextIP(used.ips, rand, opts.ipRange); } catch (e) {
          if (e instanceof AllocationError) throw internalError(`failed to allocate a serviceIP: ${e.message}`);
          throw e;
        }
      }
      spec.clusterIPs = [spec.clusterIP];
    } else if (!held) {
      // A changed ClusterIP on update is left to validation, which refuses it as immutable.
      try { allocateIP(spec.clusterIP, used.ips, opts.ipRange); } catch (e) {
        if (!(e instanceof AllocationError)) throw e;
        const ips = spec.clusterIPs ?? [spec.clusterIP];
        throw invalid(gk, name, [invalidRendered('spec.clusterIPs', goStringSlice(ips), `failed to allocate IP ${spec.clusterIP}: ${e.message}`)]);
      }
    }
    if (!spec.clusterIPs) spec.clusterIPs = [spec.clusterIP];
  }
  if (needsNodePorts(spec)) {
    // A port the Service already had keeps its node port (alloc.go patchAllocatedValues), matched by port and protocol.
    const previous = new Map<string, number>();
    const oldHeld = new Set<number>();
    if (old && needsNodePorts(old.spec ?? {})) {
      for (const p of old.spec?.ports ?? []) if (p.nodePort) { previous.set(`${p.port}/${p.protocol ?? 'TCP'}`, p.nodePort); oldHeld.add(p.nodePort); }
    }
    // Two ports with the same number (TCP and UDP) share one node port.
    const byServicePort = new Map<number, number>();
    (spec.ports ?? []).forEach((p: any, i: number) => {
      if (!p || typeof p !== 'object') return;
      if (!p.nodePort) p.nodePort = previous.get(`${p.port}/${p.protocol ?? 'TCP'}`) ?? byServicePort.get(p.port);
      if (p.nodePort) {
        if (!oldHeld.has(p.nodePort) && byServicePort.get(p.port) !== p.nodePort) {
          try { allocateNodePort(p.nodePort, used.ports, opts.portRange); } catch (e) {
            if (!(e instanceof AllocationError)) throw e;
            throw invalid(gk, name, [invalidValue(`spec.ports[${i}].nodePort`, p.nodePort, e.message)]);
          }
        }
      } else {
        try { p.nodePort = allocateNextNodePort(used.ports, rand, opts.portRange); } catch (e) {
          if (e instanceof AllocationError) throw internalError(`failed to allocate a nodePort: ${e.message}`);
          throw e;
        }
      }
      used.ports.add(p.nodePort);
      byServicePort.set(p.port, p.nodePort);
    });
  }
  if (needsHealthCheckNodePort(spec) && !spec.healthCheckNodePort) {
    const held = old?.spec?.healthCheckNodePort;
    if (held) spec.healthCheckNodePort = held;
    else {
      try { spec.healthCheckNodePort = allocateNextNodePort(used.ports, rand, opts.portRange); } catch (e) {
        if (e instanceof AllocationError) throw internalError(`failed to allocate a nodePort: ${e.message}`);
        throw e;
      }
    }
  }
}

/**
 * dropTypeDependentFields clears what an update's new type no longer uses when the user left
 * it as it was (service strategy's dropTypeDependentFields): node ports on a change to
 * ClusterIP, the ClusterIP on a change to ExternalName, the health-check node port when the
 * Service stops being a Local LoadBalancer. A value the user changed is kept, so validation
 * can refuse it.
 */
export function dropTypeDependentFields(svc: KubeObject, old: KubeObject): void {
  const spec = svc.spec;
  const oldSpec = old.spec ?? {};
  if (!spec) return;
  if (needsClusterIP(oldSpec) && (spec.type === 'ExternalName') && spec.clusterIP === oldSpec.clusterIP) {
    delete spec.clusterIP;
    delete spec.clusterIPs;
    delete spec.ipFamilies;
    delete spec.ipFamilyPolicy;
  }
  if (needsNodePorts(oldSpec) && !needsNodePorts(spec)) {
    const oldPorts = new Map<string, number>((oldSpec.ports ?? []).map((p: any) => [`${p.port}/${p.protocol ?? 'TCP'}`, p.nodePort]));
    const same = (spec.ports ?? []).every((p: any) => !p?.nodePort || oldPorts.get(`${p.port}/${p.protocol ?? 'TCP'}`) === p.nodePort);
    if (same) for (const p of spec.ports ?? []) if (p && typeof p === 'object') delete p.nodePort;
  }
  if (needsHealthCheckNodePort(oldSpec) && !needsHealthCheckNodePort(spec) && spec.healthCheckNodePort === oldSpec.healthCheckNodePort) {
    delete spec.healthCheckNodePort;
  }
  if (oldSpec.type === 'LoadBalancer' && spec.type !== 'LoadBalancer') {
    if (spec.allocateLoadBalancerNodePorts === oldSpec.allocateLoadBalancerNodePorts) delete spec.allocateLoadBalancerNodePorts;
  }
  if ((oldSpec.type === 'NodePort' || oldSpec.type === 'LoadBalancer') && spec.type !== 'NodePort' && spec.type !== 'LoadBalancer'
    && spec.externalTrafficPolicy === oldSpec.externalTrafficPolicy) delete spec.externalTrafficPolicy;
}
