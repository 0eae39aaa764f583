import { describe, expect, it } from 'vitest';
import { makeNode, makePod, filterAll } from '../../testing';
import { ERR_REASON_UNSCHEDULABLE, TAINT_NODE_UNSCHEDULABLE, nodeUnschedulable } from '.';

// Cases from upstream node_unschedulable_test.go.
describe('NodeUnschedulable', () => {
  it.each([
    ['schedulable node', false, undefined, 'ok'],
    ['unschedulable node', true, undefined, ERR_REASON_UNSCHEDULABLE],
    ['unschedulable node, pod tolerates the taint', true, [{ key: TAINT_NODE_UNSCHEDULABLE, operator: 'Exists', effect: 'NoSchedule' }], 'ok'],
    ['unschedulable node, toleration for another effect', true, [{ key: TAINT_NODE_UNSCHEDULABLE, operator: 'Exists', effect: 'NoExecute' }], ERR_REASON_UNSCHEDULABLE],
  ])('%s', (_n, cordoned, tolerations, expected) => {
    const pod = makePod('p', tolerations ? { spec: { tolerations } } : {});
    expect(filterAll(nodeUnschedulable, pod, [makeNode('n', { unschedulable: cordoned })])).toEqual({ n: expected });
  });
});
