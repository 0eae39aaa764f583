import { describe, expect, it } from 'vitest';
import type { EventLike, KubeObject } from '../api/meta';
import { newTestCluster } from '../../test/helpers/test-cluster';
import type { Cluster } from '../cluster/cluster';

const MIN = 60_000;

function subject(cluster: Cluster): KubeObject {
  cluster.write(() => cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'default' } }, { fieldManager: 't' }));
  return cluster.api.get({ kind: 'ConfigMap', namespace: 'default', name: 'x' });
}

const events = (cluster: Cluster) => cluster.api.list<EventLike>({ kind: 'Event', namespace: 'default' }).filter((e) => e.reason === 'Made');
const made = (cluster: Cluster, about: KubeObject, message: string) =>
  cluster.write(() => cluster.api.recordEvent(about, 'Normal', 'Made', message, { component: 'maker' }));

describe('the event recorder and its correlator', () => {
  it('writes nine distinct Events, then one combined, and counts the rest without sending them', () => {
    const cluster = newTestCluster({}, { warmup: false });
    const cm = subject(cluster);
    const answers = Array.from({ length: 100 }, (_, i) => made(cluster, cm, `made ${i}`));
    expect(answers.filter(Boolean)).toHaveLength(25);
    const stored = events(cluster);
    expect(stored.map((e) => [e.message, e.count])).toEqual([
      ...Array.from({ length: 9 }, (_, i) => [`made ${i}`, 1]),
      ['(combined from similar events): made 24', 16],
    ]);
    // client-go builds the combined Event without a reporting component.
    expect(stored[9]).toMatchObject({ source: { component: 'maker' }, reportingComponent: '', reportingInstance: '' });
    expect(stored[0]).toMatchObject({ reportingComponent: 'maker' });

    // Five minutes refill one token: the next one is sent, counted with all those held back.
    cluster.advance(5 * MIN);
    made(cluster, cm, 'made 100');
    expect(events(cluster).map((e) => [e.message, e.count])[9]).toEqual(['(combined from similar events): made 100', 92]);
    cluster.close();
  });

  it('creates an Event first held back with its count and its first occurrence', () => {
    const cluster = newTestCluster({}, { warmup: false });
    const cm = subject(cluster);
    const start = cluster.clock.nowISO();
    // 25 repeats of one message at distinct instants use up the bucket (each one is counted up).
    for (let i = 0; i < 25; i++) { made(cluster, cm, 'same'); cluster.advance(1000); }
    const held = cluster.clock.nowISO();
    expect(made(cluster, cluster.api.get({ kind: 'ConfigMap', namespace: 'default', name: 'x' }), 'other')).toBeUndefined();
    cluster.advance(5 * MIN);
    made(cluster, cm, 'other');
    expect(events(cluster).map((e) => [e.message, e.count, e.firstTimestamp === start, e.firstTimestamp === held])).toEqual([
      ['same', 25, true, false],
      ['other', 2, false, true],
    ]);
    cluster.close();
  });

  it('keeps one source apart from another, and counts an identical Event at the same instant once', () => {
    const cluster = newTestCluster({}, { warmup: false });
    const cm = subject(cluster);
    for (let i = 0; i < 30; i++) made(cluster, cm, 'again');
    cluster.write(() => cluster.api.recordEvent(cm, 'Normal', 'Made', 'again', { component: 'other' }));
    expect(events(cluster).map((e) => [e.source?.component, e.count])).toEqual([['maker', 1], ['other', 1]]);
    cluster.close();
  });

  it('forgets an object once its bucket is full again and its windows have passed', () => {
    const cluster = newTestCluster({}, { warmup: false });
    const cm = subject(cluster);
    for (let i = 0; i < 12; i++) made(cluster, cm, `made ${i}`);
    const rows = () => (cluster.store as unknown as { db: { prepare(s: string): { pluck(): { get(): number } } } })
      .db.prepare("SELECT count(*) FROM event_correlation WHERE value LIKE '%\\nMade%'").pluck().get();
    expect(rows()).toBe(1);
    // The combined Event may be counted up until it expires: its name is kept that long.
    cluster.advance(60 * MIN);
    expect(rows()).toBe(1);
    cluster.advance(2 * MIN);
    expect(rows()).toBe(0);
    cluster.close();
  });
});
