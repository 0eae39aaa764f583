import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import type { ConfigMap } from '../api/types/kinds';
import { CHECKS, checkInvariants, formatViolation } from './index';

import { OWNER_EXISTS } from './owners';
import { REPLICASET_STATUS } from './replicaset-status';
import { DEPLOYMENT_STATUS } from './deployment-status';
import { NODE_CAPACITY } from './node-capacity';
import { POD_NODE_EXISTS } from './pod-node';
import { OBJECT_SIZE } from './object-size';
import { NAMESPACE_EXISTS } from './namespace-exists';
import { RESOURCE_VERSIONS } from './resource-versions';
import { FIELD_TYPES, fieldTypes } from './field-types';
import { newTestCluster } from '../../test/helpers/test-cluster';

let rv = 0;
const obj = (kind: string, name: string, extra: Partial<KubeObject> & Record<string, unknown> & { ns?: string; uid?: string; owner?: KubeObject } = {}): KubeObject => {
  const { ns, uid, owner, ...rest } = extra;
  return {
    apiVersion: 'v1', kind, ...rest,
    metadata: {
      name, uid: uid ?? `${kind}-${name}`, resourceVersion: String(++rv), ...(ns ? { namespace: ns } : {}),
      ...(owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: owner.kind, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true }] } : {}),
      ...(rest.metadata ?? {}),
    },
  };
};
const ready = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
const node = (name: string, pods = '110', cpu = '2') => obj('Node', name, { status: { allocatable: { cpu, memory: '4Gi', pods } } });
const pod = (name: string, extra: Parameters<typeof obj>[2] = {}) => obj('Pod', name, { ns: 'default', spec: { nodeName: 'n1', containers: [{ name: 'c', resources: { requests: { cpu: '500m' } } }] }, status: ready, ...extra });

/** healthy builds a small consistent cluster: a Deployment → ReplicaSet → 2 ready pods on n1. */
function healthy(): KubeObject[] {
  const d = obj('Deployment', 'web', { ns: 'default', status: { replicas: 2, readyReplicas: 2, availableReplicas: 2 } });
  const rs = obj('ReplicaSet', 'web-1', { ns: 'default', owner: d, status: { replicas: 2, readyReplicas: 2, availableReplicas: 2 } });
  return [obj('Namespace', 'default'), node('n1'), d, rs, pod('a', { owner: rs }), pod('b', { owner: rs })];
}

const checksOf = (objects: KubeObject[], revision?: number) => checkInvariants({ objects, revision }).violations.map((v) => v.check);

describe('invariants', () => {
  it('a consistent cluster has no violations', () => {
    const r = checkInvariants({ objects: healthy() });
    expect(r.violations).toEqual([]);
    expect(r.checks).toBe(CHECKS.length);
    expect(r.objects).toBe(6);
  });

  const cases: { name: string; mutate: (o: KubeObject[]) => KubeObject[]; want: string[] }[] = [
    { name: 'pod whose ReplicaSet is gone', mutate: (o) => o.filter((x) => x.kind !== 'ReplicaSet'), want: [OWNER_EXISTS, OWNER_EXISTS, DEPLOYMENT_STATUS, DEPLOYMENT_STATUS, DEPLOYMENT_STATUS] },
    { name: 'orphan being deleted is fine', mutate: (o) => o.filter((x) => x.kind !== 'ReplicaSet' && x.kind !== 'Deployment').map((x) => x.kind === 'Pod' ? { ...x, metadata: { ...x.metadata, deletionTimestamp: '2026-01-01T00:00:00Z' } } : x), want: [] },
    { name: 'ReplicaSet over-counts', mutate: (o) => o.filter((x) => x.metadata.name !== 'b'), want: [REPLICASET_STATUS, REPLICASET_STATUS] },
    { name: 'ReplicationController under-counts', mutate: (o) => { const rc = obj('ReplicationController', 'legacy', { ns: 'default', status: { replicas: 0 } }); return [...o, rc, pod('c', { owner: rc })]; }, want: [REPLICASET_STATUS, REPLICASET_STATUS] },
    { name: 'Deployment totals differ from its ReplicaSets', mutate: (o) => o.map((x) => x.kind === 'Deployment' ? { ...x, status: { replicas: 3, readyReplicas: 2, availableReplicas: 2 } } : x), want: [DEPLOYMENT_STATUS] },
    { name: 'node over its cpu', mutate: (o) => o.map((x) => x.kind === 'Node' ? node('n1', '110', '800m') : x), want: [NODE_CAPACITY] },
    { name: 'node over its pod limit', mutate: (o) => o.map((x) => x.kind === 'Node' ? node('n1', '1') : x), want: [NODE_CAPACITY] },
    { name: 'finished pods do not count against the node', mutate: (o) => [...o.map((x) => x.kind === 'Node' ? node('n1', '2') : x), pod('done', { status: { phase: 'Succeeded' } })], want: [] },
    { name: 'pod bound to a missing node', mutate: (o) => [...o, pod('lost', { spec: { nodeName: 'gone', containers: [] } })], want: [POD_NODE_EXISTS] },
    { name: 'object over 1.5 MiB', mutate: (o) => [...o, obj('ConfigMap', 'huge', { ns: 'default', data: { k: 'x'.repeat(1.6 * 1024 * 1024) } })], want: [OBJECT_SIZE] },
    { name: 'object left in a deleted namespace', mutate: (o) => [...o, obj('ConfigMap', 'left', { ns: 'gone' })], want: [NAMESPACE_EXISTS] },
    { name: 'wrongly typed field', mutate: (o) => [...o, { ...obj('ConfigMap', 'typed', { ns: 'default' }), data: { a: 1 } }], want: [FIELD_TYPES] },
    { name: 'duplicate resourceVersion', mutate: (o) => [...o, { ...obj('ConfigMap', 'dup', { ns: 'default' }), metadata: { name: 'dup', namespace: 'default', uid: 'u-dup', resourceVersion: o[0]!.metadata.resourceVersion } }], want: [RESOURCE_VERSIONS] },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      expect(checksOf(tc.mutate(healthy())).sort()).toEqual([...tc.want].sort());
    });
  }

  it('a resourceVersion ahead of the store revision is reported', () => {
    expect(checksOf(healthy(), 1)).toContain(RESOURCE_VERSIONS);
  });

  it('formats one line per violation', () => {
    const v = checkInvariants({ objects: [obj('ConfigMap', 'left', { ns: 'gone' })] }).violations[0]!;
    expect(formatViolation(v)).toBe('namespace-exists: ConfigMap gone/left: namespace "gone" does not exist');
  });

  it('reports each wrongly typed field of an object written past the API, by name and Go type', () => {
    const cluster = newTestCluster({}, { warmup: false });
    const objects = () => cluster.store.list({ kind: 'Deployment' }).concat(cluster.store.list({ kind: 'ConfigMap' }));
    cluster.store.transaction(() => {
      cluster.store.create({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', uid: 'u-web' },
        spec: { replicas: 'x', paused: 'yes', selector: { matchLabels: { app: 'web' } }, template: { spec: { containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: '80' }] }] } } } });
      cluster.store.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ok', namespace: 'default', uid: 'u-ok' }, data: { a: 'b' } } as ConfigMap);
    });
    const found = checkInvariants({ objects: objects() }, [fieldTypes]).violations.map(formatViolation);
    expect(found).toEqual([
      'field-types: Deployment default/web: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.paused of type bool',
      'field-types: Deployment default/web: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
      'field-types: Deployment default/web: json: cannot unmarshal string into Go struct field ContainerPort.spec.template.spec.containers.ports.containerPort of type int32',
    ]);
  });
});
