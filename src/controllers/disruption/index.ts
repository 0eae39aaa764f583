/**
 * disruption: the disruption controller — keeps each PodDisruptionBudget's status (expected,
 * healthy and desired pod counts, disruptionsAllowed, the DisruptionAllowed condition) and
 * forgets disrupted pods the eviction API recorded once they are gone or 2 minutes old.
 * The eviction API (ApiServer.evict) reads this status to allow or refuse evictions.
 * Mirrors pkg/controller/disruption/disruption.go (trySync, getExpectedPodCount,
 * countHealthyPods, buildDisruptedPodMap, updatePdbStatus).
 * kubemu: scale comes from ReplicaSets (or their Deployment), StatefulSets and
 * ReplicationControllers read directly, not through the scale subresource.
 */
import type { Pod, PodDisruptionBudget } from '../../api/types/kinds';
import type { Condition } from '../../api/meta';
import { isPodReady } from '../../api/pod-util';
import { labelSelectorHints, selectorMatches } from '../../api/label-selector';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { requestFor } from '../../sim/controller';

export const NAME = 'disruption-controller';
/** DELETION_TIMEOUT_MS is how long a disrupted pod is expected to take to go away. */
export const DELETION_TIMEOUT_MS = 2 * 60_000;
export const DISRUPTION_ALLOWED = 'DisruptionAllowed';
export const SUFFICIENT_PODS = 'SufficientPods';
export const INSUFFICIENT_PODS = 'InsufficientPods';
export const SYNC_FAILED = 'SyncFailed';

/** PdbCounts is the computed part of a PDB's status. */
export interface PdbCounts { expectedPods: number; desiredHealthy: number; currentHealthy: number; disruptionsAllowed: number }

/** scaled is intstr.GetScaledValueFromIntOrPercent. */
export function scaled(v: number | string, total: number, roundUp: boolean): number {
  if (typeof v === 'number') return v;
  const m = /^(\d+)%$/.exec(v);
  if (!m) return Number(v) || 0;
  const x = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(x) : Math.floor(x);
}

/** expectedScale sums the replicas of the distinct controllers of the pods (undefined: a pod has none). */
export function expectedScale(pods: readonly Pod[], ctx: ReconcileContext): number | undefined {
  const seen = new Map<string, number>();
  for (const pod of pods) {
    const ref = pod.metadata.ownerReferences?.find((r) => r.controller);
    if (!ref) return undefined;
    if (seen.has(ref.uid)) continue;
    const ns = pod.metadata.namespace;
    let owner = ctx.api.tryGet({ kind: ref.kind, namespace: ns, name: ref.name });
    if (!owner || !['ReplicaSet', 'StatefulSet', 'ReplicationController'].includes(ref.kind)) return undefined;
    const up = owner.kind === 'ReplicaSet' ? owner.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'Deployment') : undefined;
    if (up) {
      if (seen.has(up.uid)) { seen.set(ref.uid, 0); continue; }
      owner = ctx.api.tryGet({ kind: 'Deployment', namespace: ns, name: up.name }) ?? owner;
      seen.set(up.uid, owner.spec?.replicas ?? 1);
      seen.set(ref.uid, 0);
      continue;
    }
    seen.set(ref.uid, owner.spec?.replicas ?? 1);
  }
  return [...seen.values()].reduce((a, b) => a + b, 0);
}

/** computeCounts is getExpectedPodCount + countHealthyPods + the disruptionsAllowed arithmetic. */
export function computeCounts(pdb: PodDisruptionBudget, pods: readonly Pod[], disrupted: ReadonlySet<string>, scale: () => number | undefined): PdbCounts | string {
  const spec = pdb.spec ?? {};
  let expectedPods = 0;
  let desiredHealthy = 0;
  if (spec.maxUnavailable != null) {
    const s = scale();
    if (s === undefined) return 'found no controllers for pod';
    expectedPods = s;
    desiredHealthy = Math.max(0, expectedPods - scaled(spec.maxUnavailable, expectedPods, true));
  } else if (spec.minAvailable != null) {
    if (typeof spec.minAvailable === 'number') {
      expectedPods = pods.length;
      desiredHealthy = spec.minAvailable;
    } else {
      const s = scale();
      if (s === undefined) return 'found no controllers for pod';
      expectedPods = s;
      desiredHealthy = scaled(spec.minAvailable, expectedPods, true);
    }
  }
  const currentHealthy = pods.filter((p) => !p.metadata.deletionTimestamp && !disrupted.has(p.metadata.name!) && isPodReady(p)).length;
  let disruptionsAllowed = currentHealthy - desiredHealthy;
  if (expectedPods <= 0 || disruptionsAllowed <= 0) disruptionsAllowed = 0;
  return { expectedPods, desiredHealthy, currentHealthy, disruptionsAllowed };
}

/** disruptionController keeps PodDisruptionBudget status current. */
export const disruptionController: Controller = {
  name: NAME,
  for: 'PodDisruptionBudget',
  watches: [{
    kind: 'Pod',
    map: (pod, ctx) => ctx.api.list({ kind: 'PodDisruptionBudget', namespace: pod.metadata.namespace })
      .filter((b) => selectorMatches(b.spec?.selector ?? {}, pod.metadata.labels ?? {})).map(requestFor),
  }],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const pdb = ctx.api.tryGet({ kind: 'PodDisruptionBudget', namespace: req.namespace, name: req.name });
    if (!pdb || pdb.metadata.deletionTimestamp) return;
    const selector = pdb.spec?.selector ?? {};
    const pods = ctx.api.list({ kind: 'Pod', namespace: req.namespace, mayContain: labelSelectorHints(selector) }).filter((p) => selectorMatches(selector, p.metadata.labels ?? {}));
    const now = ctx.clock.nowMs();
    // buildDisruptedPodMap: keep entries whose pod still exists undeleted and is not overdue.
    const byName = new Map(pods.map((p) => [p.metadata.name!, p]));
    const disruptedPods: Record<string, string> = {};
    let recheck: number | undefined;
    for (const [name, at] of Object.entries((pdb.status?.disruptedPods ?? {}) as Record<string, string>)) {
      const p = byName.get(name);
      if (!p || p.metadata.deletionTimestamp) continue;
      const expires = Date.parse(at) + DELETION_TIMEOUT_MS;
      if (expires <= now) continue;
      disruptedPods[name] = at;
      recheck = Math.min(recheck ?? Infinity, expires - now);
    }
    const counts = computeCounts(pdb, pods, new Set(Object.keys(disruptedPods)), () => expectedScale(pods, ctx));
    const nowISO = ctx.clock.nowISO();
    const old: Condition | undefined = (pdb.status?.conditions ?? []).find((c: Condition) => c.type === DISRUPTION_ALLOWED);
    const cond = (status: 'True' | 'False', reason: string, message: string): Condition => ({
      type: DISRUPTION_ALLOWED, status, observedGeneration: pdb.metadata.generation, reason, message,
      lastTransitionTime: old && old.status === status ? old.lastTransitionTime : nowISO,
    } as Condition);
    const status: Record<string, unknown> = typeof counts === 'string'
      ? { ...(pdb.status ?? {}), observedGeneration: pdb.metadata.generation, disruptionsAllowed: 0, conditions: [cond('False', SYNC_FAILED, counts)] }
      : {
        observedGeneration: pdb.metadata.generation,
        ...(Object.keys(disruptedPods).length ? { disruptedPods } : {}),
        disruptionsAllowed: counts.disruptionsAllowed,
        currentHealthy: counts.currentHealthy,
        desiredHealthy: counts.desiredHealthy,
        expectedPods: counts.expectedPods,
        conditions: [counts.disruptionsAllowed > 0 ? cond('True', SUFFICIENT_PODS, '') : cond('False', INSUFFICIENT_PODS, '')],
      };
    ctx.api.updateStatus({ ...pdb, status }, { fieldManager: NAME });
    if (recheck !== undefined) return { requeueAfterMs: recheck };
  },
};
