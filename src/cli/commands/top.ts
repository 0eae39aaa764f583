/**
 * top: kubectl top pod|node — resource usage from the Metrics API (metrics-server), which a
 * kubeadm cluster does not have until `kubemu addon enable metrics-server`.
 * Mirrors kubernetes/kubectl pkg/cmd/top (top_pod.go, top_node.go) and pkg/metricsutil
 * (metrics_printer.go, metrics_sorter.go): every cell TAB-terminated, CPU in millicores,
 * memory in MiB rounded down, node percentages against allocatable (or capacity).
 */
import { formatDuration } from '../../api/duration';
import type { KubeObject } from '../../api/meta';
import { milliValue, quantityOf, value } from '../../api/quantity';
import { parseSelector } from '../../api/labels';
import { ApiError, notFound } from '../../apiserver/errors';
import { serverSide } from '../../apiserver/authorization';
import {
  metricsApiServed, metricsServerReady, newUsageContext, nodeUsage, podUsage, type NodeUsage, type PodUsage,
} from '../../metrics';
import { renderTabbed } from '../../printers/table';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError } from '../errors';
import type { Cluster } from '../../cluster/cluster';
import { METRICS_GROUP } from '../../api/metrics-api';
import { runParent } from './parent-command';

export const ERR_METRICS_API = 'Metrics API not available';
export const ERR_SORT_BY = '--sort-by accepts only cpu or memory';
export const ERR_NAME_AND_SELECTOR = 'only one of NAME or --selector can be provided';
export const ERR_NOT_YET = 'metrics not available yet';
/** METRICS_CREATION_DELAY_MS: a pod older than this without metrics is reported as an error. */
export const METRICS_CREATION_DELAY_MS = 2 * 60 * 1000;
export const UNKNOWN = '<unknown>';
const MI = 1024 * 1024;

/** unavailable is the aggregator's 503 while metrics-server has no ready pod. */
function unavailable(resource: string): ApiError {
  return new ApiError('ServiceUnavailable' as never, 503, `the server is currently unable to handle the request (get ${resource}.${METRICS_GROUP})`);
}

const cpuCell = (m: number) => `${m}m`;
const memCell = (b: number) => `${Math.floor(b / MI)}Mi`;

function openMetrics(ctx: CommandContext, resource: string): Cluster {
  const sortBy = ctx.flags['sort-by'] || '';
  if (sortBy && sortBy !== 'cpu' && sortBy !== 'memory') throw new CliError(ERR_SORT_BY);
  const cluster = ctx.cluster();
  cluster.catchUp();
  const server = serverSide(cluster.api);
  if (!metricsApiServed(server)) throw new CliError(ERR_METRICS_API);
  if (!metricsServerReady(server)) throw unavailable(resource);
  return cluster;
}

/** sortDescending is a stable sort by a usage figure, largest first. */
function sortDescending<T>(items: T[], key: (t: T) => number): T[] {
  return items.map((t, i) => ({ t, i })).sort((a, b) => key(b.t) - key(a.t) || a.i - b.i).map((x) => x.t);
}

const podFlags = [
  { name: 'all-namespaces', short: 'A', type: 'bool', default: false, help: 'If present, list the requested object(s) across all namespaces. Namespace in current context is ignored even if specified with --namespace.' },
  { name: 'selector', short: 'l', type: 'string', help: 'Selector (label query) to filter on, supports \'=\', \'==\', \'!=\', \'in\', \'notin\'.(e.g. -l key1=value1,key2=value2,key3 in (value3)). Matching objects must satisfy all of the specified label constraints.' },
  { name: 'field-selector', type: 'string', help: 'Selector (field query) to filter on, supports \'=\', \'==\', and \'!=\'.' },
  { name: 'containers', type: 'bool', default: false, help: 'If present, print usage of containers within a pod.' },
  { name: 'sort-by', type: 'string', help: 'If non-empty, sort pods list using specified field. The field can be either \'cpu\' or \'memory\'.' },
  { name: 'no-headers', type: 'bool', default: false, help: 'If present, print output without headers.' },
  { name: 'sum', type: 'bool', default: false, help: 'Print the sum of the resource usage' },
  { name: 'use-protocol-buffers', type: 'bool', default: true, help: 'Enables using protocol-buffers to access Metrics API.' },
] as const;

const topPodCommand = defineCommand({
  name: 'pod',
  aliases: ['pods', 'po'],
  short: 'Display resource (CPU/memory) usage of pods',
  usage: 'kubectl top pod [NAME | -l label]',
  flags: [...podFlags],
  run(ctx) {
    const name = ctx.args[0];
    const selector = ctx.flags.selector;
    if (name && selector) throw new CliError(ERR_NAME_AND_SELECTOR);
    const all = !!ctx.flags['all-namespaces'] && !name;
    const ns = all ? undefined : ctx.namespace;
    const cluster = openMetrics(ctx, 'pods');
    const server = serverSide(cluster.api);
    const now = cluster.clock.nowMs();
    let metrics: PodUsage[] = [];
    cluster.read(() => {
      if (name) {
        cluster.api.tryGet({ kind: 'PodMetrics', namespace: ns, name }); // authorizes get pods.metrics.k8s.io
        const pod = server.tryGet({ kind: 'Pod', namespace: ns, name });
        const m = pod && podUsage(pod, server, now);
        if (!m) throw notFound(METRICS_GROUP, 'podmetrics', `${ns}/${name}`);
        metrics = [m];
        return;
      }
      cluster.api.list({ kind: 'PodMetrics', namespace: ns }); // authorizes list pods.metrics.k8s.io
      let pods = server.list({ kind: 'Pod', namespace: ns, labelSelector: selector, fieldSelector: ctx.flags['field-selector'] });
      if (selector) { const sel = parseSelector(selector); pods = pods.filter((p) => sel.matches(p.metadata.labels ?? {})); }
      const uctx = newUsageContext(server);
      metrics = pods.map((p) => podUsage(p, server, now, undefined, uctx)).filter((m): m is PodUsage => !!m);
      if (!metrics.length) verifyEmpty(pods, now);
    });
    if (!metrics.length) {
      ctx.io.err(all ? 'No resources found\n' : `No resources found in ${ns} namespace.\n`);
      return 0;
    }
    ctx.io.out(renderPods(metrics, { containers: !!ctx.flags.containers, namespace: all, noHeaders: !!ctx.flags['no-headers'], sortBy: ctx.flags['sort-by'] || '', sum: !!ctx.flags.sum }));
    return 0;
  },
});

/** verifyEmpty explains an empty metrics list as kubectl's verifyEmptyMetrics does. */
function verifyEmpty(pods: KubeObject[], now: number): void {
  if (!pods.length) return;
  for (const p of pods) {
    const age = now - Date.parse(p.metadata.creationTimestamp!);
    if (age > METRICS_CREATION_DELAY_MS) throw new CliError(`Metrics not available for pod ${p.metadata.namespace}/${p.metadata.name}, age: ${formatDuration(age)}`);
  }
  throw new CliError(ERR_NOT_YET);
}

/** PodTableOptions are top pod's printing switches. */
interface PodTableOptions { containers: boolean; namespace: boolean; noHeaders: boolean; sortBy: string; sum: boolean }

/** renderPods prints PodMetrics as metricsutil.PrintPodMetrics does. */
export function renderPods(metrics: PodUsage[], o: PodTableOptions): string {
  const total = (m: PodUsage) => ({ cpu: m.containers.reduce((s, c) => s + c.cpuMilli, 0), mem: m.containers.reduce((s, c) => s + c.memoryBytes, 0) });
  let sorted: PodUsage[];
  if (o.sortBy === 'cpu') sorted = sortDescending(metrics, (m) => total(m).cpu);
  else if (o.sortBy === 'memory') sorted = sortDescending(metrics, (m) => total(m).mem);
  else sorted = [...metrics].sort((a, b) => (o.namespace && a.namespace !== b.namespace ? (a.namespace < b.namespace ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const rows: string[][] = [];
  const header = [...(o.namespace ? ['NAMESPACE'] : []), ...(o.containers ? ['POD'] : []), 'NAME', 'CPU(cores)', 'MEMORY(bytes)'];
  if (!o.noHeaders) rows.push(header);
  for (const m of sorted) {
    const lead = o.namespace ? [m.namespace] : [];
    if (o.containers) {
      let cs = [...m.containers];
      if (o.sortBy === 'cpu') cs = sortDescending(cs, (c) => c.cpuMilli);
      else if (o.sortBy === 'memory') cs = sortDescending(cs, (c) => c.memoryBytes);
      else cs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const c of cs) rows.push([...lead, m.name, c.name, cpuCell(c.cpuMilli), memCell(c.memoryBytes)]);
    } else {
      const t = total(m);
      rows.push([...lead, m.name, cpuCell(t.cpu), memCell(t.mem)]);
    }
  }
  if (o.sum) {
    const width = header.length;
    const cpu = sorted.reduce((s, m) => s + total(m).cpu, 0);
    const mem = sorted.reduce((s, m) => s + total(m).mem, 0);
    rows.push([...Array(width - 2).fill(''), '________', '________']);
    rows.push([...Array(width - 3).fill(''), '', cpuCell(cpu), memCell(mem)]);
  }
  // Every cell is TAB-terminated: an empty last cell makes the tab writer pad them all.
  return renderTabbed(rows.map((r) => [...r, '']));
}

const topNodeCommand = defineCommand({
  name: 'node',
  aliases: ['nodes', 'no'],
  short: 'Display resource (CPU/memory) usage of nodes',
  usage: 'kubectl top node [NAME | -l label]',
  flags: [
    { name: 'selector', short: 'l', type: 'string', help: 'Selector (label query) to filter on, supports \'=\', \'==\', \'!=\', \'in\', \'notin\'.(e.g. -l key1=value1,key2=value2,key3 in (value3)). Matching objects must satisfy all of the specified label constraints.' },
    { name: 'sort-by', type: 'string', help: 'If non-empty, sort nodes list using specified field. The field can be either \'cpu\' or \'memory\'.' },
    { name: 'no-headers', type: 'bool', default: false, help: 'If present, print output without headers' },
    { name: 'show-capacity', type: 'bool', default: false, help: 'Print node resources based on Capacity instead of Allocatable(default) of the nodes.' },
    { name: 'use-protocol-buffers', type: 'bool', default: true, help: 'Enables using protocol-buffers to access Metrics API.' },
  ],
  run(ctx) {
    const name = ctx.args[0];
    const selector = ctx.flags.selector;
    if (name && selector) throw new CliError(ERR_NAME_AND_SELECTOR);
    const cluster = openMetrics(ctx, 'nodes');
    const server = serverSide(cluster.api);
    const now = cluster.clock.nowMs();
    let out = '';
    cluster.read(() => {
      let nodes: KubeObject[];
      let metrics: NodeUsage[];
      if (name) {
        cluster.api.tryGet({ kind: 'NodeMetrics', name }); // authorizes get nodes.metrics.k8s.io
        const node = server.tryGet({ kind: 'Node', name });
        const m = node && nodeUsage(node, server, now);
        if (!m) throw notFound(METRICS_GROUP, 'nodemetrics', name);
        cluster.api.get({ kind: 'Node', name });
        nodes = [node];
        metrics = [m];
      } else {
        cluster.api.list({ kind: 'NodeMetrics' });
        nodes = cluster.api.list({ kind: 'Node', labelSelector: selector });
        const uctx = newUsageContext(server);
        metrics = nodes.map((n) => nodeUsage(n, server, now, uctx)).filter((m): m is NodeUsage => !!m);
      }
      if (!metrics.length) return;
      const sortBy = ctx.flags['sort-by'] || '';
      const sorted = sortBy === 'cpu' ? sortDescending(metrics, (m) => m.cpuMilli)
        : sortBy === 'memory' ? sortDescending(metrics, (m) => m.memoryBytes)
          : [...metrics].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const field = ctx.flags['show-capacity'] ? 'capacity' : 'allocatable';
      const rows: string[][] = ctx.flags['no-headers'] ? [] : [['NAME', 'CPU(cores)', 'CPU(%)', 'MEMORY(bytes)', 'MEMORY(%)']];
      for (const m of sorted) {
        const node = nodes.find((n) => n.metadata.name === m.name)!;
        const avail = node.status?.[field] ?? {};
        const pct = (used: number, total: number | undefined) => (total === undefined ? undefined : `${total ? Math.trunc(used / total * 100) : 0}%`);
        const cpuAvail = avail.cpu !== undefined ? Number(milliValue(quantityOf(avail.cpu))) : undefined;
        const memAvail = avail.memory !== undefined ? Number(value(quantityOf(avail.memory))) : undefined;
        rows.push([m.name, cpuCell(m.cpuMilli), ...optional(pct(m.cpuMilli, cpuAvail)), memCell(m.memoryBytes), ...optional(pct(m.memoryBytes, memAvail))]);
      }
      const missing = nodes.filter((n) => !metrics.some((m) => m.name === n.metadata.name)).map((n) => n.metadata.name!).sort();
      for (const n of missing) rows.push([n, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN]);
      out = renderTabbed(rows.map((r) => [...r, '']));
    });
    ctx.io.out(out);
    return 0;
  },
});

function optional(cell: string | undefined): string[] {
  return cell === undefined ? [] : [cell];
}

/** topCommand is `kubectl top`. */
export const topCommand = defineCommand({
  name: 'top',
  short: 'Display resource (CPU/memory) usage',
  usage: 'kubectl top [flags] [options]',
  flags: [],
  subcommands: { pod: topPodCommand, pods: topPodCommand, po: topPodCommand, node: topNodeCommand, nodes: topNodeCommand, no: topNodeCommand },
  run(ctx): number { return runParent(ctx, topCommand, 'top'); },
});
