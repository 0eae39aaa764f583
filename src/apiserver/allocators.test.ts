import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { newRand } from '../sim/rand';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { ApiError } from './errors';
import {
  allocateNextIP, allocateServiceAddresses, rangeOffset, SERVICE_CIDR_BASE,
} from './allocators';
import { ipToNumber, ipToString } from '../api/ipv4';

const svc = (name: string, spec: Record<string, unknown>): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec: { ports: [{ port: 80, protocol: 'TCP' }], ...spec } });

const errorOf = (fn: () => unknown): ApiError => {
  try { fn(); } catch (e) { if (e instanceof ApiError) return e; throw e; }
  throw new Error('expected an ApiError');
};

describe('service IP allocation', () => {
  it('offsets dynamic allocation by 256 addresses in a /12 (KEP-3070), by 16 in a small range', () => {
    expect(rangeOffset((1 << 20) - 2)).toBe(256);
    expect(rangeOffset(254)).toBe(16);
    expect(rangeOffset(14)).toBe(0);
  });

  it('draws dynamic addresses from the upper band only', () => {
    const rand = newRand(3);
    for (let i = 0; i < 200; i++) {
      const n = ipToNumber(allocateNextIP(new Set(), rand))!;
      expect(n).toBeGreaterThanOrEqual(SERVICE_CIDR_BASE + 257);
      expect(n).toBeLessThan(SERVICE_CIDR_BASE + (1 << 20) - 1);
    }
  });

  it('falls back to the lower band when the upper one is full, then reports the range full', () => {
    const range = { base: ipToNumber('10.0.0.0')!, size: 32, cidr: '10.0.0.0/27' };
    const used = new Set<string>();
    for (let i = 17; i <= 30; i++) used.add(ipToString(range.base + i));
    const ip = allocateNextIP(used, newRand(1), range);
    expect(ipToNumber(ip)! - range.base).toBeLessThanOrEqual(16);
    for (let i = 1; i <= 16; i++) used.add(ipToString(range.base + i));
    expect(() => allocateNextIP(used, newRand(1), range)).toThrow('range is full');
  });

  it('refuses a requested address already held, with kube-apiserver\'s text', () => {
    const e = errorOf(() => allocateServiceAddresses(svc('b', { clusterIP: '10.96.0.5', clusterIPs: ['10.96.0.5'] }), [svc('a', { clusterIP: '10.96.0.5' })], newRand(1)));
    expect(e.message).toBe('Service "b" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.5"}: failed to allocate IP 10.96.0.5: provided IP is already allocated');
  });

  it('refuses a requested address outside the service CIDR', () => {
    const e = errorOf(() => allocateServiceAddresses(svc('b', { clusterIP: '10.0.0.5' }), [], newRand(1)));
    expect(e.message).toBe('Service "b" is invalid: spec.clusterIPs: Invalid value: []string{"10.0.0.5"}: failed to allocate IP 10.0.0.5: the provided IP (10.0.0.5) is not in the valid range. The range of valid IPs is 10.96.0.0/12');
  });

  it('never hands out the network or broadcast address', () => {
    expect(errorOf(() => allocateServiceAddresses(svc('b', { clusterIP: '10.96.0.0' }), [], newRand(1))).message).toMatch(/not in the valid range/);
    expect(errorOf(() => allocateServiceAddresses(svc('b', { clusterIP: '10.111.255.255' }), [], newRand(1))).message).toMatch(/not in the valid range/);
  });
});

describe('node port allocation', () => {
  it('refuses a requested node port another Service holds', () => {
    const a = svc('a', { type: 'NodePort', clusterIP: '10.96.0.20', ports: [{ port: 80, protocol: 'TCP', nodePort: 30080 }] });
    const e = errorOf(() => allocateServiceAddresses(svc('b', { type: 'NodePort', ports: [{ port: 80, protocol: 'TCP', nodePort: 30080 }] }), [a], newRand(1)));
    expect(e.message).toBe('Service "b" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated');
  });

  it('refuses a requested node port outside 30000-32767', () => {
    const e = errorOf(() => allocateServiceAddresses(svc('b', { type: 'NodePort', ports: [{ port: 80, protocol: 'TCP', nodePort: 8080 }] }), [], newRand(1)));
    expect(e.message).toBe('Service "b" is invalid: spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767');
  });

  it('answers an exhausted range with an internal error, as kube-apiserver does', () => {
    const portRange = { min: 30000, max: 30002 };
    const held: KubeObject[] = [];
    for (let i = 0; i < 3; i++) {
      const s = svc(`s${i}`, { type: 'NodePort' });
      allocateServiceAddresses(s, held, newRand(i + 1), undefined, { portRange });
      held.push(s);
    }
    expect(held.map((s) => s.spec.ports[0].nodePort).sort()).toEqual([30000, 30001, 30002]);
    const e = errorOf(() => allocateServiceAddresses(svc('full', { type: 'NodePort' }), held, newRand(9), undefined, { portRange }));
    expect([e.reason, e.message]).toEqual(['InternalError', 'Internal error occurred: failed to allocate a nodePort: range is full']);
  });

  it('gives ports sharing a number (TCP and UDP) one node port', () => {
    const s = svc('dns', { type: 'NodePort', ports: [{ name: 'u', port: 53, protocol: 'UDP' }, { name: 't', port: 53, protocol: 'TCP' }] });
    allocateServiceAddresses(s, [], newRand(1));
    expect(s.spec.ports[0].nodePort).toBe(s.spec.ports[1].nodePort);
  });
});

describe('Service allocation through the API server', () => {
  const create = (cluster: ReturnType<typeof newTestCluster>, o: KubeObject) => cluster.write(() => cluster.api.create(o, { fieldManager: 'test' }));
  const get = (cluster: ReturnType<typeof newTestCluster>, name: string) => cluster.api.get({ kind: 'Service', namespace: 'default', name });

  it('keeps the allocation on update, allocates node ports on ClusterIP→NodePort and releases them on the way back', () => {
    const cluster = newTestCluster({ workers: 1 }, { warmup: false });
    create(cluster, svc('web', {}));
    const ip = get(cluster, 'web').spec!.clusterIP;
    cluster.write(() => { const s = get(cluster, 'web'); s.spec!.type = 'NodePort'; cluster.api.update(s, { fieldManager: 'test' }); });
    const np = get(cluster, 'web').spec;
    expect(np!.clusterIP).toBe(ip);
    expect(np!.ports![0].nodePort).toBeGreaterThanOrEqual(30000);
    const nodePort = np!.ports![0].nodePort;
    // Another Service cannot take the port while web holds it.
    expect(() => create(cluster, svc('other', { type: 'NodePort', ports: [{ port: 80, protocol: 'TCP', nodePort }] }))).toThrow('provided port is already allocated');
    cluster.write(() => { const s = get(cluster, 'web'); s.spec!.type = 'ClusterIP'; cluster.api.update(s, { fieldManager: 'test' }); });
    expect(get(cluster, 'web').spec!.ports![0].nodePort).toBeUndefined();
    expect(get(cluster, 'web').spec!.externalTrafficPolicy).toBeUndefined();
    create(cluster, svc('other', { type: 'NodePort', ports: [{ port: 80, protocol: 'TCP', nodePort }] }));
    expect(get(cluster, 'other').spec!.ports![0].nodePort).toBe(nodePort);
  });

  it('frees a deleted Service\'s ClusterIP', () => {
    const cluster = newTestCluster({ workers: 1 }, { warmup: false });
    create(cluster, svc('a', { clusterIP: '10.96.0.50' }));
    expect(() => create(cluster, svc('b', { clusterIP: '10.96.0.50' }))).toThrow('provided IP is already allocated');
    cluster.write(() => cluster.api.delete({ kind: 'Service', namespace: 'default', name: 'a' }, { fieldManager: 'test' }));
    create(cluster, svc('b', { clusterIP: '10.96.0.50' }));
    expect(get(cluster, 'b').spec!.clusterIPs).toEqual(['10.96.0.50']);
  });
});
