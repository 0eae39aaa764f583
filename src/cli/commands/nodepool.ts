/**
 * nodepool: kubemu nodepool list|add|scale|update|delete|autoscaler-profile — AKS node pools,
 * shaped like `az aks nodepool` (--name, --node-vm-size, --node-count, --mode, --node-taints,
 * --labels, --zones, --enable-cluster-autoscaler --min-count --max-count). The pool's nodes
 * are VMs of the cloud: they register with AKS's names and labels, and the cluster autoscaler
 * resizes pools that have it enabled.
 */
import { parseDuration } from '../../api/duration';
import type { Cluster } from '../../cluster/cluster';
import {
  addInstances, autoscalerProfile, CRITICAL_ADDONS_ONLY_TAINT, listPools, removeInstance, saveAutoscalerProfile, savePools, scaleSetId,
} from '../../cluster/node-pools';
import { DEFAULT_VM_SIZE, VM_SIZES, vmSize } from '../../cluster/vm-sizes';
import { poolOfNode, vmssName, type NodePool, type PoolMode } from '../../controllers/clusterautoscaler/cloud-provider';
import { EXPANDERS } from '../../controllers/clusterautoscaler/expander';
import { renderReport } from '../../printers/report';
import type { CommandContext } from '../command';
import { leaf, ownVerb } from '../own-verb';
import { CliError } from '../errors';
import { parseTaint } from './taint';

const POOL_NAME = /^[a-z][a-z0-9]{0,11}$/;

function reconcileCtx(cluster: Cluster) {
  return { api: cluster.api, clock: cluster.clock, rand: cluster.rand };
}

function seedOf(cluster: Cluster): number {
  return Number((JSON.parse(cluster.store.meta.get('cluster.spec') ?? '{}') as { seed?: number }).seed ?? 1);
}

function findPool(pools: NodePool[], name: string | undefined): NodePool {
  if (!name) throw new CliError('the following arguments are required: --name');
  const pool = pools.find((p) => p.name === name);
  if (!pool) throw new CliError(`(NotFound) Node pool ${name} not found.`);
  return pool;
}

function parseLabels(s: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (s ?? '').split(/[\s,]+/).filter(Boolean)) {
    const i = part.indexOf('=');
    if (i <= 0) throw new CliError(`invalid label "${part}": expected key=value`);
    out[part.slice(0, i)] = part.slice(i + 1);
  }
  return out;
}

function checkAutoscalerCounts(min: number | undefined, max: number | undefined, count: number): void {
  if (min === undefined || max === undefined) throw new CliError('Please specify both min-count and max-count when enabling cluster autoscaler');
  if (min > max) throw new CliError('value of min-count should be less than or equal to value of max-count');
  if (count < min || count > max) throw new CliError('node-count is not in the range of min-count and max-count');
}

const nameOption = { name: { type: 'string', describe: 'Name of the node pool.' } } as const;

const list = leaf({
  command: 'list',
  describe: 'List the cluster\'s node pools',
  run(ctx: CommandContext): number {
    const cluster = ctx.cluster();
    const pools = cluster.read(() => listPools(cluster.api));
    if (!pools.length) { ctx.io.err('No node pools: add one with `kubemu nodepool add --name NAME`\n'); return 0; }
    const nodes = cluster.read(() => cluster.api.list({ kind: 'Node' }));
    const rows = pools.map((p) => [
      p.name, p.mode, p.vmSize, String(nodes.filter((n) => poolOfNode(n) === p.name).length), String(p.count),
      p.enableAutoscaler ? `${p.minCount}-${p.maxCount}` : '-', p.zones.length ? p.zones.join(',') : '-',
      `$${vmSize(p.vmSize)!.pricePerHour.toFixed(4)}`, vmssName(p),
    ]);
    ctx.io.out(renderReport(['NAME', 'MODE', 'VM SIZE', 'NODES', 'TARGET', 'AUTOSCALE', 'ZONES', 'PRICE/H', 'SCALE SET'], rows));
    return 0;
  },
});

const add = leaf({
  command: 'add',
  describe: 'Add a node pool',
  options: {
    ...nameOption,
    'node-vm-size': { type: 'string', default: DEFAULT_VM_SIZE, describe: `VM size: ${VM_SIZES.map((s) => s.name).join(', ')}.` },
    'node-count': { type: 'number', default: 3, describe: 'Number of nodes.' },
    mode: { type: 'string', default: 'User', describe: 'System or User.' },
    'max-pods': { type: 'number', default: 110, describe: 'Pods per node.' },
    'enable-cluster-autoscaler': { type: 'boolean', default: false, describe: 'Let the cluster autoscaler resize the pool between --min-count and --max-count.' },
    'min-count': { type: 'number', describe: 'Fewest nodes the autoscaler keeps.' },
    'max-count': { type: 'number', describe: 'Most nodes the autoscaler adds.' },
    'node-taints': { type: 'string', describe: 'Taints, key=value:Effect, comma separated.' },
    labels: { type: 'string', describe: 'Labels, key=value, space or comma separated.' },
    zones: { type: 'string', describe: 'Availability zones, e.g. "1 2 3" (nodes spread round-robin).' },
    'only-critical-addons': { type: 'boolean', default: false, describe: 'System pool for critical add-ons only (CriticalAddonsOnly=true:NoSchedule).' },
    'reserved-instances': { type: 'number', describe: 'How many of the pool\'s VMs an Azure reservation covers (kubemu cost).' },
    'reservation-discount': { type: 'number', describe: 'The reservation\'s discount on the list price, in percent.' },
  },
  examples: [
    ['$0 nodepool add --name userpool --node-vm-size Standard_D4s_v5 --node-count 1 --enable-cluster-autoscaler --min-count 1 --max-count 5', 'an autoscaled user pool'],
    ['$0 nodepool add --name sys --mode System --node-count 2 --only-critical-addons --zones "1 2 3"', 'a system pool for critical add-ons'],
  ],
  run(ctx: CommandContext, opts): number {
    const name = opts.name;
    if (!name) throw new CliError('the following arguments are required: --name');
    if (!POOL_NAME.test(name)) throw new CliError(`(InvalidParameter) The agent pool name ${name} is invalid: it must start with a lowercase letter, have at most 12 characters and only lowercase letters and numbers.`);
    const size = vmSize(opts['node-vm-size']);
    if (!size) throw new CliError(`unknown VM size "${opts['node-vm-size']}" (known: ${VM_SIZES.map((s) => s.name).join(', ')})`);
    const mode = opts.mode.toLowerCase() === 'system' ? 'System' : opts.mode.toLowerCase() === 'user' ? 'User' : undefined;
    if (!mode) throw new CliError(`--mode must be System or User, got "${opts.mode}"`);
    const count = opts['node-count'];
    if (!Number.isInteger(count) || count < 0) throw new CliError(`--node-count must be a whole number of at least 0, got ${count}`);
    if (opts['enable-cluster-autoscaler']) checkAutoscalerCounts(opts['min-count'], opts['max-count'], count);
    const taints = (opts['node-taints'] ?? '').split(',').filter(Boolean).map(parseTaint);
    if (opts['only-critical-addons']) taints.push(CRITICAL_ADDONS_ONLY_TAINT);
    const cluster = ctx.cluster();
    cluster.write(() => {
      const pools = listPools(cluster.api);
      if (pools.some((p) => p.name === name)) throw new CliError(`(AgentPoolAlreadyExists) Node pool ${name} already exists.`);
      const pool: NodePool = {
        name, vmSize: size.name, mode: mode as PoolMode, count: 0, maxPods: opts['max-pods'],
        enableAutoscaler: !!opts['enable-cluster-autoscaler'],
        ...(opts['enable-cluster-autoscaler'] ? { minCount: opts['min-count'], maxCount: opts['max-count'] } : {}),
        labels: parseLabels(opts.labels), taints,
        zones: (opts.zones ?? '').split(/[\s,]+/).filter(Boolean),
        id: scaleSetId(name, seedOf(cluster)), nextInstance: 0,
        ...(opts['reserved-instances'] !== undefined ? { reservedInstances: opts['reserved-instances'], reservationDiscountPercent: opts['reservation-discount'] ?? 0 } : {}),
      };
      pools.push(pool);
      // A pool made with the cluster's own command is up at once, as `az aks nodepool add` returns after provisioning.
      addInstances(reconcileCtx(cluster), pool, count, { booted: true });
      savePools(cluster.api, pools);
    });
    ctx.io.out(`nodepool/${name} created\n`);
    return 0;
  },
});

/** resize adds or removes nodes (the newest first) until the pool has count. */
function resize(cluster: Cluster, pools: NodePool[], pool: NodePool, count: number): void {
  const rc = reconcileCtx(cluster);
  if (count > pool.count) { addInstances(rc, pool, count - pool.count); return; }
  const mine = cluster.api.list({ kind: 'Node' }).filter((n) => poolOfNode(n) === pool.name)
    .sort((a, b) => b.metadata.name!.localeCompare(a.metadata.name!));
  for (const node of mine.slice(0, pool.count - count)) removeInstance(rc, pool, node.metadata.name!);
  pool.count = count;
  void pools;
}

const scale = leaf({
  command: 'scale',
  describe: 'Set a node pool\'s node count',
  options: { ...nameOption, 'node-count': { type: 'number', describe: 'Number of nodes.' } },
  examples: [['$0 nodepool scale --name userpool --node-count 0', 'remove every node of the pool']],
  run(ctx: CommandContext, opts): number {
    const count = opts['node-count'];
    if (count === undefined || !Number.isInteger(count) || count < 0) throw new CliError('--node-count must be a whole number of at least 0');
    const cluster = ctx.cluster();
    cluster.write(() => {
      const pools = listPools(cluster.api);
      const pool = findPool(pools, opts.name);
      if (pool.enableAutoscaler) throw new CliError('Cannot scale cluster autoscaler enabled node pool.');
      resize(cluster, pools, pool, count);
      savePools(cluster.api, pools);
    });
    ctx.io.out(`nodepool/${opts.name} scaled\n`);
    return 0;
  },
});

const update = leaf({
  command: 'update',
  describe: 'Change a node pool\'s autoscaler, labels, taints or mode',
  options: {
    ...nameOption,
    'enable-cluster-autoscaler': { type: 'boolean', describe: 'Turn the autoscaler on (with --min-count, --max-count).' },
    'disable-cluster-autoscaler': { type: 'boolean', describe: 'Turn the autoscaler off.' },
    'update-cluster-autoscaler': { type: 'boolean', describe: 'Change --min-count/--max-count.' },
    'min-count': { type: 'number' }, 'max-count': { type: 'number' },
    mode: { type: 'string', describe: 'System or User.' },
    labels: { type: 'string', describe: 'Labels for new nodes, key=value.' },
    'node-taints': { type: 'string', describe: 'Taints for new nodes ("" removes them).' },
  },
  run(ctx: CommandContext, opts): number {
    const cluster = ctx.cluster();
    cluster.write(() => {
      const pools = listPools(cluster.api);
      const pool = findPool(pools, opts.name);
      if (opts['enable-cluster-autoscaler'] || opts['update-cluster-autoscaler']) {
        if (opts['enable-cluster-autoscaler'] && pool.enableAutoscaler) throw new CliError('Cluster autoscaler is already enabled for this node pool.\nPlease run "az aks nodepool update --update-cluster-autoscaler" if you want to update min-count or max-count.');
        if (opts['update-cluster-autoscaler'] && !pool.enableAutoscaler) throw new CliError('Cluster autoscaler is not enabled for this node pool.\nRun "az aks nodepool update --enable-cluster-autoscaler" to enable cluster with min-count and max-count.');
        checkAutoscalerCounts(opts['min-count'], opts['max-count'], Math.min(Math.max(pool.count, opts['min-count'] ?? 0), opts['max-count'] ?? pool.count));
        Object.assign(pool, { enableAutoscaler: true, minCount: opts['min-count'], maxCount: opts['max-count'] });
        if (pool.count < pool.minCount!) resize(cluster, pools, pool, pool.minCount!);
        if (pool.count > pool.maxCount!) resize(cluster, pools, pool, pool.maxCount!);
      }
      if (opts['disable-cluster-autoscaler']) { pool.enableAutoscaler = false; delete pool.minCount; delete pool.maxCount; }
      if (opts.mode) pool.mode = opts.mode.toLowerCase() === 'system' ? 'System' : 'User';
      if (opts.labels !== undefined) pool.labels = parseLabels(opts.labels);
      if (opts['node-taints'] !== undefined) pool.taints = opts['node-taints'].split(',').filter(Boolean).map(parseTaint);
      savePools(cluster.api, pools);
    });
    ctx.io.out(`nodepool/${opts.name} updated\n`);
    return 0;
  },
});

const remove = leaf({
  command: 'delete',
  describe: 'Delete a node pool and its nodes',
  options: nameOption,
  run(ctx: CommandContext, opts): number {
    const cluster = ctx.cluster();
    cluster.write(() => {
      const pools = listPools(cluster.api);
      const pool = findPool(pools, opts.name);
      resize(cluster, pools, pool, 0);
      savePools(cluster.api, pools.filter((p) => p !== pool));
    });
    ctx.io.out(`nodepool/${opts.name} deleted\n`);
    return 0;
  },
});

const profile = leaf({
  command: 'autoscaler-profile',
  describe: 'Show or change the cluster autoscaler\'s settings (az aks update --cluster-autoscaler-profile)',
  options: {
    expander: { type: 'string', describe: `One of ${EXPANDERS.join(', ')}.` },
    'scale-down-unneeded-time': { type: 'string', describe: 'How long a node must be unneeded before removal (10m).' },
    'scale-down-delay-after-add': { type: 'string', describe: 'How long after a scale-up scale-down waits (10m).' },
    'scale-down-utilization-threshold': { type: 'number', describe: 'Requested share below which a node is unneeded (0.5).' },
    'scan-interval': { type: 'string', describe: 'How often the autoscaler looks at the cluster (10s).' },
  },
  run(ctx: CommandContext, opts): number {
    const cluster = ctx.cluster();
    const ms = (v: string | undefined, flag: string) => {
      if (v === undefined) return undefined;
      try { return parseDuration(v); } catch { throw new CliError(`invalid --${flag} "${v}": a duration such as 10m is expected`); }
    };
    if (opts.expander !== undefined && !EXPANDERS.includes(opts.expander as never)) throw new CliError(`--expander must be one of ${EXPANDERS.join(', ')}, got "${opts.expander}"`);
    const p = cluster.write(() => {
      const next = { ...autoscalerProfile(cluster.api) };
      if (opts.expander !== undefined) next.expander = opts.expander;
      const unneeded = ms(opts['scale-down-unneeded-time'], 'scale-down-unneeded-time');
      if (unneeded !== undefined) next.scaleDownUnneededTimeMs = unneeded;
      const delay = ms(opts['scale-down-delay-after-add'], 'scale-down-delay-after-add');
      if (delay !== undefined) next.scaleDownDelayAfterAddMs = delay;
      if (opts['scale-down-utilization-threshold'] !== undefined) next.scaleDownUtilizationThreshold = opts['scale-down-utilization-threshold'];
      const scan = ms(opts['scan-interval'], 'scan-interval');
      if (scan !== undefined) {
        if (scan < 1000 || scan % 1000) throw new CliError(`invalid --scan-interval "${opts['scan-interval']}": whole seconds, at least 1s`);
        next.scanIntervalMs = scan;
      }
      saveAutoscalerProfile(cluster.api, next);
      return next;
    });
    ctx.io.out(renderReport(['SETTING', 'VALUE'], [
      ['expander', p.expander], ['scale-down-unneeded-time', `${p.scaleDownUnneededTimeMs / 1000}s`],
      ['scale-down-delay-after-add', `${p.scaleDownDelayAfterAddMs / 1000}s`], ['scale-down-utilization-threshold', String(p.scaleDownUtilizationThreshold)],
      ['scan-interval', `${p.scanIntervalMs / 1000}s`],
    ]));
    return 0;
  },
});

export const nodepoolCommand = ownVerb({
  command: 'nodepool',
  describe: 'AKS node pools: list, add, scale, update, delete, and the cluster autoscaler\'s settings',
  subcommands: [list, add, scale, update, remove, profile],
});
