import { describe, expect, it } from 'vitest';
import { eventCounts, TICK_BACKWARDS, tickDuration, tickSummary } from './tick';

describe('tickDuration', () => {
  it.each([
    ['30s', 30_000], ['2m', 120_000], ['1h30m', 5_400_000], ['500ms', 500], ['1.5s', 1500], ['500us', 1], ['0', 0],
  ])('%s is %d ms', (text, ms) => expect(tickDuration(text)).toBe(ms));

  it.each([
    ['', 'time: invalid duration ""'], ['abc', 'time: invalid duration "abc"'], ['10x', 'time: unknown unit "x" in duration "10x"'],
    ['5m3', 'time: missing unit in duration "5m3"'], ['90', 'time: missing unit in duration "90"'], ['-1s', TICK_BACKWARDS('-1s')],
  ])('%j is refused: %s', (text, message) => {
    expect(() => tickDuration(text)).toThrow(message);
  });
});

const ev = (type: string, reason: string) => ({ type, object: { apiVersion: 'v1', kind: 'Event', metadata: {}, reason } });

describe('tick summary', () => {
  it('counts events by reason, sorted, ignoring deletions', () => {
    const counts = eventCounts([
      ev('ADDED', 'Started'), ev('ADDED', 'Pulled'),
      ev('MODIFIED', 'Started'), ev('DELETED', 'Killing'),
    ]);
    expect(tickSummary(Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 1, 0, 0, 30), counts))
      .toBe('2026-01-01T00:00:00Z -> 2026-01-01T00:00:30Z: 1 Pulled, 2 Started\n');
  });

  it('says when nothing happened', () => {
    expect(tickSummary(0, 1000, new Map())).toBe('1970-01-01T00:00:00Z -> 1970-01-01T00:00:01Z: no events\n');
  });
});
