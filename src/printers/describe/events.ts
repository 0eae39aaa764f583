/**
 * events: the Events section every describer ends with (kubectl DescribeEvents).
 */
import type { EventLike } from '../../api/meta';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';
import { timestampSince } from './time-format';
import { goSort } from '../go-sort';

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * micros is a timestamp in microseconds (MicroTime has six digits, more than Date keeps);
 * a missing one is Go's zero time, before every other.
 */
function micros(s: string | undefined | null): number {
  if (!s) return Number.NEGATIVE_INFINITY;
  const m = /^(.*?)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/.exec(s);
  if (!m) return Date.parse(s) * 1000;
  return Date.parse(m[1]! + m[3]!) * 1000 + Number((m[2] ?? '').padEnd(6, '0').slice(0, 6));
}

/** inListOrder is the apiserver's list (and a watch's first) order: namespace, then name. */
export function inListOrder(events: readonly EventLike[]): EventLike[] {
  return [...events].sort((a, b) => cmp(a.metadata.namespace ?? '', b.metadata.namespace ?? '') || cmp(a.metadata.name ?? '', b.metadata.name ?? ''));
}

/** EventTime is the time events are sorted by. */
export type EventTime = (e: EventLike) => number;

/** byLastTimestamp is describe's order (kubectl's util/event SortableEvents): lastTimestamp alone. */
export const byLastTimestamp: EventTime = (e) => micros(e.lastTimestamp);

/** byEventTime is `kubectl events`' order: a series' last observation, else lastTimestamp, else eventTime. */
export const byEventTime: EventTime = (e) => (e.series ? micros(e.series.lastObservedTime) : e.lastTimestamp ? micros(e.lastTimestamp) : micros(e.eventTime));

/**
 * sortEvents orders events as kubectl shows them: the apiserver's list order (namespace, then
 * name; event names embed their creation time), then Go's sort.Sort by time. That sort is not
 * stable: up to 12 events it is an insertion sort, which keeps ties in list order; past that,
 * events of the same second come out in pdqsort's order (src/printers/go-sort.ts).
 */
export function sortEvents(events: readonly EventLike[], timeOf: EventTime = byLastTimestamp): EventLike[] {
  const list = inListOrder(events);
  const t = list.map(timeOf);
  goSort(list.length, {
    less: (i, j) => t[i]! < t[j]!,
    swap: (i, j) => {
      [list[i], list[j]] = [list[j]!, list[i]!];
      [t[i], t[j]] = [t[j]!, t[i]!];
    },
  });
  return list;
}

/** eventAge renders the Age cell: "<first>" or "<last> (x<count> over <first>)". */
export function eventAge(e: EventLike, now: Date): string {
  const first = e.eventTime ? timestampSince(e.eventTime, now) : timestampSince(e.firstTimestamp, now);
  if (e.series) return `${timestampSince(e.series.lastObservedTime, now)} (x${e.series.count ?? 0} over ${first})`;
  if ((e.count ?? 0) > 1) return `${timestampSince(e.lastTimestamp, now)} (x${e.count} over ${first})`;
  return first;
}

/** describeEvents writes `Events:  <none>` or, after a flush, the Type/Reason/Age/From/Message table. */
export function describeEvents(events: readonly EventLike[], w: PrefixWriter, now: Date): void {
  if (events.length === 0) {
    w.write(LEVEL_0, 'Events:\t<none>\n');
    return;
  }
  w.flush();
  w.write(LEVEL_0, 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n');
  w.write(LEVEL_1, '----\t------\t----\t----\t-------\n');
  for (const e of sortEvents(events)) {
    const source = e.source?.component || e.reportingController || '';
    w.write(LEVEL_1, `${e.type ?? ''}\t${e.reason ?? ''}\t${eventAge(e, now)}\t${source}\t${String(e.message ?? '').trim()}\n`);
  }
}
