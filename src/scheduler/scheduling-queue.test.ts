import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { Action, type ClusterEvent, type ClusterEventWithHint } from './cluster-event';
import {
  POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION_MS, SchedulingQueue, activeQOrder, backoffDuration,
} from './scheduling-queue';
import { defaultPlugins } from './plugins/registry';
import { makeNode, makePod } from './testing';

describe('backoffDuration', () => {
  it.each([[0, 0], [1, 1000], [2, 2000], [3, 4000], [4, 8000], [5, 10000], [12, 10000]])('%i attempts → %i ms', (n, ms) => {
    expect(backoffDuration(n)).toBe(ms);
  });
});

describe('activeQOrder (PrioritySort)', () => {
  const pod = (name: string, priority: number | undefined, created: string) => {
    const p = makePod(name, { spec: priority === undefined ? {} : { priority } });
    p.metadata.creationTimestamp = created;
    return p;
  };
  it.each([
    ['higher priority first', [pod('a', 0, 't1'), pod('b', 100, 't2')], ['b', 'a']],
    ['same priority: earlier first', [pod('a', 5, 't2'), pod('b', 5, 't1')], ['b', 'a']],
    ['unset priority is 0', [pod('a', undefined, 't1'), pod('b', -1, 't0'), pod('c', 1, 't3')], ['c', 'a', 'b']],
    ['full tie: by name', [pod('b', 0, 't1'), pod('a', 0, 't1')], ['a', 'b']],
  ])('%s', (_n, pods, want) => {
    expect(activeQOrder(pods).map((p) => p.metadata.name)).toEqual(want);
  });
});

/** newQueue builds a queue on a hand-moved clock with two plugins: Fit-like and Affinity-like. */
function newQueue(extra: { name: string; eventsToRegister?: () => readonly ClusterEventWithHint[] }[] = []) {
  const clock = { t: 0, nowMs() { return this.t; } };
  const q = new SchedulingQueue({ clock });
  q.setPlugins([
    { name: 'Fit', eventsToRegister: () => [{ event: { resource: 'Pod', actionType: Action.Delete } }, { event: { resource: 'Node', actionType: Action.Add | Action.UpdateNodeAllocatable } }] },
    // Affinity: only a node labelled zone=a helps.
    { name: 'Affinity', eventsToRegister: () => [{ event: { resource: 'Node', actionType: Action.Add | Action.UpdateNodeLabel }, hint: (_p: KubeObject, _o: KubeObject | undefined, n: KubeObject | undefined) => (n?.metadata.labels?.zone === 'a' ? 'Queue' : 'QueueSkip') }] },
    ...extra,
  ]);
  return { q, clock };
}

const pod = (name: string, priority = 0, created = 't0') => {
  const p = makePod(name, { spec: { priority } });
  p.metadata.creationTimestamp = created;
  return p;
};
const nodeAdd: ClusterEvent = { resource: 'Node', actionType: Action.Add };
const labelChange: ClusterEvent = { resource: 'Node', actionType: Action.UpdateNodeLabel };
const podDelete: ClusterEvent = { resource: 'Pod', actionType: Action.Delete };

/** fail pops key's pod and records a failed attempt rejected by plugins. */
function fail(q: SchedulingQueue, plugins: string[]): string {
  const info = q.pop()!;
  q.addUnschedulable(info, new Set(plugins));
  return info.key;
}

describe('SchedulingQueue', () => {
  it('pops activeQ by priority, then creation time, then name', () => {
    const { q } = newQueue();
    for (const p of [pod('low', 0, 't1'), pod('high', 10, 't3'), pod('early', 0, 't0')]) q.add(p);
    expect([q.pop(), q.pop(), q.pop(), q.pop()].map((i) => i?.key)).toEqual(['default/high', 'default/early', 'default/low', undefined]);
  });

  it('keeps a failed pod unschedulable until the 5-minute flush', () => {
    const { q, clock } = newQueue();
    q.add(pod('a'));
    fail(q, ['Fit']);
    expect(q.where('default/a')).toBe('unschedulablePods');
    expect(q.wakeAfter('default/a')).toEqual({ requeueAfterMs: POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION_MS, lazy: true });
    clock.t = POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION_MS - 1;
    q.flushUnschedulablePodsLeftover();
    expect(q.where('default/a')).toBe('unschedulablePods');
    clock.t = POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION_MS;
    q.flushUnschedulablePodsLeftover();
    expect(q.where('default/a')).toBe('activeQ');
  });

  it('moves a pod on an event its rejecting plugin registered: to backoffQ while backing off, then activeQ', () => {
    const { q, clock } = newQueue();
    q.add(pod('a'));
    fail(q, ['Fit']);
    clock.t = 400;
    expect(q.moveAllToActiveOrBackoffQueue(podDelete, makePod('gone', { nodeName: 'n1' }), undefined)).toEqual(['default/a']);
    expect(q.where('default/a')).toBe('backoffQ');
    expect(q.wakeAfter('default/a')).toEqual({ requeueAfterMs: 600 });
    clock.t = 999;
    q.flushBackoffQCompleted();
    expect(q.where('default/a')).toBe('backoffQ');
    clock.t = 1000;
    q.flushBackoffQCompleted();
    expect(q.where('default/a')).toBe('activeQ');
    expect(q.wakeAfter('default/a')).toEqual({ requeueAfterMs: 0 });
  });

  it('doubles the back-off with each failed attempt', () => {
    const { q, clock } = newQueue();
    q.add(pod('a'));
    const expiries: number[] = [];
    for (let i = 0; i < 6; i++) {
      fail(q, ['Fit']);
      q.moveAllToActiveOrBackoffQueue(nodeAdd, undefined, makeNode('n'));
      expiries.push(q.wakeAfter('default/a')!.requeueAfterMs);
      clock.t += expiries[i]!;
      q.flushBackoffQCompleted();
    }
    expect(expiries).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });

  it.each([
    ['an event no rejecting plugin registered', ['Affinity'], podDelete, makeNode('n', { labels: { zone: 'a' } }), 'unschedulablePods'],
    ['a registered event whose hint says QueueSkip', ['Affinity'], labelChange, makeNode('n', { labels: { zone: 'b' } }), 'unschedulablePods'],
    ['a registered event whose hint says Queue', ['Affinity'], labelChange, makeNode('n', { labels: { zone: 'a' } }), 'backoffQ'],
    ['one of two rejecting plugins interested', ['Affinity', 'Fit'], nodeAdd, makeNode('n', { labels: { zone: 'b' } }), 'backoffQ'],
    ['no rejecting plugin at all (no nodes): any event', [], labelChange, makeNode('n'), 'backoffQ'],
    ['a rejecting plugin without EventsToRegister: any event', ['Legacy'], podDelete, makeNode('n'), 'backoffQ'],
  ])('%s', (_name, plugins, event, node, want) => {
    const { q } = newQueue([{ name: 'Legacy' }]);
    q.add(pod('a'));
    fail(q, plugins);
    q.moveAllToActiveOrBackoffQueue(event, undefined, node);
    expect(q.where('default/a')).toBe(want);
  });

  it('a cold pod (left by an earlier command) is moved by any registered event a hint accepts, or by its own timer', () => {
    const { q } = newQueue();
    q.addIfNotPresent(pod('a'));
    q.addIfNotPresent(pod('b'));
    expect(q.len()).toEqual({ activeQ: 0, backoffQ: 0, unschedulablePods: 2 });
    // Affinity's hint skips zone b, but Fit registered node Add without a hint.
    expect(q.moveAllToActiveOrBackoffQueue(labelChange, undefined, makeNode('n', { labels: { zone: 'b' } }))).toEqual([]);
    expect(q.moveAllToActiveOrBackoffQueue(nodeAdd, undefined, makeNode('n', { labels: { zone: 'b' } }))).toEqual(['default/a', 'default/b']);
    q.delete('default/a'); q.delete('default/b');
    q.addIfNotPresent(pod('c'));
    q.flushUnschedulablePodsLeftover(); // all-pods flush: a cold pod's entry time is unknown
    expect(q.where('default/c')).toBe('unschedulablePods');
    q.flushUnschedulablePodsLeftover('default/c'); // its timer fell due
    expect(q.where('default/c')).toBe('activeQ');
  });

  it('a cold pod a registration skips is not asked about its events; the others are, in the order they entered', () => {
    const asked: string[] = [];
    // Spread: a pod added helps only pods labelled spread=yes (skips says so from the pod alone).
    const { q } = newQueue([{
      name: 'Spread',
      eventsToRegister: () => [{
        event: { resource: 'Pod', actionType: Action.Add },
        hint: (p: KubeObject) => { asked.push(p.metadata.name!); return p.metadata.labels?.spread === 'yes' ? 'Queue' : 'QueueSkip'; },
        skips: (p: KubeObject) => p.metadata.labels?.spread !== 'yes',
      }],
    }]);
    const labelled = (name: string, spread: string) => { const p = pod(name); p.metadata.labels = { spread }; return p; };
    q.addIfNotPresent(labelled('a', 'yes'));
    q.addIfNotPresent(labelled('b', 'no'));
    q.add(pod('c'));
    q.addUnschedulable(q.pop()!, new Set()); // rejected by no plugin: any event moves it
    q.addIfNotPresent(labelled('d', 'yes'));
    const podAdd: ClusterEvent = { resource: 'Pod', actionType: Action.Add };
    expect(q.moveAllToActiveOrBackoffQueue(podAdd, undefined, pod('x'))).toEqual(['default/a', 'default/c', 'default/d']);
    expect(asked).toEqual(['a', 'd']);
    expect(q.where('default/b')).toBe('unschedulablePods');
    // A cold pod entering after the event's index was built joins it.
    q.addIfNotPresent(labelled('e', 'yes'));
    q.addIfNotPresent(labelled('f', 'no'));
    expect(q.moveAllToActiveOrBackoffQueue(podAdd, undefined, pod('y'))).toEqual(['default/e']);
    // Fit registered Pod Delete without a hint: every cold pod may move.
    expect(q.moveAllToActiveOrBackoffQueue(podDelete, pod('y'), undefined)).toEqual(['default/b', 'default/f']);
  });

  it('the default plugins skip cold pods without required affinity or hard spread constraints on a pod added', () => {
    const q = new SchedulingQueue({ clock: { nowMs: () => 0 } });
    q.setPlugins(defaultPlugins().map((e) => e.plugin).filter((p) => 'filter' in p || 'preFilter' in p));
    const plain = makePod('plain');
    const spread = makePod('spread', { labels: { app: 'w' } });
    spread.spec!.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'w' } } }];
    const soft = makePod('soft', { labels: { app: 'w' } });
    soft.spec!.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { app: 'w' } } }];
    q.addIfNotPresent(plain); q.addIfNotPresent(spread); q.addIfNotPresent(soft);
    const bound = makePod('other', { labels: { app: 'w' } });
    bound.spec!.nodeName = 'n1';
    expect(q.moveAllToActiveOrBackoffQueue({ resource: 'Pod', actionType: Action.Add }, undefined, bound)).toEqual(['default/spread']);
  });

  it('an update of an unschedulable pod moves it; delete forgets it everywhere', () => {
    const { q } = newQueue();
    q.add(pod('a'));
    fail(q, ['Affinity']);
    q.update(pod('a', 5));
    expect(q.where('default/a')).toBe('backoffQ');
    expect(q.get('default/a')!.pod.spec?.priority).toBe(5);
    q.delete('default/a');
    expect(q.where('default/a')).toBeUndefined();
    expect(q.wakeAfter('default/a')).toBeUndefined();
  });

  it('the default plugins register their events: a heartbeat-free node label change only interests label readers', () => {
    const clock = { nowMs: () => 0 };
    const q = new SchedulingQueue({ clock });
    q.setPlugins(defaultPlugins().map((e) => e.plugin).filter((p) => 'filter' in p || 'preFilter' in p));
    const big = makePod('big', { requests: { cpu: '8' } });
    const picky = makePod('picky', { spec: { nodeSelector: { disk: 'ssd' } } });
    q.add(big); q.add(picky);
    q.addUnschedulable(q.pop()!, new Set(['NodeResourcesFit']));
    q.addUnschedulable(q.pop()!, new Set(['NodeAffinity']));
    const before = makeNode('n1');
    const relabelled = makeNode('n1', { labels: { disk: 'ssd' } });
    const moved = q.moveAllToActiveOrBackoffQueue({ resource: 'Node', actionType: Action.UpdateNodeLabel }, before, relabelled);
    expect(moved).toEqual(['default/picky']);
    // A bigger node added fits the big pod (NodeResourcesFit's hint); a small one would not.
    expect(q.moveAllToActiveOrBackoffQueue(nodeAdd, undefined, makeNode('small', { cpu: '4' }))).toEqual([]);
    expect(q.moveAllToActiveOrBackoffQueue(nodeAdd, undefined, makeNode('large', { cpu: '16' }))).toEqual(['default/big']);
  });
});
