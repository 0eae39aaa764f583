/**
 * statefulset: gives each replica a stable identity — ordinal pod names, per-pod claims from
 * volumeClaimTemplates, a governing service's subdomain — and creates, deletes and updates
 * pods in order (OrderedReady) or all at once (Parallel). Template changes become
 * ControllerRevisions; RollingUpdate replaces pods from the highest ordinal down to the partition.
 * Mirrors kubernetes pkg/controller/statefulset (stateful_set_control.go updateStatefulSet,
 * stateful_pod_control.go); kubemu: maxUnavailable is 1; whenScaled: Delete removes a claim once
 * its pod is gone rather than through a pod ownerReference.
 */
import type { ControllerRevision, Pod, StatefulSet } from '../../api/types/kinds';
import { isPodAvailable, isPodReady, isPodTerminal } from '../../api/pod-util';
import { isAlreadyExists, isNotFound } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { claimName, newClaim, newPod, ordinalOf, podName } from './pods';
import { CONTROLLER_REVISION_HASH_LABEL, HASH_LABEL, newRevision, revisionNumber, templateHash, templateOf } from './revision';

export const NAME = 'statefulset-controller';
export const SUCCESSFUL_CREATE = 'SuccessfulCreate';
export const SUCCESSFUL_DELETE = 'SuccessfulDelete';
export const FAILED_CREATE = 'FailedCreate';
/**
 * MAX_PARALLEL_CREATES_PER_SYNC bounds the pods a Parallel set creates in one sync (the next
 * sync, brought about by the new pods, goes on). kubemu: upstream creates them all, at the
 * pace of its API client's rate limit; a reconcile here must return.
 */
export const MAX_PARALLEL_CREATES_PER_SYNC = 500;

/** createPodMessage etc. are stateful_pod_control.go's event texts. */
export const createPodMessage = (pod: string, set: string) => `create Pod ${pod} in StatefulSet ${set} successful`;
export const deletePodMessage = (pod: string, set: string) => `delete Pod ${pod} in StatefulSet ${set} successful`;
export const createClaimMessage = (claim: string, pod: string, set: string) => `create Claim ${claim} Pod ${pod} in StatefulSet ${set} success`;

/** STATUS_ORDER is apps/v1 StatefulSetStatus's field order. */
export const STATUS_ORDER = ['observedGeneration', 'replicas', 'readyReplicas', 'currentReplicas', 'updatedReplicas',
  'currentRevision', 'updateRevision', 'collisionCount', 'conditions', 'availableReplicas'];

/** statefulSetController is the StatefulSet reconcile loop. */
export const statefulSetController: Controller = {
  name: NAME,
  for: 'StatefulSet',
  owns: ['Pod', 'ControllerRevision'],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const set = ctx.api.tryGet({ kind: 'StatefulSet', namespace: req.namespace, name: req.name });
    if (!set || set.metadata.deletionTimestamp) return;
    const { current, update } = syncRevisions(set, ctx);
    const pods = ctx.api.listControlledBy('Pod', set.metadata.uid!).filter((p) => ordinalOf(set, p) >= 0);
    updatePods(set, pods, current, update, ctx);
    return updateStatus(set, current, update, ctx);
  },
};

function isRunningAndReady(pod: Pod): boolean {
  return pod.status?.phase === 'Running' && isPodReady(pod);
}

/** syncRevisions finds or creates the update revision and resolves the current one. */
function syncRevisions(set: StatefulSet, ctx: ReconcileContext): { current: ControllerRevision; update: ControllerRevision } {
  const revisions = ctx.api.listControlledBy('ControllerRevision', set.metadata.uid!).sort((a, b) => revisionNumber(a) - revisionNumber(b));
  const max = Math.max(0, ...revisions.map(revisionNumber));
  const hash = templateHash(set);
  let update = revisions.find((r) => r.metadata.labels?.[HASH_LABEL] === hash);
  if (!update) {
    try {
      update = ctx.api.create(newRevision(set, 'StatefulSet', max + 1), { fieldManager: NAME });
    } catch (e) {
      if (!isAlreadyExists(e)) throw e;
      update = ctx.api.get({ kind: 'ControllerRevision', namespace: set.metadata.namespace, name: `${set.metadata.name}-${hash}` });
    }
  } else if (revisionNumber(update) < max) {
    // Rolling back to an earlier template makes its revision the newest.
    const fresh = structuredClone(update);
    fresh.revision = max + 1;
    update = ctx.api.update(fresh, { fieldManager: NAME });
  }
  const current = revisions.find((r) => r.metadata.name === set.status?.currentRevision) ?? update;
  cleanupHistory(set, revisions, current, update, ctx);
  return { current, update };
}

function cleanupHistory(set: StatefulSet, revisions: ControllerRevision[], current: ControllerRevision, update: ControllerRevision, ctx: ReconcileContext): void {
  const limit = set.spec!.revisionHistoryLimit ?? 10;
  const live = new Set(ctx.api.listControlledBy('Pod', set.metadata.uid!).map((p) => p.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL]));
  const idle = revisions.filter((r) => r.metadata.name !== current.metadata.name && r.metadata.name !== update.metadata.name && !live.has(r.metadata.name));
  for (const r of idle.slice(0, Math.max(0, idle.length - limit))) {
    try { ctx.api.delete({ kind: 'ControllerRevision', namespace: r.metadata.namespace, name: r.metadata.name! }, { fieldManager: NAME }); } catch (e) { if (!isNotFound(e)) throw e; }
  }
}

/** updatePods is updateStatefulSet's pod work: create missing ordinals, replace failed pods, remove condemned ones, roll updates. */
function updatePods(set: StatefulSet, pods: Pod[], current: ControllerRevision, update: ControllerRevision, ctx: ReconcileContext): void {
  const replicas: number = set.spec!.replicas ?? 1;
  const monotonic = (set.spec!.podManagementPolicy ?? 'OrderedReady') === 'OrderedReady';
  const byOrdinal = new Map(pods.map((p) => [ordinalOf(set, p), p] as const));
  const partition: number = set.spec!.updateStrategy?.rollingUpdate?.partition ?? 0;
  const rolling = (set.spec!.updateStrategy?.type ?? 'RollingUpdate') === 'RollingUpdate';

  let created = 0;
  for (let ord = 0; ord < replicas; ord++) {
    const pod = byOrdinal.get(ord);
    if (!pod) {
      // Ordinals below the partition keep the current revision while a rollout is held back.
      const rev = rolling && ord < partition && current.metadata.name !== update.metadata.name ? current : update;
      createPod(set, ord, rev, ctx);
      if (monotonic || ++created >= MAX_PARALLEL_CREATES_PER_SYNC) return;
      continue;
    }
    if (isPodTerminal(pod) && !pod.metadata.deletionTimestamp) {
      deletePod(set, pod, ctx);
      if (monotonic) return;
      continue;
    }
    if (monotonic && (pod.metadata.deletionTimestamp || !isRunningAndReady(pod))) return;
  }

  const condemned = pods.filter((p) => ordinalOf(set, p) >= replicas).sort((a, b) => ordinalOf(set, b) - ordinalOf(set, a));
  for (const pod of condemned) {
    if (pod.metadata.deletionTimestamp) { if (monotonic) return; continue; }
    if (monotonic && pods.some((p) => ordinalOf(set, p) < ordinalOf(set, pod) && !isRunningAndReady(p))) return;
    deletePod(set, pod, ctx);
    if (monotonic) return;
  }

  if (set.spec!.persistentVolumeClaimRetentionPolicy?.whenScaled === 'Delete') deleteScaledDownClaims(set, pods, replicas, ctx);

  if (!rolling) return;
  // Replace outdated pods from the highest ordinal down to the partition, one unavailable pod at a time.
  const live = [...byOrdinal.entries()].filter(([o]) => o < replicas);
  if (live.some(([, p]) => p.metadata.deletionTimestamp || !isRunningAndReady(p))) return;
  for (let ord = replicas - 1; ord >= partition; ord--) {
    const pod = byOrdinal.get(ord);
    if (pod && pod.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL] !== update.metadata.name) {
      deletePod(set, pod, ctx);
      return;
    }
  }
}

/** deleteScaledDownClaims removes the claims of ordinals at or above replicas once their pods are gone (whenScaled: Delete). */
function deleteScaledDownClaims(set: StatefulSet, pods: Pod[], replicas: number, ctx: ReconcileContext): void {
  const templates = set.spec!.volumeClaimTemplates ?? [];
  if (!templates.length) return;
  const live = new Set(pods.map((p) => ordinalOf(set, p)));
  for (const claim of ctx.api.list({ kind: 'PersistentVolumeClaim', namespace: set.metadata.namespace })) {
    if (claim.metadata.deletionTimestamp) continue;
    for (const tpl of templates) {
      const prefix = `${tpl.metadata.name}-${set.metadata.name}-`;
      const rest = claim.metadata.name!.startsWith(prefix) ? claim.metadata.name!.slice(prefix.length) : '';
      if (!/^(0|[1-9]\d*)$/.test(rest)) continue;
      const ord = Number(rest);
      if (ord < replicas || live.has(ord)) continue;
      try { ctx.api.delete({ kind: 'PersistentVolumeClaim', namespace: claim.metadata.namespace, name: claim.metadata.name! }, { fieldManager: NAME }); } catch (e) { if (!isNotFound(e)) throw e; }
    }
  }
}

function createPod(set: StatefulSet, ord: number, rev: ControllerRevision, ctx: ReconcileContext): void {
  const name = podName(set, ord);
  for (const tpl of set.spec!.volumeClaimTemplates ?? []) {
    const claim = claimName(tpl, set, ord);
    if (ctx.api.tryGet({ kind: 'PersistentVolumeClaim', namespace: set.metadata.namespace, name: claim })) continue;
    try {
      ctx.api.create(newClaim(tpl, set, ord), { fieldManager: NAME });
      ctx.api.recordEvent(set, 'Normal', SUCCESSFUL_CREATE, createClaimMessage(claim, name, set.metadata.name!), { component: NAME });
    } catch (e) {
      ctx.api.recordEvent(set, 'Warning', FAILED_CREATE, `create Claim ${claim} for Pod ${name} in StatefulSet ${set.metadata.name} failed error: ${(e as Error).message}`, { component: NAME });
      return;
    }
  }
  try {
    ctx.api.create(newPod(set, templateOf(rev), rev.metadata.name!, ord), { fieldManager: NAME });
    ctx.api.recordEvent(set, 'Normal', SUCCESSFUL_CREATE, createPodMessage(name, set.metadata.name!), { component: NAME });
  } catch (e) {
    if (isAlreadyExists(e)) return;
    ctx.api.recordEvent(set, 'Warning', FAILED_CREATE, `create Pod ${name} in StatefulSet ${set.metadata.name} failed error: ${(e as Error).message}`, { component: NAME });
  }
}

function deletePod(set: StatefulSet, pod: Pod, ctx: ReconcileContext): void {
  try {
    ctx.api.delete({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name! }, { fieldManager: NAME });
    ctx.api.recordEvent(set, 'Normal', SUCCESSFUL_DELETE, deletePodMessage(pod.metadata.name!, set.metadata.name!), { component: NAME });
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
}

function updateStatus(set: StatefulSet, current: ControllerRevision, update: ControllerRevision, ctx: ReconcileContext): Result | void {
  const fresh = ctx.api.get({ kind: 'StatefulSet', namespace: set.metadata.namespace, name: set.metadata.name! });
  const pods = ctx.api.listControlledBy('Pod', set.metadata.uid!).filter((p) => ordinalOf(set, p) >= 0 && !p.metadata.deletionTimestamp);
  const now = ctx.clock.nowMs();
  const minReady: number = set.spec!.minReadySeconds ?? 0;
  const rev = (p: Pod) => p.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL];
  const replicas = pods.length;
  const ready = pods.filter(isPodReady).length;
  const available = pods.filter((p) => isPodAvailable(p, minReady, now)).length;
  let currentRevision = current.metadata.name!;
  let currentReplicas = pods.filter((p) => rev(p) === current.metadata.name).length;
  const updatedReplicas = pods.filter((p) => rev(p) === update.metadata.name).length;
  const want: number = set.spec!.replicas ?? 1;
  // A finished rolling update makes the update revision current.
  if (updatedReplicas === want && ready === want && replicas === want) { currentRevision = update.metadata.name!; currentReplicas = updatedReplicas; }
  const status: Record<string, unknown> = {
    observedGeneration: fresh.metadata.generation, replicas,
    readyReplicas: ready || undefined, currentReplicas: currentReplicas || undefined, updatedReplicas: updatedReplicas || undefined,
    currentRevision, updateRevision: update.metadata.name, collisionCount: fresh.status?.collisionCount ?? 0,
    conditions: fresh.status?.conditions, availableReplicas: available,
  };
  const ordered: Record<string, unknown> = {};
  for (const k of STATUS_ORDER) if (status[k] !== undefined) ordered[k] = status[k];
  ctx.api.updateStatus({ ...fresh, status: ordered }, { fieldManager: NAME });
  if (minReady && ready > available) return { requeueAfterMs: minReady * 1000 };
}
