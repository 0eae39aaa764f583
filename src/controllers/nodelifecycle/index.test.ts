import { describe, expect, it } from 'vitest';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { NODE_STOPPED_ANNOTATION } from '../../api/kubelet-stopped';
import { syncNodeStatus, KUBELET_STOPPED } from '../../kubelet/node-status';
import {
  KUBELET_STOPPED_POSTING, NODE_MONITOR_GRACE_PERIOD_MS, NODE_NOT_READY, NODE_STATUS_UNKNOWN, TAINT_NODE_UNREACHABLE,
  TAINT_NODE_UNSCHEDULABLE, desiredTaints,
} from '.';
import type { Cluster } from '../../cluster/cluster';

function stop(cluster: Cluster, name: string): void {
  cluster.write(() => {
    const node = cluster.api.get({ kind: 'Node', name });
    syncNodeStatus(node, { api: cluster.api, clock: cluster.clock, rand: cluster.rand }, true);
    const fresh = cluster.api.get({ kind: 'Node', name });
    fresh.metadata.annotations = { ...fresh.metadata.annotations, [NODE_STOPPED_ANNOTATION]: KUBELET_STOPPED };
    cluster.api.update(fresh, { fieldManager: 'test' });
  });
}

const ready = (cluster: Cluster, name: string) =>
  cluster.api.get({ kind: 'Node', name }).status!.conditions!.find((c: { type: string }) => c.type === 'Ready');

describe('node lifecycle controller', () => {
  it('keeps a live node Ready across a long advance', () => {
    const cluster = newTestCluster();
    cluster.advance(30 * 60_000);
    expect(ready(cluster, 'worker01')!.status).toBe('True');
    const lease = cluster.api.get({ kind: 'Lease', namespace: 'kube-node-lease', name: 'worker01' });
    expect(cluster.clock.nowMs() - Date.parse(lease.spec!.renewTime!)).toBeLessThan(10_000);
  });

  it('keeps no timer for a node whose running kubelet holds its Lease, and an exact one once the kubelet stops', () => {
    const cluster = newTestCluster();
    const timer = () => cluster.store.timers.due(Number.MAX_SAFE_INTEGER, 'node-lifecycle-controller').find((t) => t.key === 'worker01');
    cluster.advance(60_000);
    expect(timer()).toBeUndefined();
    // Stopped, the node must go Unknown on time.
    stop(cluster, 'worker01');
    const renew = Date.parse(cluster.api.get({ kind: 'Lease', namespace: 'kube-node-lease', name: 'worker01' }).spec!.renewTime!);
    expect(timer()).toMatchObject({ due: renew + NODE_MONITOR_GRACE_PERIOD_MS, exact: 1 });
  });

  it('marks a silent node Unknown exactly at renewTime + grace, with taints and an event', () => {
    const cluster = newTestCluster();
    stop(cluster, 'worker01');
    const renew = Date.parse(cluster.api.get({ kind: 'Lease', namespace: 'kube-node-lease', name: 'worker01' }).spec!.renewTime!);
    cluster.advance(renew + NODE_MONITOR_GRACE_PERIOD_MS - 1 - cluster.clock.nowMs());
    expect(ready(cluster, 'worker01')!.status).toBe('True');
    cluster.advance(1);
    const c = ready(cluster, 'worker01');
    expect(c).toMatchObject({ status: 'Unknown', reason: NODE_STATUS_UNKNOWN, message: KUBELET_STOPPED_POSTING });
    expect(Date.parse(c!.lastTransitionTime!)).toBe(renew + NODE_MONITOR_GRACE_PERIOD_MS);
    const node = cluster.api.get({ kind: 'Node', name: 'worker01' });
    expect(node.spec!.taints!.map((t: { key: string; effect: string }) => `${t.key}:${t.effect}`)).toEqual([
      `${TAINT_NODE_UNREACHABLE}:NoSchedule`, `${TAINT_NODE_UNREACHABLE}:NoExecute`,
    ]);
    const events = cluster.api.list({ kind: 'Event', namespace: 'default' }).filter((e) => e.involvedObject?.name === 'worker01' && e.reason === NODE_NOT_READY);
    expect(events.map((e) => e.message)).toEqual(['Node worker01 status is now: NodeNotReady']);
  });

  it('comes back Ready and untainted when the kubelet starts again', () => {
    const cluster = newTestCluster();
    stop(cluster, 'worker01');
    cluster.advance(120_000);
    expect(ready(cluster, 'worker01')!.status).toBe('Unknown');
    cluster.write(() => {
      const n = cluster.api.get({ kind: 'Node', name: 'worker01' });
      delete n.metadata.annotations![NODE_STOPPED_ANNOTATION];
      cluster.api.update(n, { fieldManager: 'test' });
    });
    expect(ready(cluster, 'worker01')!.status).toBe('True');
    expect(cluster.api.get({ kind: 'Node', name: 'worker01' }).spec!.taints).toBeUndefined();
  });
});

describe('desiredTaints', () => {
  it('adds the unschedulable taint for a cordoned node and keeps foreign taints', () => {
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, spec: { unschedulable: true, taints: [{ key: 'a', effect: 'NoSchedule' }] }, status: { conditions: [{ type: 'Ready', status: 'True' }] } } as any;
    expect(desiredTaints(node, 'T')).toEqual([{ key: 'a', effect: 'NoSchedule' }, { key: TAINT_NODE_UNSCHEDULABLE, effect: 'NoSchedule', timeAdded: 'T' }]);
  });
});
