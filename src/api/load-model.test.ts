import { describe, expect, it } from 'vitest';
import type { KubeObject } from './meta';
import { LOAD_RETENTION_MS, podRequestRate, rpsAt, segmentsChangeAfter, stopLoad, withLoad, type TargetLoad } from './load-model';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const MIN = 60_000;

function pod(uid: string, readySince?: number): KubeObject {
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: uid, uid, labels: { app: 'web' } },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: readySince === undefined ? 'False' : 'True', lastTransitionTime: new Date(readySince ?? T0).toISOString() }] },
  };
}

describe('load segments', () => {
  it('starts, ends after --for, and replaces a running load', () => {
    let s = withLoad([], T0, 100, 10 * MIN);
    expect(s).toEqual([{ rps: 100, from: '2026-01-01T00:00:00Z', until: '2026-01-01T00:10:00Z' }]);
    expect([rpsAt(s, T0 - 1), rpsAt(s, T0), rpsAt(s, T0 + 10 * MIN - 1), rpsAt(s, T0 + 10 * MIN)]).toEqual([0, 100, 100, 0]);
    s = withLoad(s, T0 + 5 * MIN, 40);
    expect(s).toEqual([
      { rps: 100, from: '2026-01-01T00:00:00Z', until: '2026-01-01T00:05:00Z' },
      { rps: 40, from: '2026-01-01T00:05:00Z' },
    ]);
    expect(segmentsChangeAfter(s, T0 + MIN)).toBe(T0 + 5 * MIN);
    expect(segmentsChangeAfter(s, T0 + 6 * MIN)).toBe(Infinity);
  });

  it('stops what runs and forgets what ended more than the retention ago', () => {
    const s = stopLoad([{ rps: 5, from: '2025-12-01T00:00:00Z', until: '2025-12-02T00:00:00Z' }, { rps: 40, from: '2026-01-01T00:00:00Z' }], T0 + MIN);
    expect(s).toEqual([{ rps: 40, from: '2026-01-01T00:00:00Z', until: '2026-01-01T00:01:00Z' }]);
    expect(LOAD_RETENTION_MS).toBe(8 * 24 * 3_600_000);
  });
});

describe('podRequestRate', () => {
  it('spreads a load evenly over the backends ready at that moment', () => {
    const a = pod('a', T0), b = pod('b', T0 + 2 * MIN), c = pod('c');
    const load: TargetLoad = { target: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } }, segments: withLoad([], T0, 90), backends: [a, b, c] };
    expect(podRequestRate([load], a, T0 + MIN)).toBe(90);
    expect(podRequestRate([load], b, T0 + MIN)).toBe(0);
    expect(podRequestRate([load], a, T0 + 3 * MIN)).toBe(45);
    expect(podRequestRate([load], b, T0 + 3 * MIN)).toBe(45);
    // A pod that is not ready gets nothing; another namespace's pod (not a backend) neither.
    expect(podRequestRate([load], c, T0 + 3 * MIN)).toBe(0);
    expect(podRequestRate([load], pod('z', T0), T0 + 3 * MIN)).toBe(0);
  });
});
