/**
 * The write transaction's read cache: served only while its transaction is open and live,
 * dropped by the transaction's own writes and by a rolled-back savepoint, and (through the
 * store) never seen by another connection or outliving its transaction.
 */
import { describe, expect, it } from 'vitest';
import { CACHED_LIST_LIMIT, CACHED_ROWS_LIMIT, TransactionReadCache } from './transaction-read-cache';
import { openSqliteStore } from './sqlite-store';
import type { KubeObject } from '../../api/meta';
import { tempStateFiles } from '../../../test/helpers/temp-state-file';

/** counted is a read that says how often it ran. */
function counted<T>(value: T): { read: () => T; calls: () => number } {
  let n = 0;
  return { read: () => { n++; return value; }, calls: () => n };
}

describe('TransactionReadCache', () => {
  it('reads through while no transaction is open', () => {
    const cache = new TransactionReadCache<string>(() => true);
    const r = counted<string | undefined>('row');
    cache.row('Pod', 'ns', 'a', r.read);
    cache.row('Pod', 'ns', 'a', r.read);
    expect(r.calls()).toBe(2);
  });

  it('reads a key, an absent key, a list and a count once per transaction', () => {
    const cache = new TransactionReadCache<string>(() => true);
    cache.begin();
    const row = counted<string | undefined>('row');
    const none = counted<string | undefined>(undefined);
    const list = counted(['q1']);
    const count = counted(3);
    for (let i = 0; i < 3; i++) {
      expect(cache.row('Pod', 'ns', 'a', row.read)).toBe('row');
      expect(cache.row('Pod', 'ns', 'b', none.read)).toBeUndefined();
      expect(cache.list('ResourceQuota', 'ns', list.read)).toEqual(['q1']);
      expect(cache.count('ValidatingAdmissionPolicyBinding', undefined, count.read)).toBe(3);
    }
    expect([row.calls(), none.calls(), list.calls(), count.calls()]).toEqual([1, 1, 1, 1]);
  });

  it('keeps namespaces, names and all-namespace reads apart', () => {
    const cache = new TransactionReadCache<string>(() => true);
    cache.begin();
    expect(cache.row('Pod', 'a', 'b/c', () => 'one')).toBe('one');
    expect(cache.row('Pod', 'a/b', 'c', () => 'two')).toBe('two');
    expect(cache.row('Service', 'a', 'b/c', () => 'three')).toBe('three');
    expect(cache.count('Pod', 'a', () => 1)).toBe(1);
    expect(cache.count('Pod', undefined, () => 5)).toBe(5);
    expect(cache.list('Pod', '', () => ['cluster'])).toEqual(['cluster']);
    expect(cache.list('Pod', undefined, () => ['all'])).toEqual(['all']);
  });

  it('a write drops its key and every list and count of its kind, nothing else', () => {
    const cache = new TransactionReadCache<string>(() => true);
    cache.begin();
    cache.row('Pod', 'ns', 'a', () => 'a1');
    cache.row('Pod', 'ns', 'b', () => 'b1');
    cache.row('Service', 'ns', 'a', () => 's1');
    cache.list('Pod', 'other', () => ['old']);
    cache.count('Pod', undefined, () => 2);
    cache.count('Service', undefined, () => 1);
    cache.wrote('Pod', 'ns', 'a');
    expect(cache.row('Pod', 'ns', 'a', () => 'a2')).toBe('a2');
    expect(cache.row('Pod', 'ns', 'b', () => 'b2')).toBe('b1');
    expect(cache.row('Service', 'ns', 'a', () => 's2')).toBe('s1');
    expect(cache.list('Pod', 'other', () => ['new'])).toEqual(['new']);
    expect(cache.count('Pod', undefined, () => 3)).toBe(3);
    expect(cache.count('Service', undefined, () => 9)).toBe(1);
  });

  it('forgets everything when its transaction ends, and serves nothing after', () => {
    const cache = new TransactionReadCache<string>(() => true);
    cache.begin();
    cache.row('Pod', 'ns', 'a', () => 'old');
    cache.end();
    expect(cache.row('Pod', 'ns', 'a', () => 'outside')).toBe('outside');
    cache.begin();
    expect(cache.row('Pod', 'ns', 'a', () => 'new')).toBe('new');
  });

  it('clear (a rolled-back savepoint) forgets everything but keeps serving', () => {
    const cache = new TransactionReadCache<string>(() => true);
    cache.begin();
    cache.row('Pod', 'ns', 'a', () => 'before');
    cache.count('Pod', 'ns', () => 1);
    cache.clear();
    expect(cache.row('Pod', 'ns', 'a', () => 'after')).toBe('after');
    expect(cache.row('Pod', 'ns', 'a', () => 'again')).toBe('after');
    expect(cache.count('Pod', 'ns', () => 0)).toBe(0);
  });

  it('stops serving once the transaction is no longer live (SQLite rolled it back by itself)', () => {
    let live = true;
    const cache = new TransactionReadCache<string>(() => live);
    cache.begin();
    cache.row('Pod', 'ns', 'a', () => 'inside');
    live = false;
    expect(cache.row('Pod', 'ns', 'a', () => 'autocommit')).toBe('autocommit');
    live = true;
    // Ended for good: a new transaction must begin it again.
    expect(cache.row('Pod', 'ns', 'a', () => 'still through')).toBe('still through');
  });

  it('starts over past its row limit and keeps no long list', () => {
    const cache = new TransactionReadCache<string>(() => true);
    cache.begin();
    for (let i = 0; i <= CACHED_ROWS_LIMIT; i++) cache.row('Pod', 'ns', `p${i}`, () => `v${i}`);
    expect(cache.row('Pod', 'ns', 'p0', () => 'read again')).toBe('read again');
    // The key read when it started over is held again.
    expect(cache.row('Pod', 'ns', `p${CACHED_ROWS_LIMIT}`, () => 'read again')).toBe(`v${CACHED_ROWS_LIMIT}`);
    const long = Array.from({ length: CACHED_LIST_LIMIT + 1 }, (_, i) => `r${i}`);
    const r = counted(long);
    cache.list('Pod', 'ns', r.read);
    cache.list('Pod', 'ns', r.read);
    expect(r.calls()).toBe(2);
  });
});

describe('the store read through its transaction read cache', () => {
  const stateFile = tempStateFiles('kubemu-readcache-');
  const cm = (name: string, data: Record<string, string> = {}) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns' }, data }) as KubeObject;
  const ref = (name: string) => ({ kind: 'ConfigMap', namespace: 'ns', name });
  /** data is a ConfigMap's data as read (undefined when it is not there). */
  const data = (o: KubeObject | undefined) => (o as { data?: Record<string, string> } | undefined)?.data;

  it('gives every read its own copy', () => {
    const store = openSqliteStore(':memory:');
    store.transaction(() => store.create(cm('a', { k: 'v' })));
    store.transaction(() => {
      const first = store.get(ref('a'))!;
      (first as { data?: Record<string, string> }).data = { k: 'changed by a caller' };
      expect(data(store.get(ref('a')))).toEqual({ k: 'v' });
      store.list({ kind: 'ConfigMap', namespace: 'ns' })[0]!.metadata.name = 'renamed';
      expect(store.list({ kind: 'ConfigMap', namespace: 'ns' }).map((o) => o.metadata.name)).toEqual(['a']);
    });
  });

  it('sees its own transaction\'s creates, updates and deletes', () => {
    const store = openSqliteStore(':memory:');
    store.transaction(() => {
      expect(store.get(ref('a'))).toBeUndefined();
      expect(store.count({ kind: 'ConfigMap', namespace: 'ns' })).toBe(0);
      expect(store.list({ kind: 'ConfigMap' })).toEqual([]);
      const created = store.create(cm('a', { k: '1' }));
      expect(data(store.get(ref('a')))).toEqual({ k: '1' });
      expect(store.count({ kind: 'ConfigMap', namespace: 'ns' })).toBe(1);
      expect(store.list({ kind: 'ConfigMap' }).map((o) => o.metadata.name)).toEqual(['a']);
      store.update(cm('a', { k: '2' }), Number(created.metadata.resourceVersion));
      expect(data(store.get(ref('a')))).toEqual({ k: '2' });
      expect(data(store.list({ kind: 'ConfigMap' })[0])).toEqual({ k: '2' });
      store.delete(ref('a'));
      expect(store.get(ref('a'))).toBeUndefined();
      expect(store.count({ kind: 'ConfigMap' })).toBe(0);
      expect(store.list({ kind: 'ConfigMap', namespace: 'ns' })).toEqual([]);
    });
  });

  it('forgets what a rolled-back savepoint wrote', () => {
    const store = openSqliteStore(':memory:');
    store.transaction(() => {
      expect(store.get(ref('a'))).toBeUndefined();
      expect(() => store.transaction(() => {
        store.create(cm('a'));
        expect(store.get(ref('a'))).toBeDefined();
        expect(store.count({ kind: 'ConfigMap' })).toBe(1);
        throw new Error('admission refused it');
      })).toThrow('admission refused it');
      expect(store.get(ref('a'))).toBeUndefined();
      expect(store.count({ kind: 'ConfigMap' })).toBe(0);
    });
    expect(store.get(ref('a'))).toBeUndefined();
  });

  it('outlives neither its transaction nor hides another process\'s later writes', () => {
    const file = stateFile();
    const mine = openSqliteStore(file, { create: true });
    const other = openSqliteStore(file);
    try {
      mine.transaction(() => {
        expect(mine.get(ref('a'))).toBeUndefined();
        expect(mine.count({ kind: 'ConfigMap' })).toBe(0);
      });
      other.transaction(() => other.create(cm('a', { from: 'other' })));
      expect(data(mine.get(ref('a')))).toEqual({ from: 'other' });
      mine.transaction(() => {
        expect(data(mine.get(ref('a')))).toEqual({ from: 'other' });
        expect(mine.count({ kind: 'ConfigMap' })).toBe(1);
      });
      // Outside a write transaction nothing is kept: each read sees the file as it is.
      expect(mine.count({ kind: 'ConfigMap' })).toBe(1);
      other.transaction(() => other.delete(ref('a')));
      expect(mine.count({ kind: 'ConfigMap' })).toBe(0);
      expect(mine.get(ref('a'))).toBeUndefined();
    } finally {
      mine.close();
      other.close();
    }
  });

  it('a failed transaction leaves nothing behind for the next one', () => {
    const file = stateFile();
    const mine = openSqliteStore(file, { create: true });
    const other = openSqliteStore(file);
    try {
      expect(() => mine.transaction(() => {
        mine.create(cm('a', { from: 'rolled back' }));
        mine.get(ref('a'));
        throw new Error('stop');
      })).toThrow('stop');
      other.transaction(() => other.create(cm('a', { from: 'other' })));
      mine.transaction(() => expect(data(mine.get(ref('a')))).toEqual({ from: 'other' }));
    } finally {
      mine.close();
      other.close();
    }
  });
});
