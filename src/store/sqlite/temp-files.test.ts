/**
 * Temporary files: inside a command's write transaction every API write is a savepoint, and
 * SQLite would spill a savepoint's sub-journal past 64 KiB to a temporary file. The store keeps
 * temporary storage in memory: a big write transaction opens no temporary file.
 */
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openSqliteStore } from './sqlite-store';
import { tempStateFiles } from '../../../test/helpers/temp-state-file';

const newStateFile = tempStateFiles('kubemu-temp-');

const configMap = (i: number, v: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c${i}`, namespace: 'default' }, data: { v: v.repeat(3000) } });

/** sqliteTempFiles lists this process's open SQLite temporary files (unlinked "etilqs_" files). */
function sqliteTempFiles(): string[] {
  const fds = '/proc/self/fd';
  return fs.readdirSync(fds).map((fd) => { try { return fs.readlinkSync(path.join(fds, fd)); } catch { return ''; } })
    .filter((target) => target.includes('etilqs_'));
}

describe.skipIf(process.platform !== 'linux')('temporary files (Linux: read from /proc/self/fd)', () => {
  /** tempFilesWhileUpdating updates the 500 ConfigMaps, each in its own savepoint as the API layer writes (each changes pages all over the tables), and compacts; it returns the temporary files open before and during that. */
  const tempFilesWhileUpdating = (store: ReturnType<typeof openSqliteStore>): { before: string[]; during: string[] } => {
    const before = sqliteTempFiles();
    let during: string[] = [];
    store.transaction(() => {
      for (let i = 0; i < 500; i++) {
        store.transaction(() => {
          const cm = store.get({ kind: 'ConfigMap', namespace: 'default', name: `c${i}` })!;
          store.update({ ...configMap(i, 'y'), metadata: cm.metadata }, Number(cm.metadata.resourceVersion));
        });
      }
      store.compact(store.revision());
      during = sqliteTempFiles();
    });
    return { before, during };
  };

  const newFile = (): string => {
    const file = newStateFile();
    const store = openSqliteStore(file, { create: true });
    store.transaction(() => { for (let i = 0; i < 500; i++) store.create(configMap(i, 'x')); });
    store.close();
    return file;
  };

  it('are not opened by the savepoints of a big write transaction', () => {
    const store = openSqliteStore(newFile());
    const { before, during } = tempFilesWhileUpdating(store);
    store.close();
    expect(during).toEqual(before);
  });

  it('are still not opened after a defragmentation, whose VACUUM builds its copy on disk', () => {
    const store = openSqliteStore(newFile());
    store.defragment();
    const { before, during } = tempFilesWhileUpdating(store);
    store.close();
    expect(during).toEqual(before);
  });
});
