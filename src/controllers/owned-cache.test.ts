import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import type { Pod } from '../api/types/kinds';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { OwnedCache } from './owned-cache';

const replicaSet = (replicas: number): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web', namespace: 'default' },
  spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});

/** slim keeps the name, resourceVersion and labels: enough to tell copies apart. */
const slim = (p: Pod): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: p.metadata.name, resourceVersion: p.metadata.resourceVersion, labels: p.metadata.labels } });

describe('OwnedCache', () => {
  it('reads again only the owned objects that changed, in listControlledBy order', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(replicaSet(3), { fieldManager: 't' }));
    const uid = cluster.api.get({ kind: 'ReplicaSet', namespace: 'default', name: 'web' }).metadata.uid!;
    const cache = new OwnedCache('Pod', slim);

    const first = cache.list(cluster.api, uid);
    expect(first.map((p) => p.metadata.name)).toEqual(cluster.api.listControlledBy('Pod', uid).map((p) => p.metadata.name));
    expect(first).toHaveLength(3);
    expect(cache.list(cluster.api, uid)).toEqual(first);
    cache.list(cluster.api, uid).forEach((p, i) => expect(p).toBe(first[i]));

    // Relabel one pod: only its copy is new, and it carries the change.
    const changed = cluster.api.get({ kind: 'Pod', namespace: 'default', name: first[1]!.metadata.name! });
    cluster.write(() => cluster.api.update({ ...changed, metadata: { ...changed.metadata, labels: { ...changed.metadata.labels, tier: 'x' } } }, { fieldManager: 't' }));
    const second = cache.list(cluster.api, uid);
    expect(second[0]).toBe(first[0]);
    expect(second[2]).toBe(first[2]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]!.metadata.labels).toMatchObject({ tier: 'x' });
    cluster.close();
  });

  it('forgets everything after a rolled-back write, whose resourceVersions may be used again', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(replicaSet(2), { fieldManager: 't' }));
    const uid = cluster.api.get({ kind: 'ReplicaSet', namespace: 'default', name: 'web' }).metadata.uid!;
    const cache = new OwnedCache('Pod', slim);
    const before = cache.list(cluster.api, uid);
    expect(() => cluster.write(() => { throw new Error('abort'); })).toThrow('abort');
    const after = cache.list(cluster.api, uid);
    expect(after).toEqual(before);
    after.forEach((p, i) => expect(p).not.toBe(before[i]));
    cluster.close();
  });
});
