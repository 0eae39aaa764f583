/**
 * Compaction's rows: below the cut the change log keeps only the versions the object rows no
 * longer hold (a list at the cut reads them); a key's version its object row still holds has no
 * change row there, and gets one back, with its body, when the object is written again.
 */
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { addonPath } from './addon-path';
import { openSqliteStore } from './sqlite-store';
import { tempStateFiles } from '../../../test/helpers/temp-state-file';

const newStateFile = tempStateFiles('kubemu-compact-');

const configMap = (name: string, v: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, data: { v } });

/** changeRows is the change log as stored: revision, type, name and whether the row has a body of its own. */
function changeRows(file: string): string[] {
  const db = new Database(file, { readonly: true, nativeBinding: addonPath() });
  const rows = db.prepare('SELECT revision, type, name, body IS NOT NULL AS body FROM changes ORDER BY revision').all() as { revision: number; type: string; name: string; body: number }[];
  db.close();
  return rows.map((r) => `${r.revision} ${r.type} ${r.name}${r.body ? ' +body' : ''}`);
}

describe('change-log compaction', () => {
  it('drops the rows of versions the object rows hold, and writes one back when its object moves on', () => {
    const file = newStateFile();
    const store = openSqliteStore(file, { create: true });
    const rv = (o: { metadata: { resourceVersion?: string } }) => Number(o.metadata.resourceVersion);
    store.transaction(() => {
      store.create(configMap('still', '1'));
      const moved = store.create(configMap('moved', '1'));
      store.create(configMap('gone', '1'));
      store.update(configMap('moved', '2'), rv(moved));
      store.delete({ kind: 'ConfigMap', namespace: 'default', name: 'gone' });
    });
    const at = store.revision();
    const later = store.transaction(() => store.create(configMap('later', '1')));
    store.compact(at);
    // 'still' and 'moved' are their object rows' versions; 'gone' is deleted: no row at or below the cut.
    expect(changeRows(file)).toEqual([`${rv(later)} ADDED later`]);

    store.update(configMap('still', '2'), 1);
    // Its version at the cut is written back below it, for a list there.
    expect(changeRows(file)).toEqual(['1 MODIFIED still +body', `${rv(later)} ADDED later`, `${rv(later) + 1} MODIFIED still`]);
    expect(store.listAt({ kind: 'ConfigMap' }, at).map((o) => `${o.metadata.name}=${(o as unknown as { data: { v: string } }).data.v}`)).toEqual(['moved=2', 'still=1']);
    expect(store.watchSince(at).map((e) => `${e.type} ${e.name}`)).toEqual(['ADDED later', 'MODIFIED still']);
    // A deletion after the cut reads its last state from the version written back for it.
    store.delete({ kind: 'ConfigMap', namespace: 'default', name: 'moved' });
    const deleted = store.watchSince(rv(later) + 1);
    expect(deleted.map((e) => `${e.type} ${e.name}=${(e.object as unknown as { data: { v: string } }).data.v}@${e.object.metadata.resourceVersion}`)).toEqual([`DELETED moved=2@${rv(later) + 2}`]);
    expect(changeRows(file)).toEqual(['1 MODIFIED still +body', '4 MODIFIED moved +body', `${rv(later)} ADDED later`, `${rv(later) + 1} MODIFIED still`, `${rv(later) + 2} DELETED moved`]);
    // Once the cut passes the write, the version written back goes too.
    store.compact(store.revision());
    expect(changeRows(file)).toEqual([]);
    store.close();
  });
});
