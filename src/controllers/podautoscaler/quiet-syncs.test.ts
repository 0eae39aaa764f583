import { describe, expect, it } from 'vitest';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { metricsServerObjects } from '../../metrics';
import { STATE_HOLDER, SYNC_PERIOD_MS } from '.';

describe('HPA syncs that would repeat themselves', () => {
  it('are skipped while nothing changes, and a watched change brings the next sync back to the 15 s grid', () => {
    const cluster = newTestCluster();
    const create = (o: any) => cluster.write(() => cluster.api.create(o, { fieldManager: 'test' }));
    for (const o of metricsServerObjects()) create(o);
    create({
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' }, annotations: { 'kubemu.io/cpu-usage': '100m' } }, spec: { containers: [{ name: 'web', image: 'nginx', resources: { requests: { cpu: '200m' } } }] } },
      },
    });
    create({
      apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web', namespace: 'default' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 5, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }] },
    });
    const created = cluster.clock.nowMs();
    const state = () => cluster.api.nodeLocalState<{ nextSyncMs: number; lastSyncMs: number }>(STATE_HOLDER, 'hpa/default/web')!;
    cluster.advance(10 * 60_000);
    const hpa = cluster.api.get({ kind: 'HorizontalPodAutoscaler', namespace: 'default', name: 'web' });
    expect(hpa.status!.currentMetrics[0].resource!.current.averageUtilization).toBe(50);
    // At target, past the pod's warm-up, with no recommendation to expire: no sync is due until something changes.
    expect(state().nextSyncMs - cluster.clock.nowMs()).toBeGreaterThan(24 * 3_600_000);
    const now = cluster.clock.nowMs();
    const [pod] = cluster.api.list({ kind: 'Pod', namespace: 'default', labelSelector: 'app=web' });
    cluster.write(() => cluster.api.update({ ...pod, metadata: { ...pod.metadata, annotations: { 'kubemu.io/cpu-usage': '340m' } } }, { fieldManager: 'test' }));
    const next = state().nextSyncMs;
    expect(next).toBeGreaterThan(now);
    expect(next - now).toBeLessThanOrEqual(SYNC_PERIOD_MS);
    expect((next - created) % SYNC_PERIOD_MS).toBe(0);
    cluster.advance(next - now);
    expect(cluster.api.get({ kind: 'Deployment', namespace: 'default', name: 'web' }).spec!.replicas).toBe(4);
  });
});
