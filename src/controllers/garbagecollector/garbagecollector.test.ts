import { describe, expect, it } from 'vitest';
import type { Cluster } from '../../cluster/cluster';
import type { PropagationPolicy } from '../../apiserver/client';
import { newTestCluster } from '../../../test/helpers/test-cluster';

function deployment(cluster: Cluster): void {
  cluster.write(() => cluster.api.create({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
    spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  }, { fieldManager: 'test' }));
  cluster.advance(30_000);
}

function counts(cluster: Cluster): [number, number, number] {
  const n = (kind: string) => cluster.api.list({ kind, namespace: 'default' }).length;
  return [n('Deployment'), n('ReplicaSet'), n('Pod')];
}

describe('garbage collector', () => {
  const cases: { policy: PropagationPolicy; after: [number, number, number] }[] = [
    { policy: 'Background', after: [0, 0, 0] },
    { policy: 'Foreground', after: [0, 0, 0] },
    { policy: 'Orphan', after: [0, 1, 2] },
  ];
  for (const tc of cases) {
    it(`${tc.policy} deletion of a Deployment`, () => {
      const cluster = newTestCluster();
      deployment(cluster);
      expect(counts(cluster)).toEqual([1, 1, 2]);
      cluster.write(() => cluster.api.delete({ kind: 'Deployment', namespace: 'default', name: 'web' }, { fieldManager: 'test', propagationPolicy: tc.policy }));
      cluster.advance(60_000);
      expect(counts(cluster)).toEqual(tc.after);
      if (tc.policy === 'Orphan') {
        expect(cluster.api.list({ kind: 'ReplicaSet', namespace: 'default' })[0]!.metadata.ownerReferences).toBeUndefined();
      }
    });
  }

  it('checks a dependent again when its controller reference changes, not only when it appears', () => {
    const cluster = newTestCluster();
    deployment(cluster);
    // The pods were checked (owner present) at each step of their start-up; now one is pointed
    // at a ReplicaSet that does not exist: the change of reference alone must get it collected.
    const pod = cluster.api.list({ kind: 'Pod', namespace: 'default' })[0]!;
    const ref = pod.metadata.ownerReferences![0]!;
    cluster.write(() => cluster.api.update({
      ...pod, metadata: { ...pod.metadata, ownerReferences: [{ ...ref, name: 'gone', uid: '00000000-0000-0000-0000-000000000001' }] },
    }, { fieldManager: 'test' }));
    cluster.advance(60_000);
    const after = cluster.api.tryGet({ kind: 'Pod', namespace: 'default', name: pod.metadata.name! });
    expect(after === undefined || !!after.metadata.deletionTimestamp).toBe(true);
  });
});
