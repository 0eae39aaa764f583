import { describe, expect, it } from 'vitest';
import type { EventLike } from '../api/meta';
import { newTestCluster } from '../../test/helpers/test-cluster';
import type { Cluster } from '../cluster/cluster';
import { EVENT_TTL_MS, LEASE_REUSE_MAX_MS, leaseFor } from './leases';

const MIN = 60 * 1000;

describe('leaseFor', () => {
  it('gives Events a new lease an hour and a minute long when none is newer than the TTL', () => {
    expect(leaseFor('Event', 0, () => undefined)).toBe(EVENT_TTL_MS + LEASE_REUSE_MAX_MS);
    expect(leaseFor('Event', 10 * MIN, () => EVENT_TTL_MS + LEASE_REUSE_MAX_MS)).toBe(10 * MIN + EVENT_TTL_MS + LEASE_REUSE_MAX_MS);
  });

  it('reuses the newest lease while it outlives the TTL', () => {
    const granted = EVENT_TTL_MS + LEASE_REUSE_MAX_MS;
    expect(leaseFor('Event', 59_999, () => granted)).toBe(granted);
    expect(leaseFor('Event', 60_000, () => granted)).toBe(60_000 + granted);
  });

  it('stores other kinds without a lease, without looking one up', () => {
    expect(leaseFor('Pod', 0, () => { throw new Error('looked up'); })).toBeUndefined();
  });
});

describe('Event expiry (etcd leases)', () => {
  const configMap = (cluster: Cluster) => {
    cluster.write(() => cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'default' } }, { fieldManager: 't' }));
    return cluster.api.get({ kind: 'ConfigMap', namespace: 'default', name: 'x' });
  };
  const events = (cluster: Cluster, reason: string) => cluster.api.list({ kind: 'Event', namespace: 'default' }).filter((e) => e.reason === reason);

  it('drops an event an hour after its last write, not before', () => {
    const cluster = newTestCluster({}, { warmup: false });
    const cm = configMap(cluster);
    cluster.write(() => cluster.api.recordEvent(cm, 'Normal', 'Test', 'hello', { component: 'test' }));
    expect(events(cluster, 'Test')).toHaveLength(1);
    cluster.advance(59 * MIN);
    expect(events(cluster, 'Test')).toHaveLength(1);
    cluster.advance(2 * MIN);
    expect(events(cluster, 'Test')).toHaveLength(0);
    cluster.close();
  });

  it('keeps an aggregated event for an hour after its last occurrence', () => {
    const cluster = newTestCluster({}, { warmup: false });
    const cm = configMap(cluster);
    cluster.write(() => cluster.api.recordEvent(cm, 'Normal', 'Again', 'hello', { component: 'test' }));
    cluster.advance(30 * MIN);
    cluster.write(() => cluster.api.recordEvent(cm, 'Normal', 'Again', 'hello', { component: 'test' }));
    cluster.advance(60 * MIN);
    expect(events(cluster, 'Again').map((e) => e.count)).toEqual([2]);
    cluster.advance(2 * MIN);
    expect(events(cluster, 'Again')).toHaveLength(0);
    cluster.close();
  });

  it('expires events written within a minute together, and a later one after them', () => {
    const cluster = newTestCluster({}, { warmup: false });
    const cm = configMap(cluster);
    cluster.write(() => cluster.api.recordEvent(cm, 'Normal', 'First', 'a', { component: 'test' }));
    cluster.advance(30 * 1000);
    cluster.write(() => cluster.api.recordEvent(cm, 'Normal', 'Second', 'b', { component: 'test' }));
    cluster.advance(2 * MIN);
    cluster.write(() => cluster.api.recordEvent(cm, 'Normal', 'Third', 'c', { component: 'test' }));
    // First and Second share the lease granted at 0 (expiring at 61 min); Third got one at 2.5 min.
    cluster.advance(61 * MIN - 150 * 1000);
    expect([events(cluster, 'First').length, events(cluster, 'Second').length, events(cluster, 'Third').length]).toEqual([0, 0, 1]);
    cluster.advance(3 * MIN);
    expect(events(cluster, 'Third')).toHaveLength(0);
    cluster.close();
  });

  it('records each expiry as a deletion that watchers see', () => {
    const cluster = newTestCluster({}, { warmup: false });
    const cm = configMap(cluster);
    cluster.write(() => cluster.api.recordEvent(cm, 'Normal', 'Watched', 'w', { component: 'test' }));
    const from = cluster.api.revision();
    cluster.advance(62 * MIN);
    const deleted = cluster.api.watch('Event', from, 'default').filter((c) => c.type === 'DELETED' && (c.object as EventLike).reason === 'Watched');
    expect(deleted).toHaveLength(1);
    cluster.close();
  });

  it('gives user-created Events a lease too, and never other kinds', () => {
    const cluster = newTestCluster({}, { warmup: false });
    configMap(cluster);
    cluster.write(() => cluster.api.create({
      apiVersion: 'v1', kind: 'Event', metadata: { name: 'mine', namespace: 'default' },
      involvedObject: { kind: 'ConfigMap', name: 'x', namespace: 'default' }, reason: 'Mine', message: 'm',
    }, { fieldManager: 't' }));
    cluster.advance(62 * MIN);
    expect(events(cluster, 'Mine')).toHaveLength(0);
    expect(cluster.api.tryGet({ kind: 'ConfigMap', namespace: 'default', name: 'x' })).toBeDefined();
    cluster.close();
  });
});
