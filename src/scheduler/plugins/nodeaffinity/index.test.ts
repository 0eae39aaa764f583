import { describe, expect, it } from 'vitest';
import { makeNode, makePod, filterAll, scoreAll, cycle } from '../../testing';
import { ERR_REASON_CONFLICT, ERR_REASON_POD, nodeAffinity } from '.';

const required = (...terms: any[]) => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } });

// Cases after upstream node_affinity_test.go TestNodeAffinity.
describe('NodeAffinity filter', () => {
  const node = makeNode('node1', { labels: { foo: 'bar', gpu: '4', zone: 'a' } });
  it.each([
    ['no selector', {}, 'ok'],
    ['missing labels', { nodeSelector: { foo: 'bar', baz: 'qux' } }, ERR_REASON_POD],
    ['same labels', { nodeSelector: { foo: 'bar' } }, 'ok'],
    ['In matches', required({ matchExpressions: [{ key: 'foo', operator: 'In', values: ['bar', 'value2'] }] }), 'ok'],
    ['Gt matches', required({ matchExpressions: [{ key: 'gpu', operator: 'Gt', values: ['0'] }] }), 'ok'],
    ['Lt fails', required({ matchExpressions: [{ key: 'gpu', operator: 'Lt', values: ['4'] }] }), ERR_REASON_POD],
    ['NotIn on absent key matches', required({ matchExpressions: [{ key: 'kernel', operator: 'NotIn', values: ['x'] }] }), 'ok'],
    ['DoesNotExist fails', required({ matchExpressions: [{ key: 'foo', operator: 'DoesNotExist' }] }), ERR_REASON_POD],
    ['empty term matches nothing', required({}), ERR_REASON_POD],
    ['terms are ORed', required({ matchExpressions: [{ key: 'foo', operator: 'In', values: ['x'] }] }, { matchExpressions: [{ key: 'zone', operator: 'Exists' }] }), 'ok'],
    ['nodeSelector and affinity must both match', { nodeSelector: { foo: 'bar' }, ...required({ matchExpressions: [{ key: 'zone', operator: 'In', values: ['b'] }] }) }, ERR_REASON_POD],
    ['matchFields metadata.name', required({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node1'] }] }), 'ok'],
    ['matchFields other name', required({ matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['node1'] }] }), ERR_REASON_POD],
  ])('%s', (_n, spec, expected) => {
    expect(filterAll(nodeAffinity, makePod('p', { spec }), [node])).toEqual({ node1: expected });
  });

  it('PreFilter narrows to the named nodes', () => {
    const pod = makePod('p', { spec: required({ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node1', 'node2'] }] }) });
    const { state } = cycle(pod, [node]);
    expect([...(nodeAffinity.preFilter(state, pod).nodeNames ?? [])]).toEqual(['node1', 'node2']);
  });
  it('PreFilter rejects conflicting name terms', () => {
    const pod = makePod('p', { spec: required({ matchFields: [
      { key: 'metadata.name', operator: 'In', values: ['node1'] }, { key: 'metadata.name', operator: 'In', values: ['node2'] },
    ] }) });
    const { state } = cycle(pod, [node]);
    expect(nodeAffinity.preFilter(state, pod).status).toMatchObject({ code: 'UnschedulableAndUnresolvable', reasons: [ERR_REASON_CONFLICT] });
  });
});

// Cases after upstream TestNodeAffinityPriority.
describe('NodeAffinity score', () => {
  const pref = (...p: any[]) => ({ affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: p } } });
  const nodes = [
    makeNode('node1', { labels: { foo: 'bar' } }),
    makeNode('node2', { labels: { foo: 'bar', key: 'value' } }),
    makeNode('node3', { labels: { az: 'az1' } }),
  ];
  it('all nodes match some preferred term, weights summed then normalized', () => {
    const pod = makePod('p', { spec: pref(
      { weight: 2, preference: { matchExpressions: [{ key: 'foo', operator: 'In', values: ['bar'] }] } },
      { weight: 4, preference: { matchExpressions: [{ key: 'key', operator: 'In', values: ['value'] }] } },
      { weight: 5, preference: { matchExpressions: [{ key: 'az', operator: 'In', values: ['az1'] }] } },
    ) });
    expect(scoreAll(nodeAffinity, pod, nodes)).toEqual({ node1: 33, node2: 100, node3: 83 });
  });
  it('no preferred terms: skipped', () => {
    expect(scoreAll(nodeAffinity, makePod('p'), nodes)).toBe('skip');
  });
});

describe('NodeAffinity queueing hint (node added or relabelled)', () => {
  const hint = nodeAffinity.eventsToRegister()[0]!.hint!;
  const pod = makePod('p', { spec: { nodeSelector: { disk: 'ssd' } } });
  it.each([
    ['added node that matches', undefined, makeNode('n', { labels: { disk: 'ssd' } }), 'Queue'],
    ['added node that does not', undefined, makeNode('n'), 'QueueSkip'],
    ['label added that now matches', makeNode('n'), makeNode('n', { labels: { disk: 'ssd' } }), 'Queue'],
    ['matched before the change too', makeNode('n', { labels: { disk: 'ssd' } }), makeNode('n', { labels: { disk: 'ssd', x: 'y' } }), 'QueueSkip'],
  ])('%s', (_name, oldNode, newNode, want) => {
    expect(hint(pod, oldNode, newNode)).toBe(want);
  });
});
