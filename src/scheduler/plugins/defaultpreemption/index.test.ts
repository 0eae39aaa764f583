import { describe, expect, it } from 'vitest';
import { newPodInfo, newSnapshot } from '../../framework';
import { makeNode, makePod } from '../../testing';
import { nodeResourcesFit } from '../noderesources';
import { CycleState } from '../../framework';
import { type PDB, filterPodsWithPDBViolation, pickOneNodeForPreemption, selectVictimsOnNode } from '.';

const running = (name: string, node: string, priority: number, cpu: string, start: string, labels: Record<string, string> = {}) => {
  const p = makePod(name, { nodeName: node, requests: { cpu }, labels, spec: { priority } });
  (p.status as any).startTime = start;
  return p;
};

function victimsOn(nodeCpu: string, existing: any[], preemptorCpu: string, priority: number, pdbs: PDB[] = []) {
  const snap = newSnapshot([makeNode('n', { cpu: nodeCpu })], existing);
  const pod = makePod('p', { requests: { cpu: preemptorCpu }, spec: { priority } });
  const state = new CycleState(snap, newPodInfo(pod));
  const fits = (ni: any) => { const s = nodeResourcesFit.filter(state, pod, ni); return s.code === 'Success' ? undefined : s; };
  const v = selectVictimsOnNode(priority, snap.get('n')!, pdbs, fits);
  return v && { pods: v.pods.map((p) => p.pod.metadata.name), numPDBViolations: v.numPDBViolations };
}

describe('selectVictimsOnNode', () => {
  const T1 = '2026-01-01T00:00:01Z', T2 = '2026-01-01T00:00:02Z';
  it.each([
    ['evicts only as many as needed, lowest priority first',
      [running('a', 'n', 1, '1', T1), running('b', 'n', 2, '1', T1), running('c', 'n', 3, '1', T1)], '4', '2', 10, { pods: ['a'], numPDBViolations: 0 }],
    ['keeps higher-priority pods', [running('a', 'n', 20, '2', T1), running('b', 'n', 1, '1', T1)], '3', '2', 10, undefined],
    ['same priority: the later-started goes', [running('old', 'n', 1, '1', T1), running('new', 'n', 1, '1', T2)], '2', '1', 10, { pods: ['new'], numPDBViolations: 0 }],
    ['nothing lower: no victims', [running('a', 'n', 10, '2', T1)], '2', '1', 10, undefined],
  ])('%s', (_n, existing, nodeCpu, cpu, prio, want) => {
    expect(victimsOn(nodeCpu, existing, cpu, prio)).toEqual(want);
  });

  it('prefers victims without PDB violations and counts violations', () => {
    const pdb: PDB = { namespace: 'default', selector: { matchLabels: { app: 'db' } }, disruptionsAllowed: 0, disruptedPods: new Set() };
    const T1 = '2026-01-01T00:00:01Z';
    const existing = [running('db', 'n', 1, '1', '2026-01-01T00:00:02Z', { app: 'db' }), running('web', 'n', 1, '1', T1)];
    expect(victimsOn('2', existing, '1', 10, [pdb])).toEqual({ pods: ['web'], numPDBViolations: 0 });
    expect(victimsOn('2', existing, '2', 10, [pdb])).toEqual({ pods: ['web', 'db'], numPDBViolations: 1 });
  });
});

describe('filterPodsWithPDBViolation', () => {
  it('spends disruptionsAllowed in order; an empty selector selects nothing', () => {
    const pis = ['a', 'b', 'c'].map((n) => newPodInfo(makePod(n, { labels: { app: 'x' } })));
    const pdbs: PDB[] = [
      { namespace: 'default', selector: { matchLabels: { app: 'x' } }, disruptionsAllowed: 1, disruptedPods: new Set(['c']) },
      { namespace: 'default', selector: {}, disruptionsAllowed: 0, disruptedPods: new Set() },
    ];
    const r = filterPodsWithPDBViolation(pis, pdbs);
    expect([r.violating.map((p) => p.pod.metadata.name), r.nonViolating.map((p) => p.pod.metadata.name)]).toEqual([['b'], ['a', 'c']]);
  });
});

describe('pickOneNodeForPreemption', () => {
  const pi = (name: string, priority: number, start = '2026-01-01T00:00:00Z') => {
    const p = makePod(name, { spec: { priority } });
    (p.status as any).startTime = start;
    return newPodInfo(p);
  };
  const c = (nodeName: string, pods: any[], numPDBViolations = 0) => ({ nodeName, victims: { pods, numPDBViolations } });
  it.each([
    ['fewest PDB violations', [c('a', [pi('x', 1)], 1), c('b', [pi('y', 5)], 0)], 'b'],
    ['lowest highest priority', [c('a', [pi('x', 5)]), c('b', [pi('y', 3), pi('z', 3)])], 'b'],
    ['smallest priority sum', [c('a', [pi('x', 3), pi('w', 3)]), c('b', [pi('y', 3), pi('z', 1)])], 'b'],
    ['fewest victims', [c('a', [pi('x', 3), pi('w', -5)]), c('b', [pi('y', 3)])], 'b'],
    ['latest start of the highest-priority victims', [c('a', [pi('x', 3, '2026-01-01T00:00:01Z')]), c('b', [pi('y', 3, '2026-01-01T00:00:09Z')])], 'b'],
    ['otherwise the first', [c('a', [pi('x', 3)]), c('b', [pi('y', 3)])], 'a'],
  ])('%s', (_n, candidates, want) => {
    expect(pickOneNodeForPreemption(candidates)?.nodeName).toBe(want);
  });
});
