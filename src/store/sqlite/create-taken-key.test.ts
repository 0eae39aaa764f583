/**
 * A create of a taken key: the store finds out from the key's unique index (no lookup before the
 * insert), and reports it as the lookup did: KeyExistsError before anything else (before a body
 * too large), the object unstamped, the revision and the change log untouched.
 */
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from './sqlite-store';
import type { KubeObject } from '../../api/meta';
import { KeyExistsError, MAX_OBJECT_BYTES, ObjectTooLargeError } from '../store';
import { tempStateFiles } from '../../../test/helpers/temp-state-file';

const newStateFile = tempStateFiles('kubemu-taken-');

function newStore() {
  return openSqliteStore(newStateFile(), { create: true });
}

const cm = (name: string, value = 'v'): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, data: { k: value } } as KubeObject);

describe('create of a taken key', () => {
  it('is KeyExistsError, leaves the object unstamped and writes nothing', () => {
    const store = newStore();
    store.transaction(() => store.create(cm('a')));
    const again = cm('a', 'other');
    const before = store.revision();
    expect(() => store.transaction(() => store.create(again))).toThrow(KeyExistsError);
    expect(again.metadata).toEqual({ name: 'a', namespace: 'default' });
    expect(store.revision()).toBe(before);
    expect((store.get({ kind: 'ConfigMap', namespace: 'default', name: 'a' }) as (KubeObject & { data?: unknown }) | undefined)?.data).toEqual({ k: 'v' });
    expect(store.watchSince(0).map((e) => e.revision)).toEqual([before]);
    store.close();
  });

  it('inside a caller transaction, the next create takes the next revision', () => {
    const store = newStore();
    store.transaction(() => {
      store.create(cm('a'));
      const rev = store.revision();
      expect(() => store.create(cm('a'))).toThrow(KeyExistsError);
      expect(store.create(cm('b')).metadata.resourceVersion).toBe(String(rev + 1));
    });
    store.close();
  });

  it('is reported before a body too large, as before the insert', () => {
    const store = newStore();
    store.transaction(() => store.create(cm('a')));
    const big = cm('a', 'x'.repeat(MAX_OBJECT_BYTES + 1));
    expect(() => store.transaction(() => store.create(big))).toThrow(KeyExistsError);
    expect(big.metadata.resourceVersion).toBeUndefined();
    expect(() => store.transaction(() => store.create(cm('b', 'x'.repeat(MAX_OBJECT_BYTES + 1))))).toThrow(ObjectTooLargeError);
    store.close();
  });
});
