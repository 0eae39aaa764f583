import { describe, expect, it, vi } from 'vitest';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { rankPodsForDeletion } from './pods';
import type { EventLike, KubeObject } from '../../api/meta';
import type { Pod } from '../../api/types/kinds';
import { Simulation } from '../../sim/runtime';
import { BURST_REPLICAS, FAILED_CREATE, SUCCESSFUL_CREATE, newReplicaSetController } from './index';

const replicaSet = (replicas: number): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'rs', namespace: 'default' },
  spec: { replicas, selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});

/** syncOnce runs the ReplicaSet controller alone for one pass over what changed (one sync of the set). */
function syncOnce(cluster: ReturnType<typeof newTestCluster>, write: () => void): void {
  const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [newReplicaSetController()] });
  cluster.store.transaction(() => { sim.settle(); write(); sim.settle(1); });
}

const podCreates = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.filter(([obj]) => (obj as KubeObject).kind === 'Pod').length;
const rsEvents = (cluster: ReturnType<typeof newTestCluster>, reason: string) => cluster.api.list({ kind: 'Event', namespace: 'default' })
  .filter((e) => e.involvedObject?.kind === 'ReplicaSet' && e.reason === reason);

describe('replicaset controller', () => {
  it('keeps replicas pods and releases a pod relabelled out of its selector', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create({
      apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'rs', namespace: 'default' },
      spec: { replicas: 2, selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
    }, { fieldManager: 'test' }));
    cluster.advance(10_000);
    const [first] = cluster.api.list({ kind: 'Pod', namespace: 'default' });
    cluster.write(() => {
      const p = cluster.api.get({ kind: 'Pod', namespace: 'default', name: first!.metadata.name! });
      p.metadata.labels = { app: 'debug' };
      cluster.api.update(p, { fieldManager: 'test' });
    });
    cluster.advance(10_000);
    const pods = cluster.api.list({ kind: 'Pod', namespace: 'default' });
    expect(pods).toHaveLength(3);
    expect(pods.find((p) => p.metadata.name === first!.metadata.name)!.metadata.ownerReferences).toBeUndefined();
    expect(cluster.api.get({ kind: 'ReplicaSet', namespace: 'default', name: 'rs' }).status!.replicas).toBe(2);
  });
});

describe('replicaset controller at scale', () => {
  it('creates at most BURST_REPLICAS pods in one sync, however many are missing', () => {
    const cluster = newTestCluster();
    syncOnce(cluster, () => cluster.api.create(replicaSet(2147483647), { fieldManager: 'test' }));
    expect(cluster.api.list({ kind: 'Pod', namespace: 'default' })).toHaveLength(BURST_REPLICAS);
    // The recorder's correlator: nine distinct messages, then one combined Event; 25 Events sent, the rest held back.
    const events = rsEvents(cluster, SUCCESSFUL_CREATE) as EventLike[];
    expect(events.map((e) => e.count)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 16]);
    expect(events[9]!.message).toMatch(/^\(combined from similar events\): Created pod: rs-[a-z0-9]{5}$/);
    cluster.close();
  }, 30_000);

  it('counts the pods it created in the same sync without reading them back', () => {
    const cluster = newTestCluster();
    const reads = vi.spyOn(cluster.store, 'get');
    syncOnce(cluster, () => cluster.api.create(replicaSet(20), { fieldManager: 'test' }));
    expect(cluster.api.get({ kind: 'ReplicaSet', namespace: 'default', name: 'rs' }).status).toMatchObject({ replicas: 20 });
    const pods = new Set(cluster.api.list({ kind: 'Pod', namespace: 'default' }).map((p) => p.metadata.name));
    expect(pods.size).toBe(20);
    // The status count after the creates reads the controller's own copies: no pod is read back.
    expect(reads.mock.calls.filter(([ref]) => ref.kind === 'Pod' && pods.has(ref.name))).toEqual([]);
    cluster.close();
  });

  it('takes the pods its watch brought from the watch: a later sync decodes none of them', () => {
    const cluster = newTestCluster();
    // One controller across two commands' worth of work, as one process's settle passes run it.
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [newReplicaSetController()] });
    cluster.store.transaction(() => { sim.settle(); cluster.api.create(replicaSet(5), { fieldManager: 'test' }); sim.settle(); });
    const reads = vi.spyOn(cluster.store, 'get');
    cluster.store.transaction(() => {
      // Another component (a kubelet) reports every pod Running and Ready.
      for (const p of cluster.api.list({ kind: 'Pod', namespace: 'default' })) {
        p.status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-01-01T00:00:00Z' }] };
        cluster.api.updateStatus(p, { fieldManager: 'kubelet' });
      }
      reads.mockClear();
      sim.settle();
    });
    expect(cluster.api.get({ kind: 'ReplicaSet', namespace: 'default', name: 'rs' }).status).toMatchObject({ replicas: 5, readyReplicas: 5 });
    expect(reads.mock.calls.filter(([ref]) => ref.kind === 'Pod')).toEqual([]);
    cluster.close();
  });

  it('stops at the slow-start batch where a quota refuses a pod, skipping the rest', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q', namespace: 'default' }, spec: { hard: { pods: '3' } } }, { fieldManager: 'test' }));
    cluster.advance(1000);
    const create = vi.spyOn(cluster.api, 'create');
    syncOnce(cluster, () => cluster.api.create(replicaSet(10), { fieldManager: 'test' }));
    // Batches 1, 2, 4: the third batch's four creations all fail on the quota; the other three are never tried.
    expect(podCreates(create)).toBe(1 + 2 + 4);
    expect(cluster.api.list({ kind: 'Pod', namespace: 'default' })).toHaveLength(3);
    const [failed] = rsEvents(cluster, FAILED_CREATE);
    expect(failed!.message).toMatch(/^Error creating: pods "rs-[a-z0-9]{5}" is forbidden: exceeded quota: q, requested: pods=1, used: pods=3, limited: pods=3$/);
    cluster.close();
  });

  it('retries a refused creation with back-off, so pods come once the quota allows them', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'q', namespace: 'default' }, spec: { hard: { pods: '3' } } }, { fieldManager: 'test' }));
    cluster.advance(1000);
    cluster.write(() => cluster.api.create(replicaSet(5), { fieldManager: 'test' }));
    expect(cluster.api.list({ kind: 'Pod', namespace: 'default' })).toHaveLength(3);
    cluster.write(() => {
      const q = cluster.api.get({ kind: 'ResourceQuota', namespace: 'default', name: 'q' });
      cluster.api.update({ ...q, spec: { hard: { pods: '10' } } }, { fieldManager: 'test' });
    });
    cluster.advance(60_000);
    expect(cluster.api.list({ kind: 'Pod', namespace: 'default' })).toHaveLength(5);
    expect(cluster.api.get({ kind: 'ReplicaSet', namespace: 'default', name: 'rs' }).status!.replicas).toBe(5);
    cluster.close();
  });
});

describe('rankPodsForDeletion', () => {
  const pod = (name: string, nodeName: string | undefined, phase: string, ready: boolean): Pod => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name, creationTimestamp: '2026-01-01T00:00:00Z' },
    spec: { nodeName, containers: [] }, status: { phase, conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  });
  it('unscheduled, then pending, then not ready, then ready', () => {
    const order = rankPodsForDeletion([pod('ready', 'n', 'Running', true), pod('unready', 'n', 'Running', false), pod('pending', 'n', 'Pending', false), pod('unscheduled', undefined, 'Pending', false)]);
    expect(order.map((p) => p.metadata.name)).toEqual(['unscheduled', 'pending', 'unready', 'ready']);
  });
});
