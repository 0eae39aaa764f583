/**
 * deployment: rolls a Deployment's pod template out through ReplicaSets — one per template
 * hash — with the RollingUpdate or Recreate strategy, and reports status and conditions.
 * Mirrors kubernetes pkg/controller/deployment (sync.go, rolling.go, recreate.go, progress.go);
 * kubemu: no slow-start of ReplicaSet creation, deterministic tie-breaks.
 */
import type { Deployment, ReplicaSet } from '../../api/types/kinds';
import type { Condition } from '../../api/meta';
import { isPodActive } from '../../api/pod-util';
import { setCondition } from '../../api/conditions';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { controllerOf } from '../../sim/controller';
import { computeHash } from './hash';
import { sameTemplate } from '../../api/pod-template-equal';
import { fenceposts, specReplicas, statusSum } from './strategy-math';
import { proportionalSizes } from './proportional';
import { LAST_APPLIED } from '../../api/last-applied';

export const NAME = 'deployment-controller';
export const SCALING_REPLICA_SET = 'ScalingReplicaSet';
export const REVISION_ANNOTATION = 'deployment.kubernetes.io/revision';
export const DESIRED_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/desired-replicas';
export const MAX_REPLICAS_ANNOTATION = 'deployment.kubernetes.io/max-replicas';
export const REVISION_HISTORY_ANNOTATION = 'deployment.kubernetes.io/revision-history';
export const POD_TEMPLATE_HASH = 'pod-template-hash';

/** deploymentController is the Deployment reconcile loop. */
export const deploymentController: Controller = {
  name: NAME,
  for: 'Deployment',
  owns: ['ReplicaSet'],
  // Recreate waits for old pods to be gone, which no ReplicaSet change announces (upstream deletePod handler).
  watches: [{ kind: 'Pod', map: (pod, ctx) => {
    if (!pod.metadata.deletionTimestamp) return [];
    const rsRef = controllerOf(pod);
    if (rsRef?.kind !== 'ReplicaSet') return [];
    const rs = ctx.api.tryGet({ kind: 'ReplicaSet', namespace: pod.metadata.namespace, name: rsRef.name });
    const dRef = rs && controllerOf(rs);
    if (dRef?.kind !== 'Deployment') return [];
    const d = ctx.api.tryGet({ kind: 'Deployment', namespace: pod.metadata.namespace, name: dRef.name });
    return d?.spec?.strategy?.type === 'Recreate' ? [{ namespace: pod.metadata.namespace, name: dRef.name }] : [];
  } }],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const d = ctx.api.tryGet({ kind: 'Deployment', namespace: req.namespace, name: req.name });
    if (!d || d.metadata.deletionTimestamp) return;
    const sets = ctx.api.listControlledBy('ReplicaSet', d.metadata.uid!).filter((rs) => !rs.metadata.deletionTimestamp);
    const hash = computeHash(d.spec!.template, d.status?.collisionCount);
    // FindNewReplicaSet: the oldest set whose template is the Deployment's, pod-template-hash aside
    // (a set carrying this template's hash is taken as one without comparing the two).
    let newRS = [...sets].sort(byCreation).find((rs) => rs.metadata.labels?.[POD_TEMPLATE_HASH] === hash || sameTemplate(rs.spec?.template, d.spec!.template, POD_TEMPLATE_HASH));
    const old = sets.filter((rs) => rs !== newRS);
    let created = false;
    // Mirrors syncDeployment: a paused deployment or a scaling event only scales (sync); otherwise roll out.
    if (d.spec!.paused || isScalingEvent(d, sets)) {
      if (newRS) ensureRevision(d, newRS, old, ctx);
      scaleSets(d, newRS, old, ctx);
      if (d.spec!.paused) cleanupHistory(d, old, ctx);
    } else {
      if (!newRS) { newRS = createNewReplicaSet(d, hash, old, ctx); created = true; }
      else ensureRevision(d, newRS, old, ctx);
      if (d.spec!.strategy?.type === 'Recreate') recreate(d, newRS, old, ctx);
      else rolling(d, newRS, old, ctx);
      cleanupHistory(d, old, ctx);
    }
    return syncStatus(d, newRS, ctx, created);
  },
};

function revisionOf(rs: ReplicaSet): number {
  return Number(rs.metadata.annotations?.[REVISION_ANNOTATION] ?? '0') || 0;
}

function createNewReplicaSet(d: Deployment, hash: string, old: ReplicaSet[], ctx: ReconcileContext): ReplicaSet {
  const desired = d.spec!.replicas ?? 1;
  const [surge] = fenceposts(d);
  let replicas = desired;
  if (specReplicas(old) > 0) {
    replicas = d.spec!.strategy?.type === 'Recreate' ? 0 : Math.max(0, Math.min(desired + surge - specReplicas(old), desired));
  }
  const revision = Math.max(0, ...old.map(revisionOf)) + 1;
  const template = structuredClone(d.spec!.template);
  template.metadata ??= {};
  template.metadata.labels = { ...(template.metadata.labels ?? {}), [POD_TEMPLATE_HASH]: hash };
  const selector = structuredClone(d.spec!.selector);
  selector!.matchLabels = { ...(selector!.matchLabels ?? {}), [POD_TEMPLATE_HASH]: hash };
  const annotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) {
    if (!ANNOTATIONS_NOT_COPIED.includes(k)) annotations[k] = v;
  }
  annotations[DESIRED_REPLICAS_ANNOTATION] = String(desired);
  annotations[MAX_REPLICAS_ANNOTATION] = String(desired + surge);
  annotations[REVISION_ANNOTATION] = String(revision);
  const rs: ReplicaSet = {
    apiVersion: 'apps/v1', kind: 'ReplicaSet',
    metadata: {
      name: `${d.metadata.name}-${hash}`, namespace: d.metadata.namespace,
      labels: { ...(template.metadata.labels) }, annotations,
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: d.metadata.name!, uid: d.metadata.uid!, controller: true, blockOwnerDeletion: true }],
    },
    spec: { replicas, minReadySeconds: d.spec!.minReadySeconds, selector, template },
  };
  if (rs.spec!.minReadySeconds === undefined) delete rs.spec!.minReadySeconds;
  const out = ctx.api.create(rs, { fieldManager: NAME });
  if (replicas > 0) {
    ctx.api.recordEvent(d, 'Normal', SCALING_REPLICA_SET, `Scaled up replica set ${out.metadata.name} from 0 to ${replicas}`, { component: NAME });
  }
  setDeploymentRevision(d, revision, ctx);
  return out;
}

function setDeploymentRevision(d: Deployment, revision: number, ctx: ReconcileContext): void {
  const fresh = ctx.api.get({ kind: 'Deployment', namespace: d.metadata.namespace, name: d.metadata.name! });
  if (fresh.metadata.annotations?.[REVISION_ANNOTATION] === String(revision)) return;
  fresh.metadata.annotations = { ...(fresh.metadata.annotations ?? {}), [REVISION_ANNOTATION]: String(revision) };
  ctx.api.update(fresh, { fieldManager: NAME });
}

/** ANNOTATIONS_NOT_COPIED are the deployment annotations kept off its ReplicaSets (skipCopyAnnotation). */
export const ANNOTATIONS_NOT_COPIED = [LAST_APPLIED, REVISION_ANNOTATION, REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION, MAX_REPLICAS_ANNOTATION];

/**
 * ensureRevision mirrors setNewReplicaSetAnnotations: the newest set carries the deployment's
 * annotations (kubernetes.io/change-cause among them), and going back to an old template makes
 * its ReplicaSet the newest revision again, remembering the old number in revision-history.
 */
function ensureRevision(d: Deployment, newRS: ReplicaSet, old: ReplicaSet[], ctx: ReconcileContext): void {
  const maxOld = Math.max(0, ...old.map(revisionOf));
  let revision = revisionOf(newRS);
  const annotations = { ...(newRS.metadata.annotations ?? {}) };
  for (const [k, v] of Object.entries(d.metadata.annotations ?? {})) if (!ANNOTATIONS_NOT_COPIED.includes(k)) annotations[k] = v;
  if (revision <= maxOld) {
    const history = annotations[REVISION_HISTORY_ANNOTATION];
    if (revision > 0) annotations[REVISION_HISTORY_ANNOTATION] = history ? `${history},${revision}` : String(revision);
    revision = maxOld + 1;
    annotations[REVISION_ANNOTATION] = String(revision);
  }
  if (JSON.stringify(annotations) !== JSON.stringify(newRS.metadata.annotations ?? {})) {
    const fresh = ctx.api.get({ kind: 'ReplicaSet', namespace: newRS.metadata.namespace, name: newRS.metadata.name! });
    fresh.metadata.annotations = annotations;
    Object.assign(newRS, ctx.api.update(fresh, { fieldManager: NAME }));
  }
  setDeploymentRevision(d, revision, ctx);
}

function scale(d: Deployment, rs: ReplicaSet, to: number, ctx: ReconcileContext): void {
  const from = rs.spec!.replicas ?? 0;
  const [surge] = fenceposts(d);
  const desired = String(d.spec!.replicas ?? 1);
  const max = String((d.spec!.replicas ?? 1) + surge);
  if (from === to && rs.metadata.annotations?.[DESIRED_REPLICAS_ANNOTATION] === desired) return;
  const fresh = ctx.api.get({ kind: 'ReplicaSet', namespace: rs.metadata.namespace, name: rs.metadata.name! });
  fresh.spec!.replicas = to;
  fresh.metadata.annotations = { ...(fresh.metadata.annotations ?? {}), [DESIRED_REPLICAS_ANNOTATION]: desired, [MAX_REPLICAS_ANNOTATION]: max };
  Object.assign(rs, ctx.api.update(fresh, { fieldManager: NAME }));
  if (from !== to) {
    const verb = to > from ? 'up' : 'down';
    ctx.api.recordEvent(d, 'Normal', SCALING_REPLICA_SET, `Scaled ${verb} replica set ${rs.metadata.name} from ${from} to ${to}`, { component: NAME });
  }
}

/**
 * rolling mirrors rolloutRolling: scale the new set up within maxSurge — and stop there for this
 * sync if it did — else scale old sets down within maxUnavailable (unhealthy replicas first).
 */
function rolling(d: Deployment, newRS: ReplicaSet, old: ReplicaSet[], ctx: ReconcileContext): void {
  const desired = d.spec!.replicas ?? 1;
  const [surge, maxUnavailable] = fenceposts(d);
  // reconcileNewReplicaSet
  const cur = newRS.spec!.replicas ?? 0;
  if (cur > desired) { scale(d, newRS, desired, ctx); return; }
  if (cur < desired) {
    const room = desired + surge - specReplicas([newRS, ...old]);
    if (room > 0) { scale(d, newRS, cur + Math.min(room, desired - cur), ctx); return; }
  } else scale(d, newRS, cur, ctx);
  // reconcileOldReplicaSets
  const oldActive = old.filter((rs) => (rs.spec!.replicas ?? 0) > 0).sort(byCreation);
  if (!oldActive.length) return;
  const all = [newRS, ...old];
  const minAvailable = desired - maxUnavailable;
  const newUnavailable = (newRS.spec!.replicas ?? 0) - (newRS.status?.availableReplicas ?? 0);
  const maxScaledDown = specReplicas(all) - minAvailable - newUnavailable;
  if (maxScaledDown <= 0) return;
  // cleanupUnhealthyReplicas: the old sets' unavailable replicas cost no availability.
  let cleaned = 0;
  for (const rs of oldActive) {
    if (cleaned >= maxScaledDown) break;
    const n = rs.spec!.replicas ?? 0;
    const unhealthy = n - (rs.status?.availableReplicas ?? 0);
    if (!n || unhealthy <= 0) continue;
    const down = Math.min(maxScaledDown - cleaned, unhealthy);
    scale(d, rs, n - down, ctx);
    cleaned += down;
  }
  // scaleDownOldReplicaSetsForRollingUpdate: then as many available ones as minAvailable allows.
  const available = statusSum(all, 'availableReplicas');
  const budget = available - minAvailable;
  if (budget <= 0) return;
  let done = 0;
  for (const rs of oldActive) {
    if (done >= budget) break;
    const n = rs.spec!.replicas ?? 0;
    if (!n) continue;
    const down = Math.min(n, budget - done);
    scale(d, rs, n - down, ctx);
    done += down;
  }
}

/** isScalingEvent: an active set was last sized for a different deployment size (desired-replicas annotation). */
function isScalingEvent(d: Deployment, sets: ReplicaSet[]): boolean {
  const desired = String(d.spec!.replicas ?? 1);
  return sets.some((rs) => (rs.spec!.replicas ?? 0) > 0 && rs.metadata.annotations?.[DESIRED_REPLICAS_ANNOTATION] !== undefined
    && rs.metadata.annotations[DESIRED_REPLICAS_ANNOTATION] !== desired);
}

/** scaleSets mirrors sync.go scale: one active set takes the new size; a saturated new set zeroes the old; else proportional. */
function scaleSets(d: Deployment, newRS: ReplicaSet | undefined, old: ReplicaSet[], ctx: ReconcileContext): void {
  const desired = d.spec!.replicas ?? 1;
  const all = [...(newRS ? [newRS] : []), ...old];
  const active = all.filter((rs) => (rs.spec!.replicas ?? 0) > 0);
  if (active.length <= 1) {
    const target = active[0] ?? newRS;
    if (target) scale(d, target, desired, ctx);
    return;
  }
  if (newRS && (newRS.spec!.replicas ?? 0) === desired && (newRS.status?.availableReplicas ?? 0) === desired) {
    for (const rs of old) if ((rs.spec!.replicas ?? 0) > 0) scale(d, rs, 0, ctx);
    return;
  }
  if (d.spec!.strategy?.type === 'Recreate') return;
  const [surge] = fenceposts(d);
  const sizes = proportionalSizes(active.map((rs) => ({
    name: rs.metadata.name!, replicas: rs.spec!.replicas ?? 0, created: rs.metadata.creationTimestamp ?? '',
    maxReplicas: rs.metadata.annotations?.[MAX_REPLICAS_ANNOTATION] !== undefined ? Number(rs.metadata.annotations[MAX_REPLICAS_ANNOTATION]) : undefined,
  })), { desired, maxSurge: surge, statusReplicas: d.status?.replicas ?? 0 });
  // Scale down before up, so a shrinking deployment never overshoots (upstream scales in list order).
  const order = [...active].sort((a, b) => (sizes.get(a.metadata.name!)! - (a.spec!.replicas ?? 0)) - (sizes.get(b.metadata.name!)! - (b.spec!.replicas ?? 0)));
  for (const rs of order) scale(d, rs, sizes.get(rs.metadata.name!)!, ctx);
}

/** recreate mirrors rolloutRecreate: old sets to zero, wait for their pods to go, then the new set up. */
function recreate(d: Deployment, newRS: ReplicaSet, old: ReplicaSet[], ctx: ReconcileContext): void {
  for (const rs of old) if ((rs.spec!.replicas ?? 0) > 0) scale(d, rs, 0, ctx);
  const oldPodsLeft = old.some((rs) => ctx.api.listControlledBy('Pod', rs.metadata.uid!).some((p) => isPodActive(p) || p.metadata.deletionTimestamp));
  if (oldPodsLeft) return;
  scale(d, newRS, d.spec!.replicas ?? 1, ctx);
}

function cleanupHistory(d: Deployment, old: ReplicaSet[], ctx: ReconcileContext): void {
  const limit = d.spec!.revisionHistoryLimit ?? 10;
  const idle = old.filter((rs) => !(rs.spec!.replicas ?? 0) && !(rs.status?.replicas ?? 0)).sort((a, b) => revisionOf(a) - revisionOf(b));
  for (const rs of idle.slice(0, Math.max(0, idle.length - limit))) {
    ctx.api.delete({ kind: 'ReplicaSet', namespace: rs.metadata.namespace, name: rs.metadata.name! }, { fieldManager: NAME });
  }
}

function byCreation(a: ReplicaSet, b: ReplicaSet): number {
  return (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') || a.metadata.name!.localeCompare(b.metadata.name!);
}

/** syncStatus recomputes status from the ReplicaSets and maintains Available/Progressing. */
function syncStatus(d: Deployment, newRS: ReplicaSet | undefined, ctx: ReconcileContext, created: boolean): Result | void {
  const fresh = ctx.api.get({ kind: 'Deployment', namespace: d.metadata.namespace, name: d.metadata.name! });
  const sets = ctx.api.listControlledBy('ReplicaSet', d.metadata.uid!);
  const desired = fresh.spec!.replicas ?? 1;
  const [, maxUnavailable] = fenceposts(fresh);
  const replicas = statusSum(sets, 'replicas');
  const updated = newRS ? (sets.find((s) => s.metadata.uid === newRS.metadata.uid)?.status?.replicas ?? 0) : 0;
  const ready = statusSum(sets, 'readyReplicas');
  const available = statusSum(sets, 'availableReplicas');
  const now = ctx.clock.nowISO();
  const prev = fresh.status ?? {};
  let conditions: Condition[] = prev.conditions ?? [];
  conditions = setCondition(conditions, available >= desired - maxUnavailable
    ? { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable', message: 'Deployment has minimum availability.', lastUpdateTime: now }
    : { type: 'Available', status: 'False', reason: 'MinimumReplicasUnavailable', message: 'Deployment does not have minimum availability.', lastUpdateTime: now }, now);
  let requeue: Result | undefined;
  const rsName = newRS?.metadata.name ?? '';
  const complete = !!newRS && updated === desired && replicas === desired && available === desired;
  if (fresh.spec!.paused) {
    conditions = setCondition(conditions, { type: 'Progressing', status: 'Unknown', reason: 'DeploymentPaused', message: 'Deployment is paused', lastUpdateTime: now }, now);
  } else if (newRS) {
    const progressing = conditions.find((c) => c.type === 'Progressing');
    const progressed = created || updated > (prev.updatedReplicas ?? 0) || available > (prev.availableReplicas ?? 0)
      || replicas < (prev.replicas ?? 0) && !complete;
    if (complete) {
      conditions = setCondition(conditions, { type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable', message: `ReplicaSet "${rsName}" has successfully progressed.`, lastUpdateTime: now }, now);
    } else if (created) {
      conditions = setCondition(conditions, { type: 'Progressing', status: 'True', reason: 'NewReplicaSetCreated', message: `Created new replica set "${rsName}"`, lastUpdateTime: now }, now);
    } else if (progressed || !progressing || progressing.reason === 'NewReplicaSetAvailable') {
      conditions = setCondition(conditions, { type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated', message: `ReplicaSet "${rsName}" is progressing.`, lastUpdateTime: now }, now, { updateTime: true });
    }
    const p = conditions.find((c) => c.type === 'Progressing');
    const deadline = fresh.spec!.progressDeadlineSeconds ?? 600;
    if (!complete && p && p.status === 'True' && p.lastUpdateTime) {
      const due = Date.parse(p.lastUpdateTime) + deadline * 1000;
      if (due <= ctx.clock.nowMs()) {
        conditions = setCondition(conditions, { type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: `ReplicaSet "${rsName}" has timed out progressing.`, lastUpdateTime: now }, now);
      } else requeue = { requeueAfterMs: due - ctx.clock.nowMs() };
    }
  }
  const status: Record<string, unknown> = {
    observedGeneration: fresh.metadata.generation,
    replicas, updatedReplicas: updated, readyReplicas: ready, availableReplicas: available,
    unavailableReplicas: Math.max(0, specReplicas(sets) - available),
    conditions,
  };
  if (prev.collisionCount !== undefined) status.collisionCount = prev.collisionCount;
  // omitempty: the API drops zero counters.
  for (const k of ['replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'unavailableReplicas']) if (!status[k]) delete status[k];
  ctx.api.updateStatus({ ...fresh, status }, { fieldManager: NAME });
  return requeue;
}
