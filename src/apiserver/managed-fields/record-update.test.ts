import { describe, expect, it } from 'vitest';
import type { KubeObject, ManagedFieldsEntry } from '../../api/meta';
import { FieldSet } from './field-set';
import { fieldsWith, fieldsWithout } from './fields-v1';
import { ANCIENT_CHANGES, capUpdateManagers, recordUpdate } from './managed-fields';
import { upgradeClientSideApply } from './csa-upgrade';

const DEPLOYMENT = 'apps/v1.Deployment';
const T0 = '2026-01-01T00:00:00Z';
const T1 = '2026-01-01T00:01:00Z';

function deployment(): KubeObject {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', uid: 'u', creationTimestamp: T0, labels: { app: 'web' } },
    spec: {
      replicas: 1, selector: { matchLabels: { app: 'web' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } },
      template: { metadata: { creationTimestamp: null, labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx' }] } },
    },
  } as KubeObject;
}

const update = (manager: string, now = T1, scope: 'main' | 'status' = 'main') => ({ manager, apiVersion: 'apps/v1', scope, now, struct: DEPLOYMENT });

describe('recordUpdate', () => {
  it('records a create: structs of the empty object carry no ".", added maps and keyed items do', () => {
    const entries = recordUpdate(undefined, deployment(), update('kubectl-create', T0))!;
    expect(entries).toEqual([{
      apiVersion: 'apps/v1', fieldsType: 'FieldsV1', manager: 'kubectl-create', operation: 'Update', time: T0,
      fieldsV1: {
        'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
        'f:spec': {
          'f:replicas': {}, 'f:selector': {},
          'f:strategy': { 'f:rollingUpdate': { '.': {}, 'f:maxSurge': {}, 'f:maxUnavailable': {} }, 'f:type': {} },
          'f:template': {
            'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
            'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': { '.': {}, 'f:image': {}, 'f:name': {} } } },
          },
        },
      },
    }]);
  });

  it('gives changed fields to the writer and takes them from every other manager, Apply ones too', () => {
    const created = deployment();
    created.metadata.managedFields = [
      { apiVersion: 'apps/v1', fieldsType: 'FieldsV1', manager: 'kubectl', operation: 'Apply', time: T0, fieldsV1: { 'f:spec': { 'f:replicas': {} } } },
      ...recordUpdate(undefined, created, update('kubectl-create', T0))!.map((e) => ({ ...e })),
    ];
    const next = structuredClone(created);
    next.spec.replicas = 3;
    next.metadata.labels = { app: 'web', tier: 'fe' };
    const entries = recordUpdate(created, next, update('kubectl-edit'))!;
    expect(entries.map((e) => e.manager)).toEqual(['kubectl-create', 'kubectl-edit']);
    expect(entries[1]!.fieldsV1).toEqual({ 'f:metadata': { 'f:labels': { 'f:tier': {} } }, 'f:spec': { 'f:replicas': {} } });
    expect((entries[0]!.fieldsV1 as Record<string, Record<string, unknown>>)['f:spec']!['f:replicas']).toBeUndefined();
  });

  it('keeps the entries as they are when nothing changed, and removed fields leave every set', () => {
    const obj = deployment();
    obj.metadata.managedFields = recordUpdate(undefined, obj, update('kubectl-create', T0));
    const same = structuredClone(obj);
    delete same.metadata.managedFields;
    expect(recordUpdate(obj, same, update('kubectl-edit'))).toBe(obj.metadata.managedFields);
    const next = structuredClone(obj);
    delete next.metadata.labels;
    const entries = recordUpdate(obj, next, update('kubectl-edit'))!;
    expect(entries.map((e) => [e.manager, e.time])).toEqual([['kubectl-create', T0]]);
    expect((entries[0]!.fieldsV1 as Record<string, unknown>)['f:metadata']).toBeUndefined();
  });

  it('records a status write under its subresource; a write that sends managedFields starts from them', () => {
    const obj = deployment();
    const next = { ...structuredClone(obj), status: { replicas: 1 } };
    expect(recordUpdate(obj, next, update('kube-controller-manager', T1, 'status'))).toEqual([{
      apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:status': { 'f:replicas': {} } },
      manager: 'kube-controller-manager', operation: 'Update', subresource: 'status', time: T1,
    }]);
    const sent: ManagedFieldsEntry[] = [{ apiVersion: 'apps/v1', fieldsType: 'FieldsV1', manager: 'x', operation: 'Apply', time: T0, fieldsV1: { 'f:spec': { 'f:replicas': {} } } }];
    const rewritten = { ...structuredClone(obj), metadata: { ...obj.metadata, managedFields: sent } };
    expect(recordUpdate(obj, rewritten, update('kubectl'))).toBe(sent);
  });
});

describe('capUpdateManagers', () => {
  const entry = (manager: string, minute: number, field: string): ManagedFieldsEntry => ({
    apiVersion: 'v1', fieldsType: 'FieldsV1', manager, operation: 'Update',
    time: `2026-01-01T00:${String(minute).padStart(2, '0')}:00Z`, fieldsV1: { 'f:data': { [`f:${field}`]: {} } },
  });

  it('merges the oldest Update entries past ten into ancient-changes, with the latest merged time', () => {
    const entries = Array.from({ length: 12 }, (_, i) => entry(`m${String(i).padStart(2, '0')}`, i, `k${i}`));
    const apply: ManagedFieldsEntry = { apiVersion: 'v1', fieldsType: 'FieldsV1', manager: 'a', operation: 'Apply', time: T0, fieldsV1: { 'f:data': { 'f:z': {} } } };
    const capped = capUpdateManagers([apply, ...entries]);
    expect(capped.map((e) => e.manager)).toEqual(['a', ANCIENT_CHANGES, 'm03', 'm04', 'm05', 'm06', 'm07', 'm08', 'm09', 'm10', 'm11']);
    expect(capped[1]).toEqual({ ...entry(ANCIENT_CHANGES, 2, ''), fieldsV1: { 'f:data': { 'f:k0': {}, 'f:k1': {}, 'f:k2': {} } } });
    expect(capUpdateManagers(entries.slice(0, 10))).toEqual(entries.slice(0, 10));
  });
});

describe('fieldsV1 edits', () => {
  const set = (...paths: string[][]) => { const s = new FieldSet(); for (const p of paths) s.insert(p); return s; };

  it('removes members, turning an owned node left without children into a leaf, and keeps untouched trees', () => {
    const tree = { 'f:metadata': { 'f:labels': { '.': {}, 'f:a': {} } }, 'f:spec': { 'f:x': {} } };
    expect(fieldsWithout(tree, set(['f:metadata', 'f:labels', 'f:a']))).toEqual({ 'f:metadata': { 'f:labels': {} }, 'f:spec': { 'f:x': {} } });
    expect(fieldsWithout(tree, set(['f:spec', 'f:x']))).toEqual({ 'f:metadata': { 'f:labels': { '.': {}, 'f:a': {} } } });
    expect(fieldsWithout(tree, set(['f:status']))).toBe(tree);
    expect(fieldsWithout({ 'f:spec': { 'f:x': {} } }, set(['f:spec', 'f:x']))).toBeUndefined();
  });

  it('adds members in Go key order, marking an owned leaf that gains children with "."', () => {
    expect(fieldsWith({ 'f:spec': { 'f:b': {} } }, set(['f:spec', 'f:a'], ['f:spec', 'f:b', 'f:c']))).toEqual({ 'f:spec': { 'f:a': {}, 'f:b': { '.': {}, 'f:c': {} } } });
    expect(Object.keys(fieldsWith({ 'f:spec': { 'f:b': {} } }, set(['f:spec', 'f:a']))['f:spec'] as object)).toEqual(['f:a', 'f:b']);
  });
});

describe('upgradeClientSideApply', () => {
  const LAST = 'f:kubectl.kubernetes.io/last-applied-configuration';
  const csa: ManagedFieldsEntry = {
    apiVersion: 'apps/v1', fieldsType: 'FieldsV1', manager: 'kubectl-client-side-apply', operation: 'Update', time: T0,
    fieldsV1: { 'f:metadata': { 'f:annotations': { '.': {}, [LAST]: {} } }, 'f:spec': { 'f:replicas': {}, 'f:paused': {} } },
  };
  const ssa: ManagedFieldsEntry = { apiVersion: 'apps/v1', fieldsType: 'FieldsV1', manager: 'kubectl', operation: 'Apply', time: T1, fieldsV1: { 'f:spec': { 'f:replicas': {} } } };
  const other: ManagedFieldsEntry = { apiVersion: 'apps/v1', fieldsType: 'FieldsV1', manager: 'kube-controller-manager', operation: 'Update', subresource: 'status', time: T1, fieldsV1: { 'f:status': { 'f:replicas': {} } } };

  it('moves the client-side applier\'s fields, less the annotation, into the Apply entry and drops its entry', () => {
    expect(upgradeClientSideApply([ssa, csa, other], 'kubectl')).toEqual([
      { ...ssa, fieldsV1: { 'f:metadata': { 'f:annotations': {} }, 'f:spec': { 'f:paused': {}, 'f:replicas': {} } } },
      other,
    ]);
  });

  it('turns the client-side entry into the Apply entry when there is none, and does nothing once migrated', () => {
    const upgraded = upgradeClientSideApply([csa, other], 'kubectl')!;
    expect(upgraded[0]).toEqual({ ...csa, manager: 'kubectl', operation: 'Apply', fieldsV1: { 'f:metadata': { 'f:annotations': {} }, 'f:spec': { 'f:paused': {}, 'f:replicas': {} } } });
    expect(upgradeClientSideApply(upgraded, 'kubectl')).toBeUndefined();
    expect(upgradeClientSideApply([ssa, other], 'kubectl')).toBeUndefined();
  });
});
