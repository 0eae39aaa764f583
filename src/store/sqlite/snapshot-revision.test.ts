/**
 * A snapshot (a read transaction) reads the store's revision once: its view does not move, so
 * tens of thousands of reads in one (a big tick's summary) do not each query it. A write in it
 * moves what it holds, and a write by another process shows only after it.
 */
import { describe, expect, it, vi } from 'vitest';
import { openSqliteStore } from './sqlite-store';
import type { KubeObject } from '../../api/meta';
import { tempStateFiles } from '../../../test/helpers/temp-state-file';

const newStateFile = tempStateFiles('kubemu-snapshot-revision-');
const cm = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' } } as KubeObject);

describe('a snapshot', () => {
  it('reads the revision once, keeps its view against another writer, and follows its own writes', () => {
    const file = newStateFile();
    const store = openSqliteStore(file, { create: true });
    const other = openSqliteStore(file);
    store.transaction(() => store.create(cm('a')));
    const at = store.revision();
    const reads = vi.spyOn(store.meta, 'get');
    store.snapshot(() => {
      expect([store.revision(), store.revision(), store.revision()]).toEqual([at, at, at]);
      expect(reads.mock.calls.filter(([key]) => key === 'revision')).toHaveLength(1);
      other.transaction(() => other.create(cm('b')));
      expect(store.revision()).toBe(at);
      expect(store.get({ kind: 'ConfigMap', namespace: 'default', name: 'b' })).toBeUndefined();
    });
    expect(store.revision()).toBe(at + 1);
    // A write in a snapshot (none of kubemu's reads does one) is not hidden by what it held.
    store.snapshot(() => {
      expect(store.revision()).toBe(at + 1);
      store.transaction(() => store.create(cm('c')));
      expect(store.revision()).toBe(at + 2);
    });
    other.close();
    store.close();
  });
});
