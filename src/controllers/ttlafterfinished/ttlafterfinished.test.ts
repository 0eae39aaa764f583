import { describe, expect, it } from 'vitest';
import { newTestCluster } from '../../../test/helpers/test-cluster';

describe('ttl-after-finished controller', () => {
  it('deletes a finished job ttlSecondsAfterFinished after it finished', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create({
      apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'once', namespace: 'default' },
      spec: { ttlSecondsAfterFinished: 100, activeDeadlineSeconds: 1, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox', command: ['sleep', '3600'] }] } } },
    }, { fieldManager: 'test' }));
    // Fails by deadline; its pod is stopped within its grace period.
    cluster.advance(60_000);
    const job = cluster.api.get({ kind: 'Job', namespace: 'default', name: 'once' });
    const failedAt = Date.parse(job.status!.conditions!.find((c: { type: string }) => c.type === 'Failed')!.lastTransitionTime!);
    cluster.advance(failedAt + 99_000 - cluster.clock.nowMs());
    expect(cluster.api.tryGet({ kind: 'Job', namespace: 'default', name: 'once' })).toBeDefined();
    cluster.advance(1_000);
    expect(cluster.api.tryGet({ kind: 'Job', namespace: 'default', name: 'once' })).toBeUndefined();
  });
});
