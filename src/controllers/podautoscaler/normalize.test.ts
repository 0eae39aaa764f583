import { describe, expect, it } from 'vitest';
import { normalizeWithBehavior, normalizeWithoutBehavior, storeScaleEvent, type BehaviorState, type Recommendation } from './normalize';

const T = 1_000_000_000;
const UP = { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] };
const DOWN = { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] };

describe('normalizing without spec.behavior', () => {
  it('limits a scale-up to max(2 × current, 4)', () => {
    const n = normalizeWithoutBehavior([], T, 1, 10, 1, 10);
    expect(n.replicas).toBe(4);
    expect(n.limited).toEqual({ status: 'True', reason: 'ScaleUpLimit', message: 'the desired replica count is increasing faster than the maximum scale rate' });
    expect(normalizeWithoutBehavior([], T, 6, 12, 1, 10).limited.reason).toBe('TooManyReplicas');
  });

  it('holds a scale-down at the highest recommendation of the last 5 minutes', () => {
    const recs: Recommendation[] = [{ replicas: 4, atMs: T }];
    const held = normalizeWithoutBehavior(recs, T + 299_000, 4, 2, 1, 10);
    expect(held.replicas).toBe(4);
    expect(held.ableToScale.reason).toBe('ScaleDownStabilized');
    expect(normalizeWithoutBehavior(recs, T + 301_000, 4, 2, 1, 10).replicas).toBe(2);
  });

  it('raises a count below minReplicas', () => {
    expect(normalizeWithoutBehavior([], T, 3, 1, 2, 10)).toMatchObject({ replicas: 2, limited: { status: 'True', reason: 'TooFewReplicas' } });
  });
});

describe('normalizing with spec.behavior', () => {
  const fresh = (): BehaviorState => ({ recommendations: [], scaleUpEvents: [], scaleDownEvents: [] });

  it('adds the larger of 4 pods or 100% per 15 s, counting what was added in the period', () => {
    const s = fresh();
    expect(normalizeWithBehavior(s, T, 2, 20, 1, 50, UP, DOWN).replicas).toBe(6);
    storeScaleEvent(s, UP, DOWN, T, 2, 6);
    // 5 s later the period started at 2: still at most 6.
    expect(normalizeWithBehavior(s, T + 5_000, 6, 20, 1, 50, UP, DOWN)).toMatchObject({ replicas: 6, limited: { reason: 'ScaleUpLimit' } });
    // After the period, 100% of 6.
    expect(normalizeWithBehavior(s, T + 16_000, 6, 20, 1, 50, UP, DOWN).replicas).toBe(12);
  });

  it('applies an unset scale-down window as 300 s and a Pods policy per period', () => {
    const s = fresh();
    const down = { selectPolicy: 'Max', policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] };
    normalizeWithBehavior(s, T, 5, 5, 1, 10, UP, down);
    expect(normalizeWithBehavior(s, T + 60_000, 5, 1, 1, 10, UP, down).replicas).toBe(5);
    const r = normalizeWithBehavior(s, T + 301_000, 5, 1, 1, 10, UP, down);
    expect(r).toMatchObject({ replicas: 4, limited: { status: 'True', reason: 'ScaleDownLimit' } });
  });

  it('disables a direction with selectPolicy Disabled', () => {
    expect(normalizeWithBehavior(fresh(), T, 3, 9, 1, 10, { ...UP, selectPolicy: 'Disabled' }, DOWN).replicas).toBe(3);
  });
});
