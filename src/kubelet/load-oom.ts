/**
 * load-oom: when the requests a load (`kubemu load`, src/api/load-model.ts) sends a container
 * take its memory past its limit. Each request per second holds the image's request cost on
 * top of the container's own memory (its profile, else the process model's working set), as
 * metrics-server reports it; the OOM killer ends the process a moment after it goes over.
 * The kubelet asks again whenever a load or the set of ready backends changes (its watches).
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { LOAD_KINDS, loadSegments, loadsChangeAfter, namespaceLoads, podRequestRate, readySince, servesLoad, servingContainer, type TargetLoad } from '../api/load-model';
import { profileValueAt } from '../api/usage-profile';
import { isPodTerminal } from '../api/pod-util';
import type { ReconcileContext, Request, Watch } from '../sim/controller';
import { DEFAULT_REQUEST_COST, imageInfo } from './images';
import { OOM_AFTER_MS, PROFILE_HORIZON_MS, PROFILE_STEP_MS, declaredProfile, memoryLimit } from './process';
import { jitter } from './timing';
import type { ContainerRecord } from './kubelet-record';

/** MAX_WINDOWS bounds the stretches of constant request rate looked at (segments and backends becoming ready). */
const MAX_WINDOWS = 1000;

/** servedLoads are the loads whose requests reach the pod; empty for a pod no load targets. */
export function servedLoads(api: Pick<ApiClient, 'list'>, pod: KubeObject): TargetLoad[] {
  const ns = pod.metadata.namespace ?? 'default';
  return namespaceLoads(api, ns, () => api.list({ kind: 'Pod', namespace: ns })).filter((l) => servesLoad(l, pod));
}

/** rateChangeAfter is when the pod's request rate can next change by time alone: a segment boundary or another backend's readiness. */
function rateChangeAfter(loads: readonly TargetLoad[], atMs: number): number {
  let next = loadsChangeAfter(loads, atMs);
  for (const l of loads) {
    for (const b of l.backends) {
      const since = readySince(b);
      if (since !== undefined && since > atMs && since < next) next = since;
    }
  }
  return next;
}

/** rateChangedBefore is the last segment boundary, backend readiness change or deletion at or before atMs (0 when none). */
function rateChangedBefore(loads: readonly TargetLoad[], atMs: number): number {
  let last = 0;
  const see = (t: number) => { if (t <= atMs && t > last) last = t; };
  for (const l of loads) {
    for (const s of l.segments) { see(Date.parse(s.from)); if (s.until !== undefined) see(Date.parse(s.until)); }
    for (const b of l.backends) {
      const ready = (b.status?.conditions ?? []).find((c: { type: string }) => c.type === 'Ready');
      if (ready?.lastTransitionTime) see(Date.parse(ready.lastTransitionTime));
      // A backend stops serving when its deletion is asked for: its deletionTimestamp less the grace period.
      const deleting = b.metadata.deletionTimestamp;
      if (deleting) see(Date.parse(deleting) - 1000 * (b.metadata.deletionGracePeriodSeconds ?? 0));
    }
  }
  return last;
}

/** shareOf names what a pod's share of load depends on: each load's segments and its ready backends. */
function shareOf(loads: readonly TargetLoad[]): string {
  return loads.map((l) => `${l.target.metadata.uid} ${JSON.stringify(l.segments)} ${l.backends.filter((b) => readySince(b) !== undefined).map((b) => b.metadata.uid).sort().join(',')}`).join('|');
}

/**
 * loadOomAt is when the OOM killer ends the running instance (started at startMs, seed naming
 * its draws) because of the load it serves, or undefined when its memory stays within the limit.
 * baseBytes is its memory without load when it declares no memory profile.
 */
export function loadOomAt(env: { pod: KubeObject; api: Pick<ApiClient, 'list'>; now: number }, spec: KubeObject['spec'], instance: { startMs: number; containerID: string; rec: ContainerRecord }, baseBytes: number, seed: string): number | undefined {
  const { startMs, containerID, rec } = instance;
  const limit = memoryLimit(spec);
  const pod = env.pod;
  if (limit === undefined || servingContainer(pod) !== spec.name) return undefined;
  const since = readySince(pod);
  if (since === undefined) return undefined;
  const loads = servedLoads(env.api, pod);
  if (!loads.length) return undefined;
  const cost = (imageInfo(spec.image ?? '').requestCost ?? DEFAULT_REQUEST_COST).memoryBytes;
  const profile = declaredProfile(pod.metadata.annotations ?? {}, spec.name, 'memory');
  const key = `${pod.metadata.uid}/${spec.name}`;
  const over = (atMs: number, rps: number) => Math.round((profile ? profileValueAt(profile, atMs, startMs, key) : baseBytes) + rps * cost) > limit;
  // Before the last change the kubelet was woken for, it already judged the rate (other
  // backends' readiness is known only as it is now, so the past is not judged again).
  // A backend that is gone leaves no trace in the objects: the record keeps the share the
  // instance was last judged on, since when, and the kill that judgement gave, so the past is
  // not judged again and a kill that fell due before the share changed still happens.
  const share = shareOf(loads);
  let judged = rec.load;
  if (judged?.containerID !== containerID) judged = rec.load = { containerID, share, since: startMs };
  else if (judged.share !== share) {
    if (judged.at !== undefined && judged.at <= env.now) return judged.at;
    judged = rec.load = { containerID, share, since: env.now };
  }
  let from = Math.max(startMs, since, rateChangedBefore(loads, env.now), judged.since);
  let overAt: number | undefined;
  for (let n = 0; n < MAX_WINDOWS && overAt === undefined && from < Infinity; n++) {
    const rps = podRequestRate(loads, pod, from);
    const until = rateChangeAfter(loads, from);
    if (rps > 0) {
      if (!profile || profile.kind === 'constant') {
        if (over(from, rps)) overAt = from;
      } else {
        // A moving profile: sampled at the scrape resolution, as far as the profile search looks.
        const end = Math.min(until, from + PROFILE_HORIZON_MS);
        for (let t = from; t < end; t += PROFILE_STEP_MS) if (over(t, rps)) { overAt = t; break; }
      }
    }
    from = until;
  }
  const at = overAt === undefined ? undefined : overAt + Math.round(OOM_AFTER_MS * (0.7 + 0.6 * jitter(`${seed}/oom`)));
  if (at === undefined) delete judged.at;
  else judged.at = at;
  return at;
}

const bound = (p: KubeObject) => !!p.spec?.nodeName && !isPodTerminal(p) && !p.metadata.deletionTimestamp;
const requestOf = (p: KubeObject): Request => ({ namespace: p.metadata.namespace, name: p.metadata.name! });

/**
 * LOAD_WATCHES wake the backends of a load when it starts, changes or stops (its target's
 * annotation), and when a backend's readiness changes the share the others serve. A target
 * without a load, and a pod no load reaches, map to nothing.
 */
export const LOAD_WATCHES: Watch[] = [
  ...LOAD_KINDS.map((kind) => ({
    kind,
    map: (obj: KubeObject, ctx: ReconcileContext): Request[] => {
      if (!loadSegments(obj).length) return [];
      const ns = obj.metadata.namespace ?? 'default';
      const load = namespaceLoads(ctx.api, ns, () => ctx.api.list({ kind: 'Pod', namespace: ns })).find((l) => l.target.metadata.uid === obj.metadata.uid);
      return (load?.backends ?? []).filter(bound).map(requestOf);
    },
  })),
  {
    kind: 'Pod',
    map: (pod: KubeObject, ctx: ReconcileContext): Request[] => {
      if (!pod.spec?.nodeName) return [];
      const others = new Map<string, KubeObject>();
      for (const l of servedLoads(ctx.api, pod)) for (const b of l.backends) if (b.metadata.uid !== pod.metadata.uid && bound(b)) others.set(b.metadata.uid!, b);
      return [...others.values()].map(requestOf);
    },
  },
];
