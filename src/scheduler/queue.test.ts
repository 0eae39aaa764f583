import { describe, expect, it } from 'vitest';
import { activeQOrder, backoffDuration } from './queue';
import { makePod } from './testing';

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
