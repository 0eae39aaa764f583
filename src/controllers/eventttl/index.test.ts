import { describe, expect, it } from 'vitest';
import { newTestCluster } from '../../../test/helpers/test-cluster';

describe('event-ttl', () => {
  it('drops an event an hour after its last occurrence, not before', () => {
    const cluster = newTestCluster({}, { warmup: false });
    cluster.write(() => cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'default' } }, { fieldManager: 't' }));
    const cm = cluster.api.get({ kind: 'ConfigMap', namespace: 'default', name: 'x' });
    cluster.write(() => cluster.api.recordEvent(cm, 'Normal', 'Test', 'hello', { component: 'test' }));
    const count = () => cluster.api.list({ kind: 'Event', namespace: 'default' }).filter((e) => e.reason === 'Test').length;
    expect(count()).toBe(1);
    cluster.advance(59 * 60 * 1000);
    expect(count()).toBe(1);
    cluster.advance(2 * 60 * 1000);
    expect(count()).toBe(0);
    cluster.close();
  });
});
