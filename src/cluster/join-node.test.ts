import { afterAll, describe, expect, it } from 'vitest';
import { newTestCluster } from '../../test/helpers/test-cluster';
import type { KubeObject } from '../api/meta';
import { cniConfigOf } from '../network/cni';
import { joinNode } from './join-node';
import { nextNodeIndex, type NodeShape } from './node-factory';

describe('joinNode', () => {
  const cluster = newTestCluster({}, { warmup: false });
  afterAll(() => cluster.close());
  const at = () => ({ rand: cluster.rand, nowISO: cluster.clock.nowISO() });
  const shape = (name: string, nodes: readonly KubeObject[]): NodeShape => ({ name, index: nextNodeIndex(nodes), controlPlane: false, cpu: '4', memory: '16Gi', maxPods: 110 });
  const ready = (n: KubeObject) => n.status.conditions.find((c: { type: string }) => c.type === 'Ready');
  const reasons = (name: string) => cluster.api.list({ kind: 'Event' }).filter((e) => e.involvedObject?.name === name).map((e) => e.reason as string);

  it('registers a node with the next pod CIDR, Ready, and the node lifecycle controller\'s RegisteredNode', () => {
    const node = cluster.write(() => {
      const nodes = cluster.api.list({ kind: 'Node' });
      return joinNode(cluster.api, nodes, shape('worker03', nodes), at(), { networkDown: false, running: true });
    });
    expect(node.spec.podCIDR).toBe('10.244.3.0/24');
    expect(ready(node)).toMatchObject({ status: 'True' });
    // The kubelet creates its Node, then posts its status.
    expect((node.metadata.managedFields ?? []).map((m) => [m.manager, m.operation, m.subresource ?? ''])).toEqual([['kubelet', 'Update', ''], ['kubelet', 'Update', 'status']]);
    expect(reasons('worker03')).toEqual(['RegisteredNode']);
  });

  it('keeps the network down while no CNI runs on the node, and records nothing before the control plane runs', () => {
    const node = cluster.write(() => {
      const nodes = cluster.api.list({ kind: 'Node' });
      return joinNode(cluster.api, nodes, shape('worker04', nodes), at(), { networkDown: true, running: false });
    });
    expect(node.spec.podCIDR).toBe('10.244.4.0/24');
    expect(ready(node)).toMatchObject({ status: 'False', reason: 'KubeletNotReady' });
    expect(node.spec.taints).toEqual([{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
    expect(cniConfigOf('worker04', cluster.api)).toEqual({ plugin: null });
    expect(reasons('worker04')).toEqual([]);
  });

  it('leaves a node the pod network has no /24 for without one, its network down for good: CIDRNotAvailable', () => {
    // Every /24 of 10.244.0.0/16 held.
    const full = Array.from({ length: 256 }, (_, i) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: `held${i}` }, spec: { podCIDR: `10.244.${i}.0/24` } }) as KubeObject);
    const node = cluster.write(() => joinNode(cluster.api, full, shape('worker05', full), at(), { networkDown: false, running: true }));
    expect(node.spec.podCIDR).toBeUndefined();
    expect(ready(node)).toMatchObject({ status: 'False', reason: 'KubeletNotReady' });
    expect(reasons('worker05')).toEqual(['RegisteredNode', 'CIDRNotAvailable']);
  });
});
