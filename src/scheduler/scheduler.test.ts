import { describe, expect, it } from 'vitest';
import { newSnapshot } from './framework';
import {
  ERR_NO_NODES_AVAILABLE, NOT_ELIGIBLE_PREEMPTION_POLICY_NEVER, fitErrorMessage, isFailure, numFeasibleNodesToFind, scheduleOne,
  type ScheduleFailure, type ScheduleSuccess,
} from './scheduler';
import { defaultProfile } from './plugins/registry';
import { parseSchedulerConfiguration } from './config';
import { fixedRand, makeNode, makePod } from './testing';

const profile = defaultProfile();
const CP_TAINT = [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }];

function failMessage(nodes: any[], pods: any[], pod: any): string {
  const r = scheduleOne(pod, newSnapshot(nodes, pods), profile, fixedRand(0));
  expect(isFailure(r)).toBe(true);
  return (r as ScheduleFailure).failure.message;
}

describe('scheduleOne FailedScheduling messages', () => {
  it('control-plane taint + insufficient cpu', () => {
    const nodes = [makeNode('cp', { taints: CP_TAINT }), makeNode('w1', { cpu: '1' }), makeNode('w2', { cpu: '1' })];
    expect(failMessage(nodes, [], makePod('p', { requests: { cpu: '2' } }))).toBe(
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. '
      + 'preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod..');
  });

  it('nodeSelector mismatch', () => {
    const nodes = [makeNode('a'), makeNode('b'), makeNode('c')];
    expect(failMessage(nodes, [], makePod('p', { spec: { nodeSelector: { disk: 'ssd' } } }))).toBe(
      "0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. "
      + 'preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..');
  });

  it('unschedulable (cordoned) nodes', () => {
    const nodes = [makeNode('a', { unschedulable: true }), makeNode('b', { unschedulable: true })];
    expect(failMessage(nodes, [], makePod('p'))).toBe(
      '0/2 nodes are available: 2 node(s) were unschedulable. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling..');
  });

  it('too many pods', () => {
    const nodes = [makeNode('a', { pods: 1 })];
    const existing = [makePod('old', { nodeName: 'a' })];
    expect(failMessage(nodes, existing, makePod('p'))).toBe(
      '0/1 nodes are available: 1 Too many pods. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..');
  });

  it('several shortages on one node are all counted', () => {
    const nodes = [makeNode('a', { cpu: '1', memory: '1Gi' }), makeNode('b', { cpu: '1' })];
    expect(failMessage(nodes, [], makePod('p', { requests: { cpu: '2', memory: '2Gi' } }))).toBe(
      '0/2 nodes are available: 1 Insufficient memory, 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod..');
  });

  it('DaemonSet-style metadata.name affinity narrows candidates in PreFilter', () => {
    const nodes = [makeNode('a', { cpu: '1' }), makeNode('b'), makeNode('c')];
    const pod = makePod('ds', {
      requests: { cpu: '2' },
      spec: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a'] }] }] } } } },
    });
    expect(failMessage(nodes, [], pod)).toBe(
      "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. "
      + 'preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling..');
  });

  it('preemptionPolicy Never', () => {
    const nodes = [makeNode('a', { cpu: '1' })];
    expect(failMessage(nodes, [], makePod('p', { requests: { cpu: '2' }, spec: { preemptionPolicy: 'Never' } }))).toBe(
      `0/1 nodes are available: 1 Insufficient cpu. preemption: ${NOT_ELIGIBLE_PREEMPTION_POLICY_NEVER}.`);
  });

  it('preemption would help: no preemption suffix, candidate reported', () => {
    const nodes = [makeNode('a', { cpu: '2' })];
    const low = makePod('low', { nodeName: 'a', requests: { cpu: '2' } });
    const r = scheduleOne(makePod('high', { requests: { cpu: '1' }, spec: { priority: 1000 } }), newSnapshot(nodes, [low]), profile, fixedRand());
    expect((r as ScheduleFailure).failure.message).toBe('0/1 nodes are available: 1 Insufficient cpu.');
    expect((r as ScheduleFailure).failure.preemptionCandidates).toEqual(['a']);
  });

  it('no nodes at all', () => {
    expect(failMessage([], [], makePod('p'))).toBe(ERR_NO_NODES_AVAILABLE);
  });

  it('records the rejecting plugin per node for `kubemu why`', () => {
    const nodes = [makeNode('cp', { taints: CP_TAINT }), makeNode('w1', { cpu: '1' })];
    const r = scheduleOne(makePod('p', { requests: { cpu: '2' } }), newSnapshot(nodes, []), profile, fixedRand()) as ScheduleFailure;
    expect(r.failure.statuses.get('cp')).toMatchObject({ code: 'UnschedulableAndUnresolvable', plugin: 'TaintToleration' });
    expect(r.failure.statuses.get('w1')).toMatchObject({ code: 'Unschedulable', plugin: 'NodeResourcesFit', reasons: ['Insufficient cpu'] });
  });
});

describe('fitErrorMessage', () => {
  it('sorts "<count> <reason>" strings byte-wise, as Go sort.Strings', () => {
    const st = (r: string) => ({ code: 'Unschedulable' as const, reasons: [r] });
    const statuses = [...Array(10)].map(() => st('Insufficient memory')).concat([st('Insufficient cpu'), st('Insufficient cpu')]);
    expect(fitErrorMessage(12, statuses)).toBe('0/12 nodes are available: 10 Insufficient memory, 2 Insufficient cpu.');
  });
  it('uses the PreFilter message instead of the histogram', () => {
    expect(fitErrorMessage(3, [{ code: 'UnschedulableAndUnresolvable', reasons: ['x'] }], 'pod affinity terms conflict'))
      .toBe('0/3 nodes are available: pod affinity terms conflict.');
  });
});

describe('scheduleOne selection', () => {
  it('breaks ties with rand.int over candidates sorted by name', () => {
    const nodes = [makeNode('n3'), makeNode('n1'), makeNode('n2')];
    const rand = fixedRand(1);
    const r = scheduleOne(makePod('p'), newSnapshot(nodes, []), profile, rand) as ScheduleSuccess;
    expect(r.candidates).toEqual(['n1', 'n2', 'n3']);
    expect(rand.calls).toEqual([3]);
    expect(r.nodeName).toBe('n2');
    expect(scheduleOne(makePod('p'), newSnapshot(nodes, []), profile, fixedRand(2))).toMatchObject({ nodeName: 'n3' });
  });

  it('does not draw when one node scores highest', () => {
    const nodes = [makeNode('busy'), makeNode('idle')];
    const pods = [makePod('x', { nodeName: 'busy', requests: { cpu: '2', memory: '4Gi' } })];
    const rand = fixedRand();
    const r = scheduleOne(makePod('p', { requests: { cpu: '500m', memory: '1Gi' } }), newSnapshot(nodes, pods), profile, rand) as ScheduleSuccess;
    expect(r.nodeName).toBe('idle');
    expect(rand.calls).toEqual([]);
    const idle = r.scores.find((s) => s.nodeName === 'idle')!;
    expect(idle.plugins.map((p) => p.plugin)).toEqual(['TaintToleration', 'NodeResourcesFit', 'NodeResourcesBalancedAllocation', 'ImageLocality']);
    expect(idle.total).toBe(idle.plugins.reduce((a, p) => a + p.weighted, 0));
  });

  it('skips scoring when only one node is feasible', () => {
    const nodes = [makeNode('a', { taints: CP_TAINT }), makeNode('b')];
    const r = scheduleOne(makePod('p'), newSnapshot(nodes, []), profile, fixedRand()) as ScheduleSuccess;
    expect(r).toMatchObject({ nodeName: 'b', feasibleNodes: 1, scores: [] });
  });

  it('assume() makes successive pods see earlier placements', () => {
    const snap = newSnapshot([makeNode('a', { cpu: '2' }), makeNode('b', { cpu: '2' })], []);
    const placed: string[] = [];
    for (let i = 0; i < 4; i++) {
      const pod = makePod(`p${i}`, { requests: { cpu: '1' } });
      const r = scheduleOne(pod, snap, profile, fixedRand(0));
      if (isFailure(r)) { placed.push('-'); continue; }
      snap.assume(pod, r.nodeName);
      placed.push(r.nodeName);
    }
    expect(placed.sort()).toEqual(['a', 'a', 'b', 'b']);
    expect(isFailure(scheduleOne(makePod('p5', { requests: { cpu: '1' } }), snap, profile, fixedRand()))).toBe(true);
  });

  it('is deterministic for a fixed rand', () => {
    const nodes = [...Array(20)].map((_, i) => makeNode(`n${String(i).padStart(2, '0')}`));
    const run = () => {
      const snap = newSnapshot(nodes, []);
      return [...Array(30)].map((_, i) => {
        const pod = makePod(`p${i}`, { requests: { cpu: '100m' } });
        const r = scheduleOne(pod, snap, profile, fixedRand(7, 3, 11)) as ScheduleSuccess;
        snap.assume(pod, r.nodeName);
        return r.nodeName;
      });
    };
    expect(run()).toEqual(run());
  });
});

describe('numFeasibleNodesToFind', () => {
  it.each([
    [undefined, 50, 50], [undefined, 100, 100], [undefined, 1000, 420], [undefined, 5000, 500],
    [undefined, 6000, 300], [10, 500, 100], [50, 1000, 500], [100, 1000, 1000],
  ])('percentage %s of %i nodes → %i', (pct, n, want) => {
    expect(numFeasibleNodesToFind(pct, n)).toBe(want);
  });
});

describe('percentageOfNodesToScore and the rotating start index', () => {
  // 150 nodes in three zones of 50 (a-00..a-49, b-.., c-..): the node tree interleaves the zones
  // (a-00 b-00 c-00 a-01 ...), so node k of zone z sits at index 3k+z. A pass looks for 100
  // feasible nodes (150 × 48% = 72, raised to the minimum of 100). b-10 (index 31) is cordoned;
  // c-40 (index 122) has twice the cpu, so it outscores every other node for a 1-cpu pod.
  const zones = ['a', 'b', 'c'];
  const seeded = (cordoned = ['b-10']) => zones.flatMap((z) => [...Array(50)].map((_, k) => {
    const name = `${z}-${String(k).padStart(2, '0')}`;
    return makeNode(name, { cpu: name === 'c-40' ? '8' : '4', labels: { 'topology.kubernetes.io/zone': `zone-${z}` }, unschedulable: cordoned.includes(name) });
  }));
  const onePod = (i: number, extra: Record<string, any> = {}) => makePod(`p${i}`, { requests: { cpu: '1', memory: '1Gi' }, ...extra });

  it('scores only the nodes found from where the last pass stopped, rejections included', () => {
    const snap = newSnapshot(seeded(), []);
    expect(snap.nodeInfos.slice(0, 4).map((n) => n.name)).toEqual(['a-00', 'b-00', 'c-00', 'a-01']);
    // Pass 1: indices 0..100 (b-10 rejected, 100 feasible, all equal): the tie-break takes the first by name.
    const r1 = scheduleOne(onePod(1), snap, profile, fixedRand(0)) as ScheduleSuccess;
    expect(r1).toMatchObject({ nodeName: 'a-00', evaluatedNodes: 101, feasibleNodes: 100 });
    expect(r1.statuses.get('b-10')).toMatchObject({ plugin: 'NodeUnschedulable' });
    expect(r1.statuses.has('c-40')).toBe(false);
    expect(snap.nextStartNodeIndex).toBe(101);
    snap.assume(onePod(1), r1.nodeName);
    // Pass 2: indices 101..149 then 0..51 (b-10 again): c-40 is in the sample and wins outright.
    const r2 = scheduleOne(onePod(2), snap, profile, fixedRand(0)) as ScheduleSuccess;
    expect(r2).toMatchObject({ nodeName: 'c-40', evaluatedNodes: 101, feasibleNodes: 100, candidates: ['c-40'] });
    expect(snap.nextStartNodeIndex).toBe(52);
  });

  it('scores every node when the configuration file sets 100 percent', () => {
    const config = parseSchedulerConfiguration({ apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration', percentageOfNodesToScore: 100 });
    const snap = newSnapshot(seeded(), []);
    const r = scheduleOne(onePod(1), snap, defaultProfile(config), fixedRand(0)) as ScheduleSuccess;
    expect(r).toMatchObject({ nodeName: 'c-40', evaluatedNodes: 150, feasibleNodes: 149 });
    expect(snap.nextStartNodeIndex).toBe(0);
    // A profile's own percentage wins over the top-level one (0 there means adaptive again).
    const adaptive = parseSchedulerConfiguration({
      apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration', percentageOfNodesToScore: 100, profiles: [{ percentageOfNodesToScore: 0 }],
    });
    expect(scheduleOne(onePod(1), newSnapshot(seeded(), []), defaultProfile(adaptive), fixedRand(0))).toMatchObject({ nodeName: 'a-00', evaluatedNodes: 101 });
  });

  it('takes a nominated node that fits without scoring, leaving the start index alone', () => {
    const snap = newSnapshot(seeded(), []);
    expect(scheduleOne(onePod(1), snap, profile, fixedRand(0))).toMatchObject({ nodeName: 'a-00' });
    const nominated = onePod(2);
    nominated.status = { phase: 'Pending', nominatedNodeName: 'b-49' };
    expect(scheduleOne(nominated, snap, profile, fixedRand(0))).toMatchObject({ nodeName: 'b-49', evaluatedNodes: 1, feasibleNodes: 1, scores: [] });
    expect(snap.nextStartNodeIndex).toBe(101);
  });

  it('counts a nominated node that no longer fits as processed, even outside the pass', () => {
    // c-45 (index 137) is cordoned too: the pass from index 0 stops at index 100 without reaching it.
    const snap = newSnapshot(seeded(['b-10', 'c-45']), []);
    const nominated = onePod(1);
    nominated.status = { phase: 'Pending', nominatedNodeName: 'c-45' };
    const r = scheduleOne(nominated, snap, profile, fixedRand(0)) as ScheduleSuccess;
    expect(r).toMatchObject({ nodeName: 'a-00', evaluatedNodes: 102, feasibleNodes: 100 });
    expect(r.statuses.get('c-45')).toMatchObject({ plugin: 'NodeUnschedulable' });
    expect(snap.nextStartNodeIndex).toBe(102);
  });

  it('stops at the first feasible node when no plugin scores', () => {
    const snap = newSnapshot(seeded(), []);
    const noScores = { ...profile, scores: [] };
    expect(scheduleOne(onePod(1), snap, noScores, fixedRand(0))).toMatchObject({ nodeName: 'a-00', evaluatedNodes: 1, feasibleNodes: 1 });
    expect(snap.nextStartNodeIndex).toBe(1);
  });
});
