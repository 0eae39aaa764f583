import { describe, expect, it, vi } from 'vitest';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import type { KubeObject } from '../api/meta';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { DEFAULT_SPEC, initialiseCluster } from '../cluster/bootstrap';
import { openCluster } from '../cluster/cluster';
import { addonPath } from '../store/sqlite/addon-path';
import { type SlimParts, SnapshotPods } from './snapshot-pods';

const pod = (name: string, nodeName?: string): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
  // Another scheduler's: the cluster's own leaves an unbound one alone.
  spec: { ...(nodeName ? { nodeName } : {}), schedulerName: 'other', containers: [{ name: 'c', image: 'nginx' }] },
});

/** slim keeps the name and resourceVersion: enough to tell copies apart. */
const slim = (p: KubeObject): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: p.metadata.name, namespace: p.metadata.namespace, resourceVersion: p.metadata.resourceVersion }, spec: { nodeName: p.spec?.nodeName } });
const bound = (p: KubeObject) => !!p.spec?.nodeName;
const keyOf = (p: KubeObject) => `${p.metadata.namespace}/${p.metadata.name}`;
/** mine is the test's own pods (the cluster's system pods are bound too). */
const mine = (pods: KubeObject[]) => pods.filter((p) => p.metadata.namespace === 'default');

describe('SnapshotPods', () => {
  it('lists the kept pods in list order, reading again only those changed since the last list', () => {
    const cluster = newTestCluster();
    cluster.write(() => {
      for (const [name, node] of [['c', 'worker01'], ['a', 'worker01'], ['b', undefined], ['d', 'worker02']] as const) cluster.api.create(pod(name, node), { fieldManager: 't' });
    });
    const cache = new SnapshotPods(bound, slim);
    // The first list reads the scheduled pods in one scan, the one pending pod by key.
    const reads = vi.spyOn(cluster.store, 'get');
    const all = cache.list(cluster.api);
    expect(reads.mock.calls.map(([ref]) => ref.name)).toEqual(['b']);
    expect(all.map(keyOf)).toEqual(cluster.api.list({ kind: 'Pod' }).filter(bound).map(keyOf));
    const first = mine(all);
    expect(first.map((p) => p.metadata.name)).toEqual(['a', 'c', 'd']);

    // b is bound, d deleted: b is read and joins in its place, the others are the same copies.
    cluster.write(() => {
      cluster.api.bind({ kind: 'Pod', namespace: 'default', name: 'b' }, 'worker02', { fieldManager: 't' });
      cluster.api.delete({ kind: 'Pod', namespace: 'default', name: 'd' }, { fieldManager: 't', gracePeriodSeconds: 0 });
    });
    reads.mockClear();
    const second = mine(cache.list(cluster.api));
    expect(reads.mock.calls.map(([ref]) => ref.name)).toEqual(['b']);
    expect(second.map((p) => p.metadata.name)).toEqual(['a', 'b', 'c']);
    expect(second[0]).toBe(first[0]);
    expect(second[2]).toBe(first[1]);
    expect(second[1]!.spec?.nodeName).toBe('worker02');
    cluster.close();
  });

  it('follows the change log after its first list: no version is listed again, and new pods join in list order', () => {
    const cluster = newTestCluster();
    const inNs = (namespace: string, name: string, nodeName?: string): KubeObject => ({ ...pod(name, nodeName), metadata: { name, namespace } });
    cluster.write(() => {
      for (const ns of ['a', 'a-b']) cluster.api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }, { fieldManager: 't' });
      cluster.api.create(inNs('a-b', 'm', 'worker01'), { fieldManager: 't' });
      cluster.api.create(inNs('a', 'p'), { fieldManager: 't' });
    });
    const ours = (pods: KubeObject[]) => pods.filter((p) => p.metadata.namespace!.startsWith('a')).map(keyOf);
    const cache = new SnapshotPods(bound, slim);
    expect(ours(cache.list(cluster.api))).toEqual(['a-b/m']);
    const versions = vi.spyOn(cluster.store, 'versions');
    const reads = vi.spyOn(cluster.store, 'get');
    // "a/z" sorts before "a-b/a" (the namespace first), though '-' sorts before '/'.
    cluster.write(() => {
      cluster.api.create(inNs('a-b', 'a', 'worker02'), { fieldManager: 't' });
      cluster.api.create(inNs('a', 'z', 'worker02'), { fieldManager: 't' });
      cluster.api.bind({ kind: 'Pod', namespace: 'a', name: 'p' }, 'worker01', { fieldManager: 't' });
      cluster.api.delete({ kind: 'Pod', namespace: 'a-b', name: 'm' }, { fieldManager: 't', gracePeriodSeconds: 0 });
    });
    reads.mockClear();
    const second = cache.list(cluster.api);
    expect(ours(second)).toEqual(['a/p', 'a/z', 'a-b/a']);
    expect(second.map(keyOf)).toEqual(cluster.api.list({ kind: 'Pod' }).filter(bound).map(keyOf));
    expect(versions).not.toHaveBeenCalled();
    expect(reads.mock.calls.map(([ref]) => `${ref.namespace}/${ref.name}`).sort()).toEqual(['a-b/a', 'a/p', 'a/z']); // m, deleted, is not read

    // A log compacted past the last list: the pods are listed again.
    cluster.write(() => cluster.api.create(inNs('a', 'q', 'worker01'), { fieldManager: 't' }));
    cluster.write(() => cluster.store.compact(cluster.store.revision()));
    expect(ours(cache.list(cluster.api))).toEqual(['a/p', 'a/q', 'a/z', 'a-b/a']);
    expect(versions).toHaveBeenCalledTimes(1);
    cluster.close();
  });

  it('reads only the scheduled pods when the pending ones were noted, and by key those that were not', () => {
    const cluster = newTestCluster();
    cluster.write(() => {
      for (const [name, node] of [['a', 'worker01'], ['b', undefined], ['c', undefined], ['d', 'worker02']] as const) cluster.api.create(pod(name, node), { fieldManager: 't' });
      // e waits on worker01 for a preemption: a pending pod the snapshot holds.
      const e = cluster.api.create(pod('e'), { fieldManager: 't' });
      cluster.api.updateStatus({ ...e, status: { phase: 'Pending', nominatedNodeName: 'worker01' } }, { fieldManager: 't' });
    });
    const keep = (p: KubeObject) => bound(p) || !!p.status?.nominatedNodeName;
    const get = (name: string) => cluster.api.get({ kind: 'Pod', namespace: 'default', name });
    const listed = (cache: SnapshotPods) => mine(cache.list(cluster.api)).map((p) => p.metadata.name);

    // The queue read b, c and e: the list scans the scheduled pods only.
    const noted = new SnapshotPods(keep, slim);
    for (const name of ['b', 'c', 'e']) noted.note(cluster.api, get(name));
    const scans = vi.spyOn(cluster.store, 'eachOnNode');
    const reads = vi.spyOn(cluster.store, 'get');
    expect(listed(noted)).toEqual(['a', 'd', 'e']);
    expect(scans).not.toHaveBeenCalled();
    expect(reads).not.toHaveBeenCalled();

    // Noted at an older version, c is read again, by key.
    const stale = new SnapshotPods(keep, slim);
    for (const name of ['b', 'c', 'e']) stale.note(cluster.api, get(name));
    cluster.write(() => {
      const c = get('c');
      cluster.api.updateStatus({ ...c, status: { phase: 'Pending', nominatedNodeName: 'worker02' } }, { fieldManager: 't' });
    });
    reads.mockClear();
    expect(listed(stale)).toEqual(['a', 'c', 'd', 'e']);
    expect(reads.mock.calls.map(([ref]) => ref.name)).toEqual(['c']);
    expect(scans).not.toHaveBeenCalled();

    // Nothing noted: the few unscheduled pods are read by key; many are scanned.
    reads.mockClear();
    expect(listed(new SnapshotPods(keep, slim))).toEqual(['a', 'c', 'd', 'e']);
    expect(reads.mock.calls.map(([ref]) => ref.name)).toEqual(['b', 'c', 'e']);
    expect(scans).not.toHaveBeenCalled();
    cluster.write(() => { for (let i = 0; i < 40; i++) cluster.api.create(pod(`p${String(i).padStart(2, '0')}`), { fieldManager: 't' }); });
    reads.mockClear();
    expect(listed(new SnapshotPods(keep, slim))).toEqual(['a', 'c', 'd', 'e']);
    expect(scans).toHaveBeenCalledTimes(1);
    expect(reads).not.toHaveBeenCalled();
    cluster.close();
  });

  it('hands its copies to the next process, which reads only the pods changed since, and once it has read keeps its own', () => {
    const cluster = newTestCluster();
    cluster.write(() => {
      for (const [name, node] of [['a', 'worker01'], ['b', undefined], ['c', 'worker01'], ['d', 'worker02']] as const) cluster.api.create(pod(name, node), { fieldManager: 't' });
    });
    // The test's slim copies share nothing but their kind; the parts still go through JSON.
    const parts: SlimParts = {
      split: (p) => ({ shared: { kind: p.kind }, own: [p.metadata.resourceVersion, p.spec?.nodeName] }),
      join: (shared, [rv, nodeName], namespace, name) => ({ apiVersion: 'v1', kind: (shared as { kind: string }).kind, metadata: { name, namespace, resourceVersion: rv as string }, spec: { nodeName: nodeName as string } }),
    };
    const first = new SnapshotPods(bound, slim, parts);
    const listed = mine(first.list(cluster.api));
    const memo = JSON.parse(JSON.stringify(first.handOver()));
    expect(memo.shared).toEqual([{ kind: 'Pod' }]);
    expect(memo.pods.filter(([key]: [string]) => key.startsWith('default/')).map(([key]: [string]) => key)).toEqual(['default/a', 'default/c', 'default/d']);
    expect(new SnapshotPods(bound, slim).handOver()).toBeUndefined(); // no parts, no memo

    // b is bound, d deleted; the next process reads b alone, and its copies equal the first's.
    cluster.write(() => {
      cluster.api.bind({ kind: 'Pod', namespace: 'default', name: 'b' }, 'worker02', { fieldManager: 't' });
      cluster.api.delete({ kind: 'Pod', namespace: 'default', name: 'd' }, { fieldManager: 't', gracePeriodSeconds: 0 });
    });
    const next = new SnapshotPods(bound, slim, parts);
    next.takeOver(memo);
    const scans = vi.spyOn(cluster.store, 'eachBound');
    const reads = vi.spyOn(cluster.store, 'get');
    const versions = vi.spyOn(cluster.store, 'versions');
    const second = mine(next.list(cluster.api));
    expect(reads.mock.calls.map(([ref]) => ref.name)).toEqual(['b']);
    expect(scans).not.toHaveBeenCalled();
    expect(versions).not.toHaveBeenCalled(); // the change log since the memo's revision names b and d
    expect(second.map((p) => p.metadata.name)).toEqual(['a', 'b', 'c']);
    expect([second[0], second[2]]).toEqual([listed[0], listed[1]]);
    // A memo taken over once the process has read changes nothing: its own copies are newer.
    next.takeOver(memo);
    reads.mockClear();
    expect(mine(next.list(cluster.api))).toEqual(second);
    expect(reads).not.toHaveBeenCalled();
    // A memo of another form holds nothing, nor one whose copies another slim function made:
    // everything is read.
    const other = new SnapshotPods(bound, (p) => ({ ...slim(p), status: {} }), parts);
    other.takeOver(memo);
    expect(mine(other.list(cluster.api))[0]?.status).toEqual({});
    expect(scans).toHaveBeenCalledTimes(1);
    const odd = new SnapshotPods(bound, slim, parts);
    odd.takeOver({ ...memo, pods: [['default/a', '1', 3, []]] });
    expect(mine(odd.list(cluster.api)).map((p) => p.metadata.name)).toEqual(['a', 'b', 'c']);
    expect(scans).toHaveBeenCalledTimes(2);
    // A memo with a malformed entry stands only pod by pod: the versions are listed.
    const partial = new SnapshotPods(bound, slim, parts);
    partial.takeOver({ ...memo, pods: [...memo.pods, ['default/x', '1']] });
    versions.mockClear();
    expect(mine(partial.list(cluster.api)).map((p) => p.metadata.name)).toEqual(['a', 'b', 'c']);
    expect(versions).toHaveBeenCalledTimes(1);
    cluster.close();
  });

  it('reads a deferred memo only at its first read, and says when a settled command may keep the memo it was handed', () => {
    const cluster = newTestCluster();
    cluster.write(() => { for (const [name, node] of [['a', 'worker01'], ['b', 'worker02'], ['c', undefined]] as const) cluster.api.create(pod(name, node), { fieldManager: 't' }); });
    const parts: SlimParts = {
      split: (p) => ({ shared: {}, own: [p.metadata.resourceVersion, p.spec?.nodeName] }),
      join: (_s, [rv, nodeName], namespace, name) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, resourceVersion: rv as string }, spec: { nodeName: nodeName as string } }),
    };
    const first = new SnapshotPods(bound, slim, parts);
    const listed = first.list(cluster.api);
    // Nothing was handed to it: once it has read, its own copies are the memo to write.
    expect(first.memoStands()).toBe(false);
    const memo = JSON.parse(JSON.stringify(first.handOver()));

    // Handed over but never read: the memo is not decoded, and stands as it is.
    let decoded = 0;
    const idle = new SnapshotPods(bound, slim, parts);
    idle.takeOverWhenRead(() => { decoded++; return memo; });
    // A watch's note alone does not read it either.
    idle.note(cluster.api, cluster.api.get({ kind: 'Pod', namespace: 'default', name: 'a' }));
    expect(idle.memoStands()).toBe(true);
    expect(decoded).toBe(0);

    // Read and followed: it stands while few pods have changed since, and every list reads them.
    const next = new SnapshotPods(bound, slim, parts);
    next.takeOverWhenRead(() => { decoded++; return memo; });
    cluster.write(() => {
      cluster.api.bind({ kind: 'Pod', namespace: 'default', name: 'c' }, 'worker02', { fieldManager: 't' });
      cluster.api.create(pod('d', 'worker01'), { fieldManager: 't' });
    });
    // d is noted before the first read (a watch showed it): the list takes the note, reads c alone.
    next.note(cluster.api, cluster.api.get({ kind: 'Pod', namespace: 'default', name: 'd' }));
    expect(decoded).toBe(0);
    const reads = vi.spyOn(cluster.store, 'get');
    expect(mine(next.list(cluster.api)).map((p) => p.metadata.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(reads.mock.calls.map(([ref]) => ref.name)).toEqual(['c']);
    expect(mine(listed).map((p) => p.metadata.name)).toEqual(['a', 'b']);
    expect(decoded).toBe(1);
    expect(next.memoStands()).toBe(true);
    // Past REFRESH_MIN pods changed since (and one in sixteen held), a new memo is written.
    cluster.write(() => { for (let i = 0; i < 40; i++) cluster.api.create(pod(`n${String(i).padStart(2, '0')}`, 'worker01'), { fieldManager: 't' }); });
    next.list(cluster.api);
    expect(next.memoStands()).toBe(false);
    // Once it has handed over a new one, a process that goes on (serve's) counts from that one.
    expect(next.handOver()?.revision).toBe(cluster.api.revision());
    expect(next.memoStands()).toBe(true);
    cluster.close();
  });

  it('reads no pod a watch has shown it, hands over those noted since its last list, and keeps the newer of two versions', () => {
    const cluster = newTestCluster();
    cluster.write(() => { for (const [name, node] of [['a', 'worker01'], ['b', undefined], ['c', undefined]] as const) cluster.api.create(pod(name, node), { fieldManager: 't' }); });
    const get = (name: string) => cluster.api.get({ kind: 'Pod', namespace: 'default', name });
    const parts: SlimParts = {
      split: (p) => ({ shared: {}, own: [p.metadata.resourceVersion, p.spec?.nodeName] }),
      join: (_s, [rv, nodeName], namespace, name) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, resourceVersion: rv as string }, spec: { nodeName: nodeName as string } }),
    };
    const cache = new SnapshotPods(bound, slim, parts);
    expect(mine(cache.list(cluster.api)).map((p) => p.metadata.name)).toEqual(['a']);
    // b is bound, and the watch shows the binding: the next list reads nothing.
    cluster.write(() => cluster.api.bind({ kind: 'Pod', namespace: 'default', name: 'b' }, 'worker02', { fieldManager: 't' }));
    const oldB = get('b');
    cache.note(cluster.api, oldB);
    const reads = vi.spyOn(cluster.store, 'get');
    expect(mine(cache.list(cluster.api)).map((p) => p.metadata.name)).toEqual(['a', 'b']);
    expect(reads).not.toHaveBeenCalled();

    // c is bound after that list, and b relabelled; the watch shows both, then b's older version again.
    cluster.write(() => {
      cluster.api.bind({ kind: 'Pod', namespace: 'default', name: 'c' }, 'worker01', { fieldManager: 't' });
      cluster.api.update({ ...get('b'), metadata: { ...get('b').metadata, labels: { tier: 'web' } } }, { fieldManager: 't' });
    });
    for (const p of [get('c'), get('b'), oldB]) cache.note(cluster.api, p);
    const memo = JSON.parse(JSON.stringify(cache.handOver()));
    const handed = (name: string) => memo.pods.find(([key]: [string]) => key === `default/${name}`);
    expect(handed('c')?.[1]).toBe(get('c').metadata.resourceVersion); // noted, not yet listed: handed over all the same
    expect(handed('b')?.[1]).toBe(get('b').metadata.resourceVersion);
    // The next process takes them as they are: nothing is read.
    const stored = ['a', 'b', 'c'].map((n) => [n, get(n).metadata.resourceVersion]);
    const next = new SnapshotPods(bound, slim, parts);
    next.takeOver(memo);
    reads.mockClear();
    const listed = mine(next.list(cluster.api));
    expect(reads).not.toHaveBeenCalled();
    expect(listed.map((p) => [p.metadata.name, p.metadata.resourceVersion])).toEqual(stored);
    cluster.close();
  });

  it('forgets everything after a rolled-back write, whose resourceVersions may be used again', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(pod('a', 'worker01'), { fieldManager: 't' }));
    const cache = new SnapshotPods(bound, slim);
    const before = mine(cache.list(cluster.api));
    expect(() => cluster.write(() => { throw new Error('abort'); })).toThrow('abort');
    const after = mine(cache.list(cluster.api));
    expect(after).toEqual(before);
    expect(after[0]).not.toBe(before[0]);
    // Nor does it hand over what it read before a write that rolled back since.
    const parts: SlimParts = { split: (p) => ({ shared: {}, own: [p.spec?.nodeName] }), join: (_s, [nodeName], namespace, name) => slim({ ...pod(name, nodeName as string), metadata: { name, namespace } }) };
    const handing = new SnapshotPods(bound, slim, parts);
    handing.list(cluster.api);
    expect(handing.handOver()?.revision).toBe(cluster.api.revision());
    expect(() => cluster.write(() => { throw new Error('abort'); })).toThrow('abort');
    expect(handing.handOver()).toBeUndefined();
    cluster.close();
  });

  it('passes over a pod that no longer decodes, as a list does', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-snapshot-pods-'));
    try {
      const file = path.join(dir, 'state.db');
      const cluster = initialiseCluster(file, { ...DEFAULT_SPEC, clock: 'manual', seed: 1, workers: 1 });
      cluster.write(() => { for (const name of ['a', 'b']) cluster.api.create(pod(name, 'worker01'), { fieldManager: 't' }); });
      const cache = new SnapshotPods(bound, slim);
      expect(mine(cache.list(cluster.api)).map((p) => p.metadata.name)).toEqual(['a', 'b']);
      // b changes, then its stored body is broken: the next list reads it by key.
      cluster.write(() => {
        const b = cluster.api.get({ kind: 'Pod', namespace: 'default', name: 'b' });
        cluster.api.update({ ...b, metadata: { ...b.metadata, labels: { tier: 'web' } } }, { fieldManager: 't' });
      });
      cluster.close();
      const db = new Database(file, { nativeBinding: addonPath() });
      db.prepare("UPDATE objects SET body = '{not json' WHERE kind = 'Pod' AND namespace = 'default' AND name = 'b'").run();
      db.close();
      const again = openCluster(file);
      expect(mine(again.read(() => cache.list(again.api))).map((p) => p.metadata.name)).toEqual(['a']);
      again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
