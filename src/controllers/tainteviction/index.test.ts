import { describe, expect, it } from 'vitest';
import { evictionDelayMs, toleratesTaint } from '.';

const unreachable = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' };

describe('evictionDelayMs', () => {
  const cases = [
    { name: 'no taints: tolerated forever', taints: [], tols: [], want: undefined },
    { name: 'untolerated taint: evict now', taints: [unreachable], tols: [], want: 0 },
    { name: 'default toleration: 300s', taints: [unreachable], tols: [{ key: unreachable.key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 }], want: 300_000 },
    { name: 'toleration without seconds: forever', taints: [unreachable], tols: [{ operator: 'Exists' }], want: undefined },
    { name: 'zero seconds: evict now', taints: [unreachable], tols: [{ operator: 'Exists', tolerationSeconds: 0 }], want: 0 },
  ];
  for (const tc of cases) it(tc.name, () => expect(evictionDelayMs(tc.taints, tc.tols)).toBe(tc.want));
});

describe('toleratesTaint', () => {
  it('matches Equal on value and Exists on key', () => {
    expect(toleratesTaint({ key: 'a', value: 'b' }, { key: 'a', value: 'b', effect: 'NoExecute' })).toBe(true);
    expect(toleratesTaint({ key: 'a', value: 'c' }, { key: 'a', value: 'b', effect: 'NoExecute' })).toBe(false);
    expect(toleratesTaint({ key: 'a', operator: 'Exists', effect: 'NoSchedule' }, { key: 'a', effect: 'NoExecute' })).toBe(false);
  });
});
