/**
 * record-event: the event recorder behind ApiServer.recordEvent — client-go's EventRecorder
 * with its EventCorrelator's aggregation: an Event about the same object with the same
 * type, reason, message and source is counted again rather than written anew.
 */
import type { EventLike, KubeObject, ObjectReference } from '../api/meta';
import type { Event } from '../api/types/kinds';
import type { LeaseExpiry, Store } from '../store/store';
import type { Clock } from '../sim/clock';
import type { Rand } from '../sim/rand';
import type { EventSource, EventType } from './client';

/** EventStore is what the recorder writes through: the store, the Events' lease, and the server's note of a write. */
export interface EventStore {
  store: Store;
  clock: Clock;
  rand: Rand;
  leaseFor(kind: string): LeaseExpiry | undefined;
  wrote(kind: string): void;
}

/** EventRecorder records Events for one API server (its sequence keeps same-instant names apart). */
export class EventRecorder {
  private seq = 0;

  constructor(private readonly host: EventStore) {}

  record(about: KubeObject | ObjectReference, type: EventType, reason: string, message: string, source: EventSource): KubeObject {
    const { store, clock, rand } = this.host;
    const ref = toReference(about);
    const namespace = ref.namespace || 'default';
    const now = clock.nowISO();
    const sourceObj = source.host ? { component: source.component, host: source.host } : { component: source.component };
    return store.oneWrite(() => {
      const existing = ((ref.uid ? store.findEvents(ref.uid, reason, message, ref.fieldPath) : []) as EventLike[])
        .find((e) => e.reason === reason && e.message === message && e.type === type && e.involvedObject?.fieldPath === ref.fieldPath
          && e.source?.component === source.component && (e.source?.host ?? '') === (source.host ?? ''));
      if (existing) {
        // kubemu: an identical event within the same second is one occurrence (a reconcile that
        // re-ran in the same instant), where the real EventCorrelator's spam filter would drop it.
        if (existing.lastTimestamp === now) return existing;
        const next = structuredClone(existing);
        next.count = (existing.count ?? 1) + 1;
        next.lastTimestamp = now;
        const stored = store.update(next, Number(existing.metadata.resourceVersion), this.host.leaseFor('Event'));
        this.host.wrote('Event');
        return stored;
      }
      // Named like the real recorder: "<object>.<creation time in Unix nanoseconds, hex>".
      let nanos = BigInt(clock.nowMs()) * 1_000_000n + BigInt(this.seq++ % 1_000_000);
      let name = `${ref.name}.${nanos.toString(16)}`;
      while (store.get({ kind: 'Event', namespace, name })) name = `${ref.name}.${(++nanos).toString(16)}`;
      // A recorded core/v1 Event stores eventTime as an explicit null, as the real recorder's do.
      const ev: Omit<Event, 'eventTime'> & { eventTime: null } = {
        apiVersion: 'v1', kind: 'Event',
        metadata: { name, namespace, uid: rand.uuid(), creationTimestamp: now },
        involvedObject: ref,
        reason, message,
        source: sourceObj,
        firstTimestamp: now, lastTimestamp: now, count: 1, type,
        eventTime: null, reportingComponent: source.component, reportingInstance: source.host ?? '',
      };
      const stored = store.create(ev, this.host.leaseFor('Event'));
      this.host.wrote('Event');
      return stored;
    });
  }
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
