import { describe, expect, it, vi } from 'vitest';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { COST_HOLDER, NODES_KEY, podsKey, type NodeLife, type PodSpan } from './index';

describe('billing record', () => {
  it('records the nodes one pass adds with one write of the list, and nothing for their status changes', () => {
    const cluster = newTestCluster({ workers: 1 });
    const writes = vi.spyOn(cluster.api, 'setNodeLocalState');
    const listWrites = () => writes.mock.calls.filter(([holder, key]) => holder === COST_HOLDER && key === NODES_KEY).length;
    const names = ['extra-a', 'extra-b', 'extra-c', 'extra-d'];
    cluster.write(() => {
      for (const name of names) cluster.api.create({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } } }, { fieldManager: 'test' });
    });
    expect(listWrites()).toBe(1);
    const lives = cluster.api.nodeLocalState<NodeLife[]>(COST_HOLDER, NODES_KEY)!;
    expect(lives.filter((l) => names.includes(l.name)).map((l) => l.name)).toEqual(names);
    cluster.write(() => {
      const node = cluster.api.get({ kind: 'Node', name: 'extra-a' });
      cluster.api.updateStatus({ ...node, status: { ...node.status, images: [{ names: ['busybox:1.36'], sizeBytes: 1 }] } }, { fieldManager: 'test' });
    });
    expect(listWrites()).toBe(1);
    cluster.close();
  });

  it('keeps a pod\'s span of requests on its node and a node\'s lifetime after both are deleted', () => {
    const cluster = newTestCluster({ workers: 1 });
    const t0 = cluster.clock.nowMs();
    cluster.write(() => cluster.api.create({
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' },
      spec: { nodeName: 'worker01', containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '250m', memory: '1Gi' } } }] },
    }, { fieldManager: 'test' }));
    cluster.advance(60_000);
    cluster.write(() => cluster.api.delete({ kind: 'Pod', namespace: 'default', name: 'p' }, { fieldManager: 'test', gracePeriodSeconds: 0 }));
    cluster.advance(60_000);
    const t1 = cluster.clock.nowMs();
    cluster.write(() => cluster.api.delete({ kind: 'Node', name: 'worker01' }, { fieldManager: 'test' }));
    const spans = cluster.api.nodeLocalState<PodSpan[]>(COST_HOLDER, podsKey('worker01'))!.filter((s) => s.namespace === 'default');
    expect(spans).toEqual([expect.objectContaining({ name: 'p', workload: 'Pod/p', cpuMilli: 250, memory: 1024 ** 3, start: t0, stop: t0 + 60_000 })]);
    const life = cluster.api.nodeLocalState<NodeLife[]>(COST_HOLDER, NODES_KEY)!.find((l) => l.name === 'worker01')!;
    expect(life.stop).toBe(t1);
    expect(life.start).toBeLessThan(t0);
  });

  it('closes a pod\'s span when it stops holding requests (Succeeded), after status changes that kept it open', () => {
    const cluster = newTestCluster({ workers: 1 });
    cluster.write(() => cluster.api.create({
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'once', namespace: 'default' },
      spec: { nodeName: 'worker01', restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox', command: ['sh', '-c', 'sleep 20'], resources: { requests: { cpu: '100m' } } }] },
    }, { fieldManager: 'test' }));
    cluster.advance(120_000);
    const pod = cluster.api.get({ kind: 'Pod', namespace: 'default', name: 'once' });
    expect(pod.status?.phase).toBe('Succeeded');
    const span = cluster.api.nodeLocalState<PodSpan[]>(COST_HOLDER, podsKey('worker01'))!.find((s) => s.name === 'once')!;
    expect(span.stop).toBeDefined();
    expect(span.stop! - span.start).toBeGreaterThanOrEqual(20_000);
  });
});
