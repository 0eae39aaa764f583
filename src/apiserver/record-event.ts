/**
 * record-event: the event recorder behind ApiServer.recordEvent — client-go's EventRecorder with
 * its EventCorrelator (event-correlator.ts): an Event about the same object with the same type,
 * reason, message and source is counted again rather than written anew; similar Events past ten
 * distinct messages are combined; a source's Events about an object beyond the spam filter's
 * budget are counted but not sent. What the correlator remembers is kept in the state file.
 */
import type { EventLike, KubeObject, ObjectReference } from '../api/meta';
import type { Event } from '../api/types/kinds';
import type { LeaseExpiry, Store } from '../store/store';
import type { Clock } from '../sim/clock';
import type { Rand } from '../sim/rand';
import type { EventSource, EventType } from './client';
import { admit, aggregate, COMBINED_PREFIX, decodeRecord, encodeRecord, groupKey, loggerKey, newRecord, retain, type CorrelationRecord } from './event-correlator';
import { EVENT_TTL_MS, LEASE_REUSE_MAX_MS } from './leases';

/** EVENT_LIFETIME_MS is the longest an Event outlives its last write: its lease (leases.ts). */
const EVENT_LIFETIME_MS = EVENT_TTL_MS + LEASE_REUSE_MAX_MS;

/** EventStore is what the recorder writes through: the store, the Events' lease, and the server's note of a write. */
export interface EventStore {
  store: Store;
  clock: Clock;
  rand: Rand;
  leaseFor(kind: string): LeaseExpiry | undefined;
  wrote(kind: string): void;
}

/** NewEvent is what an Event is created with: its first occurrence may be one the spam filter held back. */
interface NewEvent {
  type: EventType;
  reason: string;
  message: string;
  source: EventSource;
  combined: boolean;
  count: number;
  first: { at: string; ms: number };
  now: string;
}

/** EventRecorder records Events for one API server (its sequence keeps same-instant names apart). */
export class EventRecorder {
  private seq = 0;

  constructor(private readonly host: EventStore) {}

  /**
   * record writes the Event as the correlator decides and returns it as written; undefined when
   * no request is sent: the spam filter keeps it back, or it repeats one written at this instant.
   */
  record(about: KubeObject | ObjectReference, type: EventType, reason: string, message: string, source: EventSource): KubeObject | undefined {
    const { store, clock } = this.host;
    const ref = toReference(about);
    const namespace = ref.namespace || 'default';
    const nowMs = clock.nowMs();
    const now = clock.nowISO();
    return store.oneWrite(() => {
      const existing = ((ref.uid ? store.findEvents(ref.uid, reason, message, ref.fieldPath) : []) as EventLike[])
        .find((e) => e.reason === reason && e.message === message && e.type === type && e.involvedObject?.fieldPath === ref.fieldPath
          && e.source?.component === source.component && (e.source?.host ?? '') === (source.host ?? ''));
      // kubemu: an identical event within the same second is one occurrence: a reconcile that
      // re-ran in the same instant, which a real controller would not have run twice, so it sends nothing.
      if (existing?.lastTimestamp === now) return undefined;

      const key = correlationKey(ref, source);
      const rec = store.eventCorrelation.get(key, nowMs, decodeRecord) ?? newRecord(nowMs);
      const group = groupKey(type, reason);
      const combine = aggregate(rec, group, message, nowMs);
      const logKey = loggerKey(group, combine, ref.fieldPath, message);
      const unwritten = rec.unwritten[logKey];
      // As above, for an identical event the spam filter held back at this instant.
      if (!combine && unwritten?.last === nowMs) return undefined;
      const save = () => store.eventCorrelation.set(key, rec, retain(rec, nowMs, EVENT_LIFETIME_MS), encodeRecord);

      if (!admit(rec, nowMs)) {
        rec.unwritten[logKey] = { count: (unwritten?.count ?? 0) + 1, first: unwritten?.first ?? now, last: nowMs };
        save();
        return undefined;
      }
      delete rec.unwritten[logKey];
      const previous = combine ? this.combinedEvent(rec, group, namespace, ref) : existing;
      const text = combine ? COMBINED_PREFIX + message : message;
      const count = (previous?.count ?? 0) + (unwritten?.count ?? 0) + 1;
      let written: KubeObject;
      if (previous) {
        const next = structuredClone(previous);
        next.count = count;
        next.lastTimestamp = now;
        next.message = text;
        written = store.update(next, Number(previous.metadata.resourceVersion), this.host.leaseFor('Event'));
      } else {
        const first = unwritten ? { at: unwritten.first, ms: Date.parse(unwritten.first) } : { at: now, ms: nowMs };
        written = this.create(ref, namespace, { type, reason, message: text, source, combined: combine, count, first, now });
      }
      this.host.wrote('Event');
      if (combine) rec.combined[group] = { name: written.metadata.name!, last: nowMs };
      save();
      return written;
    });
  }

  /** combinedEvent is the group's combined Event as stored, if it still is (the logger's entry for the aggregate key). */
  private combinedEvent(rec: CorrelationRecord, group: string, namespace: string, ref: ObjectReference): EventLike | undefined {
    const c = rec.combined[group];
    const ev = c ? this.host.store.get({ kind: 'Event', namespace, name: c.name }) as EventLike | undefined : undefined;
    return ev && ev.involvedObject?.uid === ref.uid ? ev : undefined;
  }

  /**
   * create writes a new Event, named like the real recorder's: "<object>.<first occurrence in Unix
   * nanoseconds, hex>". A combined Event, as client-go builds it, has no reporting component.
   */
  private create(ref: ObjectReference, namespace: string, e: NewEvent): KubeObject {
    const { store, rand } = this.host;
    const { type, reason, message, source, combined, count, first, now } = e;
    let nanos = BigInt(first.ms) * 1_000_000n + BigInt(this.seq++ % 1_000_000);
    let name = `${ref.name}.${nanos.toString(16)}`;
    while (store.get({ kind: 'Event', namespace, name })) name = `${ref.name}.${(++nanos).toString(16)}`;
    // A recorded core/v1 Event stores eventTime as an explicit null, as the real recorder's do.
    const ev: Omit<Event, 'eventTime'> & { eventTime: null } = {
      apiVersion: 'v1', kind: 'Event',
      metadata: { name, namespace, uid: rand.uuid(), creationTimestamp: now },
      involvedObject: ref,
      reason, message,
      source: source.host ? { component: source.component, host: source.host } : { component: source.component },
      firstTimestamp: first.at, lastTimestamp: now, count, type,
      eventTime: null,
      reportingComponent: combined ? '' : source.component, reportingInstance: combined ? '' : source.host ?? '',
    };
    return store.create(ev, this.host.leaseFor('Event'));
  }
}

/** correlationKey names what a source's correlator knows about an object (client-go's spam key; an object's uid stands for the rest of its reference). */
function correlationKey(ref: ObjectReference, source: EventSource): string {
  const object = ref.uid || [ref.kind ?? '', ref.namespace ?? '', ref.name ?? '', ref.apiVersion ?? ''].join('\n');
  return `${source.component}\n${source.host ?? ''}\n${object}`;
}

/** toReference is the involvedObject of an Event about obj (or the reference as given). */
function toReference(about: KubeObject | ObjectReference): ObjectReference {
  if ('metadata' in about && about.metadata) {
    const o = about as KubeObject;
    const ref: ObjectReference = { kind: o.kind, namespace: o.metadata.namespace, name: o.metadata.name, uid: o.metadata.uid, apiVersion: o.apiVersion, resourceVersion: o.metadata.resourceVersion };
    if (!ref.namespace) delete ref.namespace;
    return ref;
  }
  return about as ObjectReference;
}
