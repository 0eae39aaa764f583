import { describe, expect, it } from 'vitest';
import { eventCounts, parseDuration, tickSummary } from './tick';

describe('parseDuration', () => {
  it.each([
    ['30s', 30_000], ['2m', 120_000], ['1h30m', 5_400_000], ['500ms', 500], ['1.5s', 1500], ['45', 45_000],
  ])('%s is %d ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', 'abc', '10x', '5m3', '-1s'])('%j is refused with Go\'s message', (text) => {
    expect(() => parseDuration(text)).toThrow(`time: invalid duration "${text}"`);
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
