/**
 * Temporary files: inside a command's write transaction every API write is a savepoint, and
 * SQLite would spill a savepoint's sub-journal past 64 KiB to a temporary file. The store keeps
 * temporary storage in memory: a big write transaction opens no temporary file.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openSqliteStore } from './sqlite-store';

const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true }); });

const configMap = (i: number, v: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c${i}`, namespace: 'default' }, data: { v: v.repeat(3000) } });

/** sqliteTempFiles lists this process's open SQLite temporary files (unlinked "etilqs_" files). */
function sqliteTempFiles(): string[] {
  const fds = '/proc/self/fd';
  return fs.readdirSync(fds).map((fd) => { try { return fs.readlinkSync(path.join(fds, fd)); } catch { return ''; } })
    .filter((target) => target.includes('etilqs_'));
}

describe.skipIf(process.platform !== 'linux')('temporary files (Linux: read from /proc/self/fd)', () => {
  it('are not opened by the savepoints of a big write transaction', () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-temp-'));
    dirs.push(d);
    const file = path.join(d, 'state.db');
    const store = openSqliteStore(file, { create: true });
    store.transaction(() => { for (let i = 0; i < 500; i++) store.create(configMap(i, 'x')); });
    store.close();

    const again = openSqliteStore(file);
    const before = sqliteTempFiles();
    let during: string[] = [];
    again.transaction(() => {
      // Each update in its own savepoint, as the API layer writes; each changes pages all over the tables.
      for (let i = 0; i < 500; i++) {
        again.transaction(() => {
          const cm = again.get({ kind: 'ConfigMap', namespace: 'default', name: `c${i}` })!;
          again.update({ ...configMap(i, 'y'), metadata: cm.metadata }, Number(cm.metadata.resourceVersion));
        });
      }
      again.compact(again.revision());
      during = sqliteTempFiles();
    });
    again.close();
    expect(during).toEqual(before);
  });

  it('are still not opened after a defragmentation, whose VACUUM builds its copy on disk', () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-temp-'));
    dirs.push(d);
    const store = openSqliteStore(path.join(d, 'state.db'), { create: true });
    store.transaction(() => { for (let i = 0; i < 500; i++) store.create(configMap(i, 'x')); });
    store.defragment();
    const before = sqliteTempFiles();
    let during: string[] = [];
    store.transaction(() => {
      for (let i = 0; i < 500; i++) {
        store.transaction(() => {
          const cm = store.get({ kind: 'ConfigMap', namespace: 'default', name: `c${i}` })!;
          store.update({ ...configMap(i, 'y'), metadata: cm.metadata }, Number(cm.metadata.resourceVersion));
        });
      }
      during = sqliteTempFiles();
    });
    store.close();
    expect(during).toEqual(before);
  });
});
