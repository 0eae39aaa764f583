import { describe, expect, it } from 'vitest';
import { makeNode, makePod, filterAll, scoreAll } from '../../testing';
import { newPodInfo, newSnapshot } from '../../framework';
import { ERR_REASON_CONSTRAINTS_NOT_MATCH, ERR_REASON_NODE_LABEL_NOT_MATCH, podTopologySpread } from '.';
import { ZONE_LABEL } from '../../framework';

const zone = 'zone';
const spread = (maxSkew: number, key: string, when: string, extra: any = {}) =>
  ({ topologySpreadConstraints: [{ maxSkew, topologyKey: key, whenUnsatisfiable: when, labelSelector: { matchLabels: { foo: '' } }, ...extra }] });
const nodes = [
  makeNode('node-a', { labels: { zone: 'zone1' } }), makeNode('node-b', { labels: { zone: 'zone1' } }),
  makeNode('node-x', { labels: { zone: 'zone2' } }), makeNode('node-y', { labels: { zone: 'zone2' } }),
];
const on = (node: string, n: number, labels: Record<string, string> = { foo: '' }) =>
  [...Array(n)].map((_, i) => makePod(`${node}-${i}`, { nodeName: node, labels }));

// Cases after upstream filtering_test.go TestSingleConstraint.
describe('PodTopologySpread filter', () => {
  it('normal case: 3/2 pods per zone, maxSkew 1 → only zone2', () => {
    const existing = [...on('node-a', 2), ...on('node-b', 1), ...on('node-x', 2)];
    const pod = makePod('p', { labels: { foo: '' }, spec: spread(1, zone, 'DoNotSchedule') });
    expect(filterAll(podTopologySpread, pod, nodes, existing)).toEqual({
      'node-a': ERR_REASON_CONSTRAINTS_NOT_MATCH, 'node-b': ERR_REASON_CONSTRAINTS_NOT_MATCH, 'node-x': 'ok', 'node-y': 'ok',
    });
  });
  it('pods spread across nodes: hostname maxSkew 1', () => {
    const existing = [...on('node-a', 1), ...on('node-b', 1), ...on('node-x', 1)];
    const pod = makePod('p', { labels: { foo: '' }, spec: spread(1, 'kubernetes.io/hostname', 'DoNotSchedule') });
    expect(filterAll(podTopologySpread, pod, nodes, existing)).toEqual({
      'node-a': ERR_REASON_CONSTRAINTS_NOT_MATCH, 'node-b': ERR_REASON_CONSTRAINTS_NOT_MATCH, 'node-x': ERR_REASON_CONSTRAINTS_NOT_MATCH, 'node-y': 'ok',
    });
  });
  it('node without the topology key', () => {
    const pod = makePod('p', { labels: { foo: '' }, spec: spread(1, zone, 'DoNotSchedule') });
    expect(filterAll(podTopologySpread, pod, [...nodes, makeNode('bare')])).toMatchObject({ bare: ERR_REASON_NODE_LABEL_NOT_MATCH, 'node-a': 'ok' });
  });
  it('minDomains greater than the domain count treats the global minimum as 0', () => {
    const existing = [...on('node-a', 1), ...on('node-x', 1)];
    const pod = makePod('p', { labels: { foo: '' }, spec: spread(1, zone, 'DoNotSchedule', { minDomains: 3 }) });
    expect(filterAll(podTopologySpread, pod, nodes, existing)['node-a']).toBe(ERR_REASON_CONSTRAINTS_NOT_MATCH);
  });
  it('pods not matching the selector are not counted', () => {
    const existing = on('node-a', 3, { bar: '' });
    const pod = makePod('p', { labels: { foo: '' }, spec: spread(1, zone, 'DoNotSchedule') });
    expect(filterAll(podTopologySpread, pod, nodes, existing)['node-a']).toBe('ok');
  });
});

// Cases after upstream scoring_test.go TestPodTopologySpreadScore.
describe('PodTopologySpread score', () => {
  it('one constraint on hostname, pods spread unevenly', () => {
    const two = [makeNode('node-a'), makeNode('node-b')];
    const existing = [...on('node-a', 1)];
    const pod = makePod('p', { labels: { foo: '' }, spec: spread(1, 'kubernetes.io/hostname', 'ScheduleAnyway') });
    // node-a: 1*log(4)+0 = 1.386 → 1; node-b: 0 → 0; max=1,min=0 → a: 100*(1+0-1)/1 = 0, b: 100.
    expect(scoreAll(podTopologySpread, pod, two, existing)).toEqual({ 'node-a': 0, 'node-b': 100 });
  });
  it('weighs a zone and a hostname constraint by their domains among the nodes scored', () => {
    // Weights: zone log(2 zones + 2), hostname log(4 nodes with both keys + 2); "bare" has no
    // zone, so it is left out (and scores 0). Raw: a 2*1.386+2*1.792 = 6, b 3, x 3, y 1;
    // normalized 100*(6+1-raw)/6: a 16, b 66, x 66, y 100.
    const pod = makePod('p', { labels: { foo: '' }, spec: { topologySpreadConstraints: [
      ...spread(1, zone, 'ScheduleAnyway').topologySpreadConstraints, ...spread(1, 'kubernetes.io/hostname', 'ScheduleAnyway').topologySpreadConstraints] } });
    const existing = [...on('node-a', 2), ...on('node-x', 1)];
    expect(scoreAll(podTopologySpread, pod, [...nodes, makeNode('bare')], existing)).toEqual({ 'node-a': 16, 'node-b': 66, 'node-x': 66, 'node-y': 100, bare: 0 });
  });
  it('no constraints and no workload owner: skipped', () => {
    expect(scoreAll(podTopologySpread, makePod('p'), nodes)).toBe('skip');
  });
  it('system default constraints spread pods of one ReplicaSet', () => {
    const owner = { kind: 'ReplicaSet', uid: 'rs1' };
    const existing = [makePod('w0', { nodeName: 'node-a', owner }), makePod('w1', { nodeName: 'node-a', owner }), makePod('w2', { nodeName: 'node-x', owner })];
    const scores = scoreAll(podTopologySpread, makePod('p', { owner }), nodes, existing) as Record<string, number>;
    expect(scores['node-y']).toBe(100);
    expect(scores['node-a']!).toBeLessThan(scores['node-b']!);
  });
});

describe('PodTopologySpread system defaults: per-domain tally', () => {
  const owner = { kind: 'ReplicaSet', uid: 'rs1' };
  const other = { kind: 'ReplicaSet', uid: 'rs2' };
  /** byHand sums the controller's pods per zone over the snapshot's nodes, as the pass over them did. */
  const byHand = (snap: ReturnType<typeof newSnapshot>, uid: string) => {
    const out: Record<string, number> = {};
    for (const n of snap.nodeInfos) {
      const v = n.labels[zone];
      if (v !== undefined && n.controllerCounts.get(uid)) out[v] = (out[v] ?? 0) + n.controllerCounts.get(uid)!;
    }
    return out;
  };
  const tally = (snap: ReturnType<typeof newSnapshot>, uid: string) =>
    Object.fromEntries([...(snap.controllerPodsByDomain(zone, uid) ?? new Map())].filter(([, n]) => n !== 0));

  it('follows pods assumed and removed after it was first asked for, and ignores terminating pods', () => {
    const existing = [makePod('w0', { nodeName: 'node-a', owner }), makePod('w1', { nodeName: 'node-x', owner }), makePod('o0', { nodeName: 'node-b', owner: other })];
    const snap = newSnapshot([...nodes, makeNode('node-z')], existing);
    expect(tally(snap, 'rs1')).toEqual({ zone1: 1, zone2: 1 });
    snap.assume(makePod('w2', { owner }), 'node-b');
    snap.assume(makePod('w3', { owner }), 'node-y');
    snap.assume(makePod('w4', { owner }), 'node-z'); // no zone label: in no domain
    const gone = makePod('w5', { owner });
    gone.metadata.deletionTimestamp = '2024-01-01T00:00:00Z';
    snap.assume(gone, 'node-a');
    expect(tally(snap, 'rs1')).toEqual({ zone1: 2, zone2: 2 });
    snap.get('node-x')!.removePod('default/w1');
    expect(tally(snap, 'rs1')).toEqual(byHand(snap, 'rs1'));
    expect(tally(snap, 'rs1')).toEqual({ zone1: 2, zone2: 1 });
    expect(tally(snap, 'rs2')).toEqual(byHand(snap, 'rs2'));
    // A clone (a preemption trial) does not touch the snapshot's tally.
    snap.get('node-a')!.clone().addPod(newPodInfo(makePod('w6', { owner })));
    expect(tally(snap, 'rs1')).toEqual({ zone1: 2, zone2: 1 });
  });
  it('a pod with a node selector still counts only the nodes it selects', () => {
    const z = ZONE_LABEL;
    const four = [
      makeNode('node-a', { labels: { [z]: 'zone1', disk: 'ssd' } }), makeNode('node-b', { labels: { [z]: 'zone1' } }),
      makeNode('node-x', { labels: { [z]: 'zone2', disk: 'ssd' } }), makeNode('node-y', { labels: { [z]: 'zone2', disk: 'ssd' } }),
    ];
    const existing = [0, 1, 2, 3].map((i) => makePod(`w${i}`, { nodeName: 'node-b', owner }));
    const pod = makePod('p', { owner, spec: { nodeSelector: { disk: 'ssd' } } });
    const scores = scoreAll(podTopologySpread, pod, four, existing) as Record<string, number>;
    // node-b's pods are outside what the pod selects: zone1 counts 0, as zone2 does.
    expect(scores['node-a']).toBe(scores['node-x']);
    expect(scores['node-b']!).toBeLessThan(scores['node-a']!);
    // Without the selector they count: zone1's node-a scores below zone2's.
    const plain = scoreAll(podTopologySpread, makePod('p', { owner }), four, existing) as Record<string, number>;
    expect(plain['node-a']!).toBeLessThan(plain['node-x']!);
    // And node-b, which holds them, below node-a in its zone (the hostname constraint).
    expect(plain['node-b']!).toBeLessThan(plain['node-a']!);
  });
});

describe('PodTopologySpread queueing hints', () => {
  const [podHint, nodeHint] = podTopologySpread.eventsToRegister().map((r) => r.hint!);
  const pod = makePod('p', { labels: { app: 'web' }, spec: { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } }] } });
  it.each([
    ['a counted bound pod deleted', makePod('o', { nodeName: 'n', labels: { app: 'web' } }), undefined, 'Queue'],
    ['a bound pod the selector does not count', makePod('o', { nodeName: 'n', labels: { app: 'db' } }), undefined, 'QueueSkip'],
    ['a counted pod in another namespace', makePod('o', { namespace: 'other', nodeName: 'n', labels: { app: 'web' } }), undefined, 'QueueSkip'],
    ['a counted pod bound', undefined, makePod('o', { nodeName: 'n', labels: { app: 'web' } }), 'Queue'],
  ])('pod: %s', (_name, oldPod, newPod, want) => {
    expect(podHint!(pod, oldPod, newPod)).toBe(want);
  });
  it.each([
    ['node with the topology key added', undefined, makeNode('n', { labels: { zone: 'a' } }), 'Queue'],
    ['node without it added', undefined, makeNode('n'), 'QueueSkip'],
  ])('node: %s', (_name, oldNode, newNode, want) => {
    expect(nodeHint!(pod, oldNode, newNode)).toBe(want);
  });
});
