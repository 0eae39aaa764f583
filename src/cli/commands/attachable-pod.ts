/**
 * attachable-pod: the pod that `kubectl attach` and `kubectl port-forward` reach for a
 * POD, TYPE/NAME or TYPE NAME argument — the pod itself, or for a Service or workload the
 * most active pod its selector matches, waiting (fast-forwarded) up to --pod-running-timeout
 * for one to exist.
 * Mirrors kubernetes/kubectl pkg/polymorphichelpers/attachablepodforobject.go and
 * pkg/cmd/util/podcmd GetFirstPod (sorted by sort.Reverse(podutils.ActivePods)).
 */
import { labelSelectorHints, selectorMatches } from '../../api/label-selector';
import type { KubeObject } from '../../api/meta';
import { notFound } from '../../apiserver/errors';
import type { CommandContext } from '../command';
import { CliError } from '../errors';
import { WAIT_TIMEOUT } from './sim-wait';
import { waitUntil } from './sim-wait';

/** notImplemented is SelectorsForObject's error, wrapped by AttachablePodForObject, for a kind that has no pods. */
export const notImplemented = (kind: string): string => `cannot attach to *v1.${kind}: selector for *v1.${kind} not implemented`;
/** noServiceSelector is the same for a Service without a selector (one whose Endpoints are managed by hand). */
export const noServiceSelector = (name: string): string => `cannot attach to *v1.Service: invalid service '${name}': Service is defined without a selector`;

/** targetObject reads the object a POD | TYPE/NAME | TYPE NAME argument names (a bare name is a pod). */
export function targetObject(ctx: CommandContext, args: string[]): KubeObject {
  const cluster = ctx.cluster();
  let type = 'pods';
  let name = args[0] ?? '';
  if (args.length >= 2) [type, name] = [args[0]!, args[1]!];
  else if (name.includes('/')) [type, name] = [name.slice(0, name.indexOf('/')), name.slice(name.indexOf('/') + 1)];
  const info = cluster.api.registry().resolve(type);
  const obj = cluster.read(() => cluster.api.tryGet({ kind: info.storageKind, namespace: info.namespaced ? ctx.namespace : undefined, name }));
  if (!obj) throw notFound(info.group, info.resource, name);
  return obj;
}

/** WORKLOAD_KINDS pick their pods with a LabelSelector (SelectorsForObject's cases). */
const WORKLOAD_KINDS = new Set(['ReplicaSet', 'StatefulSet', 'DaemonSet', 'Deployment', 'Job']);

/**
 * selectorOf is the label selector an object picks its pods with: a Service's or a
 * ReplicationController's map, or a workload's LabelSelector; null (no pod matches) for a
 * workload without one, as LabelSelectorAsSelector(nil) is labels.Nothing().
 */
function selectorOf(obj: KubeObject): Record<string, any> | null {
  const sel = obj.spec?.selector;
  if (obj.kind === 'Service') {
    if (!sel || !Object.keys(sel).length) throw new CliError(noServiceSelector(obj.metadata.name!));
    return { matchLabels: sel };
  }
  if (obj.kind === 'ReplicationController') return { matchLabels: sel ?? {} };
  if (WORKLOAD_KINDS.has(obj.kind)) return sel ?? null;
  throw new CliError(notImplemented(obj.kind));
}

/** phaseOrdinal is podutils' order of phases: Pending < Unknown < Running. */
function phaseOrdinal(pod: KubeObject): number {
  return ({ Pending: 0, Unknown: 1, Running: 2 } as Record<string, number>)[pod.status?.phase] ?? 0;
}

function readySince(pod: KubeObject): number | undefined {
  const c = (pod.status?.conditions ?? []).find((x: { type: string; status: string }) => x.type === 'Ready' && x.status === 'True');
  return c ? Date.parse(c.lastTransitionTime ?? '') || 0 : undefined;
}

function restartsOf(pod: KubeObject): number {
  return Math.max(0, ...(pod.status?.containerStatuses ?? []).map((s: { restartCount?: number }) => s.restartCount ?? 0));
}

/**
 * byMostActive orders pods as sort.Reverse(ActivePods) does: assigned before unassigned,
 * Running before Unknown before Pending, ready before not ready, ready longer first, fewer
 * restarts first, older first (then by name, where Go's unstable sort leaves ties open).
 */
export function byMostActive(a: KubeObject, b: KubeObject): number {
  const ra = readySince(a);
  const rb = readySince(b);
  return Number(!a.spec?.nodeName) - Number(!b.spec?.nodeName)
    || phaseOrdinal(b) - phaseOrdinal(a)
    || Number(rb !== undefined) - Number(ra !== undefined)
    || (ra !== undefined && rb !== undefined ? ra - rb : 0)
    || restartsOf(a) - restartsOf(b)
    || String(a.metadata.creationTimestamp).localeCompare(String(b.metadata.creationTimestamp))
    || a.metadata.name!.localeCompare(b.metadata.name!);
}

/**
 * byLogging orders pods as podutils.ByLogging does for `logs TYPE/NAME`: assigned before
 * unassigned, Running (and any phase the map lacks) before Unknown before Pending, ready
 * before not ready, ready longer first, more restarts first, older first (then by name, the
 * list's order, which Go's insertion sort keeps for ties).
 */
export function byLogging(a: KubeObject, b: KubeObject): number {
  const rank = (p: KubeObject) => ({ Unknown: 1, Pending: 2 } as Record<string, number>)[p.status?.phase] ?? 0;
  const ra = readySince(a);
  const rb = readySince(b);
  return Number(!a.spec?.nodeName) - Number(!b.spec?.nodeName)
    || rank(a) - rank(b)
    || Number(rb !== undefined) - Number(ra !== undefined)
    || (ra !== undefined && rb !== undefined ? ra - rb : 0)
    || restartsOf(b) - restartsOf(a)
    || String(a.metadata.creationTimestamp).localeCompare(String(b.metadata.creationTimestamp))
    || a.metadata.name!.localeCompare(b.metadata.name!);
}

/** attachablePod resolves the object to its pod; with no pod yet, waits up to timeoutMs of simulated time for one. */
export function attachablePod(ctx: CommandContext, obj: KubeObject, timeoutMs: number): KubeObject {
  if (obj.kind === 'Pod') return obj;
  const selector = selectorOf(obj);
  const cluster = ctx.cluster();
  const first = (): KubeObject | undefined => {
    if (!selector) return undefined;
    return cluster.api.list({ kind: 'Pod', namespace: obj.metadata.namespace, mayContain: labelSelectorHints(selector as never) })
      .filter((p) => selectorMatches(selector as never, p.metadata.labels ?? {}))
      .sort(byMostActive)[0];
  };
  let pod = cluster.read(first);
  if (!pod && waitUntil(ctx, () => !!first(), timeoutMs)) pod = cluster.read(first);
  if (!pod) throw new CliError(WAIT_TIMEOUT);
  return pod;
}
