import { describe, expect, it } from 'vitest';
import { computeCost, IDLE, sparkline, type NodeRecord, type PodRecord } from './cost-model';

const H = 3_600_000;
const GI = 1024 ** 3;
const node = (name: string, start: number, stop?: number): NodeRecord => ({ name, uid: name, start, stop, pool: 'user', vmSize: 'Standard_D4s_v5', cpuMilli: 4000, memory: 16 * GI });
const NODES = [node('a', 0), node('b', H, 2 * H), node('gone', -2 * H, -H)];
const PODS: Record<string, PodRecord[]> = {
  a: [{ uid: 'p1', namespace: 'shop', name: 'web-1', workload: 'Deployment/web', cpuMilli: 2000, memory: 8 * GI, start: 0 }],
  b: [{ uid: 'p2', namespace: 'batch', name: 'job-1', workload: 'Job/job', cpuMilli: 1000, memory: 4 * GI, start: H, stop: 1.5 * H }],
};
const base = { since: 0, until: 2 * H, nodes: NODES, pods: (n: string) => PODS[n] ?? [], price: (s?: string) => (s === 'Standard_D4s_v5' ? 0.192 : undefined), pricing: () => ({}) };

describe('cost model (hand computations)', () => {
  it('bills each node its VM price for the hours it ran inside the period', () => {
    const r = computeCost({ ...base, by: 'node' });
    // a: 2 h, b: 1 h, gone: outside the period — 3 node-hours × $0.192.
    expect(r.total).toBeCloseTo(0.576, 10);
    expect(r.rows.map((x) => [x.name, +x.hours.toFixed(6), +x.cost.toFixed(6)])).toEqual([['a', 2, 0.384], ['b', 1, 0.192]]);
    expect(r.runRate).toBeCloseTo(0.192, 10);
  });

  it('an Azure reservation bills the covered share of the pool\'s running nodes at its discount', () => {
    const r = computeCost({ ...base, by: 'pool', pricing: () => ({ reservedInstances: 1, reservationDiscountPercent: 40 }) });
    // 0–1 h: one node, covered: 0.192 × 0.6; 1–2 h: two nodes, half covered: 2 × 0.192 × (1 − 0.5 × 0.4).
    expect(r.total).toBeCloseTo(0.1152 + 0.3072, 10);
  });

  it('splits node cost by requests over allocatable, the rest is __idle__', () => {
    const r = computeCost({ ...base, by: 'namespace' });
    // web-1 requests half of a's CPU and half its memory for 2 h: half of a's $0.384.
    // job-1 a quarter of b for half an hour: 0.192 × 0.25 × 0.5.
    const by = Object.fromEntries(r.rows.map((x) => [x.name, x.cost]));
    expect(by.shop).toBeCloseTo(0.192, 10);
    expect(by.batch).toBeCloseTo(0.024, 10);
    expect(by[IDLE]).toBeCloseTo(0.576 - 0.192 - 0.024, 10);
    expect(r.rows.at(-1)!.name).toBe(IDLE);
  });

  it('groups by workload as namespace/kind/name', () => {
    const r = computeCost({ ...base, by: 'workload' });
    expect(r.rows.map((x) => x.name)).toEqual(['shop/Deployment/web', 'batch/Job/job', IDLE]);
  });

  it('samples the node count over the period and draws it as blocks', () => {
    const r = computeCost({ ...base, by: 'pool', samples: 4 });
    expect(r.nodeCount).toEqual([1, 1, 2, 2]);
    expect(sparkline(r.nodeCount)).toBe('▄▄██');
    expect(sparkline([0, 1])).toBe(' █');
  });
});
