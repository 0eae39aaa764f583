import { describe, expect, it } from 'vitest';
import { makeNode, makePod, filterAll, scoreAll } from '../../testing';
import { ERR_REASON_TOO_MANY_PODS, balancedAllocation, insufficientReason, newNodeResourcesFit, nodeResourcesFit } from '.';

// Filter cases after upstream fit_test.go TestEnoughRequests.
describe('NodeResourcesFit filter', () => {
  const node = (o = {}) => makeNode('n', { cpu: '10m', memory: '20', pods: 32, ...o });
  const used = (cpu: string, memory: string) => [makePod('old', { nodeName: 'n', requests: { cpu, memory } })];
  it.each([
    ['no resources requested always fits', {}, used('10m', '20'), 'ok'],
    ['too many resources fails', { cpu: '1m', memory: '1' }, used('10m', '20'), `${insufficientReason('cpu')}; ${insufficientReason('memory')}`],
    ['too many cpu fails', { cpu: '1m', memory: '1' }, used('10m', '5'), insufficientReason('cpu')],
    ['equal edge case', { cpu: '5m', memory: '19' }, used('5m', '1'), 'ok'],
    ['memory fails', { cpu: '1m', memory: '2' }, used('5m', '19'), insufficientReason('memory')],
    ['extended resource fails', { 'example.com/aaa': '1' }, [], insufficientReason('example.com/aaa')],
  ])('%s', (_n, requests, existing, expected) => {
    expect(filterAll(nodeResourcesFit, makePod('p', { requests: requests as any }), [node()], existing)).toEqual({ n: expected });
  });
  it('too many pods', () => {
    expect(filterAll(nodeResourcesFit, makePod('p'), [node({ pods: 1 })], used('1m', '1'))).toEqual({ n: ERR_REASON_TOO_MANY_PODS });
  });
  it('extended resource fits when the node has it', () => {
    const n = makeNode('n', { scalar: { 'nvidia.com/gpu': '2' } });
    expect(filterAll(nodeResourcesFit, makePod('p', { requests: { 'nvidia.com/gpu': '2' } }), [n])).toEqual({ n: 'ok' });
    expect(filterAll(nodeResourcesFit, makePod('p', { requests: { 'nvidia.com/gpu': '3' } }), [n])).toEqual({ n: 'Insufficient nvidia.com/gpu' });
  });
  it('terminal pods do not hold resources', () => {
    const done = [makePod('done', { nodeName: 'n', requests: { cpu: '10m' }, phase: 'Succeeded' })];
    expect(filterAll(nodeResourcesFit, makePod('p', { requests: { cpu: '10m' } }), [node()], done)).toEqual({ n: 'ok' });
  });
});

// Score cases from upstream least_allocated_test.go / most_allocated_test.go / balanced_allocation_test.go.
describe('NodeResourcesFit / BalancedAllocation scores', () => {
  const nodes = [makeNode('node1', { cpu: '4000m', memory: '10000' }), makeNode('node2', { cpu: '6000m', memory: '10000' })];
  const pod = makePod('p', { containers: [
    { name: 'a', image: 'x', resources: { requests: { cpu: '1000m', memory: '2000' } } },
    { name: 'b', image: 'x', resources: { requests: { cpu: '2000m', memory: '3000' } } },
  ] });
  it('LeastAllocated: nothing scheduled, resources requested, differently sized nodes', () => {
    expect(scoreAll(nodeResourcesFit, pod, nodes)).toEqual({ node1: 37, node2: 50 });
  });
  it('MostAllocated: same case', () => {
    expect(scoreAll(newNodeResourcesFit({ scoringStrategy: { type: 'MostAllocated' } }), pod, nodes)).toEqual({ node1: 62, node2: 50 });
  });
  it('BalancedAllocation: same case', () => {
    expect(scoreAll(balancedAllocation, pod, nodes)).toEqual({ node1: 87, node2: 100 });
  });
  it('LeastAllocated: nothing requested uses the 100m / 200Mi defaults', () => {
    const big = [makeNode('a', { cpu: '4', memory: '2000Mi' })];
    // cpu (4000-100)*100/4000 = 97; memory (2000-200)*100/2000 = 90 → 93.
    expect(scoreAll(nodeResourcesFit, makePod('p'), big)).toEqual({ a: 93 });
  });
  it('BalancedAllocation skips best-effort pods', () => {
    expect(scoreAll(balancedAllocation, makePod('p'), nodes)).toBe('skip');
  });
  it('LeastAllocated accounts existing pods', () => {
    const existing = [makePod('x', { nodeName: 'node2', requests: { cpu: '3000m', memory: '5000' } })];
    // node2: cpu (6000-6000)*100/6000 = 0, memory 0 → 0.
    expect(scoreAll(nodeResourcesFit, pod, nodes, existing)).toEqual({ node1: 37, node2: 0 });
  });
});

describe('NodeResourcesFit queueing hints', () => {
  const [podHint, nodeHint] = nodeResourcesFit.eventsToRegister().map((r) => r.hint!);
  const pod = makePod('p', { requests: { cpu: '2' } });
  it.each([
    ['added node big enough', undefined, makeNode('n', { cpu: '4' }), 'Queue'],
    ['added node too small', undefined, makeNode('n', { cpu: '1' }), 'QueueSkip'],
    ['allocatable grew to fit', makeNode('n', { cpu: '1' }), makeNode('n', { cpu: '4' }), 'Queue'],
    ['fits, but only memory grew (the pod asks no memory)', makeNode('n', { cpu: '4', memory: '1Gi' }), makeNode('n', { cpu: '4', memory: '2Gi' }), 'QueueSkip'],
    ['fits, and the pod limit grew', makeNode('n', { cpu: '4', pods: 1 }), makeNode('n', { cpu: '4', pods: 2 }), 'Queue'],
  ])('node: %s', (_name, oldNode, newNode, want) => {
    expect(nodeHint!(pod, oldNode, newNode)).toBe(want);
  });
  it.each([
    ['a bound pod deleted', makePod('gone', { nodeName: 'n' }), 'Queue'],
    ['an unbound pod deleted', makePod('gone'), 'QueueSkip'],
  ])('pod: %s', (_name, deleted, want) => {
    expect(podHint!(pod, deleted, undefined)).toBe(want);
  });
});
