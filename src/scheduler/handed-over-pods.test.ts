import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { HandedOverPods, handOverMemo } from './handed-over-pods';
import { lessPod } from './scheduling-queue';

const queued = (name: string, rv: string | undefined, priority: number | undefined, created: string, nominated?: string): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 'default', name, resourceVersion: rv, creationTimestamp: created },
  spec: { priority }, status: { nominatedNodeName: nominated },
});

describe('handed-over pods', () => {
  const pods = [
    queued('a', '11', undefined, '2026-01-01T00:00:02Z'),
    queued('b', '12', 100, '2026-01-01T00:00:03Z'),
    queued('nominated', '13', 0, '2026-01-01T00:00:01Z', 'worker01'),
    queued('unversioned', undefined, 0, '2026-01-01T00:00:01Z'),
  ];

  it('hands over what PrioritySort compares of each pod that is not nominated, and stubs order as the pods do', () => {
    const memo = handOverMemo('default-scheduler', pods);
    expect(JSON.parse(JSON.stringify(memo))).toEqual({
      schedulerName: 'default-scheduler',
      pods: [['default/a', '11', 0, '2026-01-01T00:00:02Z'], ['default/b', '12', 100, '2026-01-01T00:00:03Z']],
    });
    const held = new HandedOverPods();
    held.takeOver(JSON.parse(JSON.stringify(memo)));
    const a = held.take('default/a', '11', 'default-scheduler')!;
    const b = held.take('default/b', '12', 'default-scheduler')!;
    expect(a.metadata).toMatchObject({ namespace: 'default', name: 'a', resourceVersion: '11' });
    expect(Math.sign(lessPod(a, b))).toBe(Math.sign(lessPod(pods[0]!, pods[1]!)));
    expect(lessPod(b, a)).toBeLessThan(0); // higher priority first, though created later
    expect(handOverMemo('default-scheduler', pods.slice(2))).toBeUndefined();
  });

  it('stands for a pod only at the version it was taken at, under the same scheduler, once', () => {
    const memo = JSON.parse(JSON.stringify(handOverMemo('default-scheduler', pods)));
    const held = new HandedOverPods();
    held.takeOver(memo);
    expect(held.size).toBe(2);
    expect(held.take('default/a', '14', 'default-scheduler')).toBeUndefined(); // changed since
    expect(held.take('default/a', '11', 'default-scheduler')).toBeUndefined(); // used up
    expect(held.take('default/b', '12', 'other-scheduler')).toBeUndefined();
    expect(held.take('default/gone', undefined, 'default-scheduler')).toBeUndefined();
    held.takeOver(memo);
    expect(held.take('default/b', '12', 'default-scheduler')?.spec?.priority).toBe(100);
    // A memo of another shape (an older kubemu's, a hand-edited one) holds nothing.
    for (const odd of [undefined, 'x', { pods: [] }, { schedulerName: 'default-scheduler', pods: [['default/a', 11, 0, '']] }]) {
      held.takeOver(odd);
      expect(held.size).toBe(0);
    }
  });
});
