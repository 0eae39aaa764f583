/**
 * schema: the SQLite layout of a cluster's state file. SCHEMA_VERSION is kept in
 * PRAGMA user_version; migrations.ts moves older files forward.
 */

/** SCHEMA_VERSION is the layout this build of kubemu writes. */
export const SCHEMA_VERSION = 10;

/**
 * PRAGMAS_NEW_FILE must run before anything else on a new file (page size only applies before
 * WAL, auto_vacuum before the first table). INCREMENTAL auto-vacuum lets the store give free
 * pages back to the file system (sqlite-store's reclaimFreePages); without it SQLite reuses
 * them but the file never shrinks, and a compacted change log left a fifth of it free.
 */
export const PRAGMAS_NEW_FILE = ['page_size = 16384', 'auto_vacuum = INCREMENTAL', 'journal_mode = WAL'];

/** AUTO_VACUUM_INCREMENTAL is PRAGMA auto_vacuum's value for INCREMENTAL (0 is NONE, 1 FULL). */
export const AUTO_VACUUM_INCREMENTAL = 2;

/**
 * FREE_PAGES_SHARE: a write transaction that leaves more than this share of the file's pages
 * free gives them back before it commits. SQLite reuses free pages for the next writes, so a
 * small reserve costs nothing; past it, moving pages (each a page write or three) is paid once
 * per page freed, at most RECLAIM_PAGES_MAX of them per transaction.
 */
export const FREE_PAGES_SHARE = 0.1;

/** RECLAIM_PAGES_MAX bounds one transaction's page moves (64 MiB of 16 KiB pages). */
export const RECLAIM_PAGES_MAX = 4096;

/**
 * VACUUM_ON_MIGRATE_MAX_BYTES: a file older than INCREMENTAL auto-vacuum is rewritten with it
 * (a VACUUM, about a second per 50 MiB) when it is migrated and no bigger than this; a bigger
 * one keeps its layout until `etcdctl defrag` rewrites it (Store.defragment).
 */
export const VACUUM_ON_MIGRATE_MAX_BYTES = 16 * 1024 * 1024;

/** READ_CACHE_KIB is the page cache outside write transactions (see PRAGMAS_EVERY_OPEN). */
export const READ_CACHE_KIB = 4000;

/**
 * WRITE_CACHE_KIB is the page cache while this process holds the write lock. A big settle
 * writes objects all over the tables' b-trees (a pod's Events sort under its name); with the
 * read cache most of those pages would be dropped and read again, and written to the WAL
 * before the commit as well (cache spill): a 3 000-pod reconcile ran ~40% slower. 32 and 64 MB
 * were no faster than 16, and cost the 30 000-pod reconcile their size in resident memory.
 */
export const WRITE_CACHE_KIB = 16_000;

/**
 * MMAP_MAX_BYTES: a state file up to this size at open is read through a memory map of this
 * size (PRAGMA mmap_size), so a page read is the operating system's cached page instead of a
 * copy into a new page-cache buffer; on the virtual machines kubemu is measured on, the first
 * touch of a page of memory costs ~11-16 us. The pages a command reads through the map stay
 * resident in it, beside SQLite's cache, so the map is kept to small files: with 32 MiB, T7's
 * 30 000-pod apply (onto a 22.5 MB file) peaked 20-38 MB higher (M5 7.67x N0 against 7.5x).
 */
export const MMAP_MAX_BYTES = 16 << 20;

/**
 * PRAGMAS_EVERY_OPEN set per connection: WAL survives process crashes with NORMAL sync; a
 * 4 MB page cache (better-sqlite3 builds SQLite with 16 MB), because one command's process
 * reads each page only a few times and the operating system caches the file anyway: a 16 MB
 * cache is 16 MB more resident memory in every `get` that scans a big table. Temporary storage
 * in memory: every API write inside a command is a savepoint, whose sub-journal keeps the pages
 * it changes, and SQLite spills one past 64 KiB (four of our pages) to a temporary file: at
 * 30 000 pods, 114 000 file writes a tick. Savepoints stay small (the store's own bulk writes,
 * compaction and lease expiry, take none: see SqliteStore.write).
 */
export const PRAGMAS_EVERY_OPEN = ['synchronous = NORMAL', 'temp_store = MEMORY', 'foreign_keys = OFF', `cache_size = -${READ_CACHE_KIB}`];

/**
 * EVENTS_BY_SUBJECT finds an Event by the object it is about, its reason and its message — what
 * the event recorder aggregates on, kept in the `aggregate` column — without reading every
 * Event of a busy object (a ReplicaSet's hundred "Created pod" Events). Schema 3 indexed
 * expressions on the body instead; SQLite parsed each Event's JSON twice to insert it.
 */
const EVENTS_BY_SUBJECT = `CREATE INDEX events_by_subject ON objects(owner, aggregate) WHERE kind = 'Event'`;

/** EVENT_KEY_HASH names the SQL function migrations hash an Event's aggregation key with (sqlite-store registers it). */
export const EVENT_KEY_HASH = 'kubemu_event_key_hash';

/** OWNER_KEY names the SQL function migrations turn an `owner` uid into its column value with (sqlite-store's ownerKey). */
export const OWNER_KEY = 'kubemu_owner_key';

/** AGGREGATE_OF_BODY computes an Event's `aggregate` column from its body (sqlite-store's aggregateOf). */
const AGGREGATE_OF_BODY = "coalesce(json_extract(body, '$.reason'), '') || char(10) || coalesce(json_extract(body, '$.message'), '')"
  + " || coalesce(char(10) || nullif(json_extract(body, '$.involvedObject.fieldPath'), ''), '')";

/**
 * OBJECTS_BY_LEASE finds the objects whose lease has run out (Events: see apiserver/leases.ts);
 * the `lease` column holds the lease's expiry in simulated ms.
 */
const OBJECTS_BY_LEASE = 'CREATE INDEX objects_by_lease ON objects(lease) WHERE lease IS NOT NULL';

/**
 * objectsTable creates the objects table (as `name`). A rowid table, rows appended and the key
 * in a unique index: SQLite advises WITHOUT ROWID only for rows under a twentieth of a page, and
 * object bodies are 1-3 KB, so keyed inserts moved whole bodies about the b-tree (schema 3 was
 * WITHOUT ROWID: a 30 000-pod history stored ~40% slower than with this layout). Schemas 4 to 6
 * (layout 'v4') also kept each object's uid in a column, which no query read, and an Event's
 * aggregation key as text; schema 7 drops the uid and keeps the key's 53-bit hash (an integer,
 * sqlite-store's eventKeyHash: the recorder compares the Events found anyway). Since schema 8 the
 * `owner` column holds a UUID as its 16 bytes (a blob in the TEXT column; sqlite-store's ownerKey).
 * Since schema 9 an object's managedFields are apart from its body (MANAGED_FIELDS_COLUMNS).
 */
function objectsTable(name: string, layout: 'v4' | 'v7' | 'v9' = 'v9'): string {
  return `CREATE TABLE ${name} (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  namespace TEXT NOT NULL,
  name TEXT NOT NULL,${layout === 'v4' ? '\n  uid TEXT NOT NULL,' : ''}
  revision INTEGER NOT NULL,
  node TEXT,
  owner TEXT,
  pod_ip TEXT,
  body TEXT NOT NULL,
  lease INTEGER,
  aggregate ${layout === 'v4' ? 'TEXT' : 'INTEGER'},${layout === 'v4' ? '' : '\n  checked INTEGER,'}${layout === 'v9' ? '\n  managed_fields TEXT,' : ''}
  UNIQUE (kind, namespace, name)
)`;
}

/**
 * OBJECTS_BY_OWNER finds a controller's objects and their revisions without reading them. Events
 * (their owner column is the object they are about; nothing controls them) are left out since
 * schema 7: they were most of its entries, and events_by_subject finds them by the same column.
 */
const OBJECTS_BY_OWNER = "CREATE INDEX objects_by_owner ON objects(owner, kind, namespace, name, revision) WHERE owner IS NOT NULL AND kind <> 'Event'";

/** OBJECT_INDEXES are the objects table's secondary indexes. */
const OBJECT_INDEXES = `CREATE INDEX objects_by_node ON objects(node, kind, pod_ip) WHERE node IS NOT NULL;
${OBJECTS_BY_OWNER};
CREATE INDEX pods_unbound ON objects(kind, namespace, name) WHERE kind = 'Pod' AND node IS NULL;
${EVENTS_BY_SUBJECT};
${OBJECTS_BY_LEASE};`;

/**
 * nodeStateTable creates the table of what a node keeps on its own disk rather than in etcd (as
 * `name`): the kubelet's back-off entries and its record of pulls and probes, by pod uid, and the
 * cost record's spans. Rows carry no revision and write no change: nothing watches them and the
 * API never serves them. Since schema 8 a rowid table with the key in a unique index: schema 5's
 * WITHOUT ROWID table keeps at most ~4 KB of a row in its b-tree page (an index page's local
 * limit at 16 KiB pages) and puts the rest in an overflow page of its own, and a node's pod
 * spans are ~5.5 KB: a tenth-size T7 file's 101 such rows took 1.6 MiB for 0.6 MiB of values.
 */
function nodeStateTable(name: string, layout: 'v5' | 'v8' = 'v8'): string {
  if (layout === 'v5') {
    return `CREATE TABLE ${name} (
  node TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (node, key)
) WITHOUT ROWID`;
  }
  return `CREATE TABLE ${name} (
  id INTEGER PRIMARY KEY,
  node TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  UNIQUE (node, key)
)`;
}

/**
 * CHECKED_COLUMNS mark the rows whose stored quantities this kubemu verified when it wrote them
 * (1; NULL otherwise). Reads walk only unmarked rows for quantities that do not decode (sqlite-store's
 * decode): rows an older kubemu wrote, which may hold one (`pods: "NaN"`), stay unmarked.
 */
const CHECKED_COLUMNS = `ALTER TABLE objects ADD COLUMN checked INTEGER;
ALTER TABLE changes ADD COLUMN checked INTEGER;`;

/**
 * MANAGED_FIELDS_COLUMNS hold a plain JSON body's metadata.managedFields as JSON text, the body
 * then holding the rest (NULL: the body is the whole object). Every reader but the API's writes
 * and a few printers drops them, and they are a third of a pod's body: a read for such a reader
 * leaves the column out instead of parsing them (sqlite-store's ReadView). An encrypted body is
 * whole, as are the rows an older kubemu wrote.
 */
const MANAGED_FIELDS_COLUMNS = `ALTER TABLE objects ADD COLUMN managed_fields TEXT;
ALTER TABLE changes ADD COLUMN managed_fields TEXT;`;

/**
 * changesTable creates the change log (as `name`). A change whose version the object row still
 * holds (the key's newest write) has no body of its own (NULL): it is read from the object row,
 * and copied into the change row when the object is next updated or deleted (sqlite-store's
 * keepBody). Most of a settled cluster's log is such newest writes, which used to store every
 * body twice. `checked` is the body's verified-row mark (CHECKED_COLUMNS), NULL with the body.
 * Since schema 8 a DELETED change has no body either: `prev` is the revision of the key's
 * previous change, which holds the last state (keepBody), read under the deletion's revision,
 * as etcd serves a deletion's prev_kv. Before it the last state was stored a second time.
 */
function changesTable(name: string, layout: 'v7' | 'v9' = 'v9'): string {
  return `CREATE TABLE ${name} (
  revision INTEGER PRIMARY KEY,
  type TEXT NOT NULL,
  kind TEXT NOT NULL,
  namespace TEXT NOT NULL,
  name TEXT NOT NULL,
  body TEXT,
  checked INTEGER${layout === 'v9' ? ',\n  prev INTEGER,\n  managed_fields TEXT' : ''}
)`;
}

/**
 * EVENT_CORRELATION holds what the event recorders' correlators remember between Events
 * (apiserver/event-correlator.ts): client-go keeps it in each component's memory, and kubemu's
 * components live one command long. One row per event source and involved object (client-go's
 * spam key, as a 53-bit hash: the row id), with the time from which it tells no more than no
 * row would (`expires`). A text key made the table four times the size. No index on `expires`:
 * each write moves it, and the sweep that needs it is rare (sqlite-store's eventCorrelation).
 */
const EVENT_CORRELATION = `CREATE TABLE event_correlation (
  key INTEGER PRIMARY KEY,
  value TEXT NOT NULL,
  expires INTEGER NOT NULL
)`;

/** SCHEMA_LATEST creates a new state file at SCHEMA_VERSION. */
export const SCHEMA_LATEST = `
${objectsTable('objects')};
${OBJECT_INDEXES}
${changesTable('changes')};
CREATE INDEX changes_by_kind ON changes(kind, revision);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE timers (
  component TEXT NOT NULL,
  key TEXT NOT NULL,
  due INTEGER NOT NULL,
  exact INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (component, key)
) WITHOUT ROWID;
CREATE INDEX timers_by_due ON timers(due);
CREATE INDEX timers_by_component ON timers(component, due);
CREATE INDEX timers_exact_by_due ON timers(due) WHERE exact = 1;
${nodeStateTable('node_state')};
${EVENT_CORRELATION};
`;

/** MIGRATIONS[v] moves a state file from version v to v + 1, inside one transaction. */
export const MIGRATIONS: Record<number, string> = {
  // v2: pod IPs in their own column, so the kubelet finds free addresses without decoding pods.
  1: `ALTER TABLE objects ADD COLUMN pod_ip TEXT;
      UPDATE objects SET pod_ip = json_extract(body, '$.status.podIP')
        WHERE kind = 'Pod' AND coalesce(json_extract(body, '$.spec.hostNetwork'), 0) = 0;`,
  // v3: the node index covers pod IPs (a kubelet reads a node's IPs at every pod start), the owner
  // index revisions (a controller checks which of its objects changed); Events by subject; each
  // component's due timers; pods not yet scheduled.
  2: `DROP INDEX objects_by_node;
      CREATE INDEX objects_by_node ON objects(node, kind, pod_ip) WHERE node IS NOT NULL;
      CREATE INDEX timers_by_component ON timers(component, due);
      CREATE INDEX pods_unbound ON objects(kind, namespace, name) WHERE kind = 'Pod' AND node IS NULL;
      DROP INDEX objects_by_owner;
      CREATE INDEX objects_by_owner ON objects(owner, kind, namespace, name, revision) WHERE owner IS NOT NULL;
      CREATE INDEX events_by_subject ON objects(owner, json_extract(body, '$.reason'), json_extract(body, '$.message')) WHERE kind = 'Event';`,
  // v4: Events expire with the etcd lease they were written under (an hour and a minute at most
  // after their last write) instead of one timer each; Events already stored get the lease their
  // last occurrence would have had. Their aggregation key gets a column of its own. The table is
  // rebuilt as a rowid table (objectsTable).
  3: `${objectsTable('objects_v4', 'v4')};
      INSERT INTO objects_v4 (kind, namespace, name, uid, revision, node, owner, pod_ip, body, lease, aggregate)
        SELECT kind, namespace, name, uid, revision, node, owner, pod_ip, body,
          CASE WHEN kind = 'Event' THEN coalesce(CAST(strftime('%s', coalesce(json_extract(body, '$.lastTimestamp'),
            json_extract(body, '$.eventTime'), json_extract(body, '$.metadata.creationTimestamp'))) AS INTEGER), 0) * 1000 + 3660000 END,
          CASE WHEN kind = 'Event' THEN ${AGGREGATE_OF_BODY} END
        FROM objects ORDER BY kind, namespace, name;
      DROP TABLE objects;
      ALTER TABLE objects_v4 RENAME TO objects;
      ${OBJECT_INDEXES}
      DELETE FROM timers WHERE component = 'event-ttl';
      DELETE FROM meta WHERE key = 'cursor.event-ttl';`,
  // v5: the kubelet's node-local state, which it used to derive from its own Events.
  4: `${nodeStateTable('node_state', 'v5')};`,
  // v6: rows this kubemu verified on write are marked; the rows already stored are not.
  5: CHECKED_COLUMNS,
  // v7: a change the object row still holds keeps no body of its own (changesTable). The log is
  // rebuilt, since its body column was NOT NULL; the rows the objects hold lose their copy.
  // The objects table is rebuilt (objectsTable): no uid column, which no query read, and Events'
  // aggregation keys hashed; Events leave the owner index (OBJECTS_BY_OWNER).
  6: `${changesTable('changes_v7', 'v7')};
      INSERT INTO changes_v7 (revision, type, kind, namespace, name, body, checked)
        SELECT c.revision, c.type, c.kind, c.namespace, c.name,
          CASE WHEN o.id IS NULL THEN c.body END, CASE WHEN o.id IS NULL THEN c.checked END
        FROM changes c LEFT JOIN objects o ON c.type <> 'DELETED'
          AND o.kind = c.kind AND o.namespace = c.namespace AND o.name = c.name AND o.revision = c.revision;
      DROP TABLE changes;
      ALTER TABLE changes_v7 RENAME TO changes;
      CREATE INDEX changes_by_kind ON changes(kind, revision);
      ${objectsTable('objects_v7', 'v7')};
      INSERT INTO objects_v7 (id, kind, namespace, name, revision, node, owner, pod_ip, body, lease, aggregate, checked)
        SELECT id, kind, namespace, name, revision, node, owner, pod_ip, body, lease, ${EVENT_KEY_HASH}(aggregate), checked FROM objects ORDER BY id;
      DROP TABLE objects;
      ALTER TABLE objects_v7 RENAME TO objects;
      ${OBJECT_INDEXES}`,
  // v8: node-local state in a rowid table (nodeStateTable), so values over ~4 KB stay in their page;
  // owner uids as their 16 bytes (sqlite-store's ownerKey), in the rows and the two indexes that have
  // them; a DELETED change names its previous change instead of holding the last state (changesTable).
  7: `${nodeStateTable('node_state_v8')};
      INSERT INTO node_state_v8 (node, key, value) SELECT node, key, value FROM node_state ORDER BY node, key;
      DROP TABLE node_state;
      ALTER TABLE node_state_v8 RENAME TO node_state;
      UPDATE objects SET owner = ${OWNER_KEY}(owner) WHERE owner IS NOT NULL;
      ALTER TABLE changes ADD COLUMN prev INTEGER;`,
  // v9: managedFields apart from the body, for the objects and changes written from now on.
  8: MANAGED_FIELDS_COLUMNS,
  // v10: the event correlators' memory (EVENT_CORRELATION).
  9: `${EVENT_CORRELATION};`,
};
