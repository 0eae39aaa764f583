/**
 * store.suite: the Store contract as one suite, run against every implementation (drizzle's
 * one suite, every driver; hono's common cases). `describeStore(label, makeStore)` is all an
 * implementation needs — the SQLite store runs it in memory and on disk, and a store backed
 * by etcd would run the same cases. It checks behaviour through the interface only.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/api/meta';
import type { ConfigMap } from '../../src/api/types/kinds';
import {
  CompactedError, KeyExistsError, KeyNotFoundError, MAX_OBJECT_BYTES, ObjectTooLargeError, RevisionMismatchError, type Store,
} from '../../src/store/store';

/** StoreFactory opens a fresh, empty store; cleanup (optional) removes what it made. */
export interface StoreFactory { open(): Store; cleanup?(): void }

/** configMap is a small namespaced object. */
function configMap(name: string, data: Record<string, string> = {}, namespace = 'default'): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace, uid: `uid-${namespace}-${name}` }, data } as KubeObject;
}

/** pod is a Pod, bound to `node` when given, controlled by `owner` (a uid) when given. */
function pod(name: string, opts: { node?: string; owner?: string; ip?: string } = {}): KubeObject {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name, namespace: 'default', uid: `uid-${name}`,
      ...(opts.owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: opts.owner, controller: true }] } : {}),
    },
    spec: { containers: [{ name: 'c', image: 'nginx' }], ...(opts.node ? { nodeName: opts.node } : {}) },
    status: opts.ip ? { podIP: opts.ip } : {},
  } as KubeObject;
}

const names = (objs: KubeObject[]): string[] => objs.map((o) => o.metadata.name!);
const rv = (obj: KubeObject): number => Number(obj.metadata.resourceVersion);

/** describeStore runs the Store contract against the stores `factory` opens. */
export function describeStore(label: string, factory: StoreFactory): void {
  describe(`Store conformance: ${label}`, () => {
    let store: Store;
    beforeEach(() => { store = factory.open(); });
    afterEach(() => { store.close(); factory.cleanup?.(); });

    describe('revisions', () => {
      it('every write takes the next revision and stamps it as resourceVersion', () => {
        const start = store.revision();
        const a = store.create(configMap('a'));
        const b = store.create(configMap('b'));
        expect([rv(a), rv(b)]).toEqual([start + 1, start + 2]);
        const a2 = store.update(configMap('a', { k: 'v' }), rv(a));
        expect(rv(a2)).toBe(start + 3);
        const gone = store.delete({ kind: 'ConfigMap', namespace: 'default', name: 'b' });
        expect(rv(gone)).toBe(start + 4);
        expect(store.revision()).toBe(start + 4);
      });

      it('a read returns the object as last written, with its revision', () => {
        const a = store.create(configMap('a', { k: '1' }));
        expect(store.get({ kind: 'ConfigMap', namespace: 'default', name: 'a' })).toEqual(a);
        expect(store.get({ kind: 'ConfigMap', namespace: 'default', name: 'nope' })).toBeUndefined();
      });
    });

    describe('conflicts', () => {
      it('refuses to create an object that exists', () => {
        store.create(configMap('a'));
        expect(() => store.create(configMap('a'))).toThrow(KeyExistsError);
      });

      it('refuses an update at a stale revision and keeps the newer object', () => {
        const a = store.create(configMap('a', { k: '1' }));
        store.update(configMap('a', { k: '2' }), rv(a));
        expect(() => store.update(configMap('a', { k: '3' }), rv(a))).toThrow(RevisionMismatchError);
        expect((store.get({ kind: 'ConfigMap', namespace: 'default', name: 'a' }) as ConfigMap).data).toEqual({ k: '2' });
      });

      it('refuses to update or delete an object that does not exist', () => {
        expect(() => store.update(configMap('a'), 1)).toThrow(KeyNotFoundError);
        expect(() => store.delete({ kind: 'ConfigMap', namespace: 'default', name: 'a' })).toThrow(KeyNotFoundError);
      });

      it('refuses a delete at a stale revision', () => {
        const a = store.create(configMap('a'));
        store.update(configMap('a', { k: '2' }), rv(a));
        expect(() => store.delete({ kind: 'ConfigMap', namespace: 'default', name: 'a' }, rv(a))).toThrow(RevisionMismatchError);
      });

      it("refuses an object over etcd's request limit", () => {
        const big = configMap('big', { k: 'x'.repeat(MAX_OBJECT_BYTES) });
        expect(() => store.create(big)).toThrow(ObjectTooLargeError);
        expect(store.get({ kind: 'ConfigMap', namespace: 'default', name: 'big' })).toBeUndefined();
      });
    });

    describe('lists and indexes', () => {
      it('lists one kind, in one namespace or all, ordered by namespace and name', () => {
        store.create(configMap('b'));
        store.create(configMap('a'));
        store.create(configMap('c', {}, 'other'));
        store.create(pod('p'));
        expect(names(store.list({ kind: 'ConfigMap', namespace: 'default' }))).toEqual(['a', 'b']);
        expect(names(store.list({ kind: 'ConfigMap' }))).toEqual(['a', 'b', 'c']);
        expect(store.count({ kind: 'ConfigMap' })).toBe(3);
        expect(store.count({ kind: 'ConfigMap', namespace: 'other' })).toBe(1);
        const seen: string[] = [];
        store.each({ kind: 'ConfigMap' }, (o) => seen.push(o.metadata.name!));
        expect(seen).toEqual(['a', 'b', 'c']);
      });

      it('finds pods by node (and unscheduled ones) and their IPs', () => {
        store.create(pod('p1', { node: 'n1', ip: '10.0.0.1' }));
        store.create(pod('p2', { node: 'n2', ip: '10.0.0.2' }));
        store.create(pod('p3'));
        expect(names(store.listByNode('n1', 'Pod'))).toEqual(['p1']);
        expect(store.podIPsOnNode('n2')).toEqual(['10.0.0.2']);
        const unscheduled: string[] = [];
        store.eachOnNode(null, 'Pod', (o) => unscheduled.push(o.metadata.name!));
        expect(unscheduled).toEqual(['p3']);
      });

      it('finds objects by their controller and reports the revisions they were written at', () => {
        const p1 = store.create(pod('p1', { owner: 'rs-1' }));
        store.create(pod('p2', { owner: 'rs-2' }));
        expect(names(store.listByOwner('rs-1', 'Pod'))).toEqual(['p1']);
        expect(store.versionsByOwner('rs-1', 'Pod')).toEqual([{ namespace: 'default', name: 'p1', revision: rv(p1) }]);
        // An Event belongs to the object it is about.
        const ev = store.create({ apiVersion: 'v1', kind: 'Event', metadata: { name: 'p1.1', namespace: 'default' }, involvedObject: { uid: 'p1-uid' }, reason: 'Pulled', message: 'done' } as KubeObject);
        expect(names(store.listByOwner('p1-uid', 'Event'))).toEqual(['p1.1']);
        expect(store.versionsByOwner('p1-uid', 'Event')).toEqual([{ namespace: 'default', name: 'p1.1', revision: rv(ev) }]);
        expect(store.listByOwner('p1-uid', 'Pod')).toEqual([]);
      });

      it('changes the kinds stamp on every create, update and delete of those kinds, and only those', () => {
        const kinds = ['ConfigMap', 'Secret'] as const;
        const s0 = store.kindsStamp(kinds);
        const a = store.create(configMap('a'));
        const s1 = store.kindsStamp(kinds);
        store.create(pod('p'));
        expect(store.kindsStamp(kinds)).toBe(s1);
        store.update(configMap('a', { k: 'v' }), rv(a));
        const s2 = store.kindsStamp(kinds);
        store.delete({ kind: 'ConfigMap', namespace: 'default', name: 'a' });
        const s3 = store.kindsStamp(kinds);
        // Each write changes it; the stamp of an empty set may repeat (the cached answer is the same).
        expect([s1 !== s0, s2 !== s1, s3 !== s2]).toEqual([true, true, true]);
      });
    });

    describe('watch', () => {
      it('returns changes strictly after a revision, oldest first, in pages', () => {
        const start = store.revision();
        const a = store.create(configMap('a'));
        store.create(pod('p'));
        store.update(configMap('a', { k: 'v' }), rv(a));
        store.delete({ kind: 'ConfigMap', namespace: 'default', name: 'a' });
        const all = store.watchSince(start);
        expect(all.map((e) => [e.type, e.kind, e.name, e.revision])).toEqual([
          ['ADDED', 'ConfigMap', 'a', start + 1], ['ADDED', 'Pod', 'p', start + 2],
          ['MODIFIED', 'ConfigMap', 'a', start + 3], ['DELETED', 'ConfigMap', 'a', start + 4],
        ]);
        expect((all[2]!.object as ConfigMap).data).toEqual({ k: 'v' });
        expect(store.watchSince(start, ['Pod']).map((e) => e.name)).toEqual(['p']);
        expect(store.watchSince(start, undefined, 2).map((e) => e.revision)).toEqual([start + 1, start + 2]);
        expect(store.watchSince(start + 2, undefined, 2).map((e) => e.revision)).toEqual([start + 3, start + 4]);
        expect(store.watchSince(store.revision())).toEqual([]);
      });

      it('gives each change the object as written at its revision, also after the object is written again or deleted', () => {
        const start = store.revision();
        const a = store.create(configMap('a', { v: '1' }));
        const early = store.watchSince(start);
        const a2 = store.update(configMap('a', { v: '2' }), rv(a));
        // A rolled-back write leaves every change as it was.
        expect(() => store.transaction(() => { store.update(configMap('a', { v: 'x' }), rv(a2)); throw new Error('undone'); })).toThrow('undone');
        const seen = () => store.watchSince(start).map((e) => `${e.type}:${(e.object as ConfigMap).data?.v}@${e.object.metadata.resourceVersion}`);
        expect(seen()).toEqual([`ADDED:1@${rv(a)}`, `MODIFIED:2@${rv(a2)}`]);
        store.delete({ kind: 'ConfigMap', namespace: 'default', name: 'a' });
        expect(seen()).toEqual([`ADDED:1@${rv(a)}`, `MODIFIED:2@${rv(a2)}`, `DELETED:2@${rv(a2) + 1}`]);
        // An event read before the object moved on still reads the version it names.
        expect((early[0]!.object as ConfigMap).data).toEqual({ v: '1' });
      });

      it('refuses to watch from a compacted revision', () => {
        const start = store.revision();
        store.create(configMap('a'));
        store.create(configMap('b'));
        store.compact(start + 1);
        expect(() => store.watchSince(start)).toThrow(CompactedError);
        expect(store.watchSince(start + 1).map((e) => e.name)).toEqual(['b']);
      });
    });

    describe('listAt', () => {
      it('lists a kind as it was at a revision, also across a compaction that keeps each key\'s newest change', () => {
        const a = store.create(configMap('a', { v: '1' }));
        store.create(configMap('b', { v: '1' }, 'other'));
        const gone = store.create(configMap('gone'));
        const at = store.revision();
        store.update(configMap('a', { v: '2' }), rv(a));
        store.delete({ kind: 'ConfigMap', namespace: 'default', name: 'gone' });
        store.create(configMap('c'));
        store.create(pod('p'));
        const state = (objs: KubeObject[]) => (objs as ConfigMap[]).map((o) => `${o.metadata.namespace}/${o.metadata.name}=${o.data?.v ?? ''}@${o.metadata.resourceVersion}`);
        const then = [`default/a=1@${rv(a)}`, `default/gone=@${rv(gone)}`, `other/b=1@${at - 1}`];
        expect(state(store.listAt({ kind: 'ConfigMap' }, at))).toEqual(then);
        expect(state(store.listAt({ kind: 'ConfigMap', namespace: 'other' }, at))).toEqual([`other/b=1@${at - 1}`]);
        expect(state(store.listAt({ kind: 'ConfigMap' }, store.revision()))).toEqual(state(store.list({ kind: 'ConfigMap' })));
        // etcd's compaction keeps each live key's newest version at or below the cut: the cut stays listable.
        store.compact(at);
        expect(state(store.listAt({ kind: 'ConfigMap' }, at))).toEqual(then);
        expect(() => store.listAt({ kind: 'ConfigMap' }, at - 1)).toThrow(CompactedError);
        // The kept versions are below the cut: watches after it do not see them.
        expect(store.watchSince(at).map((e) => e.name)).toEqual(['a', 'gone', 'c', 'p']);
        // A key unchanged since before the cut, written after the compaction: the cut still lists its version then.
        store.update(configMap('b', { v: '2' }, 'other'), at - 1);
        expect(state(store.listAt({ kind: 'ConfigMap' }, at))).toEqual(then);
        expect(state(store.listAt({ kind: 'ConfigMap', namespace: 'other' }, store.revision()))).toEqual([`other/b=2@${store.revision()}`]);
        expect(store.watchSince(at).map((e) => e.name)).toEqual(['a', 'gone', 'c', 'p', 'b']);
      });
    });

    describe('transactions', () => {
      it('rolls back every write of a failed transaction, and says so through historyEpoch', () => {
        store.create(configMap('kept'));
        const rev = store.revision();
        const epoch = store.historyEpoch();
        expect(() => store.transaction(() => {
          store.create(configMap('a'));
          store.meta.set('k', 'v');
          throw new Error('boom');
        })).toThrow('boom');
        expect(store.get({ kind: 'ConfigMap', namespace: 'default', name: 'a' })).toBeUndefined();
        expect(store.meta.get('k')).toBeUndefined();
        expect(store.revision()).toBe(rev);
        expect(store.watchSince(rev)).toEqual([]);
        expect(store.historyEpoch()).not.toBe(epoch);
      });

      it('rolls back a nested transaction alone (a savepoint)', () => {
        const start = store.revision();
        store.transaction(() => {
          store.create(configMap('outer'));
          expect(() => store.transaction(() => {
            store.create(configMap('inner'));
            throw new Error('inner fails');
          })).toThrow('inner fails');
          store.create(configMap('after'));
        });
        expect(names(store.list({ kind: 'ConfigMap' }))).toEqual(['after', 'outer']);
        expect(store.watchSince(start).map((e) => [e.name, e.revision])).toEqual([['outer', start + 1], ['after', start + 2]]);
      });

      it('a snapshot returns what fn returns, over one consistent view', () => {
        store.create(configMap('a'));
        expect(store.snapshot(() => names(store.list({ kind: 'ConfigMap' })))).toEqual(['a']);
      });
    });

    describe('meta, timers and leases', () => {
      it('keeps meta values', () => {
        store.meta.set('clock', '1');
        store.meta.set('clock', '2');
        expect(store.meta.get('clock')).toBe('2');
        expect(store.meta.get('absent')).toBeUndefined();
      });

      it('keeps the earliest due time of a timer, and lists due timers earliest first', () => {
        store.timers.set({ component: 'c', key: 'b', due: 200 });
        store.timers.set({ component: 'c', key: 'a', due: 300 });
        store.timers.set({ component: 'c', key: 'a', due: 100 });
        store.timers.set({ component: 'c', key: 'a', due: 500 });
        store.timers.set({ component: 'lazy', key: 'x', due: 50, exact: false });
        expect(store.timers.due(250, 'c').map((t) => [t.key, t.due])).toEqual([['a', 100], ['b', 200]]);
        expect(store.timers.next()).toBe(50);
        expect(store.timers.nextExact()).toBe(100);
        expect(store.timers.nextExact(100)).toBe(200);
        store.timers.clear('c', 'a');
        expect(store.timers.due(1_000, 'c').map((t) => t.key)).toEqual(['b']);
      });

      it('deletes objects whose lease expired, each with a DELETED change', () => {
        store.create(configMap('short'), 1_000);
        store.create(configMap('long'), 5_000);
        store.create(configMap('none'));
        expect([store.leases.next(), store.leases.latest()]).toEqual([1_000, 5_000]);
        const rev = store.revision();
        expect(store.leases.expire(1_000)).toBe(1);
        expect(names(store.list({ kind: 'ConfigMap' }))).toEqual(['long', 'none']);
        expect(store.watchSince(rev).map((e) => [e.type, e.name])).toEqual([['DELETED', 'short']]);
        expect(store.leases.next()).toBe(5_000);
      });

      it('an update without a lease detaches the object from its lease', () => {
        const a = store.create(configMap('a'), 1_000);
        store.update(configMap('a', { k: 'v' }), rv(a));
        expect(store.leases.expire(2_000)).toBe(0);
        expect(store.leases.next()).toBeUndefined();
      });
    });

    it('passes its own integrity check', () => {
      store.create(configMap('a'));
      expect(store.integrityCheck()).toEqual(['ok']);
    });
  });
}
