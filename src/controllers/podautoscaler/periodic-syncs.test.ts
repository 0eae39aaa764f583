import { describe, expect, it } from 'vitest';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { metricsServerObjects } from '../../metrics';
import { STATE_HOLDER } from '.';
import type { EventLike } from '../../api/meta';

/** hpaOverPeriodicUse is a Deployment whose CPU use waves between 50m and 400m every hour, under an HPA at 50% of 200m. */
function hpaOverPeriodicUse() {
  const cluster = newTestCluster();
  const create = (o: any) => cluster.write(() => cluster.api.create(o, { fieldManager: 'test' }));
  for (const o of metricsServerObjects()) create(o);
  create({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' }, annotations: { 'kubemu.io/usage': 'cpu=periodic(min=50m,max=400m,period=1h)' } },
        spec: { containers: [{ name: 'web', image: 'nginx', resources: { requests: { cpu: '200m' } } }] },
      },
    },
  });
  create({
    apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'web', namespace: 'default' },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 1, maxReplicas: 10, metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }] },
  });
  return cluster;
}

// Recorded with the controller that synced every 15 s while usage moved. The rescales to 10 at
// 3885 s and 7485 s are the tenth distinct SuccessfulRescale message within ten minutes, which
// the recorder's correlator combines; the first one's Event, at 345 s, then expired an hour later.
const BEFORE = [
  '285s..7425s ×3 New size: 6; reason: cpu resource utilization (percentage of request) above target',
  '3210s..10410s ×3 New size: 9; reason: All metrics below target',
  '3255s..10455s ×3 New size: 8; reason: All metrics below target',
  '3315s..10515s ×3 New size: 7; reason: All metrics below target',
  '3405s..10605s ×3 New size: 6; reason: All metrics below target',
  '3525s..10725s ×3 New size: 5; reason: All metrics below target',
  '3570s..10770s ×3 New size: 4; reason: All metrics below target',
  '3795s..7395s ×2 New size: 5; reason: cpu resource utilization (percentage of request) above target',
  '3855s..7455s ×2 New size: 8; reason: cpu resource utilization (percentage of request) above target',
  '3885s..7485s ×2 (combined from similar events): New size: 10; reason: cpu resource utilization (percentage of request) above target',
];

describe('an HPA over a periodic usage profile', () => {
  it('scales at the same simulated seconds as syncing every 15 s did', () => {
    const cluster = hpaOverPeriodicUse();
    const start = cluster.clock.nowMs();
    cluster.advance(3 * 3_600_000);
    const rescales = cluster.api.list<EventLike>({ kind: 'Event', namespace: 'default' })
      .filter((e) => e.reason === 'SuccessfulRescale')
      .map((e) => `${(Date.parse(e.firstTimestamp!) - start) / 1000}s..${(Date.parse(e.lastTimestamp!) - start) / 1000}s ×${e.count} ${e.message}`)
      .sort((a, b) => parseInt(a) - parseInt(b));
    expect(rescales).toEqual(BEFORE);
    const hpa = cluster.api.get({ kind: 'HorizontalPodAutoscaler', namespace: 'default', name: 'web' });
    // The conditions' transitions fall on the same sync instants too.
    expect({ lastScaleTime: hpa.status!.lastScaleTime, conditions: hpa.status!.conditions }).toEqual({
      lastScaleTime: '2026-01-01T03:04:30Z',
      conditions: [
        { type: 'AbleToScale', status: 'True', lastTransitionTime: '2026-01-01T00:05:15Z', reason: 'ScaleDownStabilized', message: 'recent recommendations were higher than current one, applying the highest recent recommendation' },
        { type: 'ScalingActive', status: 'True', lastTransitionTime: '2026-01-01T00:05:30Z', reason: 'ValidMetricFound', message: 'the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)' },
        { type: 'ScalingLimited', status: 'False', lastTransitionTime: '2026-01-01T02:57:00Z', reason: 'DesiredWithinRange', message: 'the desired count is within the acceptable range' },
      ],
    });
  });
});
