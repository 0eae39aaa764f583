import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { MANAGED_BY_LABEL, SERVICE_NAME_LABEL } from '../../api/endpoint-slice-labels';
import { desiredSlices, findPort } from './desired-slices';

const svc = (spec: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default', uid: 'svc-uid', creationTimestamp: '2026-01-01T00:00:00Z' },
  spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, protocol: 'TCP', targetPort: 'http' }], ...spec },
});
const pod = (name: string, ip: string, o: { ready?: boolean; deleting?: boolean; port?: number; node?: string } = {}): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: `${name}-uid`, labels: { app: 'web' }, ...(o.deleting ? { deletionTimestamp: '2026-01-01T00:10:00Z' } : {}) },
  spec: { nodeName: o.node ?? 'worker01', containers: [{ name: 'c', image: 'nginx', ports: [{ name: 'http', containerPort: o.port ?? 8080, protocol: 'TCP' }] }] },
  status: { phase: 'Running', podIP: ip, conditions: [{ type: 'Ready', status: o.ready === false ? 'False' : 'True', lastTransitionTime: '2026-01-01T00:01:00Z' }] },
});
const zoneNode = (): KubeObject => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker01', labels: { 'topology.kubernetes.io/zone': 'zone-a' } } });

describe('desiredSlices', () => {
  it('maps readiness and deletion to ready/serving/terminating as podToEndpoint does', () => {
    const [slice] = desiredSlices(svc(), [pod('a', '10.244.1.2'), pod('b', '10.244.1.3', { ready: false }), pod('c', '10.244.1.4', { deleting: true })], () => zoneNode());
    expect(slice!.endpoints!.map((e) => [e.targetRef.name, e.conditions])).toEqual([
      ['a', { ready: true, serving: true, terminating: false }],
      ['b', { ready: false, serving: false, terminating: false }],
      ['c', { ready: false, serving: true, terminating: true }],
    ]);
    expect(slice!.endpoints![0]).toEqual({
      addresses: ['10.244.1.2'], conditions: { ready: true, serving: true, terminating: false },
      targetRef: { kind: 'Pod', namespace: 'default', name: 'a', uid: 'a-uid' }, nodeName: 'worker01', zone: 'zone-a',
    });
  });

  it('marks every endpoint ready when the Service publishes not-ready addresses', () => {
    const [slice] = desiredSlices(svc({ publishNotReadyAddresses: true }), [pod('b', '10.244.1.3', { ready: false })], () => undefined);
    expect(slice!.endpoints![0]!.conditions).toEqual({ ready: true, serving: false, terminating: false });
  });

  it('resolves a named targetPort per pod and puts pods with different ports in different slices', () => {
    const slices = desiredSlices(svc(), [pod('a', '10.244.1.2', { port: 8080 }), pod('b', '10.244.1.3', { port: 9090 })], () => undefined);
    expect(slices.map((s) => [s.ports, s.endpoints!.map((e) => e.targetRef.name)])).toEqual([
      [[{ name: 'http', port: 8080, protocol: 'TCP' }], ['a']],
      [[{ name: 'http', port: 9090, protocol: 'TCP' }], ['b']],
    ]);
  });

  it('gives a Service with no pods one empty placeholder', () => {
    expect(desiredSlices(svc(), [], () => undefined)).toEqual([{ ports: null, endpoints: null }]);
  });

  it('splits more than 100 endpoints across slices', () => {
    const pods = Array.from({ length: 205 }, (_, i) => pod(`p${i}`, `10.244.${1 + Math.floor(i / 200)}.${2 + (i % 200)}`));
    expect(desiredSlices(svc(), pods, () => undefined).map((s) => s.endpoints!.length)).toEqual([100, 100, 5]);
  });

  it('leaves out a port whose name the pod does not declare', () => {
    expect(findPort(pod('a', '10.244.1.2'), { port: 80, targetPort: 'metrics' })).toBeUndefined();
    expect(findPort(pod('a', '10.244.1.2'), { port: 80, targetPort: 'http' })).toBe(8080);
    expect(findPort(pod('a', '10.244.1.2'), { port: 80 })).toBe(80);
  });
});

describe('endpointslice controller', () => {
  it('writes a generated-name slice owned by the Service, and follows pods and selector changes', () => {
    const cluster = newTestCluster({ workers: 1 });
    cluster.write(() => {
      cluster.api.create({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] } } } }, { fieldManager: 'test' });
      cluster.api.create({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default', labels: { tier: 'front' } }, spec: { selector: { app: 'wrong' }, ports: [{ port: 80 }] } }, { fieldManager: 'test' });
    });
    cluster.advance(30_000);
    const slices = () => cluster.api.list({ kind: 'EndpointSlice', namespace: 'default', labelSelector: `${SERVICE_NAME_LABEL}=web` });
    expect(slices()).toHaveLength(1);
    const [empty] = slices();
    expect(empty!.metadata.name).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(empty!.metadata.generateName).toBe('web-');
    expect(empty!.metadata.labels).toEqual({ [MANAGED_BY_LABEL]: 'endpointslice-controller.k8s.io', [SERVICE_NAME_LABEL]: 'web', tier: 'front' });
    const svcObj = cluster.api.get({ kind: 'Service', namespace: 'default', name: 'web' });
    expect(empty!.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Service', name: 'web', uid: svcObj.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect([empty!.endpoints, empty!.ports]).toEqual([null, null]);
    cluster.write(() => { const s = cluster.api.get({ kind: 'Service', namespace: 'default', name: 'web' }); s.spec!.selector = { app: 'web' }; cluster.api.update(s, { fieldManager: 'test' }); });
    cluster.advance(1_000);
    const [full] = slices();
    expect(full!.metadata.name).toBe(empty!.metadata.name);
    expect(full!.ports).toEqual([{ name: '', port: 80, protocol: 'TCP' }]);
    expect(full!.endpoints.map((e: any) => e.conditions.ready)).toEqual([true, true]);
    // Deleting the Service takes its slices with it.
    cluster.write(() => cluster.api.delete({ kind: 'Service', namespace: 'default', name: 'web' }, { fieldManager: 'test' }));
    cluster.advance(1_000);
    expect(slices()).toEqual([]);
  });

  it('serves the kubernetes Service\'s slice as the API server writes it, and mirrors a selector-less Service\'s Endpoints', () => {
    const cluster = newTestCluster({ workers: 1 });
    const k = cluster.api.get({ kind: 'EndpointSlice', namespace: 'default', name: 'kubernetes' });
    expect(k.metadata.labels).toEqual({ [SERVICE_NAME_LABEL]: 'kubernetes' });
    expect(k.endpoints).toEqual([{ addresses: ['172.18.0.2'], conditions: { ready: true } }]);
    cluster.write(() => {
      cluster.api.create({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'db', namespace: 'default' }, spec: { ports: [{ port: 5432 }] } }, { fieldManager: 'test' });
      cluster.api.create({ apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'db', namespace: 'default' }, subsets: [{ addresses: [{ ip: '192.168.1.50' }], ports: [{ port: 5432 }] }] }, { fieldManager: 'test' });
    });
    cluster.advance(1_000);
    const [m] = cluster.api.list({ kind: 'EndpointSlice', namespace: 'default', labelSelector: `${SERVICE_NAME_LABEL}=db` });
    expect(m!.metadata.labels?.[MANAGED_BY_LABEL]).toBe('endpointslicemirroring-controller.k8s.io');
    expect([m!.endpoints, m!.ports]).toEqual([[{ addresses: ['192.168.1.50'], conditions: { ready: true } }], [{ name: '', port: 5432, protocol: 'TCP' }]]);
    cluster.write(() => cluster.api.delete({ kind: 'Endpoints', namespace: 'default', name: 'db' }, { fieldManager: 'test' }));
    cluster.advance(1_000);
    expect(cluster.api.list({ kind: 'EndpointSlice', namespace: 'default', labelSelector: `${SERVICE_NAME_LABEL}=db` })).toEqual([]);
  });
});
