import { describe, expect, it } from 'vitest';
import { latestBeat, leaseAt, nodeAt } from './node-heartbeats';
import { NODE_STOPPED_ANNOTATION } from './kubelet-stopped';

const T0 = Date.parse('2026-01-01T00:00:00Z');

describe('computed heartbeats', () => {
  it('latestBeat is the last beat on the grid at or before now', () => {
    expect(latestBeat(T0, T0 + 9_999, 10_000)).toBe(T0);
    expect(latestBeat(T0, T0 + 10_000, 10_000)).toBe(T0 + 10_000);
    expect(latestBeat(T0, T0 + 86_400_000 + 7_000, 10_000)).toBe(T0 + 86_400_000);
  });

  it('leaseAt renews on the 10s grid and leaves the stored object alone', () => {
    const lease = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'n1', namespace: 'kube-node-lease' }, spec: { renewTime: '2026-01-01T00:00:00.000000Z' } };
    expect(leaseAt(lease, T0 + 5_000)).toBe(lease);
    expect(leaseAt(lease, T0 + 3_600_000 + 5_000).spec.renewTime).toBe('2026-01-01T01:00:00.000000Z');
    expect(lease.spec.renewTime).toBe('2026-01-01T00:00:00.000000Z');
  });

  it('nodeAt re-posts every 5m the heartbeats of the kubelet conditions, only while the kubelet runs', () => {
    const node = {
      apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } as { name: string; annotations?: Record<string, string> },
      status: { conditions: [
        { type: 'Ready', status: 'True', lastHeartbeatTime: '2026-01-01T00:00:00Z' },
        { type: 'NetworkUnavailable', status: 'False', lastHeartbeatTime: '2026-01-01T00:00:00Z' },
      ] },
    };
    const later = nodeAt(node, T0 + 11 * 60_000);
    expect(later.status.conditions.map((c: { lastHeartbeatTime: string }) => c.lastHeartbeatTime)).toEqual(['2026-01-01T00:10:00Z', '2026-01-01T00:00:00Z']);
    node.metadata.annotations = { [NODE_STOPPED_ANNOTATION]: 'stopped' };
    expect(nodeAt(node, T0 + 11 * 60_000)).toBe(node);
  });
});
