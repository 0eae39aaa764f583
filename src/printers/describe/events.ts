/**
 * events: the Events section every describer ends with (kubectl DescribeEvents).
 */
import type { EventLike } from '../../api/meta';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';
import { timestampSince } from './time-format';

const time = (s: string | undefined | null): number => (s ? Date.parse(s) : Number.NEGATIVE_INFINITY);
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * sortEvents orders events as kubectl shows them: first in the apiserver's list order
 * (namespace, then name — event names embed their creation time), then a stable sort by
 * lastTimestamp ascending, so events without lastTimestamp (eventTime-only) come first.
 */
export function sortEvents(events: readonly EventLike[]): EventLike[] {
  return [...events]
    .sort((a, b) => cmp(a.metadata.namespace ?? '', b.metadata.namespace ?? '') || cmp(a.metadata.name ?? '', b.metadata.name ?? ''))
    .map((e, i) => ({ e, i }))
    .sort((a, b) => {
      const ta = time(a.e.lastTimestamp);
      const tb = time(b.e.lastTimestamp);
      return ta < tb ? -1 : ta > tb ? 1 : a.i - b.i;
    })
    .map(({ e }) => e);
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
