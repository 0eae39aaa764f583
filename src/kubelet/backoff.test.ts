import { describe, expect, it } from 'vitest';
import { hasExpired, isInBackOffSince, isInBackOffSinceUpdate, nextBackOff } from './backoff';

const S = 1000;

describe('the kubelet back-off (flowcontrol.Backoff without jitter)', () => {
  it('starts at 10s and doubles to 5 minutes', () => {
    let e = nextBackOff(undefined, 0, 0);
    const periods = [e.backoffMs];
    for (let i = 1; i < 8; i++) { e = nextBackOff(e, i * S, i * S); periods.push(e.backoffMs); }
    expect(periods).toEqual([10, 20, 40, 80, 160, 300, 300, 300].map((x) => x * S));
  });

  it('starts over once more than 10 minutes passed since the entry last moved', () => {
    const e = { backoffMs: 160 * S, lastUpdateMs: 0 };
    expect(hasExpired(600 * S, 0)).toBe(false);
    expect(hasExpired(600 * S + 1, 0)).toBe(true);
    expect(nextBackOff(e, 600 * S, 600 * S).backoffMs).toBe(300 * S);
    expect(nextBackOff(e, 600 * S + 1, 600 * S + 1).backoffMs).toBe(10 * S);
  });

  it('holds a container in back-off for the period after its exit (doBackOff)', () => {
    const e = { backoffMs: 20 * S, lastUpdateMs: 100 * S };
    const exit = 130 * S;
    expect(isInBackOffSince(undefined, exit, exit + S)).toBe(false);
    expect(isInBackOffSince(e, exit, exit + S)).toBe(true);
    expect(isInBackOffSince(e, exit, exit + 20 * S - 1)).toBe(true);
    expect(isInBackOffSince(e, exit, exit + 20 * S)).toBe(false);
    // A run of more than ten minutes since the last restart: no back-off.
    expect(isInBackOffSince(e, 100 * S + 601 * S, 100 * S + 602 * S)).toBe(false);
  });

  it('holds an image in back-off for the period after the failed pull (EnsureImageExists)', () => {
    const e = { backoffMs: 10 * S, lastUpdateMs: 50 * S };
    expect(isInBackOffSinceUpdate(e, 51 * S)).toBe(true);
    expect(isInBackOffSinceUpdate(e, 60 * S)).toBe(false);
    expect(isInBackOffSinceUpdate(undefined, 51 * S)).toBe(false);
  });
});
