/**
 * oneWrite: one checked write, atomic on its own, and inside a caller's transaction without a
 * savepoint of its own (the caller's transaction is what rolls back).
 */
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { openSqliteStore } from './sqlite-store';

const configMap = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, data: { v: name } });
const names = (store: ReturnType<typeof openSqliteStore>) => store.list({ kind: 'ConfigMap' }).map((o) => o.metadata.name);

describe('SqliteStore.oneWrite', () => {
  it('commits on its own, and writes nothing when its checks fail', () => {
    const store = openSqliteStore(':memory:', { create: true });
    store.oneWrite(() => store.create(configMap('a')));
    expect(names(store)).toEqual(['a']);
    expect(() => store.oneWrite(() => { throw new Error('refused'); })).toThrow('refused');
    expect(names(store)).toEqual(['a']);
    store.close();
  });

  it('inside a transaction, leaves the caller\'s work when its checks fail, and rolls back with the caller', () => {
    const store = openSqliteStore(':memory:', { create: true });
    store.transaction(() => {
      store.create(configMap('a'));
      // A check failing before the write leaves the caller's work as it was.
      expect(() => store.oneWrite(() => { throw new Error('refused'); })).toThrow('refused');
      store.oneWrite(() => store.create(configMap('b')));
      expect(names(store)).toEqual(['a', 'b']);
    });
    expect(names(store)).toEqual(['a', 'b']);
    expect(() => store.transaction(() => { store.oneWrite(() => store.create(configMap('c'))); throw new Error('caller'); })).toThrow('caller');
    expect(names(store)).toEqual(['a', 'b']);
    expect(store.revision()).toBe(2);
    store.close();
  });

  it('loses the caller\'s whole transaction when SQLite fails its write midway, even if the caller goes on', () => {
    const store = openSqliteStore(':memory:', { create: true });
    const ioError = new Database.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE');
    const caught: unknown[] = [];
    const attempt = (fn: () => unknown) => { try { fn(); } catch (e) { caught.push(e); } };
    attempt(() => store.transaction(() => {
      store.create(configMap('a'));
      // One statement of the write went through, the next failed (no savepoint undoes the first).
      attempt(() => store.oneWrite(() => { store.create(configMap('b')); throw ioError; }));
      // A controller that catches the error and retries writes nothing more.
      attempt(() => store.create(configMap('c')));
    }));
    expect(caught).toEqual([ioError, ioError, ioError]);
    expect(names(store)).toEqual([]);
    expect(store.revision()).toBe(0);
    // The next transaction starts afresh.
    store.oneWrite(() => store.create(configMap('d')));
    expect(names(store)).toEqual(['d']);
    store.close();
  });
});
