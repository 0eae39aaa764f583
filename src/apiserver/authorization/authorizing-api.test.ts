import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { authorizingApi } from './authorizing-api';
import { impersonatedUser } from './user-info';

describe('authorizingApi', () => {
  it('keeps an owner\'s objects, and their versions, to the namespaces the user may list them in', () => {
    const cluster = newTestCluster({}, { warmup: false });
    const node = cluster.api.get({ kind: 'Node', name: 'worker01' });
    const owned = (namespace: string): KubeObject => ({
      apiVersion: 'v1', kind: 'Pod', metadata: {
        name: `owned-${namespace}`, namespace,
        ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: 'worker01', uid: node.metadata.uid!, controller: true }],
      },
      // No scheduler serves it: it stays where it is put.
      spec: { schedulerName: 'nobody', containers: [{ name: 'c', image: 'nginx' }] },
    });
    cluster.write(() => {
      for (const ns of ['dev', 'prod']) cluster.api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }, { fieldManager: 't' });
      cluster.api.create({
        apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'pod-reader', namespace: 'dev' },
        rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['list'] }],
      }, { fieldManager: 't' });
      cluster.api.create({
        apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'jane-read', namespace: 'dev' },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' },
        subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'jane' }],
      }, { fieldManager: 't' });
      for (const ns of ['dev', 'prod']) cluster.api.create(owned(ns), { fieldManager: 't' });
    });
    const uid = node.metadata.uid!;
    const names = (objs: { namespace?: string; name?: string }[]) => objs.map((o) => `${o.namespace}/${o.name}`);
    expect(names(cluster.api.controlledVersions('Pod', uid))).toEqual(['dev/owned-dev', 'prod/owned-prod']);
    const jane = authorizingApi(cluster.api, impersonatedUser('jane', []));
    expect(names(jane.listControlledBy('Pod', uid).map((p) => p.metadata))).toEqual(['dev/owned-dev']);
    const versions = jane.controlledVersions('Pod', uid);
    expect(names(versions)).toEqual(['dev/owned-dev']);
    expect(versions[0]!.resourceVersion).toBe(cluster.api.get({ kind: 'Pod', namespace: 'dev', name: 'owned-dev' }).metadata.resourceVersion);
    // A kind's versions, likewise: only the namespaces jane may list pods in.
    expect(names(jane.versions('Pod'))).toEqual(['dev/owned-dev']);
    expect(names(cluster.api.versions('Pod')).filter((n) => !n.startsWith('kube-system/'))).toEqual(['dev/owned-dev', 'prod/owned-prod']);
    cluster.close();
  });
});
