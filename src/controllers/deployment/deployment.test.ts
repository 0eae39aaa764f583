import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../api/types/kinds';
import type { Cluster } from '../../cluster/cluster';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { fenceposts } from './strategy-math';

function deployment(spec: Partial<Deployment['spec']> = {}): Deployment {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
    spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } }, ...spec },
  };
}

function setImage(cluster: Cluster, image: string): void {
  cluster.write(() => {
    const d = cluster.api.get({ kind: 'Deployment', namespace: 'default', name: 'web' });
    d.spec!.template.spec!.containers[0].image = image;
    cluster.api.update(d, { fieldManager: 'test' });
  });
}

function events(cluster: Cluster): string[] {
  return cluster.api.list({ kind: 'Event', namespace: 'default' }).filter((e) => e.involvedObject?.kind === 'Deployment')
    .sort((a, b) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion)).map((e) => e.message!.replace(/web-[a-z0-9]+/, 'RS'));
}

describe('fenceposts', () => {
  const cases: { name: string; replicas: number; ru?: Record<string, unknown>; want: [number, number] }[] = [
    { name: 'defaults 25%: surge rounds up, unavailable down', replicas: 3, want: [1, 0] },
    { name: '10 replicas at 25%', replicas: 10, want: [3, 2] },
    { name: 'absolute values', replicas: 5, ru: { maxSurge: 2, maxUnavailable: 1 }, want: [2, 1] },
    { name: 'both zero → unavailable 1', replicas: 4, ru: { maxSurge: 0, maxUnavailable: '10%' }, want: [0, 1] },
  ];
  for (const tc of cases) {
    it(tc.name, () => expect(fenceposts(deployment({ replicas: tc.replicas, strategy: { type: 'RollingUpdate', rollingUpdate: tc.ru ?? {} } }))).toEqual(tc.want));
  }
});

describe('deployment controller', () => {
  it('Recreate scales the old set to zero and waits for its pods before scaling up', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(deployment({ strategy: { type: 'Recreate' } }), { fieldManager: 'test' }));
    cluster.advance(30_000);
    setImage(cluster, 'nginx:1.26');
    cluster.advance(120_000);
    expect(events(cluster)).toEqual([
      'Scaled up replica set RS from 0 to 3', 'Scaled down replica set RS from 3 to 0', 'Scaled up replica set RS from 0 to 3',
    ]);
    const d = cluster.api.get({ kind: 'Deployment', namespace: 'default', name: 'web' });
    expect(d.status).toMatchObject({ replicas: 3, updatedReplicas: 3, availableReplicas: 3 });
  });

  it('reports ProgressDeadlineExceeded when a rollout stalls', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(deployment({ progressDeadlineSeconds: 60 }), { fieldManager: 'test' }));
    cluster.advance(30_000);
    setImage(cluster, 'nginx:0.0.0-missing');
    cluster.advance(120_000);
    const p = cluster.api.get({ kind: 'Deployment', namespace: 'default', name: 'web' }).status!.conditions!.find((c: { type: string }) => c.type === 'Progressing');
    expect(p).toMatchObject({ status: 'False', reason: 'ProgressDeadlineExceeded' });
    expect(p!.message).toMatch(/^ReplicaSet "web-[a-z0-9]+" has timed out progressing\.$/);
  });

  it('a paused deployment creates no new ReplicaSet until resumed', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(deployment(), { fieldManager: 'test' }));
    cluster.advance(30_000);
    cluster.write(() => {
      const d = cluster.api.get({ kind: 'Deployment', namespace: 'default', name: 'web' });
      d.spec!.paused = true;
      d.spec!.template.spec!.containers[0].image = 'nginx:1.26';
      cluster.api.update(d, { fieldManager: 'test' });
    });
    cluster.advance(30_000);
    expect(cluster.api.list({ kind: 'ReplicaSet', namespace: 'default' })).toHaveLength(1);
    cluster.write(() => {
      const d = cluster.api.get({ kind: 'Deployment', namespace: 'default', name: 'web' });
      d.spec!.paused = false;
      cluster.api.update(d, { fieldManager: 'test' });
    });
    cluster.advance(120_000);
    const sets = cluster.api.list({ kind: 'ReplicaSet', namespace: 'default' });
    expect(sets.map((rs) => rs.spec!.replicas).sort()).toEqual([0, 3]);
  });
});
