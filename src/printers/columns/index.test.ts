import { describe, expect, it } from 'vitest';
import type { BuiltinObject, KubeObject } from '../../api/meta';
import { BUILTIN_RESOURCES, type ResourceInfo } from '../../api/registry';
import { renderGetTable, type GetTableOptions } from '../get-table';
import { createdAtTable, nameAgeTable, ZERO_TIME } from './default-table';
import { CREATED_AT_KINDS, TABLE_LOADERS, tableDefFor } from './index';
import { ago, T0 } from './testdata/fixtures';
import { REFERENCE } from './testdata/reference';

function info(kind: string): ResourceInfo {
  return BUILTIN_RESOURCES.find((r) => r.kind === kind && r.group !== 'events.k8s.io')!;
}
const opts = (o: Partial<GetTableOptions> = {}): GetTableOptions => ({
  now: T0, wide: false, allNamespaces: false, withKindPrefix: false, showLabels: false, labelColumns: [], noHeaders: false, ...o,
});
const meta = (name: string, age: string, extra: object = {}) => ({ name, namespace: 'default', creationTimestamp: ago(age), ...extra });

describe('tableDefFor', () => {
  for (const [kind, load] of Object.entries(TABLE_LOADERS)) {
    it(`${kind}: one cell per column, even for an empty object`, () => {
      const def = load();
      expect(tableDefFor(kind)).toBe(def);
      const empty: KubeObject = { apiVersion: 'v1', kind, metadata: {} };
      expect(def.cells(empty, { now: T0 }).length).toBe(def.columns.length);
      expect(def.cells(empty, { now: T0, wide: true }).length).toBe(def.columns.length);
    });
  }
  it('every built-in kind has a printer or the CREATED AT default', () => {
    const missing = BUILTIN_RESOURCES.map((r) => r.kind).filter((k) => !Object.hasOwn(TABLE_LOADERS, k) && !CREATED_AT_KINDS.has(k));
    expect(missing).toEqual([]);
  });
  it('built-in kinds without a printer get NAME, CREATED AT', () => expect(tableDefFor('Role')).toBe(createdAtTable));
  it('unknown kinds (custom resources) get NAME, AGE', () => expect(tableDefFor('Widget')).toBe(nameAgeTable));
  it('a kind named like an Object.prototype member is still unknown', () => expect(tableDefFor('constructor')).toBe(nameAgeTable));
  it('CREATED AT prints the RFC 3339 timestamp without fractions', () =>
    expect(createdAtTable.cells({ apiVersion: 'v1', kind: 'Role', metadata: { name: 'r', creationTimestamp: '2025-01-10T08:15:30.123Z' } }, { now: T0 }))
      .toEqual(['r', '2025-01-10T08:15:30Z']));
  it('CREATED AT of an unset timestamp is the Go zero time', () =>
    expect(createdAtTable.cells({ apiVersion: 'v1', kind: 'Role', metadata: { name: 'r' } }, { now: T0 })[1]).toBe(ZERO_TIME));
});

// Objects reproducing the smaller captures of kubectl-get-columns.md §4.
const goldens: Array<{ cmd: string; kind: string; objects: BuiltinObject[]; wide?: boolean }> = [
  { cmd: 'kubectl get ns', kind: 'Namespace', objects: ['default', 'kube-node-lease', 'kube-public', 'kube-system', 'local-path-storage']
    .map((n): BuiltinObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: n, creationTimestamp: ago('8d') }, status: { phase: 'Active' } })) },
  { cmd: 'kubectl get cm', kind: 'ConfigMap', objects: [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('api-config', '121m'), data: { a: '1' }, binaryData: { b: 'AA==' } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('kube-root-ca.crt', '8d'), data: { 'ca.crt': 'x' } }] },
  { cmd: 'kubectl get secrets', kind: 'Secret', objects: [
    { apiVersion: 'v1', kind: 'Secret', metadata: meta('db', '121m'), type: 'Opaque', data: { password: 'cA==' } },
    { apiVersion: 'v1', kind: 'Secret', metadata: meta('web-tls', '60m'), type: 'kubernetes.io/tls', data: { 'tls.crt': '', 'tls.key': '' } }] },
  { cmd: 'kubectl get sa', kind: 'ServiceAccount', objects: [{ apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta('default', '8d') }] },
  { cmd: 'kubectl get ep', kind: 'Endpoints', objects: [
    { apiVersion: 'v1', kind: 'Endpoints', metadata: meta('kubernetes', '8d'),
      subsets: [{ addresses: [{ ip: '172.18.0.2' }], ports: [{ name: 'https', port: 6443 }] }] },
    { apiVersion: 'v1', kind: 'Endpoints', metadata: meta('web', '3h'),
      subsets: [{ addresses: [{ ip: '10.244.1.5' }, { ip: '10.244.1.6' }], notReadyAddresses: [{ ip: '10.244.1.7' }], ports: [{ port: 80 }] }] }] },
  { cmd: 'kubectl get ing', kind: 'Ingress', objects: [{ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: meta('web', '60m'),
    spec: { ingressClassName: 'nginx', rules: [{ host: 'example.com' }], tls: [{ hosts: ['example.com'] }] },
    status: { loadBalancer: { ingress: [{ ip: '172.18.0.240' }] } } }] },
  { cmd: 'kubectl get pvc -o wide', kind: 'PersistentVolumeClaim', wide: true, objects: [
    { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: meta('data-db-0', '119m'),
      spec: { volumeName: 'pvc-3f9a1c2e-7b4d-4e5f-8a6b-9c0d1e2f3a4b', storageClassName: 'standard', volumeMode: 'Filesystem',
        accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
      status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' } } },
    { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: meta('scratch', '34s'),
      spec: { storageClassName: 'standard', volumeMode: 'Filesystem', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '5Gi' } } },
      status: { phase: 'Pending' } }] },
  { cmd: 'kubectl get pv', kind: 'PersistentVolume', objects: [{ apiVersion: 'v1', kind: 'PersistentVolume',
    metadata: { name: 'pvc-3f9a1c2e-7b4d-4e5f-8a6b-9c0d1e2f3a4b', creationTimestamp: ago('118m') },
    spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], persistentVolumeReclaimPolicy: 'Delete',
      claimRef: { namespace: 'default', name: 'data-db-0' }, storageClassName: 'standard', volumeMode: 'Filesystem' },
    status: { phase: 'Bound' } }] },
  { cmd: 'kubectl get sc', kind: 'StorageClass', objects: [{ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass',
    metadata: { name: 'standard', creationTimestamp: ago('8d'), annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
    provisioner: 'rancher.io/local-path', reclaimPolicy: 'Delete', volumeBindingMode: 'WaitForFirstConsumer' }] },
  { cmd: 'kubectl get pdb', kind: 'PodDisruptionBudget', objects: [{ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget',
    metadata: meta('web-pdb', '50m'), spec: { minAvailable: 2, selector: { matchLabels: { app: 'web' } } },
    status: { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 } }] },
];

describe('simple kinds reproduce the captures', () => {
  for (const tc of goldens) {
    it(tc.cmd, () => {
      expect(REFERENCE[tc.cmd]).toBeTypeOf('string');
      expect(renderGetTable([{ info: info(tc.kind), objects: tc.objects }], opts({ wide: !!tc.wide }))).toBe(REFERENCE[tc.cmd]);
    });
  }
});
