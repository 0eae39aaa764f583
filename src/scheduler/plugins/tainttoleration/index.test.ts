import { describe, expect, it } from 'vitest';
import { makeNode, makePod, filterAll, scoreAll } from '../../testing';
import { errReasonUntoleratedTaint, taintToleration } from '.';

// Cases from upstream taint_toleration_test.go.
describe('TaintToleration filter', () => {
  const dedicated = [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }];
  it.each([
    ['no tolerations vs NoSchedule taint', dedicated, undefined, errReasonUntoleratedTaint(dedicated[0]!)],
    ['Equal toleration matches', dedicated, [{ key: 'dedicated', value: 'user1', effect: 'NoSchedule' }], 'ok'],
    ['value mismatch', dedicated, [{ key: 'dedicated', operator: 'Equal', value: 'user2', effect: 'NoSchedule' }], errReasonUntoleratedTaint(dedicated[0]!)],
    ['Exists without effect tolerates', dedicated, [{ key: 'dedicated', operator: 'Exists' }], 'ok'],
    ['empty key Exists tolerates everything', dedicated, [{ operator: 'Exists' }], 'ok'],
    ['PreferNoSchedule taint never filters', [{ key: 'foo', value: 'bar', effect: 'PreferNoSchedule' }], undefined, 'ok'],
    ['control-plane taint renders an empty value', [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }], undefined,
      'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }'],
  ])('%s', (_n, taints, tolerations, expected) => {
    const pod = makePod('p', tolerations ? { spec: { tolerations } } : {});
    expect(filterAll(taintToleration, pod, [makeNode('n', { taints })])).toEqual({ n: expected });
  });
});

describe('TaintToleration score', () => {
  it('node with taints tolerated by the pod gets a higher score than one with intolerable taints', () => {
    const pod = makePod('p', { spec: { tolerations: [{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'PreferNoSchedule' }] } });
    const nodes = [
      makeNode('nodeA', { taints: [{ key: 'foo', value: 'bar', effect: 'PreferNoSchedule' }] }),
      makeNode('nodeB', { taints: [{ key: 'foo', value: 'blah', effect: 'PreferNoSchedule' }] }),
    ];
    expect(scoreAll(taintToleration, pod, nodes)).toEqual({ nodeA: 100, nodeB: 0 });
  });
  it('the more intolerable taints a node has, the lower it scores', () => {
    const t = (k: string) => ({ key: k, value: 'v', effect: 'PreferNoSchedule' });
    const nodes = [makeNode('a'), makeNode('b', { taints: [t('x')] }), makeNode('c', { taints: [t('x'), t('y')] })];
    expect(scoreAll(taintToleration, makePod('p'), nodes)).toEqual({ a: 100, b: 50, c: 0 });
  });
  it('no PreferNoSchedule taints anywhere: every node scores 100', () => {
    expect(scoreAll(taintToleration, makePod('p'), [makeNode('a'), makeNode('b')])).toEqual({ a: 100, b: 100 });
  });
});

describe('TaintToleration queueing hint (node added or retainted)', () => {
  const hint = taintToleration.eventsToRegister()[0]!.hint!;
  const taint = (key: string) => [{ key, effect: 'NoSchedule' }];
  const pod = makePod('p', { spec: { tolerations: [{ key: 'a', operator: 'Exists' }] } });
  it.each([
    ['added node with a tolerated taint', undefined, makeNode('n', { taints: taint('a') }), 'Queue'],
    ['added node with an untolerated taint', undefined, makeNode('n', { taints: taint('b') }), 'QueueSkip'],
    ['untolerated taint removed', makeNode('n', { taints: taint('b') }), makeNode('n'), 'Queue'],
    ['taints changed but were tolerated before too', makeNode('n', { taints: taint('a') }), makeNode('n'), 'QueueSkip'],
    ['untolerated taint swapped for another', makeNode('n', { taints: taint('b') }), makeNode('n', { taints: taint('c') }), 'QueueSkip'],
  ])('%s', (_name, oldNode, newNode, want) => {
    expect(hint(pod, oldNode, newNode)).toBe(want);
  });
});
