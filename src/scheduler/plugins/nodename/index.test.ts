import { describe, expect, it } from 'vitest';
import { makeNode, makePod, filterAll } from '../../testing';
import { ERR_REASON, nodeName } from '.';

// Cases from upstream node_name_test.go.
describe('NodeName', () => {
  it.each([
    ['no host specified', undefined, 'ok'],
    ['host matches', 'foo', 'ok'],
    ["host doesn't match", 'bar', ERR_REASON],
  ])('%s', (_name, want, expected) => {
    const pod = makePod('p', want ? { spec: { nodeName: want } } : {});
    expect(filterAll(nodeName, pod, [makeNode('foo')])).toEqual({ foo: expected });
  });
});
