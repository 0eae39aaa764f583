/**
 * sqlite-store: the Store on better-sqlite3 — the only module that imports the driver.
 * WAL mode, a long busy timeout and BEGIN IMMEDIATE for every transaction, so several
 * kubemu processes on one state file queue for the write lock instead of failing.
 */
import * as fs from 'node:fs';
import Database from 'better-sqlite3';
import type { EventLike, KubeObject, ObjectRef } from '../../api/meta';
import { objectFields } from '../../api/object-fields';
import {
  CompactedError, CorruptObjectError, KeyExistsError, KeyNotFoundError, MAX_OBJECT_BYTES, ObjectTooLargeError, RevisionMismatchError,
  type CorruptObject, type LeaseExpiry, type ReadView, type Revision, type Store, type StoreListQuery, type StoredVersion, type Timer, type WatchEvent, type WatchEventType,
} from '../store';
import { storedQuantityError } from '../../api/stored-quantities';
import { nativeAddon } from './addon-path';
import { PLAIN, ValueTransformError, type StoredValue, type ValueTransformer } from '../value-transformer';
import { TransactionReadCache } from './transaction-read-cache';
import {
  AUTO_VACUUM_INCREMENTAL, EVENT_KEY_HASH, FREE_PAGES_SHARE, MIGRATIONS, MMAP_MAX_BYTES, OWNER_KEY, PRAGMAS_EVERY_OPEN, PRAGMAS_NEW_FILE, READ_CACHE_KIB, RECLAIM_PAGES_MAX, SCHEMA_LATEST, SCHEMA_VERSION, VACUUM_ON_MIGRATE_MAX_BYTES, WRITE_CACHE_KIB,
} from './schema';

/** BUSY_TIMEOUT_MS is how long a process waits for another's write lock before giving up. */
export const BUSY_TIMEOUT_MS = 60_000;

/** StateFileError says the state file cannot be used (corrupt, newer schema, unwritable). */
export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

/**
 * NotAStateFileError: the file exists but holds no kubemu schema — empty (truncated to nothing,
 * or left by a crashed copy) or another program's database. Only a create may lay a schema
 * into it; any other open would silently turn it into an empty cluster.
 */
export class NotAStateFileError extends StateFileError {
  constructor(readonly file: string) { super(`${file} is empty or not a kubemu state file`); }
}

/**
 * StoreOptions: create may start a new (missing or empty) file; readonly never does, whatever
 * create says. transformer encrypts bodies at rest (kube-apiserver's EncryptionConfiguration).
 */
export interface StoreOptions { readonly?: boolean; create?: boolean; transformer?: ValueTransformer }

/** SIDE_FILES are what SQLite keeps beside a database: the write-ahead log, its shared-memory index, a rollback journal. */
const SIDE_FILES = ['-wal', '-shm', '-journal'];

/**
 * removeSideFiles deletes side files left at path by an earlier database of that name (deleted
 * while another process held it open). SQLite ties a log to its database by name only: a new
 * file put in its place would replay the old cluster's log as its own.
 */
export function removeSideFiles(path: string): void {
  for (const ext of SIDE_FILES) fs.rmSync(path + ext, { force: true });
}

/**
 * refuseEmpty throws NotAStateFileError for a 0-byte file before SQLite sees it (SQLite would
 * read a stale log's pages as its content); it returns the file's size (0 if missing).
 */
function refuseEmpty(path: string): number {
  let size: number;
  try {
    size = fs.statSync(path).size;
  } catch {
    return 0; // missing: the driver's fileMustExist says so
  }
  if (size === 0) throw new NotAStateFileError(path);
  return size;
}

/**
 * Row is an object or change row as read; `checked` is its quantities' mark (schema's
 * CHECKED_COLUMNS), `fields` its managedFields when kept apart (MANAGED_FIELDS_COLUMNS).
 */
type Row = { body: StoredValue; fields: string | null; revision: number; kind: string; namespace: string; name: string; checked: number | null };
type StoredBody = Pick<Row, 'body' | 'fields' | 'checked'>;

/** ROW is the column list every read of a decodable row selects. */
const ROW = 'body, managed_fields AS fields, revision, kind, namespace, name, checked';

/**
 * VisitRow is a row a visiting read (each, eachOnNode, eachBound) decodes: its key is looked up
 * by id only if it does not decode (visitRows), which saved ~20 ms of a 31 000-pod `get pods -A`.
 */
type VisitRow = StoredBody & { id: number };
const VISIT_ROW = 'body, managed_fields AS fields, checked, id';
/**
 * LEAN_VISIT_ROW is VISIT_ROW without managedFields (ReadView): the column is not read, and
 * SQLite removes them from a whole plain JSON body (an older kubemu's row), so JSON.parse never
 * sees them. Encrypted bytes and bodies that are not JSON come as stored.
 */
const LEAN_VISIT_ROW = `CASE WHEN managed_fields IS NULL AND typeof(body) = 'text' AND instr(body, '"managedFields"') AND json_valid(body)
  THEN json_remove(body, '$.metadata.managedFields') ELSE body END AS body, NULL AS fields, checked, id`;

/** The keyed reads (ROW) and the visiting ones (VISIT_ROW or LEAN_VISIT_ROW), by the columns they select. */
const LIST_NS = (cols: string) => `SELECT ${cols} FROM objects WHERE kind = ? AND namespace = ? ORDER BY name`;
const LIST_ALL = (cols: string) => `SELECT ${cols} FROM objects WHERE kind = ? ORDER BY namespace, name`;
const UNBOUND_PODS = (cols: string) => `SELECT ${cols} FROM objects INDEXED BY pods_unbound WHERE kind = 'Pod' AND node IS NULL ORDER BY namespace, name`;
const BY_NODE = (cols: string) => `SELECT ${cols} FROM objects INDEXED BY objects_by_node WHERE node = ? AND kind = ? ORDER BY namespace, name`;
// In key order through the key index: skipping an unbound row costs SQLite far less than sorting.
const BOUND = (cols: string) => `SELECT ${cols} FROM objects WHERE kind = ? AND node IS NOT NULL ORDER BY namespace, name`;
type ChangeRow = { revision: number; type: string; kind: string; namespace: string; name: string };

/** cmp orders strings as SQLite's ORDER BY does (by code unit for ASCII keys). */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * PARSED_CHANGES_LIMIT bounds the cache of decoded change bodies (components of one settle
 * pass read the same changes). Small on purpose: at 50 000 it held most of a 30 000-pod
 * reconcile's objects alive (1.8 GB RSS); past it a change is parsed again.
 */
const PARSED_CHANGES_LIMIT = 2_000;

/**
 * toEvent wraps a change row; the body is parsed only if someone reads `object`, and once per
 * revision for all readers (watch objects are read-only by contract).
 */
function toEvent(row: ChangeRow, parsed: Map<number, KubeObject>, body: (revision: number) => StoredBody, decode: (row: Row) => KubeObject, readable: (body: StoredValue) => string): WatchEvent {
  return {
    type: row.type as WatchEventType, revision: row.revision, kind: row.kind, namespace: row.namespace, name: row.name,
    get object() {
      let obj = parsed.get(row.revision);
      if (!obj) {
        if (parsed.size >= PARSED_CHANGES_LIMIT) parsed.clear();
        const stored = body(row.revision);
        try {
          obj = decode({ ...row, ...stored });
        } catch (e) {
          // A corrupt object's deletion is still news (its node's pods, its dependents): watchers get its key.
          if (!(e instanceof CorruptObjectError) || row.type !== 'DELETED') throw e;
          obj = keyOnly(readable(stored.body), row);
        }
        // A deletion's last state is its key's previous version (schema's changesTable), under the deletion's revision.
        if (row.type === 'DELETED') obj.metadata.resourceVersion = String(row.revision);
        parsed.set(row.revision, obj);
      }
      return obj;
    },
  };
}

/** keyOnly is what is left of a corrupt object: its apiVersion, kind and metadata when the body is JSON, else its key. */
function keyOnly(body: string, ref: ObjectRef): KubeObject {
  const stub = parseOrStub(body, ref);
  return { apiVersion: stub.apiVersion, kind: stub.kind, metadata: stub.metadata } as KubeObject;
}

/**
 * parseOrStub parses a body being deleted; a body that is not JSON (a corrupt object) leaves
 * its key only, so it can still be deleted and its DELETED change names it.
 */
function parseOrStub(body: string, ref: ObjectRef): KubeObject {
  try {
    return JSON.parse(body) as KubeObject;
  } catch {
    return { kind: ref.kind, metadata: ref.namespace ? { name: ref.name, namespace: ref.namespace } : { name: ref.name } } as KubeObject;
  }
}

/** nodeOf is the value kept in the `node` column: a Pod's spec.nodeName, so kubelets list their pods by index. */
function nodeOf(obj: KubeObject): string | null {
  return obj.kind === 'Pod' ? (obj.spec?.nodeName ?? null) : null;
}

/** podIPOf is the value kept in the `pod_ip` column: a pod's IP unless it shares the host's network. */
function podIPOf(obj: KubeObject): string | null {
  return obj.kind === 'Pod' && !obj.spec?.hostNetwork ? (obj.status?.podIP ?? null) : null;
}

/**
 * ownerOf is the value kept in the `owner` column: the uid of the object this one belongs to —
 * its controller ownerReference, or for an Event the involved object — as ownerKey stores it.
 */
function ownerOf(obj: KubeObject): OwnerKey | null {
  const uid = obj.kind === 'Event' ? (obj as EventLike).involvedObject?.uid : obj.metadata.ownerReferences?.find((r) => r.controller)?.uid;
  return uid === undefined ? null : ownerKey(uid);
}

/** OwnerKey is an `owner` column value: a uid's 16 bytes, or the uid itself when it is no UUID. */
type OwnerKey = Buffer | string;

/** UUID matches the uids kubemu gives (lower-case, canonical): only those are stored as bytes, so no two uids share a key. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * ownerKey is how a uid is kept in the `owner` column and looked up there: a UUID as its 16
 * bytes (a blob), anything else (a uid a user or an older test wrote) as text. The column is in
 * every Event's and pod's row and in two indexes: 36 bytes of text each time took ~1 MiB of a
 * tenth-size T7 file.
 */
export function ownerKey(uid: string): OwnerKey {
  return UUID.test(uid) ? Buffer.from(uid.replace(/-/g, ''), 'hex') : uid;
}

/** aggregateOf is the value kept in the `aggregate` column: the hash of an Event's reason and message (what the recorder aggregates on). */
function aggregateOf(obj: KubeObject): number | null {
  const ev = obj as EventLike;
  return obj.kind === 'Event' ? eventKeyHash(eventKey(ev.reason, ev.message, ev.involvedObject?.fieldPath)) : null;
}

/**
 * eventKeyHash is the `aggregate` column's value for an aggregation key: two FNV-1a hashes of its
 * UTF-16 units (different offset bases) as one 53-bit integer, 8 bytes where the text took ~70
 * in the row and again in events_by_subject. A collision only makes findEvents return an Event
 * more, which the recorder's own comparison passes over. It is also an event correlator's row id
 * (eventCorrelation): a collision there would have two objects share a spam filter's bucket.
 */
export function eventKeyHash(key: string): number {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193);
  }
  return (a >>> 11) * 0x1_0000_0000 + (b >>> 0);
}

/**
 * eventKey joins a reason, a message and a fieldPath (if any) as the schema's AGGREGATE_OF_BODY
 * does: the recorder's key has the fieldPath too, and without it the Events about each of a
 * pod's thousand containers ("Pulling image …") would share one key.
 */
function eventKey(reason: unknown, message: unknown, fieldPath?: unknown): string {
  const key = `${typeof reason === 'string' ? reason : ''}\n${typeof message === 'string' ? message : ''}`;
  return typeof fieldPath === 'string' && fieldPath ? `${key}\n${fieldPath}` : key;
}

/** lazily makes each of defs' factories a property whose value is made on first read, then kept. */
function lazily<T extends Record<string, () => unknown>>(defs: T): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const out = {} as Record<string, unknown>;
  for (const [key, make] of Object.entries(defs)) {
    Object.defineProperty(out, key, {
      configurable: true,
      get: () => {
        const value = make();
        Object.defineProperty(out, key, { value });
        return value;
      },
    });
  }
  return out as { readonly [K in keyof T]: ReturnType<T[K]> };
}

/** checkSize refuses an object (its body and managedFields together) over etcd's limit, which counts UTF-8 bytes (not a string's UTF-16 units). */
function checkSize(body: string, fields: string | null): void {
  // A UTF-16 unit is at most 3 UTF-8 bytes: most objects need no encoding pass.
  const units = body.length + (fields?.length ?? 0);
  if (units * 3 <= MAX_OBJECT_BYTES) return;
  const bytes = Buffer.byteLength(body, 'utf8') + (fields === null ? 0 : Buffer.byteLength(fields, 'utf8'));
  if (bytes > MAX_OBJECT_BYTES) throw new ObjectTooLargeError(`object of ${bytes} bytes is over the ${MAX_OBJECT_BYTES}-byte limit`);
}

/**
 * withFields gives a decoded body back its managedFields (kept apart, MANAGED_FIELDS_COLUMNS),
 * as ObjectMeta's last field, where the API server's canonical order has them.
 */
function withFields(obj: KubeObject, fields: string | null): KubeObject {
  if (fields === null) return obj;
  const meta = obj.metadata as unknown;
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) throw new Error('managedFields kept apart from a body without metadata');
  obj.metadata.managedFields = JSON.parse(fields) as KubeObject['metadata']['managedFields'];
  return obj;
}

/**
 * openSqliteStore opens the state file at path, which must hold a kubemu schema unless
 * opts.create (then a missing or empty file gets one); ':memory:' for tests.
 */
export function openSqliteStore(path: string, opts: StoreOptions = {}): Store {
  const create = (!!opts.create && !opts.readonly) || path === ':memory:';
  let db: Database.Database;
  let bytes = 0;
  try {
    if (!create) bytes = refuseEmpty(path);
    db = new Database(path, { timeout: BUSY_TIMEOUT_MS, fileMustExist: !create, nativeBinding: nativeAddon() });
  } catch (e) {
    throw translate(e, path);
  }
  try {
    initialise(db, path, create);
    if (path !== ':memory:' && bytes <= MMAP_MAX_BYTES) db.pragma(`mmap_size = ${MMAP_MAX_BYTES}`);
  } catch (e) {
    db.close();
    throw translate(e, path);
  }
  return new SqliteStore(db, opts.transformer ?? PLAIN);
}

function initialise(db: Database.Database, path: string, create: boolean): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION) {
    throw new StateFileError(`the cluster state was written by a newer kubemu (schema ${version}; this kubemu reads up to ${SCHEMA_VERSION})`);
  }
  if (version === 0) {
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
    if (tables.n === 0 && create) {
      for (const p of PRAGMAS_NEW_FILE) db.pragma(p);
      db.transaction(() => {
        db.exec(SCHEMA_LATEST);
        db.pragma(`user_version = ${SCHEMA_VERSION}`);
      }).immediate();
    } else {
      throw new NotAStateFileError(path);
    }
  } else if (version < SCHEMA_VERSION) {
    migrate(db);
    const bytes = (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
    if (bytes <= VACUUM_ON_MIGRATE_MAX_BYTES) vacuumIncremental(db);
  }
  for (const p of PRAGMAS_EVERY_OPEN) db.pragma(p);
}

/** migrate brings an older state file up to SCHEMA_VERSION, one step per transaction (re-checked under the lock). */
function migrate(db: Database.Database): void {
  db.function(EVENT_KEY_HASH, { deterministic: true }, (key: unknown) => (typeof key === 'string' ? eventKeyHash(key) : null));
  db.function(OWNER_KEY, { deterministic: true }, (uid: unknown) => (typeof uid === 'string' ? ownerKey(uid) : uid));
  for (;;) {
    const done = db.transaction(() => {
      const v = db.pragma('user_version', { simple: true }) as number;
      if (v >= SCHEMA_VERSION) return true;
      const step = MIGRATIONS[v];
      if (!step) throw new StateFileError(`the cluster state file has schema ${v}, which this kubemu cannot migrate`);
      db.exec(step);
      db.pragma(`user_version = ${v + 1}`);
      return false;
    }).immediate();
    if (done) return;
  }
}

/**
 * vacuumIncremental rewrites the file without free pages, in INCREMENTAL auto-vacuum mode (an
 * older file is NONE, which only a VACUUM changes). VACUUM takes the write lock like any writer
 * (waiting up to BUSY_TIMEOUT_MS); readers in other processes keep their snapshot. The log it
 * leaves (the whole file) is truncated, so the file on disk is what it says.
 */
function vacuumIncremental(db: Database.Database): void {
  if (db.pragma('auto_vacuum', { simple: true }) !== AUTO_VACUUM_INCREMENTAL) db.pragma('auto_vacuum = INCREMENTAL');
  // VACUUM builds the new file in a temporary database: on disk, not in memory (a whole state
  // file's worth), whatever the connection's temp_store (PRAGMAS_EVERY_OPEN).
  const tempStore = db.pragma('temp_store', { simple: true }) as number;
  db.pragma('temp_store = FILE');
  try {
    db.exec('VACUUM');
  } finally {
    db.pragma(`temp_store = ${tempStore}`);
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
}

/** translate turns driver errors into StateFileError with a user-facing reason. */
export function translate(e: unknown, path: string): Error {
  const code = (e as { code?: string })?.code ?? '';
  if (e instanceof StateFileError) return e;
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') return new StateFileError(`the cluster state file ${path} is corrupt`);
  if (code === 'SQLITE_READONLY' || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_PERM') return new StateFileError(`cannot write the cluster state file ${path} (${(e as Error).message})`);
  if (code === 'SQLITE_FULL') return new StateFileError(`no space left to write the cluster state file ${path}`);
  return e as Error;
}

class SqliteStore implements Store {
  private readonly q;
  /** hintedStatements: each's statements with mayContain, by scope, view and number of strings. */
  private readonly hintedStatements = new Map<string, Database.Statement>();
  /**
   * tx runs a function in a transaction, or nested in a savepoint. One wrapper for every call:
   * db.transaction(fn) builds four wrappers and their properties each time, and an apply of a
   * 1 938-document stream opens three savepoints per document.
   */
  private readonly tx: Database.Transaction<<T>(fn: () => T) => T>;

  constructor(private readonly db: Database.Database, private readonly transformer: ValueTransformer) {
    this.tx = db.transaction(<T>(fn: () => T): T => fn());
    // Prepared on first use: a command uses a few of these, and preparing all cost ~1% of `get pods`.
    this.q = lazily({
      get: () => db.prepare<[string, string, string], Row>(`SELECT ${ROW} FROM objects WHERE kind = ? AND namespace = ? AND name = ?`),
      listNs: () => db.prepare<[string, string], Row>(LIST_NS(ROW)),
      visitNs: () => db.prepare<[string, string], VisitRow>(LIST_NS(VISIT_ROW)),
      visitNsLean: () => db.prepare<[string, string], VisitRow>(LIST_NS(LEAN_VISIT_ROW)),
      listAll: () => db.prepare<[string], Row>(LIST_ALL(ROW)),
      visitAll: () => db.prepare<[string], VisitRow>(LIST_ALL(VISIT_ROW)),
      visitAllLean: () => db.prepare<[string], VisitRow>(LIST_ALL(LEAN_VISIT_ROW)),
      byOwner: () => db.prepare<[OwnerKey, string], Row>(`SELECT ${ROW} FROM objects INDEXED BY objects_by_owner WHERE owner = ? AND kind = ? AND kind <> 'Event' ORDER BY namespace, name`),
      versions: () => db.prepare<[string], StoredVersion>('SELECT namespace, name, revision FROM objects WHERE kind = ? ORDER BY namespace, name'),
      versionsByOwner: () => db.prepare<[OwnerKey, string], StoredVersion>("SELECT namespace, name, revision FROM objects INDEXED BY objects_by_owner WHERE owner = ? AND kind = ? AND kind <> 'Event' ORDER BY namespace, name"),
      // Events are not in objects_by_owner (schema's OBJECTS_BY_OWNER): their subject index has the column.
      eventsBySubject: () => db.prepare<[OwnerKey], Row>(`SELECT ${ROW} FROM objects INDEXED BY events_by_subject WHERE kind = 'Event' AND owner = ? ORDER BY namespace, name`),
      events: () => db.prepare<[OwnerKey, number], Row>(`SELECT ${ROW} FROM objects INDEXED BY events_by_subject WHERE kind = 'Event' AND owner = ? AND aggregate = ? ORDER BY namespace, name`),
      podIPs: () => db.prepare<[string], { ip: string | null }>("SELECT pod_ip AS ip FROM objects INDEXED BY objects_by_node WHERE node = ? AND kind = 'Pod'"),
      visitUnbound: () => db.prepare<[], VisitRow>(UNBOUND_PODS(VISIT_ROW)),
      visitUnboundLean: () => db.prepare<[], VisitRow>(UNBOUND_PODS(LEAN_VISIT_ROW)),
      byNode: () => db.prepare<[string, string], Row>(BY_NODE(ROW)),
      visitNode: () => db.prepare<[string, string], VisitRow>(BY_NODE(VISIT_ROW)),
      visitNodeLean: () => db.prepare<[string, string], VisitRow>(BY_NODE(LEAN_VISIT_ROW)),
      visitBound: () => db.prepare<[string], VisitRow>(BOUND(VISIT_ROW)),
      visitBoundLean: () => db.prepare<[string], VisitRow>(BOUND(LEAN_VISIT_ROW)),
      keyOfId: () => db.prepare<[number], Omit<Row, 'body' | 'fields' | 'checked'>>('SELECT kind, namespace, name, revision FROM objects WHERE id = ?'),
      unboundVersions: () => db.prepare<[], StoredVersion>("SELECT namespace, name, revision FROM objects INDEXED BY pods_unbound WHERE kind = 'Pod' AND node IS NULL ORDER BY namespace, name"),
      versionsOnNode: () => db.prepare<[string, string], StoredVersion>('SELECT namespace, name, revision FROM objects INDEXED BY objects_by_node WHERE node = ? AND kind = ? ORDER BY namespace, name'),
      countNs: () => db.prepare<[string, string], { n: number }>('SELECT count(*) AS n FROM objects WHERE kind = ? AND namespace = ?'),
      kindsStamp: () => db.prepare<[string, string], { n: number; rev: number | null }>('SELECT count(*) AS n, max(revision) AS rev FROM objects WHERE kind IN (?, ?)'),
      countAll: () => db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM objects WHERE kind = ?'),
      revisionOf: () => db.prepare<[string, string, string], { revision: number }>('SELECT revision FROM objects WHERE kind = ? AND namespace = ? AND name = ?'),
      insert: () => db.prepare('INSERT INTO objects (kind, namespace, name, revision, node, owner, pod_ip, body, managed_fields, lease, aggregate, checked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
      update: () => db.prepare('UPDATE objects SET revision = ?, node = ?, owner = ?, pod_ip = ?, body = ?, managed_fields = ?, lease = ?, aggregate = ?, checked = ? WHERE kind = ? AND namespace = ? AND name = ?'),
      del: () => db.prepare('DELETE FROM objects WHERE kind = ? AND namespace = ? AND name = ?'),
      change: () => db.prepare('INSERT INTO changes (revision, type, kind, namespace, name, prev) VALUES (?, ?, ?, ?, ?, ?)'),
      changesAll: () => db.prepare<[number, number], ChangeRow>('SELECT revision, type, kind, namespace, name FROM changes WHERE revision > ? ORDER BY revision LIMIT ?'),
      // A change without a body of its own is the object row's version, or a deletion's previous change (schema's changesTable).
      changeBody: () => db.prepare<[number], StoredBody>(`SELECT coalesce(c.body, o.body, p.body) AS body,
          CASE WHEN c.body IS NOT NULL THEN c.managed_fields WHEN o.body IS NOT NULL THEN o.managed_fields ELSE p.managed_fields END AS fields,
          CASE WHEN c.body IS NOT NULL THEN c.checked WHEN o.body IS NOT NULL THEN o.checked ELSE p.checked END AS checked
        FROM changes c LEFT JOIN objects o ON c.body IS NULL AND o.kind = c.kind AND o.namespace = c.namespace AND o.name = c.name AND o.revision = c.revision
          LEFT JOIN changes p ON c.body IS NULL AND p.revision = c.prev
        WHERE c.revision = ?`),
      // Before an object row is overwritten or deleted, the change that named its version takes its
      // body; compaction may have dropped that change (see compact), and then it is written again:
      // below the compaction revision only listAt reads a change, and only its key and body.
      keepBody: () => db.prepare<[string, string, string]>(`INSERT INTO changes (revision, type, kind, namespace, name, body, managed_fields, checked)
        SELECT revision, 'MODIFIED', kind, namespace, name, body, managed_fields, checked FROM objects WHERE kind = ? AND namespace = ? AND name = ?
        ON CONFLICT (revision) DO UPDATE SET body = excluded.body, managed_fields = excluded.managed_fields, checked = excluded.checked
        WHERE changes.body IS NULL`),
      metaGet: () => db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
      metaSet: () => db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value'),
      nodeStateGet: () => db.prepare<[string, string], { value: string }>('SELECT value FROM node_state WHERE node = ? AND key = ?'),
      nodeStateSet: () => db.prepare('INSERT INTO node_state (node, key, value) VALUES (?, ?, ?) ON CONFLICT(node, key) DO UPDATE SET value = excluded.value'),
      nodeStateDel: () => db.prepare('DELETE FROM node_state WHERE node = ? AND key = ?'),
      correlationGet: () => db.prepare<[number, number], { value: string; expires: number }>('SELECT value, expires FROM event_correlation WHERE key = ? AND expires > ?'),
      correlationSet: () => db.prepare('INSERT INTO event_correlation (key, value, expires) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires = excluded.expires'),
      correlationExpire: () => db.prepare('DELETE FROM event_correlation WHERE expires <= ?'),
      timerSet: () => db.prepare('INSERT INTO timers (component, key, due, exact) VALUES (?, ?, ?, ?) ON CONFLICT(component, key) DO UPDATE SET due = min(due, excluded.due), exact = max(exact, excluded.exact)'),
      timerClear: () => db.prepare('DELETE FROM timers WHERE component = ? AND key = ?'),
      timersDue: () => db.prepare<[string, number], Timer>('SELECT component, key, due, exact = 1 AS exact FROM timers INDEXED BY timers_by_component WHERE component = ? AND due <= ? ORDER BY due, key'),
      timerNext: () => db.prepare<[], { due: number | null }>('SELECT min(due) AS due FROM timers'),
      timerNextExact: () => db.prepare<[number], { due: number | null }>('SELECT min(due) AS due FROM timers WHERE exact = 1 AND due > ?'),
      // The newest change of each key at or below the cut stays (a list at the cut reads it), unless
      // it is the key's deletion or the version its object row still holds (no body: the row answers
      // for it, and keepBody writes the change again with its body when the object moves on).
      compact: () => db.prepare(`DELETE FROM changes WHERE revision <= ? AND (type = 'DELETED' OR body IS NULL OR revision NOT IN
        (SELECT max(revision) FROM changes WHERE revision <= ? GROUP BY kind, namespace, name))`),
      changesBefore: () => db.prepare<[string, number], ChangeRow>('SELECT revision, type, kind, namespace, name FROM changes WHERE kind = ? AND revision <= ? ORDER BY revision DESC'),
      leaseLatest: () => db.prepare<[], { at: number | null }>('SELECT max(lease) AS at FROM objects INDEXED BY objects_by_lease WHERE lease IS NOT NULL'),
      leaseNext: () => db.prepare<[], { at: number | null }>('SELECT min(lease) AS at FROM objects INDEXED BY objects_by_lease WHERE lease IS NOT NULL'),
      leaseExpired: () => db.prepare<[number], ObjectRef & { namespace: string }>('SELECT kind, namespace, name FROM objects INDEXED BY objects_by_lease WHERE lease IS NOT NULL AND lease <= ? ORDER BY lease, kind, namespace, name'),
    });
  }

  readonly meta = {
    get: (key: string): string | undefined => this.q.metaGet.get(key)?.value,
    set: (key: string, value: string): void => { this.guarded(() => this.q.metaSet.run(key, value)); },
  };

  readonly nodeState = {
    get: (node: string, key: string): string | undefined => this.q.nodeStateGet.get(node, key)?.value,
    set: (node: string, key: string, value: string | undefined): void => {
      this.guarded(() => (value === undefined ? this.q.nodeStateDel.run(node, key) : this.q.nodeStateSet.run(node, key, value)));
    },
  };

  /**
   * The event correlators' values are kept decoded within a write transaction and written once,
   * before it commits: the kubelet sends a pod's four Events in one pass, and each would have
   * read, decoded, encoded and rewritten its row. A savepoint that rolls back after one was set
   * within it (no Event is recorded inside an API write's savepoint) drops them all unwritten,
   * as if the components had restarted.
   */
  readonly eventCorrelation = {
    get: <T>(key: string, now: number, decode: (text: string) => T): T | undefined => {
      const id = eventKeyHash(key);
      const held = this.correlations.get(id);
      if (held) return held.expires > now ? held.value as T : undefined;
      const row = this.q.correlationGet.get(id, Math.floor(now));
      if (!row) return undefined;
      const value = decode(row.value);
      if (this.inWrite && this.db.inTransaction) this.correlations.set(id, { value, expires: row.expires, encode: undefined });
      return value;
    },
    set: <T>(key: string, value: T, expires: number, encode: (value: T) => string): void => {
      const id = eventKeyHash(key);
      const until = Math.ceil(expires);
      if (this.inWrite && this.db.inTransaction && !this.lost) {
        this.correlations.set(id, { value, expires: until, encode: encode as (value: unknown) => string });
        this.correlationsUnwritten.add(id);
        this.correlationSets++;
      } else {
        this.guarded(() => this.q.correlationSet.run(id, encode(value), until));
      }
    },
    // A full scan: it runs when Events expire (runtime), and a row past its time is never read anyway.
    expire: (now: number): number => this.write(() => {
      this.writeCorrelations();
      return this.q.correlationExpire.run(Math.floor(now)).changes;
    }),
  };

  /** correlations are the event correlators' values read or set in this write transaction, by row id. */
  private readonly correlations = new Map<number, { value: unknown; expires: number; encode: ((value: unknown) => string) | undefined }>();
  /** correlationsUnwritten are the ids of those set and not yet written. */
  private readonly correlationsUnwritten = new Set<number>();
  /** correlationSets counts the values set, so a savepoint that rolls back knows whether it set one. */
  private correlationSets = 0;

  /** writeCorrelations writes the values eventCorrelation kept back. */
  private writeCorrelations(): void {
    if (!this.correlationsUnwritten.size) return;
    this.guarded(() => {
      for (const id of this.correlationsUnwritten) {
        const c = this.correlations.get(id)!;
        this.q.correlationSet.run(id, c.encode!(c.value), c.expires);
      }
    });
    this.correlationsUnwritten.clear();
  }

  readonly timers = {
    set: (t: Timer): void => { this.guarded(() => this.q.timerSet.run(t.component, t.key, Math.floor(t.due), t.exact === false ? 0 : 1)); },
    clear: (component: string, key: string): void => { this.guarded(() => this.q.timerClear.run(component, key)); },
    due: (now: number, component: string): Timer[] => this.q.timersDue.all(component, now),
    next: (): number | undefined => this.q.timerNext.get()?.due ?? undefined,
    nextExact: (after = Number.MIN_SAFE_INTEGER): number | undefined => this.q.timerNextExact.get(after)?.due ?? undefined,
    nextWaking: (quiet: readonly string[]): number | undefined => {
      let stmt = this.timerNextWaking.get(quiet.length);
      if (!stmt) {
        stmt = this.db.prepare<string[], { due: number | null }>(`SELECT min(due) AS due FROM timers WHERE exact = 1 OR component NOT IN (${quiet.map(() => '?').join(', ')})`);
        this.timerNextWaking.set(quiet.length, stmt);
      }
      return stmt.get(...quiet)?.due ?? undefined;
    },
  };

  /** timerNextWaking holds nextWaking's statement per number of quiet components. */
  private readonly timerNextWaking = new Map<number, Database.Statement<string[], { due: number | null }>>();

  readonly leases = {
    latest: (): LeaseExpiry | undefined => this.q.leaseLatest.get()?.at ?? undefined,
    next: (): LeaseExpiry | undefined => this.q.leaseNext.get()?.at ?? undefined,
    expire: (now: number): number => this.write(() => {
      // Deleted as etcd's lessor revokes a lease: one DELETED change per attached key.
      const gone = this.q.leaseExpired.all(now);
      for (const ref of gone) this.delete({ kind: ref.kind, namespace: ref.namespace || undefined, name: ref.name });
      return gone.length;
    }),
  };

  /** corrupt holds the objects reads have skipped, by kind/namespace/name (see quarantined). */
  private readonly corrupt = new Map<string, CorruptObject>();

  quarantined(): readonly CorruptObject[] {
    return [...this.corrupt.values()];
  }

  /** everyRow: reads walk marked rows' quantities too (checkEveryRow). */
  private everyRow = false;

  checkEveryRow(): void {
    this.everyRow = true;
  }

  /**
   * decode is the store's one way from a row to an object, as etcd3's store decodes each value:
   * a body that is not JSON, or whose quantities do not parse, is a corrupt object
   * (CorruptObjectError, and remembered for quarantined()).
   */
  private readonly decode = (row: Row): KubeObject => this.decodeRow(row, true, true);

  /** decodeLean is decode for a ReadView without managedFields: those kept apart are not parsed. */
  private readonly decodeLean = (row: Row): KubeObject => this.decodeRow(row, true, false);

  /** decoderOf is the decode a view asks for. */
  private decoderOf(view: ReadView | undefined): (row: Row) => KubeObject {
    return view?.withoutManagedFields ? this.decodeLean : this.decode;
  }

  /** decodeChange decodes a change's body, which throws without being remembered: the object may be gone. */
  private readonly decodeChange = (row: Row): KubeObject => this.decodeRow(row, false, true);
  /** decodeLeanChange is decodeChange for a watch without managedFields (ReadView). */
  private readonly decodeLeanChange = (row: Row): KubeObject => this.decodeRow(row, false, false);

  private decodeRow(row: Row, record: boolean, managedFields: boolean): KubeObject {
    const decoded = this.decodeStored(row, managedFields);
    if (typeof decoded !== 'string') return decoded;
    const bad: CorruptObject = { kind: row.kind, namespace: row.namespace, name: row.name, revision: row.revision, cause: decoded };
    if (record) this.remember(bad);
    throw new CorruptObjectError(bad);
  }

  /** decodeStored is a stored body's object, or (a string) why it does not decode. */
  private decodeStored(stored: StoredBody, managedFields: boolean): KubeObject | string {
    try {
      const text = this.text(stored.body);
      const obj = JSON.parse(text) as KubeObject;
      // Any JSON value parses; an object's is an object (a string here would read as a cause).
      if (typeof obj !== 'object' || obj === null) return 'the stored value is not a JSON object';
      if (managedFields) withFields(obj, stored.fields);
      // A row this kubemu marked on write was verified then; only older rows (and doctor) are walked.
      return (stored.checked !== 1 || this.everyRow ? storedQuantityError(objectFields(obj), text) : undefined) ?? obj;
    } catch (e) {
      return (e as Error).message;
    }
  }

  /** remember keeps a corrupt object for quarantined(), the first time it is met. */
  private remember(bad: CorruptObject): void {
    const key = `${bad.kind}/${bad.namespace}/${bad.name}`;
    if (!this.corrupt.has(key)) this.corrupt.set(key, bad);
  }

  /**
   * visitRows visits each visiting read's row's object, passing over corrupt ones; their keys are
   * looked up once the read is done (the connection runs one statement at a time) and remembered.
   */
  private visitRows(rows: Iterable<VisitRow>, visit: (obj: KubeObject) => void): void {
    const corrupt: { id: number; cause: string }[] = [];
    try {
      for (const r of rows) {
        const decoded = this.decodeStored(r, true);
        if (typeof decoded === 'string') corrupt.push({ id: r.id, cause: decoded });
        else visit(decoded);
      }
    } finally {
      for (const { id, cause } of corrupt) {
        const key = this.q.keyOfId.get(id);
        if (key) this.remember({ ...key, cause });
      }
    }
  }

  /** text is a stored body as JSON text: plain text as it is, transformed bytes through the transformer (which throws when no provider can read them). */
  private text(body: StoredValue): string {
    // null: a change whose object row no longer holds its version (never left so by this store).
    if (body === null) throw new Error('the change has no stored body');
    return typeof body === 'string' ? body : this.transformer.fromStorage(body);
  }

  /** readable is text(), or '' when no provider can read the bytes: a corrupt object's key is then all that is left. */
  private readonly readable = (body: StoredValue): string => {
    try {
      return this.text(body);
    } catch (e) {
      if (e instanceof ValueTransformError) return '';
      throw e;
    }
  };

  /** decodeAll decodes rows, passing over corrupt ones. */
  private decodeAll(rows: Iterable<Row>, view?: ReadView): KubeObject[] {
    const out: KubeObject[] = [];
    this.visitAll(rows, (o) => out.push(o), view);
    return out;
  }

  /** visitAll visits each row's object, passing over corrupt ones. */
  private visitAll(rows: Iterable<Row>, visit: (obj: KubeObject) => void, view?: ReadView): void {
    const decode = this.decoderOf(view);
    for (const r of rows) {
      let obj: KubeObject;
      try {
        obj = decode(r);
      } catch (e) {
        if (e instanceof CorruptObjectError) continue;
        throw e;
      }
      visit(obj);
    }
  }

  /** reads holds what the current write transaction has read (transaction-read-cache.ts). */
  private readonly reads = new TransactionReadCache<Row>(() => this.inWrite && this.db.inTransaction);

  /** row is a key's row, read once per write transaction. */
  private row(ref: ObjectRef): Row | undefined {
    const ns = ref.namespace ?? '';
    return this.reads.row(ref.kind, ns, ref.name, () => this.q.get.get(ref.kind, ns, ref.name));
  }

  get(ref: ObjectRef, view?: ReadView): KubeObject | undefined {
    const row = this.row(ref);
    return row ? this.decoderOf(view)(row) : undefined;
  }

  has(ref: ObjectRef): boolean {
    return this.row(ref) !== undefined;
  }

  rawValue(ref: ObjectRef): StoredValue | undefined {
    const row = this.row(ref);
    if (row?.fields == null) return row?.body;
    // The object as one JSON text, as written whole (withFields puts managedFields where they were).
    return JSON.stringify(withFields(JSON.parse(this.text(row.body)) as KubeObject, row.fields));
  }

  staleValue(ref: ObjectRef): boolean {
    // Kept apart or not, a plain body is stale exactly when the kind is now to be encrypted.
    const body = this.row(ref)?.body;
    return body !== undefined && this.transformer.stale(ref.kind, body);
  }

  /** encode is the value to store for a body of a kind: transformed if the encryption configuration covers the kind. */
  private encode(kind: string, json: string): StoredValue {
    return this.transformer.transforms(kind) ? this.transformer.toStorage(kind, json) : json;
  }

  list(q: StoreListQuery): KubeObject[] {
    return this.decodeAll(this.listRows(q));
  }

  private listRows(q: StoreListQuery): readonly Row[] {
    return this.reads.list(q.kind, q.namespace, () => (q.namespace === undefined ? this.q.listAll.all(q.kind) : this.q.listNs.all(q.kind, q.namespace!)));
  }

  /**
   * shared holds what getShared and listShared decoded, by row: the read cache hands out the
   * same row object for a key until a write (or a rolled-back savepoint) drops it, so a row's
   * object is decoded once per write transaction; a row read outside one is new every time.
   */
  private readonly shared = new WeakMap<Row, KubeObject>();

  private decodeShared(row: Row): KubeObject {
    let obj = this.shared.get(row);
    if (!obj) this.shared.set(row, (obj = this.decode(row)));
    return obj;
  }

  getShared(ref: ObjectRef): KubeObject | undefined {
    const row = this.row(ref);
    return row ? this.decodeShared(row) : undefined;
  }

  listShared(q: StoreListQuery): readonly KubeObject[] {
    const out: KubeObject[] = [];
    for (const row of this.listRows(q)) {
      try {
        out.push(this.decodeShared(row));
      } catch (e) {
        if (!(e instanceof CorruptObjectError)) throw e;
      }
    }
    return out;
  }

  each(q: StoreListQuery, visit: (obj: KubeObject) => void, view?: ReadView): void {
    const lean = view?.withoutManagedFields;
    if (q.mayContain?.length) return this.visitRows(this.hinted(q, !!lean), visit);
    const rows = q.namespace === undefined
      ? (lean ? this.q.visitAllLean : this.q.visitAll).iterate(q.kind)
      : (lean ? this.q.visitNsLean : this.q.visitNs).iterate(q.kind, q.namespace);
    this.visitRows(rows, visit);
  }

  /**
   * hinted reads each's rows for a query with mayContain: SQLite's instr passes over a plain JSON
   * body that holds none of the strings before it is read into JavaScript (30 000 pods of one
   * namespace decoded to find a Deployment's hundred took ~0.6 s).
   */
  private hinted(q: StoreListQuery, lean: boolean): Iterable<VisitRow> {
    const hints = q.mayContain!;
    const key = `${q.namespace === undefined ? 'all' : 'ns'}:${lean}:${hints.length}`;
    let stmt = this.hintedStatements.get(key);
    if (!stmt) {
      const where = `kind = ?${q.namespace === undefined ? '' : ' AND namespace = ?'} AND (typeof(body) <> 'text'${' OR instr(body, ?) > 0'.repeat(hints.length)})`;
      stmt = this.db.prepare(`SELECT ${lean ? LEAN_VISIT_ROW : VISIT_ROW} FROM objects WHERE ${where} ORDER BY namespace, name`);
      this.hintedStatements.set(key, stmt);
    }
    return (stmt.iterate as (...a: unknown[]) => Iterable<VisitRow>)(q.kind, ...(q.namespace === undefined ? [] : [q.namespace]), ...hints);
  }

  podIPsOnNode(node: string): string[] {
    return this.q.podIPs.all(node).map((r) => r.ip).filter((ip): ip is string => !!ip);
  }

  listByNode(node: string, kind: string, view?: ReadView): KubeObject[] {
    return this.decodeAll(this.q.byNode.all(node, kind), view);
  }

  eachOnNode(node: string | null, kind: string, visit: (obj: KubeObject) => void, view?: ReadView): void {
    // Only pods are ever bound; other kinds are all "on no node".
    if (node === null && kind !== 'Pod') return this.each({ kind }, visit, view);
    const lean = view?.withoutManagedFields;
    const rows = node === null ? (lean ? this.q.visitUnboundLean : this.q.visitUnbound).iterate() : (lean ? this.q.visitNodeLean : this.q.visitNode).iterate(node, kind);
    this.visitRows(rows, visit);
  }

  eachBound(kind: string, visit: (obj: KubeObject) => void, view?: ReadView): void {
    this.visitRows((view?.withoutManagedFields ? this.q.visitBoundLean : this.q.visitBound).iterate(kind), visit);
  }

  listByOwner(ownerUid: string, kind: string, view?: ReadView): KubeObject[] {
    const owner = ownerKey(ownerUid);
    return this.decodeAll(kind === 'Event' ? this.q.eventsBySubject.all(owner) : this.q.byOwner.all(owner, kind), view);
  }

  versions(kind: string): StoredVersion[] {
    return this.q.versions.all(kind);
  }

  versionsOnNode(node: string | null, kind: string): StoredVersion[] {
    if (node === null) return kind === 'Pod' ? this.q.unboundVersions.all() : this.versions(kind);
    return this.q.versionsOnNode.all(node, kind);
  }

  versionsByOwner(ownerUid: string, kind: string): StoredVersion[] {
    const owner = ownerKey(ownerUid);
    if (kind === 'Event') return this.q.eventsBySubject.all(owner).map((r) => ({ namespace: r.namespace, name: r.name, revision: r.revision }));
    return this.q.versionsByOwner.all(owner, kind);
  }

  findEvents(subjectUid: string, reason: string, message: string, fieldPath?: string): KubeObject[] {
    const subject = ownerKey(subjectUid);
    const rows = this.q.events.all(subject, eventKeyHash(eventKey(reason, message, fieldPath)));
    // An Event stored before the key had its fieldPath is under the key without it.
    if (fieldPath) rows.push(...this.q.events.all(subject, eventKeyHash(eventKey(reason, message))));
    return this.decodeAll(rows);
  }

  kindsStamp(kinds: readonly [string, string]): string {
    const { n, rev } = this.q.kindsStamp.get(...kinds)!;
    return `${this.rollbacks}:${n}:${rev ?? 0}`;
  }

  count(q: StoreListQuery): number {
    return this.reads.count(q.kind, q.namespace, () => (q.namespace === undefined ? this.q.countAll.get(q.kind) : this.q.countNs.get(q.kind, q.namespace!))!.n);
  }

  revision(): Revision {
    // Inside a write transaction this process holds the lock, so the revision it last read or
    // wrote is current; inside a snapshot the revision it read stays what it reads; outside
    // both, another process may have written since.
    if (this.txRevision !== undefined && this.db.inTransaction) return this.txRevision;
    const v = this.meta.get('revision');
    const rev = v ? Number(v) : 0;
    if ((this.inWrite || this.inSnapshot) && this.db.inTransaction) this.txRevision = rev;
    return rev;
  }

  historyEpoch(): number {
    return this.rollbacks;
  }

  private nextRevision(): Revision {
    const next = this.revision() + 1;
    // In a write transaction the counter is stored once, at its end (flushRevision).
    if (this.inWrite && this.db.inTransaction) this.txRevision = next;
    else {
      this.meta.set('revision', String(next));
      // A write inside a snapshot moves the revision it holds.
      if (this.txRevision !== undefined) this.txRevision = next;
    }
    return next;
  }

  /** flushRevision stores the revision a write transaction reached, just before it commits. */
  private flushRevision(start: Revision | undefined): void {
    if (this.txRevision !== undefined && this.txRevision !== start) this.meta.set('revision', String(this.txRevision));
  }

  private stamp(obj: KubeObject, rev: Revision): KubeObject {
    obj.metadata.resourceVersion = String(rev);
    return obj;
  }

  /** record appends a change; no body: the object row holds this version, or (a deletion) the change at prev (schema's changesTable). */
  private record(type: WatchEventType, obj: KubeObject, rev: Revision, prev: Revision | null = null): void {
    this.q.change.run(rev, type, obj.kind, obj.metadata.namespace ?? '', obj.metadata.name!, prev);
  }

  /**
   * serialize stamps obj with rev and returns its stored value and mark: 1 when its quantities all
   * decode (reads then skip the walk), null when one does not (it is quarantined when read, as an
   * older kubemu's row would be).
   */
  private serialize(obj: KubeObject, rev: Revision): { body: StoredValue; fields: string | null; checked: 1 | null } {
    this.stamp(obj, rev);
    // managedFields go apart (MANAGED_FIELDS_COLUMNS) unless the kind's value is encrypted whole.
    let json: string;
    let fields: string | null = null;
    if (obj.metadata.managedFields !== undefined && !this.transformer.transforms(obj.kind)) {
      const { managedFields, ...metadata } = obj.metadata;
      json = JSON.stringify({ ...obj, metadata });
      fields = JSON.stringify(managedFields);
    } else {
      json = JSON.stringify(obj);
    }
    checkSize(json, fields);
    // The walk, not the JSON text's scan for quantity keys: a write's walk is hot code, and each
    // scan of a body for a key that starts with a quote (in JSON, every few bytes) cost more.
    return { body: this.encode(obj.kind, json), fields, checked: storedQuantityError(objectFields(obj)) === undefined ? 1 : null };
  }

  create(obj: KubeObject, lease?: LeaseExpiry): KubeObject {
    return this.write(() => {
      const ns = obj.metadata.namespace ?? '';
      // The key's unique index refuses a taken key: no lookup before the insert (a create's own
      // probe of that index cost as much again). A taken key is still reported before anything
      // else, as the lookup did: before a body too large or not encodable, and unstamped.
      const rv = obj.metadata.resourceVersion;
      const exists = (): KeyExistsError | undefined => {
        if (!this.q.revisionOf.get(obj.kind, ns, obj.metadata.name!)) return undefined;
        if (rv === undefined) delete obj.metadata.resourceVersion;
        else obj.metadata.resourceVersion = rv;
        return new KeyExistsError(`${obj.kind} ${ns}/${obj.metadata.name} exists`);
      };
      const rev = this.nextRevision();
      let stored: ReturnType<SqliteStore['serialize']>;
      try {
        stored = this.serialize(obj, rev);
      } catch (e) {
        throw exists() ?? e;
      }
      try {
        this.q.insert.run(obj.kind, ns, obj.metadata.name, rev, nodeOf(obj), ownerOf(obj), podIPOf(obj), stored.body, stored.fields, lease ?? null, aggregateOf(obj), stored.checked);
      } catch (e) {
        throw (e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' ? exists() ?? e : e;
      }
      this.reads.wrote(obj.kind, ns, obj.metadata.name!);
      this.record('ADDED', obj, rev);
      return obj;
    });
  }

  update(obj: KubeObject, expected: Revision, lease?: LeaseExpiry): KubeObject {
    return this.write(() => {
      const ns = obj.metadata.namespace ?? '';
      const row = this.q.revisionOf.get(obj.kind, ns, obj.metadata.name!);
      if (!row) throw new KeyNotFoundError(`${obj.kind} ${ns}/${obj.metadata.name} not found`);
      if (row.revision !== expected) throw new RevisionMismatchError(`${obj.kind} ${ns}/${obj.metadata.name}: revision ${row.revision}, expected ${expected}`);
      const rev = this.nextRevision();
      const { body, fields, checked } = this.serialize(obj, rev);
      this.reads.wrote(obj.kind, ns, obj.metadata.name!);
      this.q.keepBody.run(obj.kind, ns, obj.metadata.name!);
      this.q.update.run(rev, nodeOf(obj), ownerOf(obj), podIPOf(obj), body, fields, lease ?? null, aggregateOf(obj), checked, obj.kind, ns, obj.metadata.name);
      this.record('MODIFIED', obj, rev);
      return obj;
    });
  }

  delete(ref: ObjectRef, expected?: Revision): KubeObject {
    return this.write(() => {
      const ns = ref.namespace ?? '';
      const row = this.row(ref);
      if (!row) throw new KeyNotFoundError(`${ref.kind} ${ns}/${ref.name} not found`);
      if (expected !== undefined && row.revision !== expected) throw new RevisionMismatchError(`${ref.kind} ${ns}/${ref.name}: stale`);
      const obj = parseOrStub(this.readable(row.body), ref);
      try {
        withFields(obj, row.fields);
      } catch {
        // A corrupt object's key is what is left of it (parseOrStub).
      }
      const rev = this.nextRevision();
      this.reads.wrote(ref.kind, ns, ref.name);
      this.q.keepBody.run(ref.kind, ns, ref.name);
      this.q.del.run(ref.kind, ns, ref.name);
      this.stamp(obj, rev);
      // The last state is the version keepBody just kept in its change: the deletion points at it.
      this.record('DELETED', obj, rev, row.revision);
      return obj;
    });
  }

  watchSince(after: Revision, kinds?: readonly string[], limit = -1, view?: ReadView): WatchEvent[] {
    const compacted = Number(this.meta.get('compactedRevision') ?? '0');
    if (after < compacted) throw new CompactedError(`revision ${after} has been compacted (at ${compacted})`);
    // Bodies are read only for the events whose object someone looks at.
    const body = (revision: number) => this.q.changeBody.get(revision)!;
    const rows = kinds ? this.changesOfKinds(kinds).all(after, ...kinds, limit) : this.q.changesAll.all(after, limit);
    const lean = view?.withoutManagedFields;
    return rows.map((r) => toEvent(r, lean ? this.parsedLeanChanges : this.parsedChanges, body, lean ? this.decodeLeanChange : this.decodeChange, this.readable));
  }

  private readonly byKinds = new Map<number, Database.Statement<unknown[], ChangeRow>>();
  private readonly parsedChanges = new Map<number, KubeObject>();
  /** parsedLeanChanges is parsedChanges for the watches that read without managedFields. */
  private readonly parsedLeanChanges = new Map<number, KubeObject>();
  /** rollbacks counts write transactions that rolled back (historyEpoch). */
  private rollbacks = 0;
  /** txRevision caches the revision while this process holds the write lock, or a snapshot is open. */
  private txRevision: Revision | undefined;
  private inWrite = false;
  /** inSnapshot: a read transaction (snapshot) is open; its view, and so its revision, does not move. */
  private inSnapshot = false;

  /**
   * changesOfKinds is the change-log query for a number of kinds (one prepared statement per
   * arity). One kind is found through the kind index; for several (the settle loop asks for
   * most kinds) the log is read in revision order and filtered, since the index would have
   * every matching row sorted before the first page is returned.
   */
  private changesOfKinds(kinds: readonly string[]): Database.Statement<unknown[], ChangeRow> {
    let stmt = this.byKinds.get(kinds.length);
    if (!stmt) {
      const from = kinds.length > 1 ? 'changes NOT INDEXED' : 'changes';
      stmt = this.db.prepare<unknown[], ChangeRow>(`SELECT revision, type, kind, namespace, name FROM ${from} WHERE revision > ? AND kind IN (${kinds.map(() => '?').join(', ')}) ORDER BY revision LIMIT ?`);
      this.byKinds.set(kinds.length, stmt);
    }
    return stmt;
  }

  listAt(q: StoreListQuery, revision: Revision): KubeObject[] {
    const compacted = Number(this.meta.get('compactedRevision') ?? '0');
    if (revision < compacted) throw new CompactedError(`revision ${revision} has been compacted (at ${compacted})`);
    const keyOf = (namespace: string, name: string) => `${namespace}/${name}`;
    // The first change after the revision says how each key that changed since was then: absent (ADDED) or as its last earlier change.
    const firstLater = new Map<string, string>();
    for (const e of this.watchSince(revision, [q.kind])) {
      if (q.namespace !== undefined && e.namespace !== q.namespace) continue;
      const key = keyOf(e.namespace, e.name);
      if (!firstLater.has(key)) firstLater.set(key, e.type);
    }
    const then = new Map<string, KubeObject>();
    for (const o of this.list(q)) {
      const key = keyOf(o.metadata.namespace ?? '', o.metadata.name!);
      if (!firstLater.has(key)) then.set(key, o);
    }
    const missing = new Set([...firstLater].filter(([, type]) => type !== 'ADDED').map(([key]) => key));
    if (missing.size > 0) {
      const found: ChangeRow[] = [];
      for (const row of this.q.changesBefore.iterate(q.kind, revision)) {
        if (!missing.delete(keyOf(row.namespace, row.name))) continue;
        if (row.type !== 'DELETED') found.push(row);
        if (missing.size === 0) break;
      }
      // A state file compacted before keys kept their newest change may have lost some.
      if (missing.size > 0) throw new CompactedError(`revision ${revision} is no longer in the history`);
      // Bodies are read after the scan: the connection runs one statement at a time.
      for (const row of found) then.set(keyOf(row.namespace, row.name), toEvent(row, this.parsedChanges, (r) => this.q.changeBody.get(r)!, this.decodeChange, this.readable).object);
    }
    return [...then.values()].sort((a, b) => cmp(a.metadata.namespace ?? '', b.metadata.namespace ?? '') || cmp(a.metadata.name!, b.metadata.name!));
  }

  compact(upTo: Revision): void {
    this.write(() => {
      this.q.compact.run(upTo, upTo);
      const prev = Number(this.meta.get('compactedRevision') ?? '0');
      if (upTo > prev) this.meta.set('compactedRevision', String(upTo));
    });
  }

  oneWrite<T>(fn: () => T): T {
    return this.write(fn);
  }

  /**
   * write runs one store operation. Each checks everything before its first write, so inside a
   * caller's transaction it needs no savepoint of its own: only SQLite can fail it midway (a
   * full disk, an I/O error), and then the caller's whole transaction is lost (see lost), not
   * half-applied. Compaction and lease expiry run this way too: a savepoint would keep every
   * page they change in its sub-journal (~14 MB for one compaction at 30 000 pods).
   */
  private write<T>(fn: () => T): T {
    if (!this.inWrite || !this.db.inTransaction) return this.transaction(fn);
    if (this.lost) throw this.lostWrite();
    const saved = this.txRevision;
    try {
      return fn();
    } catch (e) {
      this.txRevision = saved;
      this.reads.clear();
      this.noteLost(e);
      if (e instanceof Database.SqliteError) this.lost ??= e;
      throw e;
    }
  }

  transaction<T>(fn: () => T): T {
    if (this.db.inTransaction) {
      // A nested transaction is a savepoint: if it rolls back, so may the revision it wrote.
      const saved = this.txRevision;
      const sets = this.correlationSets;
      try {
        return this.tx(fn) as T;
      } catch (e) {
        // Its savepoint rolled back: any write in it may be undone, so nothing read since can be trusted.
        this.reads.clear();
        if (this.correlationSets !== sets) {
          this.correlations.clear();
          this.correlationsUnwritten.clear();
        }
        this.txRevision = saved;
        this.noteLost(e);
        throw e;
      }
    }
    if (this.inWrite) throw this.lostWrite();
    this.inWrite = true;
    this.txRevision = undefined;
    this.lost = undefined;
    this.db.pragma(`cache_size = -${WRITE_CACHE_KIB}`);
    try {
      return this.tx.immediate(() => {
        this.reads.begin();
        const start = this.revision();
        const out = fn();
        // A store operation lost midway (write) fails the whole transaction, even if its caller went on.
        if (this.lost) throw this.lost;
        this.writeCorrelations();
        this.flushRevision(start);
        this.reclaimFreePages();
        return out;
      }) as T;
    } catch (e) {
      this.rollbacks++;
      // Its commit fails too ("no transaction is active"): report what rolled it back.
      throw this.lost ?? e;
    } finally {
      this.reads.end();
      this.correlations.clear();
      this.correlationsUnwritten.clear();
      this.inWrite = false;
      this.txRevision = undefined;
      this.db.pragma(`cache_size = -${READ_CACHE_KIB}`);
    }
  }

  /**
   * SQLite rolls a transaction back by itself on some errors (a full disk or an I/O error while
   * spilling pages mid-transaction). A caller that catches such an error and goes on (a
   * controller's retry) must not write on in autocommit mode, half-applying the command: every
   * write inside a write transaction checks that it still exists and fails with the cause. A
   * store operation SQLite failed midway (write) loses it the same way, though SQLite kept the
   * transaction open: nothing more is written and the transaction rolls back.
   */
  private lost: unknown;

  private noteLost(e: unknown): void {
    if (this.inWrite && !this.db.inTransaction) this.lost ??= e;
  }

  private lostWrite(): unknown {
    return this.lost ?? new Error('the cluster state write was rolled back by SQLite; nothing was changed');
  }

  /** guarded runs one writing statement of a write transaction (see lost). */
  private guarded(run: () => unknown): void {
    if (this.inWrite && (!this.db.inTransaction || this.lost)) throw this.lostWrite();
    try {
      run();
    } catch (e) {
      this.noteLost(e);
      throw e;
    }
  }

  /** incremental: the file was made with INCREMENTAL auto-vacuum (read once; an older file is converted by a VACUUM). */
  private incremental: boolean | undefined;

  /**
   * reclaimFreePages gives free pages back to the file system when more than FREE_PAGES_SHARE of
   * the file is free (change-log compaction, expired Events), at most RECLAIM_PAGES_MAX per
   * transaction. It runs inside the write transaction, under the lock the writer holds already:
   * readers in other processes keep their snapshot, and the file shrinks at the next checkpoint.
   */
  private reclaimFreePages(): void {
    this.incremental ??= this.db.pragma('auto_vacuum', { simple: true }) === AUTO_VACUUM_INCREMENTAL;
    if (!this.incremental) return;
    const free = this.db.pragma('freelist_count', { simple: true }) as number;
    if (free <= FREE_PAGES_SHARE * (this.db.pragma('page_count', { simple: true }) as number)) return;
    this.guarded(() => this.db.pragma(`incremental_vacuum(${Math.min(free, RECLAIM_PAGES_MAX)})`));
  }

  snapshot<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    return this.db.transaction(() => {
      this.inSnapshot = true;
      try {
        return fn();
      } finally {
        this.inSnapshot = false;
        this.txRevision = undefined;
      }
    }).deferred();
  }

  defragment(): void {
    if (this.db.inTransaction) throw new Error('defragment runs outside a transaction');
    vacuumIncremental(this.db);
    this.incremental = true;
  }

  integrityCheck(): string[] {
    return (this.db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
  }

  close(): void {
    this.db.close();
  }
}
