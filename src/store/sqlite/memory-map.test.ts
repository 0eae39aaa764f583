/**
 * Memory-mapped reads: a small state file is read through a map (MMAP_MAX_BYTES), a big one
 * through SQLite's page cache, so a full scan of a big cluster does not make the whole table
 * resident. Seen from outside, as the operating system sees the process: /proc/self/maps.
 */
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import Database from 'better-sqlite3';
import { openSqliteStore } from './sqlite-store';
import { MMAP_MAX_BYTES } from './schema';
import { nativeAddon } from './addon-path';
import { tempStateFiles } from '../../../test/helpers/temp-state-file';

const newStateFile = tempStateFiles('kubemu-mmap-');

/** mapped says whether this process has file mapped into memory. */
function mapped(file: string): boolean {
  const real = fs.realpathSync(file);
  return fs.readFileSync('/proc/self/maps', 'utf8').split('\n').some((line) => line.endsWith(` ${real}`));
}

/** mappedWhileReading opens the state file, reads one object and says whether the file was mapped meanwhile. */
function mappedWhileReading(file: string): boolean {
  const store = openSqliteStore(file);
  try {
    expect(store.get({ kind: 'ConfigMap', namespace: 'default', name: 'c' })?.metadata.name).toBe('c');
    return mapped(file);
  } finally {
    store.close();
  }
}

const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' }, data: { k: 'v' } };

const newFile = (): string => {
  const file = newStateFile();
  const store = openSqliteStore(file, { create: true });
  store.transaction(() => store.create(configMap));
  store.close();
  return file;
};

describe.skipIf(process.platform !== 'linux')('memory-mapped reads (Linux: read from /proc/self/maps)', () => {
  it('map a small state file while reading it, and unmap it on close', () => {
    const file = newFile();
    expect(mappedWhileReading(file)).toBe(true);
    expect(mapped(file)).toBe(false);
  });

  it('leave a state file bigger than MMAP_MAX_BYTES to the page cache', () => {
    const file = newFile();
    const db = new Database(file, { nativeBinding: nativeAddon() });
    db.exec('CREATE TABLE padding (b BLOB)');
    db.prepare('INSERT INTO padding VALUES (zeroblob(?))').run(MMAP_MAX_BYTES + (1 << 20));
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    expect(fs.statSync(file).size).toBeGreaterThan(MMAP_MAX_BYTES);
    expect(mappedWhileReading(file)).toBe(false);
  });
});
