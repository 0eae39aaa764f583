import { describe, expect, it } from 'vitest';
import { planRollingUpdate, type NodePods } from './update';

const old = (node: string, available = true): NodePods => ({ node, oldPod: `old-${node}`, oldAvailable: available });
const fresh = (node: string, available = true): NodePods => ({ node, newPod: `new-${node}`, newAvailable: available });
const both = (node: string, newAvailable: boolean): NodePods => ({ ...old(node), ...fresh(node, newAvailable) });

describe('planRollingUpdate', () => {
  const cases: { name: string; nodes: NodePods[]; surge: number; unavailable: number; want: { deletePods: string[]; createOn: string[] } }[] = [
    { name: 'maxUnavailable 1: one old pod at a time', nodes: [old('a'), old('b'), old('c')], surge: 0, unavailable: 1, want: { deletePods: ['old-a'], createOn: [] } },
    { name: 'waits while a new pod is not yet available', nodes: [fresh('a', false), old('b'), old('c')], surge: 0, unavailable: 1, want: { deletePods: [], createOn: [] } },
    { name: 'unavailable old pods are replaced regardless', nodes: [fresh('a', false), old('b', false), old('c')], surge: 0, unavailable: 1, want: { deletePods: ['old-b'], createOn: [] } },
    { name: 'maxUnavailable 2', nodes: [old('a'), old('b'), old('c')], surge: 0, unavailable: 2, want: { deletePods: ['old-a', 'old-b'], createOn: [] } },
    { name: 'maxSurge 1: start a new pod beside the old', nodes: [old('a'), old('b')], surge: 1, unavailable: 0, want: { deletePods: [], createOn: ['a'] } },
    { name: 'maxSurge 1: old goes once the new is available', nodes: [both('a', true), old('b')], surge: 1, unavailable: 0, want: { deletePods: ['old-a'], createOn: ['b'] } },
    { name: 'maxSurge 1: surge in flight', nodes: [both('a', false), old('b')], surge: 1, unavailable: 0, want: { deletePods: [], createOn: [] } },
  ];
  for (const tc of cases) it(tc.name, () => expect(planRollingUpdate(tc.nodes, tc.surge, tc.unavailable)).toEqual(tc.want));
});
