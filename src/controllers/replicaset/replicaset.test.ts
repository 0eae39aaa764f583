import { describe, expect, it } from 'vitest';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { rankPodsForDeletion } from './pods';
import type { KubeObject } from '../../api/meta';

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
    expect(cluster.api.get({ kind: 'ReplicaSet', namespace: 'default', name: 'rs' }).status.replicas).toBe(2);
  });
});

describe('rankPodsForDeletion', () => {
  const pod = (name: string, nodeName: string | undefined, phase: string, ready: boolean): KubeObject => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name, creationTimestamp: '2026-01-01T00:00:00Z' },
    spec: { nodeName }, status: { phase, conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  });
  it('unscheduled, then pending, then not ready, then ready', () => {
    const order = rankPodsForDeletion([pod('ready', 'n', 'Running', true), pod('unready', 'n', 'Running', false), pod('pending', 'n', 'Pending', false), pod('unscheduled', undefined, 'Pending', false)]);
    expect(order.map((p) => p.metadata.name)).toEqual(['unscheduled', 'pending', 'unready', 'ready']);
  });
});
