import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { newTestCluster } from '../../test/helpers/test-cluster';

const deployment = (name: string): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: 'default' },
  spec: { replicas: 1, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});

const replicaSetsOf = (cluster: ReturnType<typeof newTestCluster>, name: string) =>
  cluster.api.list({ kind: 'ReplicaSet', namespace: 'default' }).filter((rs) => rs.metadata.name!.startsWith(`${name}-`));

describe('Simulation', () => {
  it('reconciles writes made after a rolled-back settle, though they reuse its revisions', () => {
    const cluster = newTestCluster();
    // A command that settled and then failed: everything it did, and saw, is undone.
    expect(() => cluster.write(() => {
      cluster.api.create(deployment('gone'), { fieldManager: 't' });
      cluster.sim.settle();
      throw new Error('abort');
    })).toThrow('abort');
    cluster.write(() => cluster.api.create(deployment('kept'), { fieldManager: 't' }));
    expect(replicaSetsOf(cluster, 'gone')).toHaveLength(0);
    expect(replicaSetsOf(cluster, 'kept')).toHaveLength(1);
    expect(cluster.api.list({ kind: 'Pod', namespace: 'default' }).filter((p) => p.metadata.name!.startsWith('kept-'))).toHaveLength(1);
    cluster.close();
  });
});
