/**
 * load-model: request load driven at a Service or a Deployment (`kubemu load`), and how it lands on
 * pods. A load is a list of segments (requests per second from a time, until a time or for
 * good) kept in the target's `kubemu.io/load` annotation, so it is an API object's state that
 * watches see and `get -o yaml` shows. At any moment each segment's requests spread evenly
 * over the target's ready backends, as kube-proxy's random choice does on average; each
 * request adds its image's cost (src/kubelet/images.ts requestCost) to the serving container.
 * Ended segments stay (a week) so usage history can be recomputed for the past.
 * Pure over the objects it is given, so both the kubelet (memory over the limit from load is
 * OOMKilled) and metrics-server (usage) read it.
 */
import type { KubeObject } from './meta';
import { selectorMatches } from './label-selector';

/** ObjectLister is the one read the load model needs: a namespace's objects of a kind. */
export interface ObjectLister { list(q: { kind: string; namespace?: string; mayContain?: readonly string[] }): readonly KubeObject[] }

/** LOAD_ANNOTATION holds a target's load segments (JSON). */
export const LOAD_ANNOTATION = 'kubemu.io/load';
/** LOAD_HINT: what the JSON of an object with a load holds (ListQuery.mayContain): most have none. */
const LOAD_HINT = [`${JSON.stringify(LOAD_ANNOTATION)}:`];
/** LOAD_KINDS are the kinds a load can target. */
export const LOAD_KINDS = ['Deployment', 'Service'] as const;
/** LOAD_RETENTION_MS is how long an ended segment is kept: the longest usage window. */
export const LOAD_RETENTION_MS = 8 * 24 * 3_600_000;

/** LoadSegment is `rps` requests per second from `from` until `until` (RFC 3339; open when absent). */
export interface LoadSegment { rps: number; from: string; until?: string }

/** TargetLoad is one target's load: its segments and the pods that can serve it. */
export interface TargetLoad { target: KubeObject; segments: LoadSegment[]; backends: KubeObject[] }

/** loadSegments reads a target's segments; a malformed annotation is no load. */
export function loadSegments(obj: KubeObject): LoadSegment[] {
  const text = obj.metadata.annotations?.[LOAD_ANNOTATION];
  if (!text) return [];
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.filter((s) => typeof s?.rps === 'number' && typeof s?.from === 'string') : [];
  } catch { return []; }
}

/** rpsAt is the target's requests per second at atMs. */
export function rpsAt(segments: readonly LoadSegment[], atMs: number): number {
  let rps = 0;
  for (const s of segments) if (Date.parse(s.from) <= atMs && (s.until === undefined || atMs < Date.parse(s.until))) rps += s.rps;
  return rps;
}

/** segmentsChangeAfter is the first segment boundary after atMs (Infinity when none). */
export function segmentsChangeAfter(segments: readonly LoadSegment[], atMs: number): number {
  let next = Infinity;
  for (const s of segments) {
    for (const t of [Date.parse(s.from), s.until === undefined ? Infinity : Date.parse(s.until)]) if (t > atMs && t < next) next = t;
  }
  return next;
}

/** withLoad is the target's segments after starting rps at nowMs (ending any running one), for forMs or for good. */
export function withLoad(segments: readonly LoadSegment[], nowMs: number, rps: number, forMs?: number): LoadSegment[] {
  const out = stopLoad(segments, nowMs);
  out.push({ rps, from: iso(nowMs), ...(forMs !== undefined ? { until: iso(nowMs + forMs) } : {}) });
  return out;
}

/** stopLoad ends every segment still running at nowMs, and drops segments ended more than the retention ago. */
export function stopLoad(segments: readonly LoadSegment[], nowMs: number): LoadSegment[] {
  return segments
    .filter((s) => s.until === undefined || Date.parse(s.until) > nowMs - LOAD_RETENTION_MS)
    .map((s) => (Date.parse(s.from) <= nowMs && (s.until === undefined || Date.parse(s.until) > nowMs) ? { ...s, until: iso(nowMs) } : s))
    // A segment that had not begun yet is dropped with the stop.
    .filter((s) => Date.parse(s.from) < nowMs || s.until === undefined || Date.parse(s.until) > Date.parse(s.from));
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** podSelected says whether a target's traffic can reach the pod. */
function podSelected(target: KubeObject, pod: KubeObject): boolean {
  if (target.kind === 'Service') {
    const sel = target.spec?.selector;
    return !!sel && Object.keys(sel).length > 0 && selectorMatches({ matchLabels: sel }, pod.metadata.labels);
  }
  return selectorMatches(target.spec?.selector, pod.metadata.labels);
}

/** readySince is when the pod last became Ready, or undefined when it is not ready (or terminating). */
export function readySince(pod: KubeObject): number | undefined {
  if (pod.metadata.deletionTimestamp || pod.status?.phase !== 'Running') return undefined;
  const ready = (pod.status?.conditions ?? []).find((c: { type: string }) => c.type === 'Ready');
  return ready?.status === 'True' ? Date.parse(ready.lastTransitionTime ?? '1970-01-01T00:00:00Z') : undefined;
}

/**
 * namespaceLoads lists the loads on a namespace's Deployments and Services, each with the pods
 * that can serve it. pods are the namespace's pods (or a function reading them, called only when
 * there is a load).
 */
export function namespaceLoads(api: ObjectLister, namespace: string, pods: readonly KubeObject[] | (() => readonly KubeObject[])): TargetLoad[] {
  const out: TargetLoad[] = [];
  let all: readonly KubeObject[] | undefined;
  for (const kind of LOAD_KINDS) {
    for (const target of api.list({ kind, namespace, mayContain: LOAD_HINT })) {
      const segments = loadSegments(target);
      if (!segments.length) continue;
      all ??= typeof pods === 'function' ? pods() : pods;
      out.push({ target, segments, backends: all.filter((p) => podSelected(target, p)) });
    }
  }
  return out;
}

/**
 * podRequestRate is the requests per second the pod serves at atMs: each load's rate over its
 * backends that were ready then. kubemu: a pod counts from its current Ready condition's
 * transition, so a pod that is not ready now is not counted for the past either.
 */
export function podRequestRate(loads: readonly TargetLoad[], pod: KubeObject, atMs: number): number {
  let rps = 0;
  for (const load of loads) {
    if (!servesLoad(load, pod)) continue;
    const since = readySince(pod);
    if (since === undefined || since > atMs) continue;
    const total = rpsAt(load.segments, atMs);
    if (!total) continue;
    const ready = load.backends.filter((p) => { const s = readySince(p); return s !== undefined && s <= atMs; }).length;
    rps += total / ready;
  }
  return rps;
}

/** servesLoad says whether the pod is one of the load's backends (by uid: callers read pods separately). */
export function servesLoad(load: TargetLoad, pod: KubeObject): boolean {
  return load.backends.some((p) => p.metadata.uid === pod.metadata.uid);
}

/** loadsChangeAfter is when the rate of any load next changes by time alone. */
export function loadsChangeAfter(loads: readonly TargetLoad[], atMs: number): number {
  let next = Infinity;
  for (const l of loads) next = Math.min(next, segmentsChangeAfter(l.segments, atMs));
  return next;
}

/** servingContainer is the container a target's requests reach: the first declaring a port, else the first. */
export function servingContainer(pod: KubeObject): string | undefined {
  const cs = pod.spec?.containers ?? [];
  return (cs.find((c: { ports?: unknown[] }) => (c.ports ?? []).length) ?? cs[0])?.name;
}
