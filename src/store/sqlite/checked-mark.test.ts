/**
 * The verified-row mark: a row this kubemu wrote with quantities that decode is marked, and reads
 * do not walk it again; rows an older kubemu wrote (migrated, unmarked) are walked, and so is
 * every row once checkEveryRow is asked for (doctor).
 */
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { addonPath } from './addon-path';
import { openSqliteStore } from './sqlite-store';
import { CorruptObjectError } from '../store';
import { tempStateFiles } from '../../../test/helpers/temp-state-file';

const newStateFile = tempStateFiles('kubemu-mark-');

const node = (pods: string) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, status: { capacity: { pods } } });

/** fileWithNode is a new state file holding Node n1 with capacity pods `pods`, written through the store. */
function fileWithNode(pods: string): string {
  const file = newStateFile();
  const store = openSqliteStore(file, { create: true });
  store.transaction(() => store.create(node(pods)));
  store.close();
  return file;
}

/** raw runs SQL on the file behind the store's back. */
function raw(file: string, sql: string, version?: number): void {
  const db = new Database(file, { nativeBinding: addonPath() });
  db.exec(sql);
  if (version !== undefined) db.pragma(`user_version = ${version}`);
  db.close();
}

const marks = (file: string) => {
  const db = new Database(file, { readonly: true, nativeBinding: addonPath() });
  // A change without a body of its own has the object row's body, and its mark.
  const changeMarks = db.prepare(`SELECT CASE WHEN c.body IS NULL THEN o.checked ELSE c.checked END FROM changes c
    LEFT JOIN objects o ON c.body IS NULL AND o.kind = c.kind AND o.name = c.name AND o.revision = c.revision`);
  const out = [db.prepare('SELECT checked FROM objects').pluck().all(), changeMarks.pluck().all()];
  db.close();
  return out;
};

const NAN = `UPDATE objects SET body = replace(body, '"pods":"110"', '"pods":"NaN"')`;

describe('the verified-row mark', () => {
  it('is set on a write whose quantities decode, and not on one whose quantities do not', () => {
    expect(marks(fileWithNode('110'))).toEqual([[1], [1]]);
    expect(marks(fileWithNode('NaN'))).toEqual([[null], [null]]);
  });

  it('spares marked rows the walk; checkEveryRow walks them too', () => {
    const file = fileWithNode('110');
    raw(file, NAN);
    const store = openSqliteStore(file);
    // Marked: read as written, without the walk that would find "NaN".
    expect(store.get({ kind: 'Node', name: 'n1' })?.status?.capacity?.pods).toBe('NaN');
    store.checkEveryRow();
    expect(() => store.get({ kind: 'Node', name: 'n1' })).toThrow(CorruptObjectError);
    expect(store.list({ kind: 'Node' })).toEqual([]);
    expect(store.quarantined().map((c) => c.name)).toEqual(['n1']);
    store.close();
  });

  it('is missing on the rows of a migrated schema-5 file, whose quantities are walked on every read', () => {
    const file = fileWithNode('110');
    raw(file, `${NAN}; DROP TABLE event_correlation; ALTER TABLE objects DROP COLUMN checked; ALTER TABLE changes DROP COLUMN checked; ALTER TABLE objects ADD COLUMN uid TEXT NOT NULL DEFAULT '';`, 5);
    const store = openSqliteStore(file);
    expect(() => store.get({ kind: 'Node', name: 'n1' })).toThrow(CorruptObjectError);
    expect(store.watchSince(0, ['Node']).length).toBe(1);
    store.close();
    expect(marks(file)).toEqual([[null], [null]]);
  });
});
