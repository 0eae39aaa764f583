/**
 * event-correlator: client-go's EventCorrelator (tools/record/events_cache.go), which every
 * component runs before it sends an Event. In its order:
 *  - the aggregator: once events that differ only in their message reach 10 distinct messages
 *    (same source, object, type and reason, each within 10 minutes of the last), the next ones
 *    become one Event, "(combined from similar events): <message>", counted up;
 *  - the logger: an Event seen before is counted again (a patch) rather than created anew;
 *  - the spam filter: a token bucket per source and object, 25 Events at once and one more
 *    every 5 minutes; an Event over the budget is not sent, though the logger has counted it.
 * A 100-replica ReplicaSet thus leaves 9 SuccessfulCreate Events and a combined one counted to 16.
 *
 * This file holds the decisions on one CorrelationRecord, which is what client-go's three caches
 * know about one source and object; record-event.ts keeps the records in the state file.
 */
import { fnv32aOfUnits } from '../api/fnv32a';

/** AGGREGATE_MAX_EVENTS is how many distinct messages make the aggregator combine (client-go's default). */
export const AGGREGATE_MAX_EVENTS = 10;
/** AGGREGATE_INTERVAL_MS is how long after the last similar event the aggregator starts over. */
export const AGGREGATE_INTERVAL_MS = 600_000;
/** SPAM_BURST is how many Events a source may send about an object at once. */
export const SPAM_BURST = 25;
/** SPAM_REFILL_MS is how long the spam filter takes to allow one more (a rate of 1/300 per second). */
export const SPAM_REFILL_MS = 300_000;
/** COMBINED_PREFIX starts a combined Event's message (EventAggregatorByReasonMessageFunc). */
export const COMBINED_PREFIX = '(combined from similar events): ';

/** Unwritten counts the occurrences of one Event the spam filter kept from the server. */
export interface Unwritten {
  count: number;
  /** first is the first such occurrence's time (ISO): the Event's firstTimestamp if it was never created. */
  first: string;
  /** last is the newest one's time (ms). */
  last: number;
}

/** CorrelationRecord is what one source's correlator knows about one object. */
export interface CorrelationRecord {
  /**
   * emptyAt is when the spam filter's bucket would have held no token (ms): it gains one every
   * SPAM_REFILL_MS, up to SPAM_BURST, so a time keeps the count exact in whole milliseconds.
   */
  emptyAt: number;
  /** groups are the aggregator's records, by type and reason: the distinct messages seen (messageKey), and when it last saw one. */
  groups: Record<string, { messages: string[]; last: number }>;
  /** combined names each group's combined Event, and when it was last written (ms). */
  combined: Record<string, { name: string; last: number }>;
  /** unwritten is the logger's count beyond the server's, by logger key (loggerKey). */
  unwritten: Record<string, Unwritten>;
}

/** newRecord is what a correlator knows of an object it has not seen: a full bucket. */
export function newRecord(now: number): CorrelationRecord {
  return { emptyAt: now - SPAM_BURST * SPAM_REFILL_MS, groups: {}, combined: {}, unwritten: {} };
}

/** groupKey is the aggregator's key within a record: the event's type and reason. */
export function groupKey(type: string, reason: string): string {
  return `${type}\n${reason}`;
}

/** messageKey is how a record keeps a message: a hash, since it only asks whether it saw one. */
export function messageKey(message: string): string {
  return fnv32aOfUnits(message).toString(36);
}

/** loggerKey is the logger's key within a record: an Event's own key, or its group's for the combined Event. */
export function loggerKey(group: string, combined: boolean, fieldPath: string | undefined, message: string): string {
  return combined ? `${group}\n*` : `${group}\n${fieldPath ?? ''}\n${messageKey(message)}`;
}

/**
 * aggregate notes an event's message in its group and says whether it is to be combined. Which
 * message leaves a full set is Go's choice of map order in client-go (PopAny); kubemu, to stay
 * reproducible, lets the oldest leave.
 */
export function aggregate(rec: CorrelationRecord, group: string, message: string, now: number): boolean {
  let g = rec.groups[group];
  if (!g || now - g.last > AGGREGATE_INTERVAL_MS) g = rec.groups[group] = { messages: [], last: now };
  const key = messageKey(message);
  if (!g.messages.includes(key)) g.messages.push(key);
  g.last = now;
  if (g.messages.length < AGGREGATE_MAX_EVENTS) return false;
  g.messages.shift();
  return true;
}

/** admit is the spam filter: true if the bucket has a token for this event (and takes it). */
export function admit(rec: CorrelationRecord, now: number): boolean {
  rec.emptyAt = Math.max(rec.emptyAt, now - SPAM_BURST * SPAM_REFILL_MS);
  if (now - rec.emptyAt < SPAM_REFILL_MS) return false;
  rec.emptyAt += SPAM_REFILL_MS;
  return true;
}

/**
 * retain drops from a record what no longer bears on the next Event, so a kept record stays
 * small, and returns the time from which the rest tells no more than a new record would: the
 * bucket is full again, every group's window has passed, and no combined Event or unwritten
 * count can still meet its stored Event (an Event lives `eventLifetimeMs` after its last write
 * at most).
 */
export function retain(rec: CorrelationRecord, now: number, eventLifetimeMs: number): number {
  let until = rec.emptyAt + SPAM_BURST * SPAM_REFILL_MS;
  for (const k in rec.groups) {
    const end = rec.groups[k]!.last + AGGREGATE_INTERVAL_MS;
    if (end < now) delete rec.groups[k];
    else until = Math.max(until, end);
  }
  for (const k in rec.combined) {
    const end = rec.combined[k]!.last + eventLifetimeMs;
    if (end <= now) delete rec.combined[k];
    else until = Math.max(until, end);
  }
  for (const k in rec.unwritten) {
    const end = rec.unwritten[k]!.last + eventLifetimeMs;
    if (end <= now) delete rec.unwritten[k];
    else until = Math.max(until, end);
  }
  return until;
}

/**
 * encodeRecord is a record as the state file keeps it: arrays rather than named fields, empty
 * parts left off (a 30 000-pod cluster keeps tens of thousands: the Events of each pod's start).
 */
export function encodeRecord(rec: CorrelationRecord): string {
  const groups = Object.entries(rec.groups).map(([k, g]) => [k, g.last, ...g.messages]);
  const combined = Object.entries(rec.combined).map(([k, c]) => [k, c.name, c.last]);
  const unwritten = Object.entries(rec.unwritten).map(([k, u]) => [k, u.count, u.first, u.last]);
  const parts: unknown[] = [rec.emptyAt, groups];
  if (combined.length || unwritten.length) parts.push(combined);
  if (unwritten.length) parts.push(unwritten);
  return JSON.stringify(parts);
}

/** decodeRecord reads what encodeRecord wrote. */
export function decodeRecord(text: string): CorrelationRecord {
  const [emptyAt, groups, combined = [], unwritten = []] = JSON.parse(text) as [number, [string, number, ...string[]][], [string, string, number][]?, [string, number, string, number][]?];
  const rec: CorrelationRecord = { emptyAt, groups: {}, combined: {}, unwritten: {} };
  for (const [k, last, ...messages] of groups) rec.groups[k] = { messages, last };
  for (const [k, name, last] of combined) rec.combined[k] = { name, last };
  for (const [k, count, first, last] of unwritten) rec.unwritten[k] = { count, first, last };
  return rec;
}
