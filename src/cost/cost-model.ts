/**
 * cost-model: what the nodes cost over a period and who the cost is for.
 *  - A node is billed as its VM for the time it ran (node-hours × the VM size's hourly price);
 *    an Azure reservation covering R of a pool's VMs bills up to R of its running nodes at the
 *    reservation's discount (spread evenly over the pool's running nodes).
 *  - OpenCost's allocation model splits each node's cost into a CPU part and a RAM part (by
 *    OpenCost's default per-vCPU-hour and per-GiB-hour prices), and each part among the pods by
 *    their share of the node's allocatable they request; what no pod requests is `__idle__`.
 * Pure: records in, rows out.
 */

/** NodeRecord / PodRecord are the billing record's shapes (controllers/nodelifetime). */
export interface NodeRecord { name: string; uid: string; start: number; stop?: number; pool?: string; vmSize?: string; cpuMilli: number; memory: number }
export interface PodRecord { uid: string; namespace: string; name: string; workload: string; cpuMilli: number; memory: number; start: number; stop?: number }

/** PoolPricing is what a pool's reservation covers. */
export interface PoolPricing { reservedInstances?: number; reservationDiscountPercent?: number }

/**
 * OpenCost's default prices per vCPU-hour and per GiB-hour: opencost/opencost configs/default.json
 * ("CPU": "0.031611", "RAM": "0.004237", described there as based on GCP us-central1).
 */
export const OPENCOST_CPU_HOURLY = 0.031611;
export const OPENCOST_RAM_GIB_HOURLY = 0.004237;
export const IDLE = '__idle__';
const HOUR = 3_600_000;
const GIB = 1024 ** 3;

export type CostGrouping = 'pool' | 'namespace' | 'workload' | 'node';

export interface CostRow { name: string; hours: number; cpuCoreHours: number; memGiBHours: number; cost: number }

export interface CostReport {
  since: number; until: number;
  total: number;
  rows: CostRow[];
  /** nodeCount samples the number of running nodes at evenly spaced times over the period. */
  nodeCount: number[];
  /** runRate is the hourly cost of the nodes running at `until`. */
  runRate: number;
  /** unpriced names the nodes whose VM size has no price (not of a node pool). */
  unpriced: string[];
}

export interface CostInput {
  since: number; until: number; by: CostGrouping;
  nodes: readonly NodeRecord[];
  pods: (node: string) => readonly PodRecord[];
  price: (vmSize: string | undefined) => number | undefined;
  pricing: (pool: string | undefined) => PoolPricing;
  samples?: number;
}

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/** computeCost sweeps the period segment by segment (between any two node start/stop times). */
export function computeCost(input: CostInput): CostReport {
  const { since, until } = input;
  const nodes = input.nodes.filter((n) => n.start < until && (n.stop ?? Infinity) > since);
  const rows = new Map<string, CostRow>();
  const row = (name: string) => rows.get(name) ?? rows.set(name, { name, hours: 0, cpuCoreHours: 0, memGiBHours: 0, cost: 0 }).get(name)!;
  const unpriced = new Set<string>();
  // Each node's effective price changes only when its pool's running count does.
  const cuts = [...new Set([since, until, ...nodes.flatMap((n) => [n.start, n.stop ?? until])])].filter((t) => t >= since && t <= until).sort((a, b) => a - b);
  let total = 0;
  for (let i = 0; i + 1 < cuts.length; i++) {
    const t0 = cuts[i]!, t1 = cuts[i + 1]!;
    const running = nodes.filter((n) => n.start <= t0 && (n.stop ?? Infinity) >= t1);
    const perPool = new Map<string | undefined, number>();
    for (const n of running) perPool.set(n.pool, (perPool.get(n.pool) ?? 0) + 1);
    for (const n of running) {
      const list = input.price(n.vmSize);
      if (list === undefined) { unpriced.add(n.name); continue; }
      const { reservedInstances = 0, reservationDiscountPercent = 0 } = input.pricing(n.pool);
      const count = perPool.get(n.pool)!;
      const covered = Math.min(count, reservedInstances) / count;
      const price = list * (1 - covered * reservationDiscountPercent / 100);
      const hours = (t1 - t0) / HOUR;
      const nodeCost = price * hours;
      total += nodeCost;
      if (input.by === 'pool' || input.by === 'node') {
        const r = row(input.by === 'pool' ? n.pool ?? '-' : n.name);
        r.hours += hours; r.cost += nodeCost;
        r.cpuCoreHours += n.cpuMilli / 1000 * hours; r.memGiBHours += n.memory / GIB * hours;
        continue;
      }
      // The CPU and RAM parts of this node's cost, split by requests over allocatable.
      const cpuW = n.cpuMilli / 1000 * OPENCOST_CPU_HOURLY, ramW = n.memory / GIB * OPENCOST_RAM_GIB_HOURLY;
      const cpuPart = nodeCost * cpuW / (cpuW + ramW), ramPart = nodeCost - cpuPart;
      let allocated = 0;
      for (const p of input.pods(n.name)) {
        const ms = overlap(p.start, p.stop ?? Infinity, t0, t1);
        if (!ms) continue;
        const frac = ms / (t1 - t0);
        const c = cpuPart * Math.min(1, p.cpuMilli / n.cpuMilli) * frac + ramPart * Math.min(1, p.memory / n.memory) * frac;
        const r = row(input.by === 'namespace' ? p.namespace : `${p.namespace}/${p.workload}`);
        r.hours += ms / HOUR; r.cost += c;
        r.cpuCoreHours += p.cpuMilli / 1000 * ms / HOUR; r.memGiBHours += p.memory / GIB * ms / HOUR;
        allocated += c;
      }
      const idle = row(IDLE);
      idle.cost += nodeCost - allocated;
    }
  }
  const samples = input.samples ?? 40;
  const nodeCount: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = since + (until - since) * (i + 0.5) / samples;
    nodeCount.push(nodes.filter((n) => n.start <= t && (n.stop ?? Infinity) > t).length);
  }
  const atEnd = nodes.filter((n) => n.start <= until && (n.stop ?? Infinity) > until);
  const poolCount = new Map<string | undefined, number>();
  for (const n of atEnd) poolCount.set(n.pool, (poolCount.get(n.pool) ?? 0) + 1);
  const runRate = atEnd.reduce((s, n) => {
    const list = input.price(n.vmSize) ?? 0;
    const { reservedInstances = 0, reservationDiscountPercent = 0 } = input.pricing(n.pool);
    const count = poolCount.get(n.pool)!;
    return s + list * (1 - Math.min(count, reservedInstances) / count * reservationDiscountPercent / 100);
  }, 0);
  const sorted = [...rows.values()].sort((a, b) => (a.name === IDLE ? 1 : b.name === IDLE ? -1 : b.cost - a.cost || a.name.localeCompare(b.name)));
  return { since, until, total, rows: sorted, nodeCount, runRate, unpriced: [...unpriced].sort() };
}

const BLOCKS = '▁▂▃▄▅▆▇█';

/** sparkline draws values as block characters scaled to the largest (a zero is a space). */
export function sparkline(values: readonly number[]): string {
  const max = Math.max(0, ...values);
  return values.map((v) => (v <= 0 || !max ? ' ' : BLOCKS[Math.min(BLOCKS.length - 1, Math.ceil(v / max * BLOCKS.length) - 1)])).join('');
}
