import { describe, expect, it, vi } from 'vitest';
import type { Cluster } from '../../cluster/cluster';
import type { PropagationPolicy } from '../../apiserver/client';
import type { KubeObject } from '../../api/meta';
import { Simulation } from '../../sim/runtime';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { garbageCollectors } from './index';

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

  it('reads no new dependent whose owner is there, and collects one whose owner is not', () => {
    const cluster = newTestCluster({}, { warmup: false });
    // The garbage collector alone, as one process runs it over the pods a ReplicaSet created.
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => garbageCollectors });
    const pod = (name: string, owner: { name: string; uid: string }): KubeObject => ({
      apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', controller: true, ...owner }] },
      spec: { containers: [{ name: 'c', image: 'nginx' }] },
    });
    const reads = vi.spyOn(cluster.store, 'get');
    cluster.store.transaction(() => {
      sim.settle();
      const rs = cluster.api.create<KubeObject>({
        apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'rs', namespace: 'default' },
        spec: { replicas: 0, selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
      }, { fieldManager: 'test' });
      for (let i = 0; i < 5; i++) cluster.api.create(pod(`owned-${i}`, { name: 'rs', uid: rs.metadata.uid! }), { fieldManager: 'test' });
      cluster.api.create(pod('dangling', { name: 'gone', uid: '00000000-0000-0000-0000-000000000001' }), { fieldManager: 'test' });
      reads.mockClear();
      sim.settle();
    });
    expect(cluster.api.list({ kind: 'Pod', namespace: 'default' }).map((p) => p.metadata.name)).toEqual(['owned-0', 'owned-1', 'owned-2', 'owned-3', 'owned-4']);
    // The dependents with their owner are not read (the dangling one is, to delete it); the owner
    // is read once by the watch's reads for all five, and once by the finalizer remover's pass.
    const read = reads.mock.calls.map(([ref]) => `${ref.kind}/${ref.name}`);
    expect(read.filter((r) => r.startsWith('Pod/owned'))).toEqual([]);
    expect(read).toContain('Pod/dangling');
    expect(read.filter((r) => r === 'ReplicaSet/rs')).toHaveLength(2);
    cluster.close();
  });
});
