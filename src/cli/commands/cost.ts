/**
 * cost: kubemu cost — what the cluster's nodes cost over a stretch of simulated time, split
 * by node pool, node, namespace or workload (OpenCost's allocation by requests, with an
 * `__idle__` row), with a chart of the node count and a monthly projection.
 */
import { parseDuration } from '../../api/duration';
import { listPools } from '../../cluster/node-pools';
import { PRICE_REGION, PRICES_AS_OF, vmSize } from '../../cluster/vm-sizes';
import { COST_HOLDER, NODES_KEY, podsKey, type NodeLife, type PodSpan } from '../../controllers/nodelifetime';
import { computeCost, IDLE, sparkline, type CostGrouping, type CostReport } from '../../cost/cost-model';
import { HOURS_PER_MONTH, money, perMonth } from '../../cost/money';
import { renderReport } from '../../printers/report';
import type { CommandContext } from '../command';
import { leaf, ownVerb } from '../own-verb';
import { CliError } from '../errors';

const GROUPINGS: readonly CostGrouping[] = ['pool', 'namespace', 'workload', 'node'];
const OUTPUTS = ['table', 'json', 'csv'] as const;

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, 'Z');

/** parseTime reads --since/--until: a duration back from now (2h) or an RFC 3339 time. */
function parseTime(v: string, now: number, flag: string): number {
  try { return now - parseDuration(v); } catch { /* not a duration */ }
  const t = Date.parse(v);
  if (Number.isNaN(t)) throw new CliError(`invalid --${flag} "${v}": a duration (2h) or an RFC 3339 time (2026-01-01T00:00:00Z) is expected`);
  return t;
}

function renderTable(r: CostReport, by: CostGrouping): string {
  const head = [by.toUpperCase(), 'HOURS', 'CPU CORE-HOURS', 'MEM GIB-HOURS', 'COST', 'SHARE'];
  const rows = r.rows.map((x) => [x.name, x.hours.toFixed(2), x.cpuCoreHours.toFixed(2), x.memGiBHours.toFixed(2), money(x.cost), r.total ? `${(x.cost / r.total * 100).toFixed(1)}%` : '-']);
  rows.push(['TOTAL', '', '', '', money(r.total), '']);
  const hours = (r.until - r.since) / 3_600_000;
  const max = Math.max(0, ...r.nodeCount);
  const lines = [
    `Node cost from ${iso(r.since)} to ${iso(r.until)} (${hours.toFixed(2)}h), Azure pay-as-you-go list prices (${PRICE_REGION}, ${PRICES_AS_OF})`,
    '',
    renderReport(head, rows).trimEnd(),
    '',
    `Nodes   |${sparkline(r.nodeCount)}| max ${max}`,
    `Month   ${money(perMonth(r.runRate))} at the current rate (${money(r.runRate)}/h × ${HOURS_PER_MONTH}h); ${money(hours ? perMonth(r.total / hours) : 0)} at this period's average`,
  ];
  if (r.unpriced.length) lines.push(`Not priced (no VM size): ${r.unpriced.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

function renderCsv(r: CostReport, by: CostGrouping): string {
  const out = [`${by},hours,cpu_core_hours,mem_gib_hours,cost`];
  for (const x of r.rows) out.push([x.name, x.hours.toFixed(4), x.cpuCoreHours.toFixed(4), x.memGiBHours.toFixed(4), x.cost.toFixed(6)].join(','));
  out.push(['TOTAL', '', '', '', r.total.toFixed(6)].join(','));
  return `${out.join('\n')}\n`;
}

export const costCommand = ownVerb(leaf({
  command: 'cost',
  describe: 'What the nodes cost over simulated time, by pool, node, namespace or workload',
  options: {
    since: { type: 'string', describe: 'Start: a duration back from now (24h) or an RFC 3339 time (default: the cluster\'s start).' },
    until: { type: 'string', describe: 'End: a duration back from now or an RFC 3339 time (default: now).' },
    by: { type: 'string', default: 'pool', describe: `Group by ${GROUPINGS.join(', ')}.` },
    output: { type: 'string', alias: 'o', default: 'table', describe: `Output: ${OUTPUTS.join(', ')}.` },
  },
  examples: [
    ['$0 cost --since 24h --by namespace', 'the last simulated day, split by requests, with the idle share'],
    ['$0 cost -o csv --by node', 'node-hours and cost per node as CSV'],
  ],
  run(ctx: CommandContext, opts): number {
    const by = opts.by as CostGrouping;
    if (!GROUPINGS.includes(by)) throw new CliError(`--by must be one of ${GROUPINGS.join(', ')}, got "${opts.by}"`);
    if (!OUTPUTS.includes(opts.output as never)) throw new CliError(`--output must be one of ${OUTPUTS.join(', ')}, got "${opts.output}"`);
    const cluster = ctx.cluster();
    const report = cluster.read(() => {
      const now = cluster.clock.nowMs();
      const nodes = cluster.api.nodeLocalState<NodeLife[]>(COST_HOLDER, NODES_KEY) ?? [];
      const since = opts.since != null ? parseTime(String(opts.since), now, 'since') : Math.min(now, ...nodes.map((n) => n.start));
      const until = opts.until != null ? parseTime(String(opts.until), now, 'until') : now;
      if (until <= since) throw new CliError('--until must be after --since');
      const pools = new Map(listPools(cluster.api).map((p) => [p.name, p]));
      const podCache = new Map<string, PodSpan[]>();
      return computeCost({
        since, until, by, nodes,
        pods: (node) => podCache.get(node) ?? podCache.set(node, cluster.api.nodeLocalState<PodSpan[]>(COST_HOLDER, podsKey(node)) ?? []).get(node)!,
        price: (size) => (size ? vmSize(size)?.pricePerHour : undefined),
        pricing: (pool) => pools.get(pool ?? '') ?? {},
      });
    });
    if (opts.output === 'json') {
      ctx.io.out(`${JSON.stringify({
        since: iso(report.since), until: iso(report.until), by, currency: 'USD', pricesAsOf: PRICES_AS_OF, region: PRICE_REGION,
        rows: report.rows, total: report.total, idle: report.rows.find((r) => r.name === IDLE)?.cost ?? 0,
        nodeCount: report.nodeCount, hourlyRunRate: report.runRate, monthlyAtRunRate: perMonth(report.runRate), unpriced: report.unpriced,
      }, null, 2)}\n`);
    } else ctx.io.out(opts.output === 'csv' ? renderCsv(report, by) : renderTable(report, by));
    return 0;
  },
}));
