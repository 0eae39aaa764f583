import { afterEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteStore, StateFileError } from './sqlite-store';
import { SCHEMA_VERSION } from './schema';

const dirs: string[] = [];
function tempFile(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-migrate-'));
  dirs.push(d);
  return path.join(d, 'state.db');
}
afterEach(() => { for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true }); });

/** indexesOf is a state file's indexes as SQLite records them (a migrated table's columns may be in another order). */
function indexesOf(file: string): { name: string; sql: string }[] {
  const db = new Database(file, { readonly: true });
  const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").all() as { name: string; sql: string }[];
  db.close();
  return rows;
}

function freshFile(): string {
  const file = tempFile();
  openSqliteStore(file).close();
  return file;
}

const pod = (name: string, ip: string, hostNetwork = false) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid: name },
  spec: { nodeName: 'n1', ...(hostNetwork ? { hostNetwork } : {}) }, status: { podIP: ip },
});

describe('state file migration', () => {
  it('moves a schema-1 file forward and fills the new pod IP column', () => {
    const file = tempFile();
    const store = openSqliteStore(file);
    store.transaction(() => { store.create(pod('a', '10.244.1.2')); store.create(pod('h', '172.18.0.3', true)); });
    store.close();
    // Turn it back into what kubemu's first schema wrote.
    const db = new Database(file);
    db.exec(`DROP INDEX events_by_subject; DROP INDEX objects_by_node; DROP INDEX objects_by_owner; DROP INDEX timers_by_component; DROP INDEX pods_unbound;
      ALTER TABLE objects DROP COLUMN pod_ip;
      CREATE INDEX objects_by_node ON objects(node, kind) WHERE node IS NOT NULL;
      CREATE INDEX objects_by_owner ON objects(owner, kind) WHERE owner IS NOT NULL;`);
    db.pragma('user_version = 1');
    db.close();

    const migrated = openSqliteStore(file);
    expect(migrated.podIPsOnNode('n1')).toEqual(['10.244.1.2']);
    migrated.close();
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    check.close();
    expect(indexesOf(file)).toEqual(indexesOf(freshFile()));
  });

  it('moves a schema-2 file forward: the indexes a new file has, Events found through them', () => {
    const file = tempFile();
    const store = openSqliteStore(file);
    store.transaction(() => {
      store.create({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'a.1', namespace: 'default' }, involvedObject: { uid: 'u1' }, reason: 'Pulled', message: 'done' });
      store.create({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'a.2', namespace: 'default' }, involvedObject: { uid: 'u1' }, reason: 'Pulled', message: 'again' });
    });
    store.close();
    // Back to schema 2: the node index without pod IPs, the owner index without revisions, no Event index.
    const db = new Database(file);
    db.exec(`DROP INDEX events_by_subject; DROP INDEX objects_by_node; DROP INDEX objects_by_owner; DROP INDEX timers_by_component; DROP INDEX pods_unbound;
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

  it('refuses a file from a newer kubemu with a clear reason', () => {
    const file = tempFile();
    openSqliteStore(file).close();
    const db = new Database(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openSqliteStore(file)).toThrow(StateFileError);
    expect(() => openSqliteStore(file)).toThrow(/written by a newer kubemu/);
  });
});
