import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { addonPath } from './addon-path';
import type { EventLike } from '../../api/meta';
import { openSqliteStore, StateFileError } from './sqlite-store';
import { SCHEMA_VERSION } from './schema';
import { tempStateFiles } from '../../../test/helpers/temp-state-file';

const tempFile = tempStateFiles('kubemu-migrate-');

/** indexesOf is a state file's indexes as SQLite records them (a migrated table's columns may be in another order). */
function indexesOf(file: string): { name: string; sql: string }[] {
  const db = new Database(file, { readonly: true, nativeBinding: addonPath() });
  const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").all() as { name: string; sql: string }[];
  db.close();
  return rows;
}

/** tableSql is a table's definition as SQLite keeps it (the objects table's unless named). */
function tableSql(file: string, table = 'objects'): string {
  const db = new Database(file, { readonly: true, nativeBinding: addonPath() });
  const row = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as { sql: string };
  db.close();
  return row.sql;
}

/** BEFORE_V10 takes away schema 10's table of the event correlators' memory. */
const BEFORE_V10 = 'DROP TABLE event_correlation;';

/** BEFORE_V9 also takes away schema 9's managedFields columns (the file's rows must have none apart). */
const BEFORE_V9 = `${BEFORE_V10} ALTER TABLE objects DROP COLUMN managed_fields; ALTER TABLE changes DROP COLUMN managed_fields;`;

/** BEFORE_V7 gives back schemas 4 to 6's uid column and owner index, with Events in it (the tests below build older files from a new one). */
const BEFORE_V7 = `${BEFORE_V9} ALTER TABLE objects ADD COLUMN uid TEXT NOT NULL DEFAULT ''; DROP INDEX objects_by_owner;
  UPDATE objects SET aggregate = json_extract(body, '$.reason') || char(10) || json_extract(body, '$.message') WHERE kind = 'Event';
  CREATE INDEX objects_by_owner ON objects(owner, kind, namespace, name, revision) WHERE owner IS NOT NULL;`;

/** BEFORE_V6 also takes away schema 6's verified-row marks. */
const BEFORE_V6 = `${BEFORE_V7} ALTER TABLE objects DROP COLUMN checked; ALTER TABLE changes DROP COLUMN checked;`;

function freshFile(): string {
  const file = tempFile();
  openSqliteStore(file, { create: true }).close();
  return file;
}

const pod = (name: string, ip: string, hostNetwork = false) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: name },
  spec: { nodeName: 'n1', ...(hostNetwork ? { hostNetwork } : {}) }, status: { podIP: ip },
});

describe('state file migration', () => {
  it('moves a schema-1 file forward and fills the new pod IP column', () => {
    const file = tempFile();
    const store = openSqliteStore(file, { create: true });
    store.transaction(() => { store.create(pod('a', '10.244.1.2')); store.create(pod('h', '172.18.0.3', true)); });
    store.close();
    // Turn it back into what kubemu's first schema wrote.
    const db = new Database(file, { nativeBinding: addonPath() });
    db.exec(`${BEFORE_V6} DROP TABLE node_state; DROP INDEX objects_by_lease; DROP INDEX events_by_subject; ALTER TABLE objects DROP COLUMN lease; ALTER TABLE objects DROP COLUMN aggregate;
      DROP INDEX objects_by_node; DROP INDEX objects_by_owner; DROP INDEX timers_by_component; DROP INDEX pods_unbound;
      ALTER TABLE objects DROP COLUMN pod_ip;
      CREATE INDEX objects_by_node ON objects(node, kind) WHERE node IS NOT NULL;
      CREATE INDEX objects_by_owner ON objects(owner, kind) WHERE owner IS NOT NULL;`);
    db.pragma('user_version = 1');
    db.close();

    const migrated = openSqliteStore(file);
    expect(migrated.podIPsOnNode('n1')).toEqual(['10.244.1.2']);
    migrated.close();
    const check = new Database(file, { readonly: true, nativeBinding: addonPath() });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    check.close();
    expect(indexesOf(file)).toEqual(indexesOf(freshFile()));
  });

  it('moves a schema-2 file forward: the indexes a new file has, Events found through them', () => {
    const file = tempFile();
    const store = openSqliteStore(file, { create: true });
    store.transaction(() => {
      store.create({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'a.1', namespace: 'default' }, involvedObject: { uid: 'u1' }, reason: 'Pulled', message: 'done' } as EventLike);
      store.create({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'a.2', namespace: 'default' }, involvedObject: { uid: 'u1' }, reason: 'Pulled', message: 'again' } as EventLike);
    });
    store.close();
    // Back to schema 2: the node index without pod IPs, the owner index without revisions, no Event index.
    const db = new Database(file, { nativeBinding: addonPath() });
    db.exec(`${BEFORE_V6} DROP TABLE node_state; DROP INDEX objects_by_lease; DROP INDEX events_by_subject; ALTER TABLE objects DROP COLUMN lease; ALTER TABLE objects DROP COLUMN aggregate;
      DROP INDEX objects_by_node; DROP INDEX objects_by_owner; DROP INDEX timers_by_component; DROP INDEX pods_unbound;
      CREATE INDEX objects_by_node ON objects(node, kind) WHERE node IS NOT NULL;
      CREATE INDEX objects_by_owner ON objects(owner, kind) WHERE owner IS NOT NULL;`);
    db.pragma('user_version = 2');
    db.close();

    const migrated = openSqliteStore(file);
    expect(migrated.findEvents('u1', 'Pulled', 'again').map((e) => e.metadata.name)).toEqual(['a.2']);
    expect(migrated.findEvents('u1', 'Pulled', 'other')).toEqual([]);
    migrated.close();
    expect(indexesOf(file)).toEqual(indexesOf(freshFile()));
  });

  it('moves a schema-3 file forward: Events get the lease of their last occurrence and their aggregation key, their timers go; the table becomes a rowid table', () => {
    const file = tempFile();
    const store = openSqliteStore(file, { create: true });
    const event = (name: string, lastTimestamp: string) => ({
      apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: 'default' }, involvedObject: { uid: 'u1' }, reason: 'Pulled', message: name, lastTimestamp,
    });
    store.transaction(() => {
      store.create(event('a.1', '2026-01-01T00:00:00Z'));
      store.create(event('a.2', '2026-01-01T00:30:00Z'));
      store.create(pod('p', '10.244.1.2'));
      store.timers.set({ component: 'event-ttl', key: 'default/a.1', due: 1, exact: false });
      store.timers.set({ component: 'kubelet', key: 'default/p', due: 2 });
    });
    store.close();
    // Back to schema 3: a WITHOUT ROWID table, no lease or aggregate column, Events indexed by expressions.
    const db = new Database(file, { nativeBinding: addonPath() });
    db.exec(`${BEFORE_V6} DROP TABLE node_state; DROP INDEX objects_by_lease; DROP INDEX events_by_subject; DROP INDEX objects_by_node; DROP INDEX objects_by_owner; DROP INDEX pods_unbound;
      CREATE TABLE v3 (kind TEXT NOT NULL, namespace TEXT NOT NULL, name TEXT NOT NULL, uid TEXT NOT NULL, revision INTEGER NOT NULL,
        node TEXT, owner TEXT, pod_ip TEXT, body TEXT NOT NULL, PRIMARY KEY (kind, namespace, name)) WITHOUT ROWID;
      INSERT INTO v3 SELECT kind, namespace, name, uid, revision, node, owner, pod_ip, body FROM objects;
      DROP TABLE objects;
      ALTER TABLE v3 RENAME TO objects;
      CREATE INDEX objects_by_node ON objects(node, kind, pod_ip) WHERE node IS NOT NULL;
      CREATE INDEX objects_by_owner ON objects(owner, kind, namespace, name, revision) WHERE owner IS NOT NULL;
      CREATE INDEX pods_unbound ON objects(kind, namespace, name) WHERE kind = 'Pod' AND node IS NULL;
      CREATE INDEX events_by_subject ON objects(owner, json_extract(body, '$.reason'), json_extract(body, '$.message')) WHERE kind = 'Event';`);
    db.pragma('user_version = 3');
    db.close();

    const migrated = openSqliteStore(file);
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    expect(migrated.leases.next()).toBe(t0 + 61 * 60 * 1000);
    expect(migrated.leases.latest()).toBe(t0 + 91 * 60 * 1000);
    expect(migrated.timers.next()).toBe(2);
    expect(migrated.transaction(() => migrated.leases.expire(t0 + 61 * 60 * 1000))).toBe(1);
    expect(migrated.list({ kind: 'Event' }).map((e) => e.metadata.name)).toEqual(['a.2']);
    expect(migrated.list({ kind: 'Pod' })).toHaveLength(1);
    expect(migrated.findEvents('u1', 'Pulled', 'a.2').map((e) => e.metadata.name)).toEqual(['a.2']);
    expect(migrated.podIPsOnNode('n1')).toEqual(['10.244.1.2']);
    // v5: the node-local state the kubelet keeps.
    migrated.transaction(() => migrated.nodeState.set('n1', 'u1', '{"containers":{}}'));
    expect(migrated.nodeState.get('n1', 'u1')).toBe('{"containers":{}}');
    migrated.close();
    expect(indexesOf(file)).toEqual(indexesOf(freshFile()));
    expect(tableSql(file)).not.toMatch(/WITHOUT ROWID/);
  });

  it('moves a schema-6 file forward: the change log keeps no copy of the versions the object rows hold', () => {
    const file = tempFile();
    const store = openSqliteStore(file, { create: true });
    store.transaction(() => {
      const a = store.create(pod('a', '10.244.1.2'));
      store.create(pod('b', '10.244.1.3'));
      store.update({ ...pod('a', '10.244.1.4') }, Number(a.metadata.resourceVersion));
      store.delete({ kind: 'Pod', namespace: 'default', name: 'b' });
      store.create({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'a.1', namespace: 'default' }, involvedObject: { uid: 'a' }, reason: 'Pulled', message: 'done' } as EventLike);
    });
    store.close();
    // Back to schema 6: every change row holds its body, the column NOT NULL.
    const db = new Database(file, { nativeBinding: addonPath() });
    db.exec(`${BEFORE_V7} CREATE TABLE v6 (revision INTEGER PRIMARY KEY, type TEXT NOT NULL, kind TEXT NOT NULL, namespace TEXT NOT NULL, name TEXT NOT NULL, body TEXT NOT NULL, checked INTEGER);
      INSERT INTO v6 SELECT c.revision, c.type, c.kind, c.namespace, c.name, coalesce(c.body, o.body, p.body), coalesce(c.checked, o.checked, p.checked)
        FROM changes c LEFT JOIN objects o ON o.kind = c.kind AND o.namespace = c.namespace AND o.name = c.name AND o.revision = c.revision
          LEFT JOIN changes p ON p.revision = c.prev;
      DROP TABLE changes; ALTER TABLE v6 RENAME TO changes; CREATE INDEX changes_by_kind ON changes(kind, revision);`);
    db.pragma('user_version = 6');
    // and without auto-vacuum, which only a VACUUM changes.
    db.exec('PRAGMA auto_vacuum = NONE; VACUUM');
    expect(db.pragma('auto_vacuum', { simple: true })).toBe(0);
    expect(db.prepare('SELECT count(*) FROM changes WHERE body IS NULL').pluck().get()).toBe(0);
    expect(db.prepare("SELECT aggregate FROM objects WHERE kind = 'Event'").pluck().get()).toBe('Pulled\ndone');
    db.close();

    const migrated = openSqliteStore(file);
    const ips = migrated.watchSince(0).map((e) => `${e.type} ${e.name} ${(e.object as Partial<ReturnType<typeof pod>>).status?.podIP}`);
    expect(ips).toEqual(['ADDED a 10.244.1.2', 'ADDED b 10.244.1.3', 'MODIFIED a 10.244.1.4', 'DELETED b 10.244.1.3', 'ADDED a.1 undefined']);
    // Events' aggregation keys are hashed: found through the key, and not through another.
    expect(migrated.findEvents('a', 'Pulled', 'done').map((e) => e.metadata.name)).toEqual(['a.1']);
    expect(migrated.findEvents('a', 'Pulled', 'other')).toEqual([]);
    expect(migrated.listByOwner('a', 'Event').map((e) => e.metadata.name)).toEqual(['a.1']);
    migrated.close();
    const check = new Database(file, { readonly: true, nativeBinding: addonPath() });
    // Only a's MODIFIED change is the version its row holds.
    expect(check.prepare('SELECT revision FROM changes WHERE body IS NULL').pluck().all()).toEqual([3, 5]);
    expect(check.prepare('SELECT checked FROM changes WHERE body IS NOT NULL').pluck().all()).toEqual([1, 1, 1]);
    expect(check.prepare("SELECT typeof(aggregate) FROM objects WHERE kind = 'Event'").pluck().get()).toBe('integer');
    expect(tableSql(file)).not.toMatch(/\buid\b/);
    // A file this small is rewritten with INCREMENTAL auto-vacuum as it is migrated.
    expect(check.pragma('auto_vacuum', { simple: true })).toBe(2);
    check.close();
    expect(indexesOf(file)).toEqual(indexesOf(freshFile()));
  });

  it('moves a schema-7 file forward: node-local state in a rowid table, every row kept; owner uids as bytes', () => {
    const file = tempFile();
    const store = openSqliteStore(file, { create: true });
    // A node's pod spans outgrow the ~4 KB a WITHOUT ROWID page keeps of a row.
    const spans = JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ pod: `default/app-${i}`, start: i, stop: i + 1 })));
    const rs = '52bb2a89-b70b-4066-9702-000ce1ec4ff4';
    const owned = { ...pod('a', '10.244.1.2'), metadata: { name: 'a', namespace: 'default', uid: '71332ffa-fc02-4ede-a70a-000000000001', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: rs, controller: true }] } };
    store.transaction(() => {
      store.nodeState.set('kubemu-cost', 'pods/worker01', spans);
      store.nodeState.set('worker01', 'u1', '{"containers":{}}');
      store.create(owned);
      store.create({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'a.1', namespace: 'default' }, involvedObject: { uid: owned.metadata.uid }, reason: 'Pulled', message: 'done' } as EventLike);
      store.create({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'b.1', namespace: 'default' }, involvedObject: { uid: 'not-a-uuid' }, reason: 'Pulled', message: 'done' } as EventLike);
    });
    store.close();
    // Back to schema 7: the WITHOUT ROWID table schema 5 made, owner uids as text.
    const db = new Database(file, { nativeBinding: addonPath() });
    db.exec(`CREATE TABLE v7 (node TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (node, key)) WITHOUT ROWID;
      INSERT INTO v7 SELECT node, key, value FROM node_state; DROP TABLE node_state; ALTER TABLE v7 RENAME TO node_state;
      UPDATE objects SET owner = CASE kind WHEN 'Event' THEN json_extract(body, '$.involvedObject.uid') ELSE json_extract(body, '$.metadata.ownerReferences[0].uid') END WHERE owner IS NOT NULL;
      ALTER TABLE changes DROP COLUMN prev; ${BEFORE_V9}`);
    db.pragma('user_version = 7');
    expect(db.prepare('SELECT DISTINCT typeof(owner) FROM objects WHERE owner IS NOT NULL').pluck().all()).toEqual(['text']);
    db.close();
    expect(tableSql(file, 'node_state')).toMatch(/WITHOUT ROWID/);

    const migrated = openSqliteStore(file);
    expect(migrated.listByOwner(rs, 'Pod').map((o) => o.metadata.name)).toEqual(['a']);
    expect(migrated.versionsByOwner(rs, 'Pod').map((v) => v.name)).toEqual(['a']);
    expect(migrated.findEvents(owned.metadata.uid, 'Pulled', 'done').map((e) => e.metadata.name)).toEqual(['a.1']);
    expect(migrated.findEvents('not-a-uuid', 'Pulled', 'done').map((e) => e.metadata.name)).toEqual(['b.1']);
    expect(migrated.listByOwner(owned.metadata.uid.toUpperCase(), 'Event')).toEqual([]);
    // A deletion after it keeps no body of its own: its last state is read from the previous change.
    const before = migrated.revision();
    migrated.transaction(() => migrated.delete({ kind: 'Pod', namespace: 'default', name: 'a' }));
    expect(migrated.watchSince(before).map((e) => `${e.type} ${e.name} ${e.object.metadata.resourceVersion} ${(e.object as typeof owned).status.podIP}`)).toEqual([`DELETED a ${before + 1} 10.244.1.2`]);
    expect(migrated.nodeState.get('kubemu-cost', 'pods/worker01')).toBe(spans);
    expect(migrated.nodeState.get('worker01', 'u1')).toBe('{"containers":{}}');
    // Written again in place, and deleted, through the key's unique index.
    migrated.transaction(() => {
      migrated.nodeState.set('worker01', 'u1', '{"containers":{"main":{}}}');
      migrated.nodeState.set('kubemu-cost', 'pods/worker01', undefined);
    });
    expect(migrated.nodeState.get('worker01', 'u1')).toBe('{"containers":{"main":{}}}');
    expect(migrated.nodeState.get('kubemu-cost', 'pods/worker01')).toBeUndefined();
    migrated.close();
    expect(tableSql(file, 'node_state')).toMatch(/id INTEGER PRIMARY KEY,[^]*UNIQUE \(node, key\)/);
    expect(tableSql(file, 'node_state')).not.toMatch(/WITHOUT ROWID/);
    expect(indexesOf(file)).toEqual(indexesOf(freshFile()));
    const check = new Database(file, { readonly: true, nativeBinding: addonPath() });
    expect(check.prepare('SELECT name, typeof(owner), length(owner) FROM objects WHERE owner IS NOT NULL ORDER BY name').raw().all()).toEqual([['a.1', 'blob', 16], ['b.1', 'text', 10]]);
    expect(check.prepare("SELECT body IS NULL, prev FROM changes WHERE type = 'DELETED'").raw().all()).toEqual([[1, 1]]);
    check.close();
  });

  it('moves a schema-8 file forward: whole bodies still read, whole or without managedFields; new writes keep them apart', () => {
    const file = tempFile();
    const store = openSqliteStore(file, { create: true });
    const managedFields = [{ manager: 'kubectl-create', operation: 'Update', apiVersion: 'v1', time: '2026-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': {} } }];
    const withFields = (name: string) => ({ ...pod(name, '10.244.1.2'), metadata: { ...pod(name, '').metadata, managedFields } });
    store.transaction(() => { store.create(withFields('a')); store.create(withFields('b')); });
    const whole = store.get({ kind: 'Pod', namespace: 'default', name: 'a' })!;
    const raw = store.rawValue({ kind: 'Pod', namespace: 'default', name: 'a' });
    store.close();
    // Back to schema 8: every body whole, as that kubemu wrote them.
    const db = new Database(file, { nativeBinding: addonPath() });
    expect(db.prepare("SELECT count(*) FROM objects WHERE managed_fields IS NOT NULL AND instr(body, 'managedFields') = 0").pluck().get()).toBe(2);
    db.prepare('UPDATE objects SET body = ?, managed_fields = NULL WHERE name = ?').run(raw, 'a');
    db.prepare('UPDATE objects SET body = ?, managed_fields = NULL WHERE name = ?').run(JSON.stringify(withFields('b')), 'b');
    db.exec(BEFORE_V9);
    db.pragma('user_version = 8');
    db.close();

    const migrated = openSqliteStore(file);
    const ref = { kind: 'Pod', namespace: 'default', name: 'a' };
    expect(JSON.stringify(migrated.get(ref))).toBe(JSON.stringify(whole));
    expect(migrated.rawValue(ref)).toBe(raw);
    const lean: string[] = [];
    migrated.each({ kind: 'Pod' }, (o) => lean.push(JSON.stringify(o)), { withoutManagedFields: true });
    const { managedFields: _m, ...metadata } = whole.metadata;
    expect(lean[0]).toBe(JSON.stringify({ ...whole, metadata }));
    expect(lean[1]).not.toContain('managedFields');
    // Written again, a's managedFields go apart; its earlier version stays whole in the log.
    const before = migrated.revision();
    migrated.transaction(() => migrated.update({ ...migrated.get(ref)!, status: { podIP: '10.244.1.3' } }, before - 1));
    expect(migrated.watchSince(before - 2).map((e) => e.object.metadata.managedFields)).toEqual([managedFields, managedFields, managedFields]);
    expect(migrated.get(ref)!.metadata.managedFields).toEqual(managedFields);
    migrated.close();
    expect(indexesOf(file)).toEqual(indexesOf(freshFile()));
    const check = new Database(file, { readonly: true, nativeBinding: addonPath() });
    expect(check.prepare("SELECT name, instr(body, 'managedFields') > 0, managed_fields IS NOT NULL FROM objects ORDER BY name").raw().all()).toEqual([['a', 0, 1], ['b', 1, 0]]);
    check.close();
  });

  it('moves a schema-9 file forward: the event correlators get their table, empty', () => {
    const file = tempFile();
    const store = openSqliteStore(file, { create: true });
    store.transaction(() => store.create(pod('a', '10.244.1.2')));
    store.close();
    const db = new Database(file, { nativeBinding: addonPath() });
    db.exec(BEFORE_V10);
    db.pragma('user_version = 9');
    db.close();

    const migrated = openSqliteStore(file);
    const text = (s: string) => s;
    expect(migrated.eventCorrelation.get('k', 0, text)).toBeUndefined();
    migrated.transaction(() => migrated.eventCorrelation.set('k', '{}', 1000, text));
    expect(migrated.eventCorrelation.get('k', 999, text)).toBe('{}');
    expect(migrated.eventCorrelation.get('k', 1000, text)).toBeUndefined();
    expect(migrated.eventCorrelation.expire(1000)).toBe(1);
    migrated.close();
    expect(indexesOf(file)).toEqual(indexesOf(freshFile()));
    expect(tableSql(file, 'event_correlation')).toBe(tableSql(freshFile(), 'event_correlation'));
  });

  it('refuses a file from a newer kubemu with a clear reason', () => {
    const file = tempFile();
    openSqliteStore(file, { create: true }).close();
    const db = new Database(file, { nativeBinding: addonPath() });
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openSqliteStore(file)).toThrow(StateFileError);
    expect(() => openSqliteStore(file)).toThrow(/written by a newer kubemu/);
  });
});
