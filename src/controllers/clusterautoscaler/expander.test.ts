import { describe, expect, it } from 'vitest';
import { newRand } from '../../sim/rand';
import { choose, parsePriorities, wasteScore, type ExpansionOption } from './expander';

const GI = 1024 ** 3;
const option = (pool: string, nodeCount: number, cpu: number, mem: number, pods: number): ExpansionOption => ({
  pool, group: `aks-${pool}-00000000-vmss`, nodeCount, pods: Array.from({ length: pods }, (_, i) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${i}` } })),
  nodeCpuMilli: cpu, nodeMemory: mem, requestedCpuMilli: 3000, requestedMemory: 3 * GI,
});
const small = option('small', 2, 1900, 6 * GI, 3);
const big = option('big', 1, 7820, 28 * GI, 3);

describe('expanders', () => {
  it('least-waste scores the unused fraction of CPU plus that of memory, and picks the lowest', () => {
    expect(wasteScore(small)).toBeCloseTo((3800 - 3000) / 3800 + (12 - 3) / 12, 10);
    expect(choose('least-waste', [big, small], newRand(1)).pool).toBe('small');
  });

  it('most-pods picks the option that helps most pods; ties keep pool order', () => {
    expect(choose('most-pods', [big, option('more', 1, 1900, 6 * GI, 5)], newRand(1)).pool).toBe('more');
    expect(choose('most-pods', [big, small], newRand(1)).pool).toBe('big');
  });

  it('random draws from the cluster\'s seeded RNG: same seed, same pick', () => {
    const picks = (seed: number) => Array.from({ length: 8 }, ((r) => () => choose('random', [big, small], r).pool)(newRand(seed)));
    expect(picks(7)).toEqual(picks(7));
    expect(new Set(picks(7)).size).toBe(2);
  });

  it('priority reads the priority-expander ConfigMap: highest priority whose regex matches the group', () => {
    expect(parsePriorities('10:\n  - .*small.*\n50:\n  - .*big.*\n').map((p) => p.priority)).toEqual([50, 10]);
    expect(choose('priority', [small, big], newRand(1), '10:\n  - .*small.*\n50:\n  - .*big.*\n').pool).toBe('big');
    expect(choose('priority', [small, big], newRand(1), '5:\n  - .*\n').pool).toBe('small');
  });
});
