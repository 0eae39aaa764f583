import { describe, expect, it } from 'vitest';
import type { BuiltinObject, KubeObject } from '../../api/meta';
import type { ClusterRoleBinding, ConfigMap, Secret, StorageClass } from '../../api/types/kinds';
import { strategyFor } from './index';

const run = (o: KubeObject) => { const s = strategyFor(o.kind); s.defaults(o); s.prepareForCreate?.(o); return s.validate(o).map((c) => `${c.field}: ${c.message}`); };
const svc = (spec: any, name = 'web'): KubeObject => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec });

describe('Service', () => {
  it('defaults a ClusterIP and a NodePort service', () => {
    const o = svc({ selector: { app: 'web' }, ports: [{ port: 80 }] });
    strategyFor('Service').defaults(o);
    expect(o.spec).toEqual({ ports: [{ protocol: 'TCP', port: 80, targetPort: 80 }], selector: { app: 'web' }, type: 'ClusterIP', sessionAffinity: 'None', ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack', internalTrafficPolicy: 'Cluster' });
    const np = svc({ type: 'NodePort', ports: [{ port: 80 }] });
    strategyFor('Service').defaults(np);
    expect(np.spec.externalTrafficPolicy).toBe('Cluster');
  });
  it.each<[string, KubeObject, string[]]>([
    ['ok', svc({ ports: [{ port: 80 }] }), []],
    ['dns-1035 name', svc({ ports: [{ port: 80 }] }, '1-web'), [`metadata.name: Invalid value: "1-web": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`]],
    ['no ports', svc({ selector: { app: 'x' } }), ['spec.ports: Required value']],
    ['headless without ports', svc({ clusterIP: 'None' }), []],
    ['port range', svc({ ports: [{ port: 65536 }] }), ['spec.ports[0].port: Invalid value: 65536: must be between 1 and 65535, inclusive', 'spec.ports[0].targetPort: Invalid value: 65536: must be between 1 and 65535, inclusive']],
    ['type', svc({ type: 'Loadbalancer', ports: [{ port: 80 }] }), ['spec.type: Unsupported value: "Loadbalancer": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"']],
    ['unnamed ports', svc({ ports: [{ port: 80 }, { port: 81 }] }), ['spec.ports[0].name: Required value', 'spec.ports[1].name: Required value']],
  ])('%s', (_, o, want) => expect(run(o)).toEqual(want));
});

describe('ConfigMap and Secret', () => {
  it.each<[string, BuiltinObject, string[]]>([
    ['bad key', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'd' }, data: { 'bad key': 'x' } }, [`data[bad key]: Invalid value: "bad key": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`]],
    ['dot-dot key', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'd' }, data: { '..x': 'x' } }, [`data[..x]: Invalid value: "..x": must not start with '..'`]],
    ['tls secret', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'd' }, type: 'kubernetes.io/tls', data: {} }, ['data[tls.crt]: Required value', 'data[tls.key]: Required value']],
  ])('%s', (_, o, want) => expect(run(o)).toEqual(want));
  it('Secret defaults type Opaque and folds stringData', () => {
    const o: Secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, stringData: { a: 'hi' } };
    strategyFor('Secret').defaults(o);
    expect(o).toEqual({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { a: 'aGk=' }, type: 'Opaque' });
  });
  it('immutable ConfigMap data cannot change', () => {
    const old: ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'd' }, immutable: true, data: { a: '1' } };
    const next = { ...old, data: { a: '2' } };
    expect(strategyFor('ConfigMap').validateUpdate(next, old)).toEqual([{ field: 'data', message: 'Forbidden: field is immutable when `immutable` is set' }]);
  });
});

describe('Namespace, PVC, PV, generic', () => {
  it('Namespace defaults and name rule', () => {
    const o: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dev' } };
    expect(run(o)).toEqual([]);
    expect(o).toMatchObject({ metadata: { labels: { 'kubernetes.io/metadata.name': 'dev' } }, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } });
    expect(run({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'Dev' } })[0]).toBe(`metadata.name: Invalid value: "Dev": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`);
    // A valid subdomain that is not a label fails on its dots alone (apimachinery since 1.27).
    expect(run({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dev.team' } })).toEqual(['metadata.name: Invalid value: "dev.team": must not contain dots']);
  });
  it('PVC needs storage; defaults volumeMode', () => {
    const o: KubeObject = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'c', namespace: 'd' }, spec: { accessModes: ['ReadWriteOnce'] } };
    expect(run(o)).toEqual(['spec.resources[storage]: Required value']);
    expect(o.spec.volumeMode).toBe('Filesystem');
    expect(o.status).toEqual({ phase: 'Pending' });
  });
  it('PV defaults reclaim policy Retain', () => {
    const o: KubeObject = { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv' }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/d' } } };
    expect(run(o)).toEqual([]);
    expect(o.spec).toMatchObject({ persistentVolumeReclaimPolicy: 'Retain', volumeMode: 'Filesystem' });
  });
  it('generic strategy checks metadata only and drops a cluster-scoped namespace', () => {
    const o: StorageClass = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'fast', namespace: 'x' }, provisioner: 'p' };
    expect(run(o)).toEqual([]);
    expect(o.metadata.namespace).toBeUndefined();
    expect(run({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'Bad', namespace: 'd' } })).toHaveLength(1);
  });
  it('RBAC binding roleRef kind', () => {
    const o: ClusterRoleBinding = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'b' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'r' }, subjects: [{ kind: 'ServiceAccount', name: 'sa' }] };
    expect(run(o)).toEqual(['roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"', 'subjects[0].namespace: Required value']);
  });
});
