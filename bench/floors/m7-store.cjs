// M7's store floor: the least file any watchable store of a cluster's objects needs, against
// which the state file's bytes / stored JSON bytes are set. It holds, with nothing else:
// (1) every object's JSON body in one SQLite table keyed by (kind, namespace, name);
// (2) the change-log window etcd-style compaction must keep for watches to resume: each change
//     after the compaction revision (its revision, type and key), with the body of each version
//     the object table no longer holds;
// (3) for each key changed in the window, its version at the compaction revision (etcd's
//     compaction keeps every key's newest revision at or below the cut: a watch resumed at the
//     cut gets it as the first later change's previous value, and a list at the cut reads it).
// A DELETED change has no body (the key's previous row holds its last state, as etcd serves
// prev_kv); a change whose version the object table holds has none either. No secondary
// indexes (a watch of one kind scans the window), no side columns, no node-local state, no rows
// for keys not changed in the window (the object table answers for them, as etcd's key index
// does after a compaction). The compaction revision is kept in PRAGMA user_version (no page).
// Rows are written in key order and revision order into a new file with the source's page
// size, so pages are as full as SQLite fills them: no slack from updates in place, no free pages.
// The object table is a rowid table with its key in a unique index, kubemu's layout: a WITHOUT
// ROWID table keyed by (kind, namespace, name) keeps at most ~4 KB of a row in its page (an index
// b-tree's local payload limit at 16 KiB pages) and moves the rest of a 4.4 KB pod to an overflow
// page of its own, which made that layout larger (73.7 against 32.0 MiB on a tenth-size file).
//
// It reads the objects and the change log out of a kubemu state file (opened read-only, never
// written), so it stores exactly the same objects and history. Each body is stored whole: where
// kubemu keeps an object's managedFields in a column of their own, they are put back in it.
//
// Usage: node m7-store.cjs STATE_FILE OUT_FILE [--window N]
//   --window N keeps the last N changes (kubemu's HISTORY_WINDOW is the least its history
//   promises); without it, the window the state file keeps (after its compaction revision).
// Prints one JSON line: { bytes, storedJson, ratio, objects, changes, windowBodies, cutVersions,
//   cutBodies, windowFrom, head }.
const Database = require('better-sqlite3');
const fs = require('fs');

const args = process.argv.slice(2);
const windowAt = args.indexOf('--window');
const windowSize = windowAt >= 0 ? Number(args.splice(windowAt, 2)[1]) : undefined;
const [source, out] = args;
if (!source || !out || (windowSize !== undefined && !(windowSize >= 0))) {
  console.error('usage: node m7-store.cjs STATE_FILE OUT_FILE [--window N]');
  process.exit(2);
}
for (const f of [out, `${out}-wal`, `${out}-shm`, `${out}-journal`]) fs.rmSync(f, { force: true });

const src = new Database(source, { readonly: true, fileMustExist: true });
const pageSize = src.pragma('page_size', { simple: true });
const head = src.prepare('SELECT max(revision) FROM changes').pluck().get() ?? 0;
const compacted = Number(src.prepare("SELECT value FROM meta WHERE key = 'compactedRevision'").pluck().get() ?? 0);
const from = windowSize === undefined ? compacted : Math.max(compacted, head - windowSize);

const db = new Database(out);
db.pragma(`page_size = ${pageSize}`);
db.pragma('journal_mode = DELETE');
db.exec(`CREATE TABLE objects (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, namespace TEXT NOT NULL, name TEXT NOT NULL, body TEXT NOT NULL, UNIQUE (kind, namespace, name));
  CREATE TABLE changes (revision INTEGER PRIMARY KEY, type INTEGER NOT NULL, kind TEXT NOT NULL, namespace TEXT NOT NULL, name TEXT NOT NULL, body TEXT)`);
const TYPES = { ADDED: 0, MODIFIED: 1, DELETED: 2 };
const bytesOf = (body) => (typeof body === 'string' ? Buffer.byteLength(body) : body.length);
const hasFields = src.prepare("SELECT count(*) FROM pragma_table_info('objects') WHERE name = 'managed_fields'").pluck().get() > 0;
const FIELDS = hasFields ? 'managed_fields' : 'NULL';
/** whole is an object's JSON text with its managedFields (kept apart by kubemu) back in it. */
function whole(body, fields) {
  if (fields === null || fields === undefined) return body;
  const obj = JSON.parse(body);
  obj.metadata.managedFields = JSON.parse(fields);
  return JSON.stringify(obj);
}

const figures = { objects: 0, storedJson: 0, changes: 0, windowBodies: 0, cutVersions: 0, cutBodies: 0 };
db.transaction(() => {
  const insert = db.prepare('INSERT INTO objects (kind, namespace, name, body) VALUES (?, ?, ?, ?)');
  for (const o of src.prepare(`SELECT kind, namespace, name, body, ${FIELDS} AS fields FROM objects ORDER BY kind, namespace, name`).iterate()) {
    const body = whole(o.body, o.fields);
    insert.run(o.kind, o.namespace, o.name, body);
    figures.objects++;
    figures.storedJson += bytesOf(body);
  }

  // One pass over the source's change keys, oldest first, tracking each key's newest change.
  const newest = new Map();
  const inWindow = new Set();
  const cut = [];
  const window = [];
  for (const c of src.prepare('SELECT revision, type, kind, namespace, name FROM changes ORDER BY revision').iterate()) {
    const key = `${c.kind}\n${c.namespace}\n${c.name}`;
    const before = newest.get(key);
    newest.set(key, c);
    if (c.revision <= from) continue;
    const atCut = !inWindow.has(key) && before !== undefined && before.type !== 'DELETED';
    if (atCut) cut.push(before);
    c.earlier = atCut || inWindow.has(key);
    inWindow.add(key);
    window.push(c);
  }

  // A change row kubemu keeps without a body is the version its object row holds.
  const bodyOf = src.prepare(`SELECT coalesce(c.body, o.body) AS body, ${hasFields ? 'CASE WHEN c.body IS NOT NULL THEN c.managed_fields ELSE o.managed_fields END' : 'NULL'} AS fields
    FROM changes c LEFT JOIN objects o
    ON o.kind = c.kind AND o.namespace = c.namespace AND o.name = c.name AND o.revision = c.revision WHERE c.revision = ?`);
  const bodyAt = { get: (revision) => { const r = bodyOf.get(revision); return whole(r.body, r.fields); } };
  const current = src.prepare('SELECT revision FROM objects WHERE kind = ? AND namespace = ? AND name = ?').pluck();
  const change = db.prepare('INSERT INTO changes (revision, type, kind, namespace, name, body) VALUES (?, ?, ?, ?, ?, ?)');
  for (const c of cut) {
    const body = bodyAt.get(c.revision);
    change.run(c.revision, TYPES[c.type], c.kind, c.namespace, c.name, body);
    figures.changes++;
    figures.cutVersions++;
    figures.cutBodies += bytesOf(body);
  }
  for (const c of window) {
    let body = null;
    // A deletion whose key has no earlier row here (an older file's compaction lost it) keeps its last state.
    if (c.type === 'DELETED') body = c.earlier ? null : bodyAt.get(c.revision);
    else if (current.get(c.kind, c.namespace, c.name) !== c.revision) body = bodyAt.get(c.revision);
    change.run(c.revision, TYPES[c.type], c.kind, c.namespace, c.name, body);
    figures.changes++;
    if (body !== null) figures.windowBodies += bytesOf(body);
  }
})();
db.pragma(`user_version = ${from}`);
db.close();
src.close();

const bytes = fs.statSync(out).size;
console.log(JSON.stringify({ bytes, storedJson: figures.storedJson, ratio: bytes / figures.storedJson, ...figures, windowFrom: from, head }));
