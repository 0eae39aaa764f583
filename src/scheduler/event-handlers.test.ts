import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { nodeSchedulingPropertiesChange } from './cluster-event';
import type { ReconcileContext } from '../sim/controller';
import { EventHandlers, keptNode, queuedPod } from './event-handlers';
import { SchedulingQueue } from './scheduling-queue';

describe('keptNode', () => {
  it('keeps a Node without its managedFields, and everything scheduling compares as it was', () => {
    const cluster = newTestCluster();
    const node = cluster.api.get({ kind: 'Node', name: 'worker01' });
    expect(node.metadata.managedFields?.length).toBeGreaterThan(0);
    const kept = keptNode(node);
    expect(kept.metadata.managedFields).toBeUndefined();
    expect(node.metadata.managedFields?.length).toBeGreaterThan(0); // the Node read is left as it was
    const { managedFields: _, ...metadata } = node.metadata;
    expect(kept).toEqual({ ...node, metadata });
    expect(nodeSchedulingPropertiesChange(kept, node)).toBe(0);
    // A Node without entries is kept as it is.
    expect(keptNode(kept)).toBe(kept);
    cluster.close();
  });
});

describe('queuedPod', () => {
  it('gives the pods of one owner the parts they have alike as one object each', () => {
    // Each pod decoded on its own, as the store gives them.
    const decoded = (name: string): KubeObject => JSON.parse(JSON.stringify({
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name, namespace: 'default', labels: { app: 'web' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-1', uid: 'rs-uid', controller: true }] },
      spec: {
        containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '100m' } } }],
        tolerations: [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }],
      },
    }));
    const [a, b] = ['a', 'b'].map((name) => queuedPod(decoded(name)));
    expect(a!.metadata.name).toBe('a');
    expect(b!.metadata.labels).toBe(a!.metadata.labels);
    expect(b!.spec!.tolerations).toBe(a!.spec!.tolerations);
    expect(b!.spec!.containers).toBe(a!.spec!.containers);
    expect(a!.spec!.containers).toEqual([{ name: 'c', resources: { requests: { cpu: '100m' } }, ports: undefined, restartPolicy: undefined }]);
  });
});

describe('EventHandlers', () => {
  it('tells the snapshot of every pod version a watch shows, pending or bound, and of none gone', () => {
    const cluster = newTestCluster();
    const queue = new SchedulingQueue({ clock: { nowMs: () => 0 } });
    const read: string[] = [];
    const handlers = new EventHandlers({
      queue, pending: (p) => !p.spec?.nodeName, prepare: () => {},
      read: (p) => read.push(`${p.metadata.name}@${p.metadata.resourceVersion}`),
    });
    const ctx = { api: cluster.api, clock: { nowMs: () => 0 } } as unknown as ReconcileContext;
    const pod = (name: string, nodeName?: string): KubeObject => ({
      apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', resourceVersion: '7' }, spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', image: 'nginx' }] },
    });
    handlers.onPodChange(pod('pending'), ctx, 'ADDED');
    handlers.onPodChange(pod('bound', 'worker01'), ctx, 'MODIFIED');
    handlers.onPodChange(pod('gone', 'worker01'), ctx, 'DELETED');
    handlers.onPodChange(pod('relisted-gone', 'worker01'), ctx, undefined); // a relist's pod the store no longer holds
    expect(read).toEqual(['pending@7', 'bound@7']);
    cluster.close();
  });

  it('moves nothing for the echo of its own status write, but the queue holds the version it left', () => {
    const cluster = newTestCluster();
    const queue = new SchedulingQueue({ clock: { nowMs: () => 0 } });
    const handlers = new EventHandlers({ queue, pending: (p) => !p.spec?.nodeName, prepare: () => {} });
    const ctx = { api: cluster.api, clock: { nowMs: () => 0 } } as unknown as ReconcileContext;
    const version = (rv: string, nominated?: string): KubeObject => ({
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', resourceVersion: rv },
      spec: { containers: [{ name: 'c', image: 'nginx' }] }, status: { nominatedNodeName: nominated },
    });
    queue.add(queuedPod(version('7')));
    queue.addUnschedulable(queue.pop()!, new Set(['NodeResourcesFit']));
    handlers.wroteStatus(version('8', 'worker01'));
    expect(handlers.onPodChange(version('8', 'worker01'), ctx, 'MODIFIED')).toEqual([]);
    expect(queue.where('default/p')).toBe('unschedulablePods');
    expect(queue.get('default/p')?.pod.metadata.resourceVersion).toBe('8');
    expect(queue.get('default/p')?.pod.status?.nominatedNodeName).toBe('worker01');
    cluster.close();
  });
});
