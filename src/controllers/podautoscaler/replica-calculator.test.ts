import { describe, expect, it } from 'vitest';
import type { Pod } from '../../api/types/core-v1';
import { ERR_NO_READY_METRICS, plainMetricReplicas, ReplicaError, resourceReplicas, type PodMetrics } from './replica-calculator';

const NOW = Date.parse('2026-01-01T01:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** pod is a Running pod started and ready long ago (past the CPU initialization period), asking 200m. */
function pod(name: string, o: { phase?: string; startedAgoMs?: number; readyAgoMs?: number; ready?: boolean; request?: string | null } = {}): Pod {
  const started = NOW - (o.startedAgoMs ?? 3_600_000);
  const request = o.request === null ? undefined : { cpu: o.request ?? '200m' };
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: 'app', image: 'nginx', resources: request ? { requests: request } : {} }] },
    status: {
      phase: o.phase ?? 'Running', startTime: iso(started),
      conditions: [{ type: 'Ready', status: o.ready === false ? 'False' : 'True', lastTransitionTime: iso(NOW - (o.readyAgoMs ?? 3_500_000)) }],
    },
  } as Pod;
}

const sample = (values: Record<string, number>): PodMetrics =>
  new Map(Object.entries(values).map(([k, v]) => [k, { value: v, timestampMs: NOW, windowMs: 15_000 }]));

describe('replica calculator (desiredReplicas = ceil[currentReplicas × currentMetricValue / desiredMetricValue])', () => {
  it('scales by the ratio of utilization to target, rounding up', () => {
    // 340m of a 200m request is 170% against 50%: ceil(1 × 3.4) = 4.
    expect(resourceReplicas(1, 50, 'cpu', '', [pod('a')], sample({ a: 340 }), NOW)).toEqual({ replicas: 4, utilization: 170, rawAverage: 340 });
    // 3 pods at 25% against 50%: ceil(3 × 0.5) = 2.
    expect(resourceReplicas(3, 50, 'cpu', '', [pod('a'), pod('b'), pod('c')], sample({ a: 50, b: 50, c: 50 }), NOW).replicas).toBe(2);
  });

  it('changes nothing within the 0.1 tolerance', () => {
    // 108/200 = 54% against 50%: a ratio of 1.08.
    expect(resourceReplicas(3, 50, 'cpu', '', [pod('a'), pod('b'), pod('c')], sample({ a: 108, b: 108, c: 108 }), NOW).replicas).toBe(3);
    // 112/200 = 56%: 1.12 is outside, ceil(3 × 1.12) = 4.
    expect(resourceReplicas(3, 50, 'cpu', '', [pod('a'), pod('b'), pod('c')], sample({ a: 112, b: 112, c: 112 }), NOW).replicas).toBe(4);
  });

  it('counts a pending pod as using nothing when scaling up, which can cancel the scale-up', () => {
    // Ready pods at 80% (ratio 1.6) would ask for 4; with the pending pod at 0 the average is 53% (1.06): no change.
    const pods = [pod('a'), pod('b'), pod('c', { phase: 'Pending' })];
    expect(resourceReplicas(3, 50, 'cpu', '', pods, sample({ a: 160, b: 160 }), NOW).replicas).toBe(3);
  });

  it('counts a pod without metrics at 100% of its request when scaling down', () => {
    // Two pods at 10% (ratio 0.2); the missing one at 100%: (20+20+200)/600 = 40%, ceil(3 × 0.8) = 3 would not shrink.
    const pods = [pod('a'), pod('b'), pod('c')];
    expect(resourceReplicas(3, 50, 'cpu', '', pods, sample({ a: 20, b: 20 }), NOW).replicas).toBe(3);
    // Four at 5% and one missing: (10×4 + 200)/1000 = 24% → ceil(5 × 0.48) = 3.
    const five = ['a', 'b', 'c', 'd', 'e'].map((n) => pod(n));
    expect(resourceReplicas(5, 50, 'cpu', '', five, sample({ a: 10, b: 10, c: 10, d: 10 }), NOW).replicas).toBe(3);
  });

  it('leaves out CPU samples of pods still initializing until they have been ready one window', () => {
    const warming = pod('b', { startedAgoMs: 60_000, readyAgoMs: 5_000 });
    // Only a counts: 100% → ceil(1 × 2) = 2; b is unready and at 0 the ratio (200+0)/400 = 50% → 1.0: no change.
    expect(resourceReplicas(2, 50, 'cpu', '', [pod('a'), warming], sample({ a: 200, b: 400 }), NOW).replicas).toBe(2);
    const settled = pod('b', { startedAgoMs: 60_000, readyAgoMs: 20_000 });
    expect(resourceReplicas(2, 50, 'cpu', '', [pod('a'), settled], sample({ a: 200, b: 400 }), NOW).replicas).toBe(6);
  });

  it("reports upstream's errors", () => {
    expect(() => resourceReplicas(1, 50, 'cpu', '', [pod('a', { request: null })], sample({ a: 10 }), NOW))
      .toThrow(new ReplicaError('missing request for cpu in container app of Pod a'));
    expect(() => resourceReplicas(1, 50, 'cpu', '', [pod('a', { phase: 'Pending' })], sample({}), NOW)).toThrow(ERR_NO_READY_METRICS);
    expect(() => resourceReplicas(1, 50, 'cpu', '', [], sample({}), NOW)).toThrow('no pods returned by selector while calculating replica count');
  });

  it('scales an AverageValue target by the average use over the target', () => {
    // 300m average against 200m: ceil(3 × 1.5) = 5.
    const pods = [pod('a'), pod('b'), pod('c')];
    expect(plainMetricReplicas(3, 200, 'cpu', pods, sample({ a: 300, b: 300, c: 300 }), NOW)).toEqual({ replicas: 5, usage: 300 });
    expect(plainMetricReplicas(3, 200, 'cpu', pods, sample({ a: 210, b: 200, c: 200 }), NOW)).toEqual({ replicas: 3, usage: 203 });
  });
});
