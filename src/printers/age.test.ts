import { describe, expect, it } from 'vitest';
import { age, humanDuration, INVALID_DURATION, shortHumanDuration, UNKNOWN_AGE } from './age';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('humanDuration', () => {
  // The examples table of kubectl-status-and-age.md §2.
  const cases: Array<[number, string]> = [
    [-3 * S, INVALID_DURATION], [-2 * S, INVALID_DURATION], [-1 * S, '0s'], [-1.5 * S, '0s'],
    [0, '0s'], [0.9 * S, '0s'], [1 * S, '1s'], [59 * S, '59s'], [60 * S, '60s'], [90 * S, '90s'],
    [119.9 * S, '119s'], [120 * S, '2m'], [125 * S, '2m5s'], [5 * M, '5m'], [9 * M + 59 * S, '9m59s'],
    [10 * M, '10m'], [10 * M + 30 * S, '10m'], [59 * M, '59m'], [1 * H, '60m'], [119 * M, '119m'],
    [179 * M + 59 * S, '179m'], [180 * M, '3h'], [3 * H + 4 * M, '3h4m'], [3 * H + 4 * M + 59 * S, '3h4m'],
    [5 * H, '5h'], [7 * H + 59 * M, '7h59m'], [8 * H, '8h'], [8 * H + 59 * M, '8h'], [23 * H, '23h'],
    [47 * H + 59 * M, '47h'], [48 * H, '2d'], [49 * H, '2d1h'], [3 * D, '3d'], [7 * D + 23 * H, '7d23h'],
    [8 * D, '8d'], [8 * D + 23 * H, '8d'], [30 * D, '30d'], [365 * D, '365d'], [729 * D, '729d'],
    [730 * D, '2y'], [731 * D, '2y1d'], [1095 * D, '3y'], [2919 * D, '7y364d'], [2920 * D, '8y'],
    [3650 * D, '10y'],
  ];
  for (const [ms, want] of cases) {
    it(`${ms} ms prints ${want}`, () => expect(humanDuration(ms)).toBe(want));
  }
});

describe('shortHumanDuration', () => {
  const cases: Array<[number, string]> = [
    [-2 * S, INVALID_DURATION], [-1 * S, '0s'], [59 * S, '59s'], [60 * S, '1m'], [59 * M + 59 * S, '59m'],
    [60 * M, '1h'], [23 * H + 59 * M, '23h'], [24 * H, '1d'], [364 * D, '364d'], [365 * D, '1y'], [800 * D, '2y'],
  ];
  for (const [ms, want] of cases) {
    it(`${ms} ms prints ${want}`, () => expect(shortHumanDuration(ms)).toBe(want));
  }
});

describe('age', () => {
  const now = new Date('2025-01-10T12:00:00Z');
  const cases: Array<{ name: string; ts: string | undefined; want: string }> = [
    { name: 'unset timestamp', ts: undefined, want: UNKNOWN_AGE },
    { name: 'empty timestamp', ts: '', want: UNKNOWN_AGE },
    { name: 'garbage timestamp', ts: 'yesterday-ish', want: UNKNOWN_AGE },
    { name: 'ten seconds ago', ts: '2025-01-10T11:59:50Z', want: '10s' },
    { name: 'fractional seconds truncate', ts: '2025-01-10T11:59:49.500Z', want: '10s' },
    { name: 'eight days ago', ts: '2025-01-02T12:00:00Z', want: '8d' },
    { name: 'future by a minute', ts: '2025-01-10T12:01:00Z', want: INVALID_DURATION },
  ];
  for (const tc of cases) it(tc.name, () => expect(age(tc.ts, now)).toBe(tc.want));
});
