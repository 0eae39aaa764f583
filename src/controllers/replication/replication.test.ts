import { describe, expect, it } from 'vitest';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { NAME } from './index';

const rc = {
  apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'legacy', namespace: 'default' },
  spec: {
    replicas: 2, selector: { app: 'legacy' },
    template: { metadata: { labels: { app: 'legacy', tier: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
  },
};

describe('replication manager', () => {
  it('selects by its map selector, counts fully labelled pods apart, and releases a pod that leaves the selector', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(structuredClone(rc), { fieldManager: 'test' }));
    cluster.advance(10_000);
    const [first, second] = cluster.api.list({ kind: 'Pod', namespace: 'default' });
    expect(first!.metadata.ownerReferences).toEqual([expect.objectContaining({ apiVersion: 'v1', kind: 'ReplicationController', name: 'legacy', controller: true })]);
    const created = cluster.api.list({ kind: 'Event', namespace: 'default' }).filter((e) => e.reason === 'SuccessfulCreate' && e.involvedObject?.kind === 'ReplicationController');
    expect(created.map((e) => [e.source?.component, e.message]).sort()).toEqual([first, second].map((p) => [NAME, `Created pod: ${p!.metadata.name}`]).sort());

    // Still selected without the template's other label: counted, but not fully labelled.
    cluster.write(() => {
      const p = cluster.api.get({ kind: 'Pod', namespace: 'default', name: first!.metadata.name! });
      p.metadata.labels = { app: 'legacy' };
      cluster.api.update(p, { fieldManager: 'test' });
    });
    cluster.advance(10_000);
    const status = cluster.api.get({ kind: 'ReplicationController', namespace: 'default', name: 'legacy' }).status;
    expect(status).toMatchObject({ replicas: 2, fullyLabeledReplicas: 1, readyReplicas: 2, availableReplicas: 2, observedGeneration: 1 });

    // Out of the selector: released, and replaced.
    cluster.write(() => {
      const p = cluster.api.get({ kind: 'Pod', namespace: 'default', name: second!.metadata.name! });
      p.metadata.labels = { app: 'debug' };
      cluster.api.update(p, { fieldManager: 'test' });
    });
    cluster.advance(10_000);
    const pods = cluster.api.list({ kind: 'Pod', namespace: 'default' });
    expect(pods).toHaveLength(3);
    expect(pods.find((p) => p.metadata.name === second!.metadata.name)!.metadata.ownerReferences).toBeUndefined();
    expect(cluster.api.get({ kind: 'ReplicationController', namespace: 'default', name: 'legacy' }).status!.replicas).toBe(2);
    cluster.close();
  });
});
