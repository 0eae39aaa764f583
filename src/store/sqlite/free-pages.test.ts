/**
 * Free pages: a new state file is INCREMENTAL auto-vacuum, and a write transaction that leaves
 * more than FREE_PAGES_SHARE of it free gives the pages back (the file shrinks).
 */
import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import Database from 'better-sqlite3';
import { addonPath } from './addon-path';
import { openSqliteStore } from './sqlite-store';
import { FREE_PAGES_SHARE } from './schema';
import { tempStateFiles } from '../../../test/helpers/temp-state-file';

const newStateFile = tempStateFiles('kubemu-free-');

const configMap = (i: number) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c${i}`, namespace: 'default' }, data: { v: 'x'.repeat(3000) } });

describe('free pages', () => {
  it('are given back when a transaction leaves more than a share of the file free', () => {
    const file = newStateFile();
    const store = openSqliteStore(file, { create: true });
    store.transaction(() => { for (let i = 0; i < 2000; i++) store.create(configMap(i)); });
    store.close();
    const full = fs.statSync(file).size;

    const again = openSqliteStore(file);
    again.transaction(() => {
      for (let i = 0; i < 1800; i++) again.delete({ kind: 'ConfigMap', namespace: 'default', name: `c${i}` });
      again.compact(again.revision());
    });
    expect(again.list({ kind: 'ConfigMap' })).toHaveLength(200);
    again.close();

    const db = new Database(file, { readonly: true, nativeBinding: addonPath() });
    const [mode, free, pages] = ['auto_vacuum', 'freelist_count', 'page_count'].map((p) => db.pragma(p, { simple: true }) as number);
    db.close();
    expect(mode).toBe(2);
    expect(free).toBeLessThanOrEqual(FREE_PAGES_SHARE * pages!);
    expect(fs.statSync(file).size).toBeLessThan(full / 4);
  });
});
