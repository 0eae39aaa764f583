import { describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../api/meta';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { newKubelet } from './kubelet';

const IMAGE = 'nginx:1.25';
const REF = 'docker.io/library/nginx:1.25';

const pod = (name: string): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
  spec: { nodeSelector: { 'kubernetes.io/hostname': 'worker01' }, containers: [{ name: 'c', image: IMAGE }] },
});

describe('kubelet', () => {
  it('does not sync a pod again for its own status write; another writer\'s change is synced', () => {
    const cluster = newTestCluster();
    const kubelet = newKubelet();
    const ctx = { api: cluster.api, clock: cluster.clock, rand: cluster.rand };
    const get = () => cluster.api.get({ kind: 'Pod', namespace: 'default', name: 'a' });
    // Bound by hand and synced by this kubelet alone (no settle runs the cluster's own).
    cluster.store.transaction(() => cluster.api.create({ ...pod('a'), spec: { ...pod('a').spec, nodeName: 'worker01' } }, { fieldManager: 't' }));
    const bound = get();
    expect(kubelet.accepts!(bound, 'ADDED', ctx)).toBe(true);
    cluster.store.transaction(() => kubelet.reconcile({ namespace: 'default', name: 'a' }, ctx));
    const admitted = get();
    expect(admitted.status?.startTime).toBeDefined();
    expect(kubelet.accepts!(admitted, 'MODIFIED', ctx)).toBe(false);
    cluster.store.transaction(() => cluster.api.update({ ...admitted, metadata: { ...admitted.metadata, labels: { tier: 'web' } } }, { fieldManager: 't' }));
    expect(kubelet.accepts!(get(), 'MODIFIED', ctx)).toBe(true);
    cluster.close();
  });

  it('lists a pulled image on its node once; later pods there find it present', () => {
    const cluster = newTestCluster();
    const imagesOn = (node: string) => (cluster.api.get({ kind: 'Node', name: node }).status?.images ?? [])
      .filter((i: { names: string[] }) => i.names.includes(REF));
    const pulls = (name: string) => cluster.api.list({ kind: 'Event', namespace: 'default' })
      .filter((e) => e.involvedObject?.name === name && (e.reason === 'Pulling' || e.reason === 'Pulled'))
      .map((e) => e.message);
    expect(imagesOn('worker01')).toHaveLength(0);
    // Two pods pulling at once on one node: the image is listed once.
    cluster.write(() => { cluster.api.create(pod('a'), { fieldManager: 't' }); cluster.api.create(pod('b'), { fieldManager: 't' }); });
    cluster.advance(60_000);
    expect(imagesOn('worker01')).toHaveLength(1);
    expect(imagesOn('worker02')).toHaveLength(0);
    expect(pulls('a')[0]).toBe(`Pulling image "${IMAGE}"`);
    cluster.write(() => cluster.api.create(pod('c'), { fieldManager: 't' }));
    cluster.advance(10_000);
    expect(pulls('c')).toEqual([`Container image "${IMAGE}" already present on machine`]);
    expect(imagesOn('worker01')).toHaveLength(1);
    cluster.close();
  });

  it('backs off a container that never started as one that ran for no time: one settle, no restart storm', { timeout: 60_000 }, () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create({
      ...pod('nocmd'), spec: { ...pod('nocmd').spec, containers: [{ name: 'c', image: IMAGE, command: ['/bin/notthere'] }] },
    }, { fieldManager: 't' }));
    const reports = [1_000, 1_000, 2_000, 76_000].map((ms) => cluster.advance(ms));
    // A failed start's startedAt is the runtime's zero time: read as a 56-year run, it reset
    // the back-off and restarted in the past, thousands of times per reconcile, every pass.
    expect(reports.every((r) => r.settled)).toBe(true);
    const cs = cluster.api.get({ kind: 'Pod', namespace: 'default', name: 'nocmd' }).status!.containerStatuses![0];
    // Failed at once, restarted after 1s, then after 10s, 20s and 40s.
    expect(cs.restartCount).toBe(4);
    expect(cs.state!.waiting!.reason).toBe('CrashLoopBackOff');
    cluster.close();
  });

  it('starts a pod of 300 containers with work linear in its containers', () => {
    const cluster = newTestCluster();
    const n = 300;
    const containers = Array.from({ length: n }, (_, i) => ({ name: `c${i}`, image: 'busybox', command: ['sleep', '3600'] }));
    // Counted, not timed: Event lists by the kubelet, and Events decoded to aggregate a new one.
    const lists = vi.spyOn(cluster.api, 'listControlledBy');
    const finds = vi.spyOn(cluster.store, 'findEvents');
    cluster.write(() => cluster.api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'big', namespace: 'default' }, spec: { containers } }, { fieldManager: 't' }));
    cluster.advance(120_000);
    const pod = cluster.api.get({ kind: 'Pod', namespace: 'default', name: 'big' });
    expect(pod.status!.phase).toBe('Running');
    expect(pod.status!.containerStatuses!.filter((s: { ready: boolean }) => s.ready)).toHaveLength(n);
    const eventLists = lists.mock.calls.filter(([kind]) => kind === 'Event').length;
    const decoded = finds.mock.results.reduce((sum, r) => sum + (r.value as unknown[]).length, 0);
    // One list per sync of the pod (not one per Event recorded); no scan of every container's Events per Event.
    expect(eventLists).toBeLessThan(20);
    expect(decoded).toBeLessThan(n);
    cluster.close();
  }, 30_000);

  it('keeps its back-off in a node-local record, not in the API, and forgets it with the pod', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create({
      ...pod('bad'), spec: { ...pod('bad').spec, containers: [{ name: 'c', image: 'nginx:1.999' }] },
    }, { fieldManager: 't' }));
    cluster.advance(15_000);
    const p = cluster.api.get({ kind: 'Pod', namespace: 'default', name: 'bad' });
    const record = () => cluster.api.nodeLocalState<{ containers: Record<string, any> }>('worker01', p.metadata.uid!);
    // Two pulls failed (at 1.2s and 12.4s): the second moved the entry on to 20s.
    expect(record()?.containers.c.pullBackOff).toEqual({ image: 'nginx:1.999', backoffMs: 20_000, lastUpdateMs: Date.parse(p.status!.startTime!) + 12_400 });
    cluster.write(() => cluster.api.delete({ kind: 'Pod', namespace: 'default', name: 'bad' }, { fieldManager: 't', gracePeriodSeconds: 0 }));
    expect(record()).toBeUndefined();
    cluster.close();
  });
});
