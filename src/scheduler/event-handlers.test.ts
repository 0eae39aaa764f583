import { describe, expect, it } from 'vitest';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { nodeSchedulingPropertiesChange } from './cluster-event';
import { keptNode } from './event-handlers';

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
