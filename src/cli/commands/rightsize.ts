/**
 * rightsize: `kubemu rightsize [-n NS | -A] [--percentile 95] [--window 24h] [--apply]` —
 * recommended requests per workload container from the use metrics-server saw (the VPA
 * recommender's target: src/metrics/recommender.ts), and how many nodes of the cluster's
 * worker shape the same pods need with them, against their current requests. --apply writes
 * the recommendations into the workloads' pod templates (limits keep their ratio to requests,
 * as the VPA does), which rolls them out. When that worker is a node pool's VM, the difference
 * in nodes is priced as `kubemu cost` prices a node: its VM size's hourly list price over a
 * month of 730 hours.
 */
import type { KubeObject } from '../../api/meta';
import { parseDuration } from '../../api/duration';
import { canonicalQuantity, milliValue, tryParseQuantity, value } from '../../api/quantity';
import { nodeAllocatable, podRequests } from '../../scheduler/resources';
import { nodesNeeded, type NodeShape, type PodShape } from '../../scheduler/bin-packing';
import { INSTANCE_TYPE_LABEL } from '../../cluster/node-pools';
import { vmSize, type VmSize } from '../../cluster/vm-sizes';
import { HOURS_PER_MONTH, money, perMonth } from '../../cost/money';
import { metricsApiServed } from '../../metrics/metrics-server';
import { newUsageContext } from '../../metrics/usage';
import { foldPod, readHistory, workloadOf, type WorkloadRef } from '../../metrics/usage-history';
import { cpuPercentile, hasSamples, memoryPeak, recommend, type Recommendation } from '../../metrics/recommender';
import { renderReport, reportColors } from '../../printers/report';
import type { CommandContext } from '../command';
import { leaf, ownVerb } from '../own-verb';
import { CliError } from '../errors';

/** FIELD_MANAGER writes --apply's changes. */
export const FIELD_MANAGER = 'kubemu-rightsize';
/** NO_METRICS is the error without metrics-server (nothing was observed). */
export const NO_METRICS = 'Metrics API not available';

const MI = 1024 * 1024;
const WORKLOAD_RESOURCE: Record<string, string> = { Deployment: 'deployment.apps', StatefulSet: 'statefulset.apps', DaemonSet: 'daemonset.apps', ReplicaSet: 'replicaset.apps', Job: 'job.batch', Pod: 'pod' };

const cpuText = (m: number) => `${Math.round(m)}m`;
const memText = (b: number) => `${Math.ceil(b / MI)}Mi`;
const requestText = (v: unknown, cpu: boolean) => { const q = tryParseQuantity(v as string); return q === undefined ? '<none>' : cpu ? cpuText(Number(milliValue(q))) : canonicalQuantity(v as string); };

/** Row is one workload container's figures. */
interface Row { namespace: string; workload: WorkloadRef; container: string; pods: KubeObject[]; spec: KubeObject['spec']; p: number; peak: number; rec: Recommendation }

/** onEveryNodeOrStatic: DaemonSet pods go with the nodes and static pods with their node's files; neither is right-sized or packed. */
const onEveryNodeOrStatic = (pod: KubeObject) => (pod.metadata.ownerReferences ?? []).some((r: { kind: string }) => r.kind === 'DaemonSet' || r.kind === 'Node');

/** Worker is the node shape the replay packs onto, and its VM size when it is a node pool's VM. */
interface Worker { shape: NodeShape; vm?: VmSize }

/** workerShape is what a schedulable worker node offers beyond what DaemonSet pods take on it. */
function workerShape(nodes: KubeObject[], pods: KubeObject[]): Worker | undefined {
  const workers = nodes.filter((n) => !n.spec?.unschedulable && !(n.spec?.taints ?? []).some((t: { effect: string }) => t.effect === 'NoSchedule'));
  const node = workers[0];
  if (!node) return undefined;
  const { resources, allowedPodNumber } = nodeAllocatable(node);
  const daemons = pods.filter((p) => p.spec?.nodeName === node.metadata.name && (p.metadata.ownerReferences ?? []).some((o: { kind: string }) => o.kind === 'DaemonSet'));
  const used = daemons.map((p) => podRequests(p));
  const shape = {
    cpuMilli: resources.milliCPU - used.reduce((s, r) => s + r.milliCPU, 0),
    memoryBytes: resources.memory - used.reduce((s, r) => s + r.memory, 0),
    pods: allowedPodNumber - daemons.length,
  };
  const vm = vmSize(node.metadata.labels?.[INSTANCE_TYPE_LABEL] ?? '');
  return vm ? { shape, vm } : { shape };
}

/** monthlyDifference prices the nodes saved (or added) by the recommendations: ", saving $X a month" or ", costing $X more a month". */
function monthlyDifference(before: number, after: number, vm: VmSize | undefined): string {
  if (!vm || before === after || !Number.isFinite(before) || !Number.isFinite(after)) return '';
  const amount = money(perMonth(Math.abs(before - after) * vm.pricePerHour));
  return before > after ? `, saving ${amount} a month` : `, costing ${amount} more a month`;
}

/** scaled is a quantity times a ratio, as the VPA scales a limit with its request. */
function scaledLimit(limit: unknown, oldRequest: unknown, newRequest: number, cpu: boolean): string | undefined {
  const l = tryParseQuantity(limit as string), r = tryParseQuantity(oldRequest as string);
  if (l === undefined) return undefined;
  if (r === undefined) return undefined;
  const lv = cpu ? Number(milliValue(l)) : Number(value(l)), rv = cpu ? Number(milliValue(r)) : Number(value(r));
  if (!rv) return undefined;
  const n = Math.ceil(newRequest * (lv / rv));
  return cpu ? cpuText(n) : memText(n);
}

function applyRows(ctx: CommandContext, rows: Row[]): string[] {
  const api = ctx.cluster().api;
  const out: string[] = [];
  const byWorkload = new Map<string, Row[]>();
  for (const r of rows) {
    const k = `${r.namespace}/${r.workload.kind}/${r.workload.name}`;
    byWorkload.set(k, [...(byWorkload.get(k) ?? []), r]);
  }
  for (const group of byWorkload.values()) {
    const { namespace, workload } = group[0]!;
    const name = `${WORKLOAD_RESOURCE[workload.kind] ?? workload.kind.toLowerCase()}/${workload.name}`;
    if (!['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet'].includes(workload.kind)) { out.push(`${name} skipped: its pods' resources cannot be changed in place`); continue; }
    const obj = structuredClone(api.get({ kind: workload.kind, namespace, name: workload.name }));
    let changed = false;
    for (const r of group) {
      const c = (obj.spec?.template?.spec?.containers ?? []).find((x: { name: string }) => x.name === r.container);
      if (!c) continue;
      const res = c.resources ??= {};
      const requests = { ...(res.requests ?? {}) };
      const limits = { ...(res.limits ?? {}) };
      const cpu = cpuText(r.rec.cpuMilli), mem = memText(r.rec.memoryBytes);
      const cpuLimit = scaledLimit(limits.cpu, requests.cpu, r.rec.cpuMilli, true);
      const memLimit = scaledLimit(limits.memory, requests.memory, Math.ceil(r.rec.memoryBytes / MI) * MI, false);
      if (cpuLimit) limits.cpu = cpuLimit;
      if (memLimit) limits.memory = memLimit;
      if (requests.cpu !== cpu || requests.memory !== mem) changed = true;
      requests.cpu = cpu; requests.memory = mem;
      res.requests = requests;
      if (Object.keys(limits).length) res.limits = limits;
    }
    if (!changed) { out.push(`${name} unchanged`); continue; }
    api.update(obj, { fieldManager: FIELD_MANAGER });
    out.push(`${name} resources updated`);
  }
  return out;
}

/** usage is a command-line mistake, with the hint yargs gives for its own (`See 'kubemu rightsize --help' for usage.`). */
const usage = (message: string) => new CliError(`${message}\nSee 'kubemu rightsize --help' for usage.`);

const rightsizeLeaf = leaf({
  command: 'rightsize',
  describe: 'Recommend requests from observed use, and the nodes they would need (kubemu)',
  options: {
    percentile: { type: 'number', default: 95, describe: 'CPU percentile of the observed use to request (1-100)' },
    window: { type: 'string', default: '24h', describe: 'how much history to read (up to 8 days)' },
    apply: { type: 'boolean', describe: "write the recommendations into the workloads' pod templates" },
    'all-namespaces': { alias: 'A', type: 'boolean', describe: 'every namespace' },
  },
  examples: [
    ['$0 rightsize', "recommendations for the current namespace's workloads"],
    ['$0 rightsize -A --percentile 90 --window 7d', 'every namespace, the 90th percentile of a week'],
    ['$0 rightsize --apply', 'set the recommended requests'],
  ],
  run(ctx, opts) {
    if (!(opts.percentile >= 1 && opts.percentile <= 100)) throw usage(`--percentile must be from 1 to 100, got ${String(opts.percentile)}`);
    let windowMs: number;
    try { windowMs = parseDuration(opts.window.replace(/^(\d+)d$/, (_, d) => `${Number(d) * 24}h`)); } catch { throw usage(`invalid --window "${opts.window}": want a duration like 6h, 24h, 7d`); }
    if (windowMs <= 0) throw usage('--window must be greater than 0');
    const all = !!opts['all-namespaces'];
    const cluster = ctx.cluster();
    const o = { percentile: opts.percentile / 100, windowMs, nowMs: cluster.clock.nowMs() };
    let rows: Row[] = [];
    let summary = '';
    let applied: string[] = [];
    cluster.write(() => {
      const api = cluster.api;
      if (!metricsApiServed(api)) throw new CliError(NO_METRICS);
      const allPods = api.list({ kind: 'Pod' });
      const pods = allPods.filter((p) => (all || p.metadata.namespace === ctx.namespace) && !p.metadata.deletionTimestamp && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed');
      // Bring the history up to now before reading it.
      const uctx = newUsageContext(api);
      for (const p of pods) foldPod(api, p, o.nowMs, uctx);
      const seen = new Map<string, Row[]>();
      for (const pod of pods) {
        if (onEveryNodeOrStatic(pod)) continue;
        const namespace = pod.metadata.namespace!;
        const workload = workloadOf(api, pod);
        const k = `${namespace}/${workload.kind}/${workload.name}`;
        const existing = seen.get(k);
        if (existing) { for (const r of existing) r.pods.push(pod); continue; }
        const history = readHistory(api, namespace, workload);
        const containers = pod.spec?.containers ?? [];
        const group: Row[] = [];
        for (const c of containers) {
          const h = history?.containers[c.name];
          if (!h || !hasSamples(h, o)) continue;
          group.push({ namespace, workload, container: c.name, pods: [pod], spec: c, p: cpuPercentile(h, o), peak: memoryPeak(h, o), rec: recommend(h, containers.length, o) });
        }
        seen.set(k, group);
      }
      rows = [...seen.values()].flat().sort((a, b) => a.namespace.localeCompare(b.namespace) || a.workload.kind.localeCompare(b.workload.kind) || a.workload.name.localeCompare(b.workload.name) || a.container.localeCompare(b.container));
      // The replay: the same pods, at their requests now and at the recommendations.
      const worker = workerShape(api.list({ kind: 'Node' }), allPods);
      const shape = worker?.shape;
      const measured = new Set(rows.map((r) => `${r.namespace}/${r.workload.kind}/${r.workload.name}`));
      const scoped = pods.filter((p) => !onEveryNodeOrStatic(p) && measured.has(`${p.metadata.namespace}/${workloadOf(api, p).kind}/${workloadOf(api, p).name}`));
      if (worker && shape && scoped.length) {
        const now: PodShape[] = scoped.map((p) => { const r = podRequests(p); return { cpuMilli: r.milliCPU, memoryBytes: r.memory }; });
        const recByPod = (p: KubeObject): PodShape => {
          const w = workloadOf(api, p);
          const mine = rows.filter((r) => r.namespace === p.metadata.namespace && r.workload.kind === w.kind && r.workload.name === w.name);
          return { cpuMilli: mine.reduce((s, r) => s + r.rec.cpuMilli, 0), memoryBytes: mine.reduce((s, r) => s + Math.ceil(r.rec.memoryBytes / MI) * MI, 0) };
        };
        const before = nodesNeeded(now, shape), after = nodesNeeded(scoped.map(recByPod), shape);
        const n = (k: number) => (k === Infinity ? 'no node' : `${k} node${k === 1 ? '' : 's'}`);
        const priced = worker.vm ? `${worker.vm.name} at ${money(worker.vm.pricePerHour)}/h × ${HOURS_PER_MONTH}h; ` : '';
        summary = `${scoped.length} pod${scoped.length === 1 ? '' : 's'} fit on ${n(after)} instead of ${n(before)}${monthlyDifference(before, after, worker.vm)} (${priced}${shape.cpuMilli}m CPU, ${memText(shape.memoryBytes)} memory, ${shape.pods} pods free on each worker)`;
      }
      if (opts.apply && rows.length) applied = applyRows(ctx, rows);
    });
    if (!rows.length) {
      ctx.io.err(`No observed use${all ? '' : ` in ${ctx.namespace} namespace`} in the last ${opts.window}.\n`);
      return 0;
    }
    const head = [...(all ? ['NAMESPACE'] : []), 'WORKLOAD', 'CONTAINER', 'PODS', 'CPU REQUEST', `CPU P${opts.percentile}`, 'CPU RECOMMENDED', 'MEMORY REQUEST', 'MEMORY PEAK', 'MEMORY RECOMMENDED'];
    const body = rows.map((r) => [
      ...(all ? [r.namespace] : []), `${WORKLOAD_RESOURCE[r.workload.kind] ?? r.workload.kind.toLowerCase()}/${r.workload.name}`, r.container, String(r.pods.length),
      requestText(r.spec.resources?.requests?.cpu, true), cpuText(r.p), cpuText(r.rec.cpuMilli),
      requestText(r.spec.resources?.requests?.memory, false), memText(r.peak), memText(r.rec.memoryBytes),
    ]);
    ctx.io.out(renderReport(head, body, { colors: reportColors(ctx.env, ctx.io.isTTY) }));
    if (summary) ctx.io.out(`\n${summary}\n`);
    if (applied.length) ctx.io.out(`\n${applied.join('\n')}\n`);
    return 0;
  },
});

/** rightsizeCommand is `kubemu rightsize`. */
export const rightsizeCommand = ownVerb(rightsizeLeaf);
