import { describe, expect, it } from 'vitest';
import { nodesNeeded } from './bin-packing';

const GI = 1024 ** 3;
const node = { cpuMilli: 2000, memoryBytes: 8 * GI, pods: 110 };

describe('nodesNeeded', () => {
  it('packs by the scarcer resource', () => {
    expect(nodesNeeded(Array(8).fill({ cpuMilli: 500, memoryBytes: GI }), node)).toBe(2);
    expect(nodesNeeded(Array(8).fill({ cpuMilli: 100, memoryBytes: 3 * GI }), node)).toBe(4);
  });
  it('fills the gaps big pods leave with small ones', () => {
    expect(nodesNeeded([{ cpuMilli: 1500, memoryBytes: GI }, { cpuMilli: 1500, memoryBytes: GI }, { cpuMilli: 500, memoryBytes: GI }, { cpuMilli: 500, memoryBytes: GI }], node)).toBe(2);
  });
  it('respects the pod limit, and says Infinity for a pod no node holds', () => {
    expect(nodesNeeded(Array(5).fill({ cpuMilli: 1, memoryBytes: 1 }), { ...node, pods: 2 })).toBe(3);
    expect(nodesNeeded([{ cpuMilli: 3000, memoryBytes: 1 }], node)).toBe(Infinity);
    expect(nodesNeeded([], node)).toBe(0);
  });
});
