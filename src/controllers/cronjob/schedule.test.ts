import { describe, expect, it } from 'vitest';
import { mostRecentScheduleTime, nextAfter, parseSchedule } from './schedule';

const T = (iso: string) => Date.parse(iso);
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString().replace('.000Z', 'Z'));

describe('nextAfter', () => {
  const cases: { name: string; schedule: string; from: string; next: string; tz?: string }[] = [
    { name: 'every five minutes', schedule: '*/5 * * * *', from: '2025-01-01T10:02:30Z', next: '2025-01-01T10:05:00Z' },
    { name: 'strictly after a scheduled minute', schedule: '*/5 * * * *', from: '2025-01-01T10:05:00Z', next: '2025-01-01T10:10:00Z' },
    { name: '@hourly', schedule: '@hourly', from: '2025-01-01T10:00:00Z', next: '2025-01-01T11:00:00Z' },
    { name: '@daily rolls over the year', schedule: '@daily', from: '2024-12-31T23:59:00Z', next: '2025-01-01T00:00:00Z' },
    { name: 'weekday names (Mon-Fri 9:30)', schedule: '30 9 * * MON-FRI', from: '2025-01-03T10:00:00Z', next: '2025-01-06T09:30:00Z' },
    { name: 'month names and lists', schedule: '0 0 1 jan,jul *', from: '2025-02-01T00:00:00Z', next: '2025-07-01T00:00:00Z' },
    { name: 'day-of-month OR day-of-week when both set', schedule: '0 0 13 * 5', from: '2025-01-01T00:00:00Z', next: '2025-01-03T00:00:00Z' },
    { name: '7 is Sunday', schedule: '0 12 * * 7', from: '2025-01-01T00:00:00Z', next: '2025-01-05T12:00:00Z' },
    { name: 'ranges with steps', schedule: '10-40/15 * * * *', from: '2025-01-01T00:26:00Z', next: '2025-01-01T00:40:00Z' },
    { name: 'a time zone', schedule: '0 9 * * *', tz: 'America/New_York', from: '2025-01-01T00:00:00Z', next: '2025-01-01T14:00:00Z' },
    { name: 'a time zone in summer time', schedule: '0 9 * * *', tz: 'America/New_York', from: '2025-07-01T00:00:00Z', next: '2025-07-01T13:00:00Z' },
    { name: 'February 29th', schedule: '0 0 29 2 *', from: '2025-01-01T00:00:00Z', next: '2028-02-29T00:00:00Z' },
  ];
  for (const tc of cases) {
    it(tc.name, () => expect(iso(nextAfter(parseSchedule(tc.schedule), T(tc.from), tc.tz))).toBe(tc.next));
  }
});

describe('parseSchedule errors', () => {
  it.each([
    ['* * * *', 'expected exactly 5 fields, found 4: * * * *'],
    ['60 * * * *', 'end of range (60) above maximum (59): 60'],
    ['5-1 * * * *', 'beginning of range (5) beyond end of range (1): 5-1'],
    ['x * * * *', 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'],
  ])('%s', (s, msg) => expect(() => parseSchedule(s)).toThrow(msg));
});

describe('mostRecentScheduleTime', () => {
  it('finds the latest missed time and counts the misses', () => {
    const r = mostRecentScheduleTime(parseSchedule('*/5 * * * *'), T('2025-01-01T10:00:00Z'), T('2025-01-01T10:16:00Z'));
    expect({ mostRecent: iso(r.mostRecent), missed: r.missed, next: iso(r.next) })
      .toEqual({ mostRecent: '2025-01-01T10:15:00Z', missed: 3, next: '2025-01-01T10:20:00Z' });
  });
  it('nothing due yet', () => {
    const r = mostRecentScheduleTime(parseSchedule('@hourly'), T('2025-01-01T10:00:00Z'), T('2025-01-01T10:59:00Z'));
    expect(r.mostRecent).toBeUndefined();
    expect(r.missed).toBe(0);
  });
});
