/**
 * store: the etcd stand-in's contract. It knows objects, revisions and the change log;
 * nothing about validation or HTTP reasons (the API layer translates its errors).
 */
import type { KubeObject, ObjectRef } from '../api/meta';
import type { StoredValue } from './value-transformer';

/** Revision is the global, monotonically increasing write counter (etcd-style). */
export type Revision = number;
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';
/** WatchEvent is one change; `object` is decoded on first access (most consumers only need the key). */
export interface WatchEvent { type: WatchEventType; revision: Revision; kind: string; namespace: string; name: string; readonly object: KubeObject }

/** LeaseExpiry names an etcd lease by the simulated time (ms since epoch) it expires at. */
export type LeaseExpiry = number;

/** StoredVersion names an object and the revision it was last written at. */
export interface StoredVersion { namespace: string; name: string; revision: Revision }

/**
 * ReadView trims what a read that takes one decodes (a watch: its events' objects).
 * withoutManagedFields leaves metadata.managedFields out, for a reader that never looks at them
 * (kubectl's tables, a component's informer): they are a third of a pod's body. A hint: a whole
 * body may still come whole (encrypted, or written by an older kubemu).
 */
export interface ReadView { withoutManagedFields?: boolean }

/** WITHOUT_MANAGED_FIELDS is the view of a reader that never looks at managedFields. */
export const WITHOUT_MANAGED_FIELDS: ReadView = Object.freeze({ withoutManagedFields: true });

/** StoreListQuery selects one kind, optionally one namespace; label filtering happens above. */
/**
 * StoreListQuery names a kind's objects, in one namespace or all. mayContain, when given, lets
 * each pass over an object whose stored JSON contains none of these strings undecoded: a hint
 * from a caller that keeps only such objects (a label selector's `"app":"web"`), not a filter
 * (an encrypted body is visited as it is, and so is one that contains a string by chance).
 */
export interface StoreListQuery { kind: string; namespace?: string; mayContain?: readonly string[] }

/**
 * Timer is a component's wish to reconcile `key` at simulated time `due` (ms since epoch).
 * An exact timer stops a long clock advance at its due time; a lazy one (exact false) only
 * fires at the next settle at or after its due time, so periodic chores such as lease
 * renewals cost nothing while time jumps forward.
 */
export interface Timer { component: string; key: string; due: number; exact?: boolean }

export class KeyExistsError extends Error { override readonly name = 'KeyExistsError'; }
export class KeyNotFoundError extends Error { override readonly name = 'KeyNotFoundError'; }
export class RevisionMismatchError extends Error { override readonly name = 'RevisionMismatchError'; }
export class CompactedError extends Error { override readonly name = 'CompactedError'; }
/** ObjectTooLargeError: etcd refuses values over its request limit. */
export class ObjectTooLargeError extends Error { override readonly name = 'ObjectTooLargeError'; }

/**
 * CorruptObject is a stored object that does not decode: its body is not JSON, or a value the
 * decoder parses (a resource.Quantity) does not parse. etcd3's store calls it a corrupt object.
 */
export interface CorruptObject { kind: string; namespace: string; name: string; revision: Revision; cause: string }

/** CorruptObjectError: get of a corrupt object (reads that list skip it instead). */
export class CorruptObjectError extends Error {
  override readonly name = 'CorruptObjectError';
  constructor(readonly object: CorruptObject) { super(`object not decodable revision=${object.revision}: ${object.cause}`); }
}

/** MAX_OBJECT_BYTES is etcd's default request limit (--max-request-bytes, 1.5 MiB). */
export const MAX_OBJECT_BYTES = 1.5 * 1024 * 1024;

/**
 * Store holds objects keyed by (kind, namespace, name). Every write gets the next revision,
 * stamps it as metadata.resourceVersion and appends a change-log entry.
 */
export interface Store {
  /** get returns the object, undefined if there is none; throws CorruptObjectError if it does not decode. */
  get(ref: ObjectRef, view?: ReadView): KubeObject | undefined;
  /** has says whether an object is stored, decoding nothing. */
  has(ref: ObjectRef): boolean;
  /** rawValue is an object's value as etcd would hold it (encrypted bytes under encryption at rest), or undefined. */
  rawValue(ref: ObjectRef): StoredValue | undefined;
  /** staleValue says an object's stored bytes are not what the current encryption configuration would write (an update rewrites them). */
  staleValue(ref: ObjectRef): boolean;
  list(q: StoreListQuery): KubeObject[];
  /**
   * getShared and listShared are get and list for a caller that only reads what it gets: inside
   * a write transaction they may hand every caller the same decoded objects (a batch's documents
   * all read their Namespace), so the caller must never change them.
   */
  getShared(ref: ObjectRef): KubeObject | undefined;
  listShared(q: StoreListQuery): readonly KubeObject[];
  /** each visits the objects list(q) would return, decoding one body at a time (no list in memory); visit must not use the store. */
  each(q: StoreListQuery, visit: (obj: KubeObject) => void, view?: ReadView): void;
  /** listByNode lists objects of a kind bound to a node (pods by spec.nodeName), through an index. */
  listByNode(node: string, kind: string, view?: ReadView): KubeObject[];
  /** eachOnNode visits, like each, the objects of a kind on a node (null: on none, e.g. pods not yet scheduled), through an index. */
  eachOnNode(node: string | null, kind: string, visit: (obj: KubeObject) => void, view?: ReadView): void;
  /** eachBound visits, like each, the objects of a kind bound to some node (pods with a spec.nodeName), through the node column. */
  eachBound(kind: string, visit: (obj: KubeObject) => void, view?: ReadView): void;
  /** podIPsOnNode lists the pod IPs in use on a node (pods not on the host network), without decoding the pods. */
  podIPsOnNode(node: string): string[];
  /** listByOwner lists objects of a kind whose controller ownerReference (an Event: involvedObject) has the given uid, through an index. */
  listByOwner(ownerUid: string, kind: string, view?: ReadView): KubeObject[];
  /** versions lists the keys and revisions each({ kind }) would visit, in its order, decoding nothing. */
  versions(kind: string): StoredVersion[];
  /** versionsOnNode lists the keys and revisions eachOnNode would visit, in its order, decoding nothing. */
  versionsOnNode(node: string | null, kind: string): StoredVersion[];
  /** versionsByOwner lists the keys and revisions listByOwner would return, decoding nothing. */
  versionsByOwner(ownerUid: string, kind: string): StoredVersion[];
  /** findEvents lists the Events about an object (by uid) with a reason and message (and fieldPath), through an index; a superset of those that match. */
  findEvents(subjectUid: string, reason: string, message: string, fieldPath?: string): KubeObject[];
  /**
   * kindsStamp changes whenever an object of the kinds is created, changed or deleted: how many
   * there are and the newest revision among them (with historyEpoch, as revisions may be reused).
   */
  kindsStamp(kinds: readonly [string, string]): string;
  /** count returns how many objects of a kind (in a namespace) exist, without decoding them. */
  count(q: StoreListQuery): number;
  /** create stores a new object, attached to `lease` if given (see leases). */
  create(obj: KubeObject, lease?: LeaseExpiry): KubeObject;             // throws KeyExistsError
  /** update replaces an object at revision `expected`; it is attached to `lease` if given, else to none. */
  update(obj: KubeObject, expected: Revision, lease?: LeaseExpiry): KubeObject; // throws RevisionMismatchError, KeyNotFoundError
  delete(ref: ObjectRef, expected?: Revision): KubeObject;              // throws KeyNotFoundError, RevisionMismatchError
  revision(): Revision;
  /**
   * historyEpoch changes whenever a write transaction of this process rolls back: the revisions
   * it used are then given to other writes, so anything cached by revision must be dropped.
   */
  historyEpoch(): number;
  /**
   * watchSince returns changes strictly after `after`, oldest first, at most `limit` of them
   * (a page: ask again after the last one's revision); CompactedError if `after` was compacted.
   */
  watchSince(after: Revision, kinds?: readonly string[], limit?: number, view?: ReadView): WatchEvent[];
  /**
   * listAt returns the objects of list(q) as they were at a revision (etcd's Range at a
   * revision), in list's order; CompactedError if the revision is older than the kept history.
   */
  listAt(q: StoreListQuery, revision: Revision): KubeObject[];
  /**
   * compact drops change-log entries at or below upTo, except each key's newest one when the key
   * still exists then (as etcd's compaction keeps it), so listAt can go back to upTo.
   */
  compact(upTo: Revision): void;
  /** transaction runs fn atomically; writers take the write lock up front (BEGIN IMMEDIATE); nested calls are savepoints. */
  transaction<T>(fn: () => T): T;
  /**
   * oneWrite runs fn, which checks all it needs before making at most one create, update or
   * delete, atomically: in a transaction of its own, or inside a caller's with no savepoint (if
   * fn throws before its write there is nothing to undo, and SQLite failing the write loses the
   * caller's whole transaction). The savepoints of status writes, bindings and Events were ~2% of a
   * steady 30 000-pod tick.
   */
  oneWrite<T>(fn: () => T): T;
  /** snapshot runs fn in a read transaction: one consistent view, no write lock. */
  snapshot<T>(fn: () => T): T;
  readonly meta: { get(key: string): string | undefined; set(key: string, value: string): void };
  /**
   * nodeState is what nodes keep locally (the kubelet's back-off and runtime records): values
   * by (node, key), written in the caller's transaction, with no revision and no change entry.
   */
  readonly nodeState: {
    get(node: string, key: string): string | undefined;
    /** set stores value, or removes the row when value is undefined. */
    set(node: string, key: string, value: string | undefined): void;
  };
  /**
   * eventCorrelation is what the event recorders remember between Events (apiserver/event-correlator.ts):
   * values by key, each with the time it stops mattering, written in the caller's transaction, with
   * no revision and no change entry.
   */
  readonly eventCorrelation: {
    /**
     * get returns the value kept for key, decoded, undefined if there is none or it expired at or
     * before `now`; within a write transaction, the same object until the transaction ends.
     */
    get<T>(key: string, now: number, decode: (text: string) => T): T | undefined;
    /** set keeps value for key until `expires`; encode makes the text stored, when it is written. */
    set<T>(key: string, value: T, expires: number, encode: (value: T) => string): void;
    /** expire drops the values that expired at or before `now`; returns how many. */
    expire(now: number): number;
  };
  readonly timers: {
    set(t: Timer): void;
    clear(component: string, key: string): void;
    /** due lists one component's timers at or before `now`, earliest first. */
    due(now: number, component: string): Timer[];
    /** next is the earliest due time of any timer, or undefined. */
    next(): number | undefined;
    /** nextExact is the earliest due time of an exact timer (of one due after `after`, if given), or undefined. */
    nextExact(after?: number): number | undefined;
    /** nextWaking is next() without the lazy timers of the `quiet` components, or undefined. */
    nextWaking(quiet: readonly string[]): number | undefined;
  };
  /**
   * leases are etcd's: an object written with a lease is deleted when the lease expires (a
   * DELETED change, as for any delete). A lease is named by its expiry; the API server decides
   * which writes get one and reuses them (apiserver/leases.ts).
   */
  readonly leases: {
    /** latest is the expiry of the newest lease any object holds, or undefined. */
    latest(): LeaseExpiry | undefined;
    /** next is the earliest expiry of a lease any object holds, or undefined. */
    next(): LeaseExpiry | undefined;
    /** expire deletes the objects whose lease expired at or before `now`; returns how many. */
    expire(now: number): number;
  };
  /**
   * quarantined lists, once each and in the order met, the corrupt objects this store's reads
   * skipped since it was opened: every read that lists or visits objects passes over them (and a
   * watch event's object throws CorruptObjectError), so one undecodable row cannot stop the rest
   * of the cluster. delete removes one like any object.
   */
  quarantined(): readonly CorruptObject[];
  /**
   * checkEveryRow makes this store's reads verify every row's quantities, also those this kubemu
   * marked as verified when it wrote them (doctor: a row changed behind the store's back is found).
   */
  checkEveryRow(): void;
  /**
   * defragment rewrites the state file without its free pages (etcd's defrag), under the write
   * lock, and makes an older file give free pages back by itself from then on.
   */
  defragment(): void;
  /** integrityCheck runs SQLite's PRAGMA integrity_check: ['ok'] or the problems found. */
  integrityCheck(): string[];
  close(): void;
}
