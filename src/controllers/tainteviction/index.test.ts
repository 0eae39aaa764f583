import { describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { Simulation } from '../../sim/runtime';
import { evictionDelayMs, newTaintEvictionController, toleratesTaint } from '.';

const unreachable = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' };

describe('evictionDelayMs', () => {
  const cases = [
    { name: 'no taints: tolerated forever', taints: [], tols: [], want: undefined },
    { name: 'untolerated taint: evict now', taints: [unreachable], tols: [], want: 0 },
    { name: 'default toleration: 300s', taints: [unreachable], tols: [{ key: unreachable.key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }], want: 300_000 },
    { name: 'toleration without seconds: forever', taints: [unreachable], tols: [{ operator: 'Exists' }], want: undefined },
    { name: 'zero seconds: evict now', taints: [unreachable], tols: [{ operator: 'Exists', tolerationSeconds: 0 }], want: 0 },
  ];
  for (const tc of cases) it(tc.name, () => expect(evictionDelayMs(tc.taints, tc.tols)).toBe(tc.want));
});

describe('toleratesTaint', () => {
  it('matches Equal on value and Exists on key', () => {
    expect(toleratesTaint({ key: 'a', value: 'b' }, { key: 'a', value: 'b', effect: 'NoExecute' })).toBe(true);
    expect(toleratesTaint({ key: 'a', value: 'c' }, { key: 'a', value: 'b', effect: 'NoExecute' })).toBe(false);
    expect(toleratesTaint({ key: 'a', operator: 'Exists', effect: 'NoSchedule' }, { key: 'a', effect: 'NoExecute' })).toBe(false);
  });
});

describe('taint-eviction controller', () => {
  const pod = (name: string, nodeName: string): KubeObject => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
    spec: { nodeName, containers: [{ name: 'c', image: 'nginx' }] },
  });
  /** evicted: deleted, or terminating (no kubelet runs here to finish it). */
  const evicted = (cluster: ReturnType<typeof newTestCluster>, name: string) => {
    const p = cluster.api.tryGet({ kind: 'Pod', namespace: 'default', name });
    return !p || !!p.metadata.deletionTimestamp;
  };

  it('passes over the pods of untainted nodes unread, and evicts those of a node tainted before or after they came', () => {
    const cluster = newTestCluster();
    // The controller alone, one process for the whole test.
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [newTaintEvictionController()] });
    cluster.store.transaction(() => {
      sim.settle();
      for (const [name, node] of [['calm', 'worker01'], ['doomed', 'worker02']]) cluster.api.create(pod(name!, node!), { fieldManager: 't' });
    });
    const reads = vi.spyOn(cluster.store, 'get');
    const podReads = (name: string) => reads.mock.calls.filter(([ref]) => ref.kind === 'Pod' && ref.name === name).length;
    cluster.store.transaction(() => sim.settle());
    expect(podReads('calm') + podReads('doomed')).toBe(0);
    // worker02 gets a NoExecute taint: its pod goes; a pod bound to it afterwards goes too.
    cluster.store.transaction(() => {
      const node = cluster.api.get({ kind: 'Node', name: 'worker02' });
      cluster.api.update({ ...node, spec: { ...node.spec, taints: [{ key: 'gone', effect: 'NoExecute', timeAdded: cluster.clock.nowISO() }] } }, { fieldManager: 't' });
      sim.settle();
      cluster.api.create(pod('late', 'worker02'), { fieldManager: 't' });
      sim.settle();
    });
    expect(podReads('calm')).toBe(0);
    expect([evicted(cluster, 'calm'), evicted(cluster, 'doomed'), evicted(cluster, 'late')]).toEqual([false, true, true]);
    cluster.close();
  });
});
