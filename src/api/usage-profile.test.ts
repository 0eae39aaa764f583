import { describe, expect, it } from 'vitest';
import { FLAT, combineTrends, firstTimeAbove, parseProfile, parseUsageProfiles, profileFor, profileTrend, profileValueAt, usageProfileError, type UsageProfile } from './usage-profile';

const MI = 1024 * 1024;
const H = 3_600_000;

describe('parseUsageProfiles', () => {
  it('reads every profile kind with its parameters', () => {
    const p = parseUsageProfiles('cpu=periodic(min=50m,max=400m,period=1h); memory=ramp(from=64Mi,to=512Mi,over=2h); web.cpu=bursty(base=10m,peak=1,chance=0.25,every=30s)');
    expect(p.all.cpu).toEqual({ kind: 'periodic', min: 50, max: 400, periodMs: H, phaseMs: 0 });
    expect(p.all.memory).toEqual({ kind: 'ramp', from: 64 * MI, to: 512 * MI, overMs: 2 * H });
    expect(profileFor(p, 'web', 'cpu')).toEqual({ kind: 'bursty', base: 10, peak: 1000, chance: 0.25, everyMs: 30_000 });
    expect(profileFor(p, 'sidecar', 'cpu')).toBe(p.all.cpu);
  });

  it('takes a bare quantity or constant(V) as a constant', () => {
    expect(parseUsageProfiles('cpu=200m').all.cpu).toEqual({ kind: 'constant', value: 200 });
    expect(parseUsageProfiles('memory=constant(1Gi)').all.memory).toEqual({ kind: 'constant', value: 1024 * MI });
    expect(parseUsageProfiles('memory=constant(value=1Gi)').all.memory).toEqual({ kind: 'constant', value: 1024 * MI });
  });

  it.each([
    ['', 'empty: want RESOURCE=PROFILE items separated by ";" (like cpu=periodic(min=50m,max=400m,period=1h))'],
    ['cpu', '"cpu" is not RESOURCE=PROFILE'],
    ['gpu=1', 'unknown resource "gpu" (want cpu or memory, optionally CONTAINER.cpu)'],
    ['cpu=wave(min=1)', 'cpu: unknown profile "wave" (want constant, ramp, periodic, bursty)'],
    ['cpu=periodic(min=1m,max=2m)', 'cpu: periodic: missing period'],
    ['cpu=periodic(min=1m,max=2m,period=1h,size=3)', 'cpu: periodic: unknown parameter "size" (want min, max, period, phase)'],
    ['cpu=ramp(from=1m,to=x,over=1h)', 'cpu: to: "x" is not a quantity'],
    ['cpu=ramp(from=1m,to=2m,over=soon)', 'cpu: over: "soon" is not a duration (like 90s, 10m, 1h)'],
    ['cpu=ramp(from=1m,to=2m,over=0s)', 'cpu: over: must be greater than 0'],
    ['cpu=periodic(min=2m,max=1m,period=1h)', 'cpu: periodic: max must be at least min'],
    ['cpu=bursty(base=1m,peak=2m,chance=2)', 'cpu: bursty: chance: "2" is not a number from 0 to 1'],
    ['cpu=1m;cpu=2m', 'cpu given twice'],
    ['memory=-1Mi', 'memory: value: must not be negative'],
  ])('refuses %j with one line', (text, message) => {
    expect(usageProfileError(text)).toBe(message);
  });
});

describe('profileValueAt', () => {
  it('ramps from container start and holds at the end', () => {
    const p: UsageProfile = { kind: 'ramp', from: 100, to: 300, overMs: 1000 };
    expect([0, 500, 1000, 5000].map((t) => profileValueAt(p, 10_000 + t, 10_000, 'k'))).toEqual([100, 200, 300, 300]);
  });

  it('waves on the cluster clock: min at phase 0, max half a period on', () => {
    const p: UsageProfile = { kind: 'periodic', min: 50, max: 400, periodMs: H, phaseMs: 0 };
    expect([0, H / 4, H / 2, H].map((t) => profileValueAt(p, 100 * H + t, 0, 'k'))).toEqual([50, 225, 400, 50]);
    expect(profileValueAt({ ...p, phaseMs: H / 2 }, 0, 0, 'k')).toBe(400);
  });

  it('draws each bursty slot once, whatever the sampling', () => {
    const p: UsageProfile = { kind: 'bursty', base: 10, peak: 900, chance: 0.3, everyMs: 60_000 };
    const slots = Array.from({ length: 1000 }, (_, i) => profileValueAt(p, i * 60_000, 0, 'uid-1/web'));
    // Any moment of a slot gives the slot's value.
    for (let i = 0; i < 50; i++) expect(profileValueAt(p, i * 60_000 + 59_999, 0, 'uid-1/web')).toBe(slots[i]);
    const peaks = slots.filter((v) => v === 900).length;
    expect(peaks).toBeGreaterThan(240);
    expect(peaks).toBeLessThan(360);
    // Another container draws its own slots.
    const other = Array.from({ length: 1000 }, (_, i) => profileValueAt(p, i * 60_000, 0, 'uid-2/web'));
    expect(other).not.toEqual(slots);
  });
});

describe('firstTimeAbove', () => {
  it('finds when a memory ramp passes the limit', () => {
    const p: UsageProfile = { kind: 'ramp', from: 100 * MI, to: 300 * MI, overMs: 200_000 };
    const t = firstTimeAbove(p, 0, 200 * MI, 'k', 15_000, H)!;
    expect(t).toBe(100_001);
    expect(profileValueAt(p, t, 0, 'k')).toBeGreaterThan(200 * MI);
    expect(profileValueAt(p, t - 1, 0, 'k')).toBeLessThanOrEqual(200 * MI);
  });

  it('is undefined for a profile that stays under', () => {
    expect(firstTimeAbove({ kind: 'periodic', min: 1, max: 10, periodMs: H, phaseMs: 0 }, 0, 10, 'k', 15_000, H)).toBeUndefined();
    expect(firstTimeAbove({ kind: 'constant', value: 11 }, 0, 10, 'k', 15_000, H)).toBe(0);
  });
});

describe('profileTrend', () => {

  it('a periodic profile rises for half a period from its minimum, then falls', () => {
    const p = parseProfile('cpu', 'periodic(min=50m,max=400m,period=1h)');
    expect(profileTrend(p, 10 * 60_000, 0)).toEqual({ direction: 1, untilMs: 30 * 60_000 });
    expect(profileTrend(p, 40 * 60_000, 0)).toEqual({ direction: -1, untilMs: H });
    // Each stretch is monotone: sampled every 15 s, it never turns back.
    for (const [from, dir] of [[0, 1], [30 * 60_000, -1]] as const) {
      for (let t = from; t + 15_000 < from + 30 * 60_000; t += 15_000) {
        expect(Math.sign(profileValueAt(p, t + 15_000, 0, 'k') - profileValueAt(p, t, 0, 'k')) * dir).toBeGreaterThanOrEqual(0);
      }
    }
  });
  it('a ramp moves until its end; a bursty slot holds its value; constants are flat', () => {
    expect(profileTrend(parseProfile('memory', 'ramp(from=1Mi,to=2Mi,over=1h)'), 1000, 0)).toEqual({ direction: 1, untilMs: H });
    expect(profileTrend(parseProfile('memory', 'ramp(from=2Mi,to=1Mi,over=1h)'), H, 0)).toEqual(FLAT);
    expect(profileTrend(parseProfile('cpu', 'bursty(base=10m,peak=90m)'), 61_000, 0)).toEqual({ direction: 0, untilMs: 120_000 });
    expect(profileTrend(parseProfile('cpu', '100m'), 5, 0)).toEqual(FLAT);
  });
  it('combines one way, or mixed when parts move in opposite ways', () => {
    expect(combineTrends(FLAT, { direction: -1, untilMs: 9 })).toEqual({ direction: -1, untilMs: 9 });
    expect(combineTrends({ direction: 1, untilMs: 5 }, { direction: 1, untilMs: 9 })).toEqual({ direction: 1, untilMs: 5 });
    expect(combineTrends({ direction: 1, untilMs: 5 }, { direction: -1, untilMs: 9 }).direction).toBe('mixed');
  });
});
