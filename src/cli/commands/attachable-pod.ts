/**
 * attachable-pod: the pod that `kubectl attach` and `kubectl port-forward` reach for a
 * POD, TYPE/NAME or TYPE NAME argument — the pod itself, or for a Service or workload the
 * most active pod its selector matches, waiting (fast-forwarded) up to --pod-running-timeout
 * for one to exist.
 * Mirrors kubernetes/kubectl pkg/polymorphichelpers/attachablepodforobject.go and
 * pkg/cmd/util/podcmd GetFirstPod (sorted by sort.Reverse(podutils.ActivePods)).
 */
import { selectorMatches } from '../../api/label-selector';
import type { KubeObject } from '../../api/meta';
import { notFound } from '../../apiserver/errors';
import type { CommandContext } from '../command';
import { CliError } from '../errors';
import { ERR_POD_WAIT_TIMEOUT } from './attach-stream';
import { waitUntil } from './sim-wait';

/** notImplemented is kubectl's error for an object that has no pods to attach to. */
export const notImplemented = (kind: string): string => `cannot attach to *v1.${kind}: not implemented`;

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

/** selectorOf is the label selector an object picks its pods with (a Service's map or a workload's LabelSelector). */
function selectorOf(obj: KubeObject): Record<string, any> | undefined {
  const sel = obj.spec?.selector;
  if (!sel) return undefined;
  if (obj.kind === 'Service') return Object.keys(sel).length ? { matchLabels: sel } : undefined;
  return sel.matchLabels || sel.matchExpressions ? sel : undefined;
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

/** attachablePod resolves the object to its pod; with no pod yet, waits up to timeoutMs of simulated time for one. */
export function attachablePod(ctx: CommandContext, obj: KubeObject, timeoutMs: number): KubeObject {
  if (obj.kind === 'Pod') return obj;
  const selector = selectorOf(obj);
  if (!selector) throw new CliError(notImplemented(obj.kind));
  const cluster = ctx.cluster();
  const first = (): KubeObject | undefined => cluster.api.list({ kind: 'Pod', namespace: obj.metadata.namespace })
    .filter((p) => selectorMatches(selector as never, p.metadata.labels ?? {}))
    .sort(byMostActive)[0];
  let pod = cluster.read(first);
  if (!pod && waitUntil(ctx, () => !!first(), timeoutMs)) pod = cluster.read(first);
  if (!pod) throw new CliError(ERR_POD_WAIT_TIMEOUT);
  return pod;
}
