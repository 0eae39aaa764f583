import { describe, expect, it } from 'vitest';
import type { Pod, PodDisruptionBudget } from '../../api/types/kinds';
import { computeCounts, scaled } from '.';

const pod = (name: string, ready: boolean, deleting = false): Pod => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name, ...(deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) },
  status: { conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
});
const pdb = (spec: PodDisruptionBudget['spec']): PodDisruptionBudget => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'b' }, spec });

describe('computeCounts', () => {
  it('minAvailable as a number counts the pods', () => {
    expect(computeCounts(pdb({ minAvailable: 2 }), [pod('a', true), pod('b', true), pod('c', false)], new Set(), () => 9))
      .toEqual({ expectedPods: 3, desiredHealthy: 2, currentHealthy: 2, disruptionsAllowed: 0 });
  });
  it('maxUnavailable uses the controllers\' scale and skips disrupted and deleting pods', () => {
    expect(computeCounts(pdb({ maxUnavailable: '25%' }), [pod('a', true), pod('b', true), pod('c', true), pod('d', true, true)], new Set(['a']), () => 4))
      .toEqual({ expectedPods: 4, desiredHealthy: 3, currentHealthy: 2, disruptionsAllowed: 0 });
  });
  it('reports a pod without a controller when scale is needed', () => {
    expect(computeCounts(pdb({ minAvailable: '50%' }), [pod('a', true)], new Set(), () => undefined)).toBe('found no controllers for pod');
  });
  it('scales percentages rounding up', () => expect(scaled('25%', 5, true)).toBe(2));
});
