import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { eventAge, sortEvents } from './events';

const NOW = new Date('2026-11-30T01:30:00Z');
const ev = (name: string, fields: Record<string, unknown>): KubeObject => ({ apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: 'default' }, ...fields });

describe('eventAge', () => {
  it.each([
    ['single event uses firstTimestamp', { firstTimestamp: '2026-11-30T01:29:00Z', lastTimestamp: '2026-11-30T01:29:00Z', count: 1 }, '60s'],
    ['repeated event', { firstTimestamp: '2026-11-30T01:20:00Z', lastTimestamp: '2026-11-30T01:29:50Z', count: 4 }, '10s (x4 over 10m)'],
    ['eventTime wins over firstTimestamp', { eventTime: '2026-11-30T01:29:30.123456Z', firstTimestamp: '2026-11-30T01:00:00Z' }, '29s'],
    ['series uses lastObservedTime', { eventTime: '2026-11-30T01:27:06Z', series: { count: 9, lastObservedTime: '2026-11-30T01:29:50Z' } }, '10s (x9 over 2m54s)'],
    ['no timestamps at all', {}, '<unknown>'],
  ])('%s', (_name, fields, want) => {
    expect(eventAge(ev('e', fields), NOW)).toBe(want);
  });
});

describe('sortEvents', () => {
  it('orders by lastTimestamp, eventTime-only events first, ties by name', () => {
    const events = [
      ev('c', { lastTimestamp: '2026-11-30T01:29:00Z' }),
      ev('b', { lastTimestamp: '2026-11-30T01:28:00Z' }),
      ev('a', { lastTimestamp: '2026-11-30T01:29:00Z' }),
      ev('z', { eventTime: '2026-11-30T01:00:00Z' }),
    ];
    expect(sortEvents(events).map((e) => e.metadata.name)).toEqual(['z', 'b', 'a', 'c']);
  });
});
