import { describe, expect, it } from 'vitest';
import { proportionalSizes, type SizedSet } from './proportional';

const rs = (name: string, replicas: number, maxReplicas: number, created: string): SizedSet => ({ name, replicas, maxReplicas, created });

describe('proportionalSizes', () => {
  const cases: { name: string; sets: SizedSet[]; desired: number; maxSurge: number; want: Record<string, number> }[] = [
    // The upstream docs example: 10 replicas, surge 3, mid-rollout 8 old + 5 new, scaled to 15 (+5 across both).
    { name: 'scale up mid-rollout shares by size', sets: [rs('old', 8, 13, 'a'), rs('new', 5, 13, 'b')], desired: 15, maxSurge: 3, want: { old: 11, new: 7 } },
    { name: 'scale down mid-rollout', sets: [rs('old', 8, 13, 'a'), rs('new', 5, 13, 'b')], desired: 5, maxSurge: 2, want: { old: 4, new: 3 } },
    { name: 'to zero', sets: [rs('old', 2, 4, 'a'), rs('new', 2, 4, 'b')], desired: 0, maxSurge: 1, want: { old: 0, new: 0 } },
    { name: 'leftover goes to the largest', sets: [rs('a', 1, 3, 'a'), rs('b', 1, 3, 'b'), rs('c', 1, 3, 'c')], desired: 4, maxSurge: 0, want: { a: 1, b: 1, c: 2 } },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const got = proportionalSizes(tc.sets, { desired: tc.desired, maxSurge: tc.maxSurge, statusReplicas: 0 });
      expect(Object.fromEntries(got)).toEqual(tc.want);
    });
  }
});
