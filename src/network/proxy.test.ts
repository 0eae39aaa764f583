import { beforeAll, describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import type { EndpointSlice } from '../api/types/kinds';
import { newRand } from '../sim/rand';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { readyAddresses, routeConnection, type Route } from './proxy';

// Services without selectors and slices written by hand: the routes below depend only on what the slices say.
type Ep = { ip: string; node: string; ready?: boolean; serving?: boolean; terminating?: boolean };
const slice = (svc: string, name: string, ports: Array<{ name: string; port: number }>, eps: Ep[]): EndpointSlice => ({
  apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
  metadata: { name, namespace: 'default', labels: { 'kubernetes.io/service-name': svc } },
  addressType: 'IPv4',
  endpoints: eps.map((e) => ({ addresses: [e.ip], conditions: { ready: e.ready ?? true, serving: e.serving ?? e.ready ?? true, terminating: e.terminating ?? false }, nodeName: e.node })),
  ports: ports.map((p) => ({ ...p, protocol: 'TCP' })),
});
const service = (name: string, clusterIP: string, spec: Record<string, unknown>): KubeObject => ({
  apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' },
  spec: { clusterIP, ports: [{ name: 'http', port: 80, targetPort: 'http' }], ...spec },
});

const cluster = newTestCluster({ workers: 2 }, { warmup: false });
const api = cluster.api;
const W1 = '172.18.0.3';
const W2 = '172.18.0.4';
const dest = (r: Route): string => (r.kind === 'backend' ? `${r.backend.ip}:${r.backend.port}` : r.kind);

beforeAll(() => {
  cluster.write(() => {
    const objs: KubeObject[] = [
      service('multi', '10.96.1.10', { ports: [{ name: 'http', port: 80, targetPort: 'http' }, { name: 'metrics', port: 9090, targetPort: 9090 }] }),
      // Pods of one Deployment version map the named port to 8080, the other's to 8081: two slices.
      slice('multi', 'multi-a', [{ name: 'http', port: 8080 }, { name: 'metrics', port: 9090 }], [{ ip: '10.244.1.2', node: 'worker01' }]),
      slice('multi', 'multi-b', [{ name: 'http', port: 8081 }, { name: 'metrics', port: 9090 }], [{ ip: '10.244.2.2', node: 'worker02' }]),
      service('sticky', '10.96.1.11', { sessionAffinity: 'ClientIP' }),
      service('spread', '10.96.1.12', {}),
      ...['sticky', 'spread'].map((s) => slice(s, s, [{ name: 'http', port: 80 }], [
        { ip: '10.244.1.3', node: 'worker01' }, { ip: '10.244.1.4', node: 'worker01' }, { ip: '10.244.2.3', node: 'worker02' }, { ip: '10.244.2.4', node: 'worker02' },
      ])),
      service('local', '10.96.1.13', { type: 'NodePort', internalTrafficPolicy: 'Local', externalTrafficPolicy: 'Local', ports: [{ name: 'http', port: 80, targetPort: 80, nodePort: 30080 }] }),
      slice('local', 'local', [{ name: 'http', port: 80 }], [{ ip: '10.244.1.5', node: 'worker01' }]),
      service('open', '10.96.1.14', { type: 'NodePort', ports: [{ name: 'http', port: 80, targetPort: 80, nodePort: 30081 }] }),
      slice('open', 'open', [{ name: 'http', port: 80 }], [{ ip: '10.244.1.6', node: 'worker01' }]),
      service('rolling', '10.96.1.15', {}),
      slice('rolling', 'rolling', [{ name: 'http', port: 80 }], [{ ip: '10.244.1.7', node: 'worker01', ready: false, serving: true, terminating: true }, { ip: '10.244.2.7', node: 'worker02' }]),
      service('last', '10.96.1.16', {}),
      slice('last', 'last', [{ name: 'http', port: 80 }], [{ ip: '10.244.1.8', node: 'worker01', ready: false, serving: true, terminating: true }]),
      service('empty', '10.96.1.17', {}),
      service('lb', '10.96.1.18', { type: 'LoadBalancer', ports: [{ name: 'http', port: 80, targetPort: 80, nodePort: 30082 }] }),
      slice('lb', 'lb', [{ name: 'http', port: 80 }], [{ ip: '10.244.2.9', node: 'worker02' }]),
      service('ranged', '10.96.1.19', {
        type: 'LoadBalancer', loadBalancerSourceRanges: [' 10.244.1.0/24', '203.0.113.0/25'], externalIPs: ['192.168.99.5'],
        ports: [{ name: 'http', port: 80, targetPort: 80, nodePort: 30083 }],
      }),
      slice('ranged', 'ranged', [{ name: 'http', port: 80 }], [{ ip: '10.244.2.10', node: 'worker02' }]),
      service('rangedempty', '10.96.1.20', { type: 'LoadBalancer', loadBalancerSourceRanges: ['10.244.1.0/24'], ports: [{ name: 'http', port: 80, targetPort: 80, nodePort: 30084 }] }),
    ];
    for (const o of objs) api.create(o, { fieldManager: 'test' });
    const lb = api.get({ kind: 'Service', namespace: 'default', name: 'lb' });
    lb.status = { loadBalancer: { ingress: [{ ip: '20.1.2.3', ipMode: 'VIP' }] } };
    api.updateStatus(lb, { fieldManager: 'test' });
    for (const [name, ip] of [['ranged', '20.1.2.4'], ['rangedempty', '20.1.2.5']]) {
      const svc = api.get({ kind: 'Service', namespace: 'default', name: name! });
      api.updateStatus({ ...svc, status: { loadBalancer: { ingress: [{ ip, ipMode: 'VIP' }] } } }, { fieldManager: 'test' });
    }
  });
});

describe('routeConnection', () => {
  it('resolves a named targetPort per slice and serves every port of a multi-port Service', () => {
    const from = { ip: '10.244.1.100', nodeName: 'worker01' };
    const seen = new Set<string>();
    const rand = newRand(4);
    for (let i = 0; i < 20; i++) seen.add(dest(routeConnection('10.96.1.10', 80, from, api, rand)));
    expect([...seen].sort()).toEqual(['10.244.1.2:8080', '10.244.2.2:8081']);
    expect(dest(routeConnection('10.96.1.10', 9090, from, api))).toBe('10.244.1.2:9090');
  });

  it('refuses a port the Service does not have, and a Service with no endpoints', () => {
    expect(dest(routeConnection('10.96.1.10', 443, {}, api))).toBe('refused');
    expect(dest(routeConnection('10.96.1.17', 80, {}, api))).toBe('refused');
  });

  it('keeps a client on one backend under ClientIP affinity, and spreads clients without it', () => {
    const rand = newRand(7);
    for (const client of ['10.244.1.50', '10.244.2.50', '10.244.3.9']) {
      const backends = new Set(Array.from({ length: 10 }, () => dest(routeConnection('10.96.1.11', 80, { ip: client }, api, rand))));
      expect(backends.size).toBe(1);
    }
    const spread = new Set(Array.from({ length: 30 }, () => dest(routeConnection('10.96.1.12', 80, { ip: '10.244.1.50' }, api, rand))));
    expect(spread.size).toBeGreaterThan(1);
  });

  it('keeps internalTrafficPolicy Local traffic on the client\'s node and drops it where there is no local endpoint', () => {
    expect(dest(routeConnection('10.96.1.13', 80, { nodeName: 'worker01' }, api))).toBe('10.244.1.5:80');
    expect(dest(routeConnection('10.96.1.13', 80, { nodeName: 'worker02' }, api))).toBe('dropped');
  });

  it('drops a Local NodePort on a node without a local endpoint; a Cluster one answers on every node', () => {
    // An outside client (here a host-network pod on another node) meets the Local policy.
    expect(dest(routeConnection(W1, 30080, { ip: W2, nodeName: 'worker02' }, api))).toBe('10.244.1.5:80');
    expect(dest(routeConnection(W2, 30080, { ip: W1, nodeName: 'worker01' }, api))).toBe('dropped');
    expect(dest(routeConnection(W2, 30080, {}, api))).toBe('dropped');
    // Pods and the node itself are short-circuited to the cluster-wide endpoints.
    expect(dest(routeConnection(W2, 30080, { ip: '10.244.2.9', nodeName: 'worker02' }, api))).toBe('10.244.1.5:80');
    expect(dest(routeConnection(W2, 30080, { ip: W2, nodeName: 'worker02' }, api))).toBe('10.244.1.5:80');
    expect(dest(routeConnection(W1, 30081, {}, api))).toBe('10.244.1.6:80');
    expect(dest(routeConnection(W2, 30081, {}, api))).toBe('10.244.1.6:80');
    expect(dest(routeConnection('172.18.0.2', 30081, {}, api))).toBe('10.244.1.6:80');
    expect(dest(routeConnection(W2, 30999, {}, api))).toBe('notService');
  });

  it('leaves terminating endpoints out while a ready one remains, and falls back to serving ones when none is ready', () => {
    const rand = newRand(2);
    const seen = new Set(Array.from({ length: 10 }, () => dest(routeConnection('10.96.1.15', 80, {}, api, rand))));
    expect([...seen]).toEqual(['10.244.2.7:80']);
    expect(dest(routeConnection('10.96.1.16', 80, {}, api))).toBe('10.244.1.8:80');
  });

  it('routes a load balancer\'s ingress IP to the Service', () => {
    expect(dest(routeConnection('20.1.2.3', 80, {}, api))).toBe('10.244.2.9:80');
    expect(dest(routeConnection('20.1.2.3', 81, {}, api))).toBe('refused');
  });

  it('drops a load-balancer IP connection from outside loadBalancerSourceRanges; node ports and external IPs are not filtered', () => {
    expect(dest(routeConnection('20.1.2.4', 80, { ip: '10.244.1.20', nodeName: 'worker01' }, api))).toBe('10.244.2.10:80');
    expect(dest(routeConnection('20.1.2.4', 80, { ip: '203.0.113.2' }, api))).toBe('10.244.2.10:80');
    expect(dest(routeConnection('20.1.2.4', 80, { ip: '203.0.113.130' }, api))).toBe('dropped');
    expect(dest(routeConnection('20.1.2.4', 80, { ip: '10.244.2.20', nodeName: 'worker02' }, api))).toBe('dropped');
    expect(dest(routeConnection(W1, 30083, { ip: '203.0.113.130' }, api))).toBe('10.244.2.10:80');
    expect(dest(routeConnection('192.168.99.5', 80, { ip: '203.0.113.130' }, api))).toBe('10.244.2.10:80');
    // Without endpoints iptables mode has no firewall chain: the REJECT answers first.
    expect(dest(routeConnection('20.1.2.5', 80, { ip: '203.0.113.130' }, api))).toBe('refused');
  });
});

describe('readyAddresses', () => {
  it('lists the ready addresses of every slice once', () => {
    expect(readyAddresses(api.get({ kind: 'Service', namespace: 'default', name: 'rolling' }), api)).toEqual(['10.244.2.7']);
    expect(readyAddresses(api.get({ kind: 'Service', namespace: 'default', name: 'multi' }), api)).toEqual(['10.244.1.2', '10.244.2.2']);
    expect(readyAddresses(api.get({ kind: 'Service', namespace: 'default', name: 'empty' }), api)).toEqual([]);
  });
});
