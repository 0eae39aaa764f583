/**
 * drain: kubectl drain NODE — cordon, then evict (or delete) every pod on the node except
 * mirror pods and, with --ignore-daemonsets, DaemonSet pods; wait until they are gone.
 * Mirrors kubectl pkg/cmd/drain/drain.go (RunDrain, deleteOrEvictPodsSimple) and
 * pkg/drain (filters.go, drain.go evictPods/waitForDelete).
 * kubemu: kubectl's per-pod goroutines become one loop over simulated time: the clock is
 * fast-forwarded to the next 5s eviction retry or 1s deletion poll instead of sleeping.
 */
import { formatDuration } from '../../api/duration';
import type { KubeObject } from '../../api/meta';
import { parseSelector } from '../../api/labels';
import { ApiError, isNotFound } from '../../apiserver/errors';
import type { Cluster } from '../../cluster/cluster';
import { defineCommand, type Command, type CommandContext, type FlagsContext } from '../command';
import { CliError, SilentExit, UsageError } from '../errors';
import type { FlagDef } from '../flags';
import { defineFlags } from '../flag-table';
import { dryRunSuffix, parseDryRun } from './apply';
import { nodesFor, setUnschedulable } from './cordon';
import { durationFlag } from './sim-wait';
import { isMirrorPod } from '../../api/mirror-pod';

export const DAEMONSET_FATAL = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)';
export const DAEMONSET_WARNING = 'ignoring DaemonSet-managed Pods';
export const LOCAL_STORAGE_FATAL = 'Pods with local storage (use --delete-emptydir-data to override)';
export const LOCAL_STORAGE_WARNING = 'deleting Pods with local storage';
export const UNMANAGED_FATAL = 'cannot delete Pods that declare no controller (use --force to override)';
export const UNMANAGED_WARNING = 'deleting Pods that declare no controller';
/** EVICTION_RETRY_MS is kubectl's pause after a 429 from the eviction API. */
export const EVICTION_RETRY_MS = 5000;
/** DELETE_POLL_MS is waitForDelete's poll interval. */
export const DELETE_POLL_MS = 1000;
/** DRAIN_WAIT_CAP_MS bounds a drain without --timeout (kubectl would wait forever). */
export const DRAIN_WAIT_CAP_MS = 60 * 60_000;
const FIELD_MANAGER = 'kubectl';
/** ERROR_ORDER and WARNING_ORDER fix the order kubectl's map iteration leaves open (as the reference shows it). */
const ERROR_ORDER = [LOCAL_STORAGE_FATAL, UNMANAGED_FATAL, DAEMONSET_FATAL];
const WARNING_ORDER = [UNMANAGED_WARNING, LOCAL_STORAGE_WARNING, DAEMONSET_WARNING];

/** PodDeleteStatus is one filter's verdict on a pod. */
interface PodDeleteStatus { delete: boolean; reason: 'okay' | 'skip' | 'warning' | 'error'; message?: string }
const okay = (): PodDeleteStatus => ({ delete: true, reason: 'okay' });

/** DrainOptions are the filter-relevant flags. */
export interface DrainOptions { ignoreDaemonSets: boolean; deleteEmptyDirData: boolean; force: boolean; skipWaitForDeleteTimeoutSeconds: number }

/** podDeleteStatus runs kubectl's filters in order; the last verdict stands, a non-delete verdict stops the chain. */
export function podDeleteStatus(pod: KubeObject, opts: DrainOptions, nowMs: number, lookup: (kind: string, ns: string, name: string) => KubeObject | undefined): PodDeleteStatus {
  const terminal = pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
  const controller = pod.metadata.ownerReferences?.find((r) => r.controller);
  const filters: (() => PodDeleteStatus)[] = [
    () => {
      const del = pod.metadata.deletionTimestamp;
      if (del && opts.skipWaitForDeleteTimeoutSeconds > 0 && nowMs - Date.parse(del) > opts.skipWaitForDeleteTimeoutSeconds * 1000) return { delete: false, reason: 'skip' };
      return okay();
    },
    () => {
      if (controller?.kind !== 'DaemonSet') return okay();
      if (!lookup('DaemonSet', pod.metadata.namespace!, controller.name)) {
        const msg = `daemonsets.apps "${controller.name}" not found`;
        return opts.force ? { delete: true, reason: 'warning', message: msg } : { delete: false, reason: 'error', message: msg };
      }
      return opts.ignoreDaemonSets ? { delete: false, reason: 'warning', message: DAEMONSET_WARNING } : { delete: false, reason: 'error', message: DAEMONSET_FATAL };
    },
    () => (isMirrorPod(pod) ? { delete: false, reason: 'skip' } : okay()),
    () => {
      const local = (pod.spec?.volumes ?? []).some((v: { emptyDir?: unknown }) => v.emptyDir);
      if (!local || terminal) return okay();
      return opts.deleteEmptyDirData ? { delete: true, reason: 'warning', message: LOCAL_STORAGE_WARNING } : { delete: false, reason: 'error', message: LOCAL_STORAGE_FATAL };
    },
    () => {
      if (terminal || controller) return okay();
      return opts.force ? { delete: true, reason: 'warning', message: UNMANAGED_WARNING } : { delete: false, reason: 'error', message: UNMANAGED_FATAL };
    },
  ];
  let status = okay();
  for (const f of filters) {
    status = f();
    if (!status.delete) break;
  }
  return status;
}

function group(items: { pod: KubeObject; status: PodDeleteStatus }[], reason: 'error' | 'warning', order: string[]): [string, string[]][] {
  const by = new Map<string, string[]>();
  for (const { pod, status } of items) {
    if (status.reason !== reason) continue;
    const msg = status.message || 'unexpected error';
    by.set(msg, [...(by.get(msg) ?? []), `${pod.metadata.namespace}/${pod.metadata.name}`]);
  }
  const rank = (m: string) => (order.indexOf(m) < 0 ? order.length : order.indexOf(m));
  return [...by].sort(([a], [b]) => rank(a) - rank(b));
}

/** podsForDeletion is GetPodsForDeletion: every pod on the node with its verdict, plus the errors. */
function podsForDeletion(cluster: Cluster, nodeName: string, podSelector: string | undefined, opts: DrainOptions) {
  const sel = podSelector ? parseSelector(podSelector) : undefined;
  const pods = cluster.api.podsOnNode(nodeName)
    .filter((p) => !sel || sel.matches(p.metadata.labels ?? {}))
    .sort((a, b) => `${a.metadata.namespace}/${a.metadata.name}`.localeCompare(`${b.metadata.namespace}/${b.metadata.name}`));
  const now = cluster.clock.nowMs();
  const lookup = (kind: string, ns: string, name: string) => cluster.api.tryGet({ kind, namespace: ns, name });
  const items = pods.map((pod) => ({ pod, status: podDeleteStatus(pod, opts, now, lookup) }));
  const errors = group(items, 'error', ERROR_ORDER).map(([msg, names]) => `cannot delete ${msg}: ${names.join(', ')}`);
  const warnings = group(items, 'warning', WARNING_ORDER).map(([msg, names]) => `${msg}: ${names.join(', ')}`).join('; ');
  return { items, errors, warnings, toDelete: items.filter((i) => i.status.delete).map((i) => i.pod) };
}

interface Tracked { pod: KubeObject; next: number; state: 'evict' | 'wait' | 'done' }

/**
 * evictPods evicts (or deletes) the pods and waits for them to go, advancing simulated time.
 * Returns the errors (empty on success). A server dry run sends each eviction (or deletion) as
 * one: the server checks it, nothing goes, and kubectl does not wait for the pod.
 */
function evictPods(ctx: CommandContext, cluster: Cluster, pods: KubeObject[], useEviction: boolean, gracePeriod: number, timeoutMs: number, serverDryRun: boolean): string[] {
  const errors: string[] = [];
  const start = cluster.clock.nowMs();
  // kubemu: without --timeout kubectl waits forever; a simulated drain gives up after an hour.
  const deadline = start + (timeoutMs > 0 ? timeoutMs : DRAIN_WAIT_CAP_MS);
  const timeoutText = timeoutMs > 0 ? formatDuration(timeoutMs) : `${formatDuration(DRAIN_WAIT_CAP_MS)} (kubemu: a drain without --timeout gives up after 1h of simulated time)`;
  const opts = { fieldManager: FIELD_MANAGER, dryRun: serverDryRun, ...(gracePeriod >= 0 ? { gracePeriodSeconds: gracePeriod } : {}) };
  const tracked: Tracked[] = pods.map((pod) => ({ pod, next: start, state: 'evict' }));
  const ref = (p: KubeObject) => ({ kind: 'Pod', namespace: p.metadata.namespace, name: p.metadata.name! });
  if (!useEviction) {
    for (const t of tracked) {
      try { cluster.write(() => cluster.api.delete(ref(t.pod), opts)); } catch (e) { if (!isNotFound(e)) throw e; }
      t.state = serverDryRun ? 'done' : 'wait';
    }
  }
  for (;;) {
    const now = cluster.clock.nowMs();
    for (const t of tracked) {
      if (t.state !== 'evict' || t.next > now) continue;
      const { namespace: ns, name } = t.pod.metadata;
      ctx.io.out(`evicting pod ${ns}/${name}${serverDryRun ? ' (server dry run)' : ''}\n`);
      if (now >= deadline) {
        errors.push(`error when evicting pods/"${name}" -n "${ns}": global timeout reached: ${timeoutText}`);
        t.state = 'done';
        continue;
      }
      try {
        cluster.write(() => cluster.api.evict(ref(t.pod), opts));
        t.state = serverDryRun ? 'done' : 'wait';
      } catch (e) {
        if (isNotFound(e)) { t.state = 'done'; continue; }
        if (e instanceof ApiError && e.reason === 'TooManyRequests') {
          ctx.io.err(`error when evicting pods/"${name}" -n "${ns}" (will retry after 5s): ${e.message}\n`);
          t.next = now + EVICTION_RETRY_MS;
          continue;
        }
        if (!(e instanceof ApiError)) throw e;
        errors.push(`error when evicting pods/"${name}" -n "${ns}": ${e.message}`);
        t.state = 'done';
      }
    }
    for (const t of tracked) {
      if (t.state !== 'wait') continue;
      const p = cluster.api.tryGet(ref(t.pod));
      if (!p || p.metadata.uid !== t.pod.metadata.uid) {
        ctx.io.out(`pod/${t.pod.metadata.name} evicted\n`);
        t.state = 'done';
      } else if (now >= deadline) {
        errors.push(`error when waiting for pod "${t.pod.metadata.name}" in namespace "${t.pod.metadata.namespace}" to terminate: global timeout reached: ${timeoutText}`);
        t.state = 'done';
      }
    }
    const open = tracked.filter((t) => t.state !== 'done');
    if (!open.length) return errors;
    let next = Math.min(...open.map((t) => (t.state === 'evict' ? t.next : now + DELETE_POLL_MS)));
    if (next > deadline && open.some((t) => t.state === 'wait')) next = Math.max(now + 1, deadline);
    cluster.advance(next - now);
  }
}

const FLAGS = defineFlags([
  { name: 'ignore-daemonsets', type: 'bool', default: false, help: 'Ignore DaemonSet-managed pods.' },
  { name: 'delete-emptydir-data', type: 'bool', default: false, help: 'Continue even if there are pods using emptyDir (local data that will be deleted when the node is drained).' },
  { name: 'force', type: 'bool', default: false, help: 'Continue even if there are pods that do not declare a controller.' },
  { name: 'grace-period', type: 'int', default: -1, help: 'Period of time in seconds given to each pod to terminate gracefully. If negative, the default value specified in the pod will be used.' },
  { name: 'timeout', type: 'duration', default: '0s', help: 'The length of time to wait before giving up, zero means infinite' },
  { name: 'pod-selector', type: 'string', default: '', help: 'Label selector to filter pods on the node' },
  { name: 'selector', short: 'l', type: 'string', help: 'Selector (label query) to filter on' },
  { name: 'disable-eviction', type: 'bool', default: false, help: 'Force drain to use delete, even if eviction is supported.' },
  { name: 'skip-wait-for-delete-timeout', type: 'int', default: 0, help: 'If pod DeletionTimestamp older than N seconds, skip waiting for the pod.' },
  { name: 'chunk-size', type: 'int', default: 500, help: 'Return large lists in chunks rather than all at once.' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged', help: 'Must be "none", "server", or "client".' },
]);

/** drainCommand is `kubectl drain`. */
export const drainCommand = defineCommand({
  name: 'drain',
  short: 'Drain node in preparation for maintenance',
  usage: 'kubemu drain NODE [options]',
  flags: FLAGS,
  run(ctx): number {
    const selector = ctx.flags.selector;
    if (!ctx.args.length && !selector) throw new UsageError('USAGE: drain NODE [flags]', 'drain');
    const dryRun = parseDryRun(ctx.flags['dry-run']);
    const timeoutMs = durationFlag(ctx.flags.timeout, 'timeout');
    const opts: DrainOptions = {
      ignoreDaemonSets: !!ctx.flags['ignore-daemonsets'],
      deleteEmptyDirData: !!ctx.flags['delete-emptydir-data'],
      force: !!ctx.flags.force,
      skipWaitForDeleteTimeoutSeconds: ctx.flags['skip-wait-for-delete-timeout'],
    };
    const podSelector = ctx.flags['pod-selector'] || undefined;
    if (podSelector) {
      try { parseSelector(podSelector); } catch (e) { throw new CliError((e as Error).message); }
    }
    const cluster = ctx.cluster();
    const nodes = nodesFor(cluster, ctx.args, selector);
    for (const node of nodes) setUnschedulable(ctx, cluster, node, true, dryRun);
    const remaining: string[] = [];
    const fatal: string[][] = [];
    for (const node of nodes) {
      const name = node.metadata.name!;
      const err = drainOne(ctx, cluster, name, podSelector, opts, dryRun, timeoutMs);
      if (err === undefined) {
        ctx.io.out(`node/${name} drained${dryRunSuffix(dryRun)}\n`);
        continue;
      }
      ctx.io.err(`error: unable to drain node "${name}" due to error: ${aggregate(err)}, continuing command...\n`);
      remaining.push(name);
      fatal.push(err);
    }
    if (!remaining.length) return 0;
    ctx.io.err('There are pending nodes to be drained:\n');
    for (const n of remaining) ctx.io.err(` ${n}\n`);
    // RunDrain returns an aggregate of each node's aggregate. CheckErr unwraps the outer one when it
    // holds one node's, and prints an aggregate's errors as bare lines (MultipleErrors): one node's
    // errors a line each, or several nodes' a line each ("[a, b]" for a node with several).
    for (const line of fatal.length === 1 ? fatal[0]! : fatal.map(aggregate)) ctx.io.err(`${line}\n`);
    throw new SilentExit(1);
  },
});

function aggregate(errs: readonly string[]): string {
  return errs.length === 1 ? errs[0]! : `[${errs.join(', ')}]`;
}

/** drainOne is deleteOrEvictPodsSimple for one node; returns the errors, or undefined on success. */
function drainOne(ctx: FlagsContext<typeof FLAGS>, cluster: Cluster, name: string, podSelector: string | undefined, opts: DrainOptions, dryRun: string, timeoutMs: number): string[] | undefined {
  const list = podsForDeletion(cluster, name, podSelector, opts);
  if (list.errors.length) return list.errors;
  if (list.warnings) ctx.io.err(`Warning: ${list.warnings}\n`);
  if (dryRun === 'client') {
    for (const p of list.toDelete) ctx.io.out(`evicting pod ${p.metadata.namespace}/${p.metadata.name} (dry run)\n`);
    return undefined;
  }
  if (!list.toDelete.length) return undefined;
  const errs = evictPods(ctx, cluster, list.toDelete, !ctx.flags['disable-eviction'], ctx.flags['grace-period'], timeoutMs, dryRun === 'server');
  if (!errs.length) return undefined;
  const pending = podsForDeletion(cluster, name, podSelector, opts).toDelete;
  if (pending.length) {
    ctx.io.err(`There are pending pods in node "${name}" when an error occurred: ${aggregate(errs)}\n`);
    for (const p of pending) ctx.io.err(`pod/${p.metadata.name}\n`);
  }
  return errs;
}
