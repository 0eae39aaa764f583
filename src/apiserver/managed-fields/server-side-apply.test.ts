import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { ApiError } from '../errors';
import { newTestCluster } from '../../../test/helpers/test-cluster';

function web(spec: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } },
    spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] } }, ...spec },
  } as KubeObject;
}

const ref = { kind: 'Deployment', namespace: 'default', name: 'web' };

describe('server-side apply', () => {
  it('creates the object and records the applier as the owner of what it applied (defaults are nobody\'s)', () => {
    const cluster = newTestCluster();
    const { created, object } = cluster.write(() => cluster.api.serverSideApply(web(), { fieldManager: 'kubectl' }));
    expect(created).toBe(true);
    expect(object.spec.template.spec.containers[0].imagePullPolicy).toBe('IfNotPresent');
    const [entry, ...rest] = object.metadata.managedFields!;
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ apiVersion: 'apps/v1', fieldsType: 'FieldsV1', manager: 'kubectl', operation: 'Apply' });
    expect(entry!.fieldsV1).toEqual({
      'f:metadata': { 'f:labels': { 'f:app': {} } },
      'f:spec': {
        'f:replicas': {}, 'f:selector': {},
        'f:template': {
          'f:metadata': { 'f:labels': { 'f:app': {} } },
          'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': {
            '.': {}, 'f:image': {}, 'f:name': {},
            'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } },
          } } },
        },
      },
    });
  });

  it('removes a field the applier dropped, and re-applying the same configuration changes nothing', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.serverSideApply(web({ minReadySeconds: 5 }), { fieldManager: 'kubectl' }));
    cluster.write(() => cluster.api.serverSideApply(web(), { fieldManager: 'kubectl' }));
    const live = cluster.read(() => cluster.api.get(ref));
    expect(live.spec.minReadySeconds).toBeUndefined();
    const rv = live.metadata.resourceVersion;
    const again = cluster.write(() => cluster.api.serverSideApply(web(), { fieldManager: 'kubectl' })).object;
    expect(again.metadata.resourceVersion).toBe(rv);
  });

  it('keeps a dropped field another manager owns too', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.serverSideApply(web({ minReadySeconds: 5 }), { fieldManager: 'a' }));
    cluster.write(() => cluster.api.serverSideApply({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { minReadySeconds: 5 } } as KubeObject, { fieldManager: 'b' }));
    cluster.write(() => cluster.api.serverSideApply(web(), { fieldManager: 'a' }));
    expect(cluster.read(() => cluster.api.get(ref)).spec.minReadySeconds).toBe(5);
  });

  it('refuses to change a field another manager changed since (kubectl scale), and --force-conflicts takes it', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.serverSideApply(web(), { fieldManager: 'kubectl' }));
    cluster.write(() => {
      const d = cluster.api.get(ref);
      d.spec.replicas = 5;
      cluster.api.update(d, { fieldManager: 'kubectl-scale', subresource: 'scale' });
    });
    let err: unknown;
    try { cluster.write(() => cluster.api.serverSideApply(web({ replicas: 3 }), { fieldManager: 'kubectl' })); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(409);
    expect((err as ApiError).message).toBe('Apply failed with 1 conflict: conflict with "kubectl-scale" with subresource "scale" using apps/v1: .spec.replicas');
    const forced = cluster.write(() => cluster.api.serverSideApply(web({ replicas: 3 }), { fieldManager: 'kubectl', force: true })).object;
    expect(forced.spec.replicas).toBe(3);
    expect(forced.metadata.managedFields!.filter((e) => e.manager !== 'kube-controller-manager').map((e) => e.manager)).toEqual(['kubectl']);
  });

  it('lets two appliers co-own a field with the same value, and lists several conflicts by manager', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.serverSideApply(web(), { fieldManager: 'a' }));
    const same = cluster.write(() => cluster.api.serverSideApply(web(), { fieldManager: 'b' })).object;
    // b changed nothing, so its entry has no time yet and sorts first (kube-apiserver's managedFieldsUpdater).
    expect(same.metadata.managedFields!.find((e) => e.manager === 'b')!.time).toBeUndefined();
    expect(same.metadata.managedFields!.filter((e) => e.operation === 'Apply').map((e) => e.manager)).toEqual(['b', 'a']);
    const changed = web({ replicas: 4 });
    changed.spec.template.spec.containers[0].image = 'nginx:1.28';
    let err: unknown;
    try { cluster.write(() => cluster.api.serverSideApply(changed, { fieldManager: 'c' })); } catch (e) { err = e; }
    expect((err as ApiError).message).toBe([
      'Apply failed with 4 conflicts: conflicts with "a":',
      '- .spec.replicas',
      '- .spec.template.spec.containers[name="nginx"].image',
      'conflicts with "b":',
      '- .spec.replicas',
      '- .spec.template.spec.containers[name="nginx"].image',
    ].join('\n'));
  });

  it('records later writes as Update entries: a controller\'s status under kube-controller-manager', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.serverSideApply(web(), { fieldManager: 'kubectl' }));
    const live = cluster.read(() => cluster.api.get(ref));
    const status = live.metadata.managedFields!.find((e) => e.subresource === 'status');
    expect(status).toMatchObject({ manager: 'kube-controller-manager', operation: 'Update' });
    expect(Object.keys(status!.fieldsV1 as object)).toEqual(['f:status']);
  });
});
