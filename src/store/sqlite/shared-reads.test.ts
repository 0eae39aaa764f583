/**
 * getShared and listShared: inside a write transaction a key's object is decoded once and handed
 * to every reader, until this process writes the key (or a kind's object, for lists) or a
 * savepoint rolls back; outside one every read decodes anew; a corrupt row is passed over.
 */
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { addonPath } from './addon-path';
import { openSqliteStore } from './sqlite-store';
import type { KubeObject } from '../../api/meta';
import { tempStateFiles } from '../../../test/helpers/temp-state-file';

const newStateFile = tempStateFiles('kubemu-shared-');

function newStore() {
  const file = newStateFile();
  return { store: openSqliteStore(file, { create: true }), file };
}

const cm = (name: string, value = 'v'): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, data: { k: value } } as KubeObject);
const ref = (name: string) => ({ kind: 'ConfigMap', namespace: 'default', name });
const data = (o: KubeObject | undefined) => (o as (KubeObject & { data?: Record<string, string> }) | undefined)?.data;

describe('shared reads', () => {
  it('hand every reader in a write transaction the same object, a new one after a write of the key', () => {
    const { store } = newStore();
    store.transaction(() => store.create(cm('a')));
    store.transaction(() => {
      const first = store.getShared(ref('a'));
      expect(store.getShared(ref('a'))).toBe(first);
      const listed = store.listShared({ kind: 'ConfigMap', namespace: 'default' })[0];
      expect(listed).toEqual(first);
      expect(store.listShared({ kind: 'ConfigMap', namespace: 'default' })[0]).toBe(listed);
      // get still decodes a copy of its own.
      expect(store.get(ref('a'))).not.toBe(first);
      expect(store.get(ref('a'))).toEqual(first);
      store.update(cm('a', 'w'), Number(first!.metadata.resourceVersion));
      expect(data(store.getShared(ref('a')))).toEqual({ k: 'w' });
      expect(data(store.listShared({ kind: 'ConfigMap' })[0])).toEqual({ k: 'w' });
      store.create(cm('b'));
      expect(store.listShared({ kind: 'ConfigMap' }).map((o) => o.metadata.name)).toEqual(['a', 'b']);
    });
    store.close();
  });

  it('forget what a rolled-back savepoint may have undone', () => {
    const { store } = newStore();
    store.transaction(() => store.create(cm('a')));
    store.transaction(() => {
      const before = store.getShared(ref('a'));
      expect(() => store.transaction(() => {
        store.update(cm('a', 'w'), Number(before!.metadata.resourceVersion));
        expect(data(store.getShared(ref('a')))).toEqual({ k: 'w' });
        throw new Error('roll back');
      })).toThrow('roll back');
      expect(data(store.getShared(ref('a')))).toEqual({ k: 'v' });
      expect(store.listShared({ kind: 'ConfigMap' }).map(data)).toEqual([{ k: 'v' }]);
    });
    store.close();
  });

  it('decode anew outside a write transaction', () => {
    const { store } = newStore();
    store.transaction(() => store.create(cm('a')));
    const first = store.getShared(ref('a'));
    expect(store.getShared(ref('a'))).not.toBe(first);
    expect(store.getShared(ref('a'))).toEqual(first);
    expect(store.getShared(ref('none'))).toBeUndefined();
    store.close();
  });

  it('pass over a corrupt row in a list, as list does', () => {
    const { store, file } = newStore();
    store.transaction(() => { store.create(cm('a')); store.create(cm('b')); });
    store.close();
    const db = new Database(file, { nativeBinding: addonPath() });
    db.prepare("UPDATE objects SET body = '{not json' WHERE name = 'a'").run();
    db.close();
    const again = openSqliteStore(file);
    again.transaction(() => {
      expect(again.listShared({ kind: 'ConfigMap' }).map((o) => o.metadata.name)).toEqual(['b']);
      expect(again.list({ kind: 'ConfigMap' }).map((o) => o.metadata.name)).toEqual(['b']);
      expect(() => again.getShared(ref('a'))).toThrow(/not decodable/);
    });
    again.close();
  });
});
