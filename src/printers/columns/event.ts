/**
 * event: the core/v1 Event printer (printers.go printEvent). Also used for events.k8s.io
 * Events, which the apiserver stores and prints through the same internal type: each cell
 * reads the core field or its events.k8s.io/v1 name (regarding, note, deprecated*).
 */
import type { EventLike } from '../../api/meta';
import { age } from '../age';
import { nameCell } from './cells';
import { col, wide, type PrintContext, type TableDef } from './table-def';

/** eventObject is OBJECT: "<kind lower-case>/<name>" of involvedObject (no group), or the kind alone. */
export function eventObject(ev: EventLike): string {
  const io = ev.involvedObject ?? ev.regarding ?? {};
  const kind = String(io.kind ?? '').toLowerCase();
  return io.name ? `${kind}/${io.name}` : kind;
}

/** eventSource is SOURCE: "<component>[, <host>]" falling back to reportingController / reportingInstance. */
export function eventSource(ev: EventLike): string {
  const source = ev.source ?? ev.deprecatedSource;
  const component: string = source?.component || ev.reportingController || ev.reportingComponent || '';
  const host: string = source?.host || ev.reportingInstance || '';
  if (!component) return '';
  return host ? `${component}, ${host}` : component;
}

/** eventFirstSeen is the age of firstTimestamp, or of eventTime when firstTimestamp is unset. */
export function eventFirstSeen(ev: EventLike, now: Date): string {
  const first = ev.firstTimestamp ?? ev.deprecatedFirstTimestamp;
  return first ? age(first, now) : age(ev.eventTime, now);
}

/** eventLastSeen is the age of series.lastObservedTime, else lastTimestamp, else FIRST SEEN. */
export function eventLastSeen(ev: EventLike, now: Date): string {
  if (ev.series) return age(ev.series.lastObservedTime, now);
  const last = ev.lastTimestamp ?? ev.deprecatedLastTimestamp;
  if (last) return age(last, now);
  return eventFirstSeen(ev, now);
}

/** eventCount is series.count when a series is set, else count, where a count of 0 prints as 1. */
export function eventCount(ev: EventLike): string {
  if (ev.series) return String(ev.series.count ?? 0);
  return String((ev.count ?? ev.deprecatedCount) || 1);
}

/** eventTable is the Event printer; non-wide it shows LAST SEEN, TYPE, REASON, OBJECT, MESSAGE. */
export const eventTable: TableDef = {
  columns: [col('Last Seen'), col('Type'), col('Reason'), col('Object'), wide('Subobject'), wide('Source'),
    col('Message'), wide('First Seen'), wide('Count'), wide('Name')],
  cells(ev: EventLike, ctx: PrintContext): string[] {
    return [eventLastSeen(ev, ctx.now), ev.type ?? '', ev.reason ?? '', eventObject(ev),
      (ev.involvedObject ?? ev.regarding)?.fieldPath ?? '', eventSource(ev), String(ev.message ?? ev.note ?? '').trim(),
      eventFirstSeen(ev, ctx.now), eventCount(ev), nameCell(ev)];
  },
};
