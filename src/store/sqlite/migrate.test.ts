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
    db.exec('ALTER TABLE objects DROP COLUMN pod_ip');
    db.pragma('user_version = 1');
    db.close();

    const migrated = openSqliteStore(file);
    expect(migrated.podIPsOnNode('n1')).toEqual(['10.244.1.2']);
    migrated.close();
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    check.close();
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
