/**
 * job: runs a Job's pods to completion — parallelism, completions (NonIndexed and Indexed),
 * back-off on failures, backoffLimit, activeDeadlineSeconds, podFailurePolicy, suspend — and
 * reports status through the job-tracking finalizer, with 1.32's interim conditions
 * (SuccessCriteriaMet / FailureTarget before Complete / Failed).
 * Mirrors kubernetes pkg/controller/job/job_controller.go (syncJob, manageJob,
 * trackJobStatusAndRemoveFinalizers); kubemu: finished pods are counted and their finalizers
 * lifted in one reconcile, so status.uncountedTerminatedPods stays empty; no slow-start batches,
 * no backoffLimitPerIndex or successPolicy.
 */
import type { Job, Pod } from '../../api/types/kinds';
import type { Condition } from '../../api/meta';
import { isPodActive, isPodReady, isPodTerminal } from '../../api/pod-util';
import { isNotFound } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { controllerOf } from '../../sim/controller';
import { rankPodsForDeletion } from '../replicaset/pods';
import { backoffRecord, remainingBackoffMs } from './backoff';
import {
  BACKOFF_LIMIT_EXCEEDED, BACKOFF_LIMIT_EXCEEDED_MESSAGE, COMPLETE, COMPLETIONS_REACHED, COMPLETIONS_REACHED_MESSAGE,
  DEADLINE_EXCEEDED, DEADLINE_EXCEEDED_MESSAGE, ensureConditionStatus, FAILED, FAILURE_TARGET, findCondition,
  isJobFinished, JOB_RESUMED_MESSAGE, JOB_RESUMED_REASON, JOB_SUSPENDED_MESSAGE, JOB_SUSPENDED_REASON, newJobCondition,
  POD_FAILURE_POLICY, SUCCESS_CRITERIA_MET, SUSPENDED,
} from './conditions';
import { formatIndexes, parseIndexes } from './indexes';
import { matchPodFailurePolicy } from './pod-failure-policy';
import { completionIndex, hasTrackingFinalizer, JOB_TRACKING_FINALIZER, newJobPod } from './pods';
import { SLOW_START_INITIAL_BATCH_SIZE, slowStartBatch } from '../slow-start';

export const NAME = 'job-controller';
export const SUCCESSFUL_CREATE = 'SuccessfulCreate';
export const SUCCESSFUL_DELETE = 'SuccessfulDelete';
export const FAILED_CREATE = 'FailedCreate';
/** MAX_POD_CREATE_DELETE_PER_SYNC caps the pods one sync creates (job_controller.go MaxPodCreateDeletePerSync). */
export const MAX_POD_CREATE_DELETE_PER_SYNC = 500;
export const COMPLETED = 'Completed';
export const JOB_COMPLETED_MESSAGE = 'Job completed';
export const SUSPENDED_EVENT = 'Suspended';
export const RESUMED_EVENT = 'Resumed';

/** JOB_STATUS_ORDER is batch/v1 JobStatus's field order. */
export const JOB_STATUS_ORDER = ['conditions', 'startTime', 'completionTime', 'active', 'succeeded', 'failed', 'terminating',
  'completedIndexes', 'failedIndexes', 'uncountedTerminatedPods', 'ready'];

/** jobController is the Job reconcile loop. */
export const jobController: Controller = {
  name: NAME,
  for: 'Job',
  owns: ['Pod'],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const job = ctx.api.tryGet({ kind: 'Job', namespace: req.namespace, name: req.name });
    if (!job) return releaseOrphans(req, ctx);
    const pods = ctx.api.listControlledBy('Pod', job.metadata.uid!);
    // A finished or deleted Job only lets go of its pods.
    if (isJobFinished(job) || job.metadata.deletionTimestamp) {
      removeFinalizers(pods.filter(hasTrackingFinalizer), ctx);
      return;
    }
    return syncJob(job, pods, ctx);
  },
};

/** isPodFailed: Failed, or deleted before succeeding (kubemu: regardless of podReplacementPolicy, as the kubelet does not mark killed pods Failed). */
function isPodFailed(pod: Pod): boolean {
  return pod.status?.phase === 'Failed' || (!!pod.metadata.deletionTimestamp && pod.status?.phase !== 'Succeeded');
}

function isTerminating(pod: Pod): boolean {
  return !!pod.metadata.deletionTimestamp && !isPodTerminal(pod);
}

/** pastBackoffLimitOnFailure: with restartPolicy OnFailure, container restarts of running pods count as failures. */
function pastBackoffLimitOnFailure(job: Job, pods: Pod[]): boolean {
  if (job.spec!.template?.spec?.restartPolicy !== 'OnFailure') return false;
  let restarts = 0;
  for (const p of pods) {
    if (p.status?.phase !== 'Running' && p.status?.phase !== 'Pending') continue;
    for (const cs of [...(p.status?.initContainerStatuses ?? []), ...(p.status?.containerStatuses ?? [])]) restarts += cs.restartCount ?? 0;
  }
  const limit = job.spec!.backoffLimit ?? 6;
  return limit === 0 ? restarts > 0 : restarts >= limit;
}

function syncJob(job: Job, pods: Pod[], ctx: ReconcileContext): Result | void {
  const nowMs = ctx.clock.nowMs();
  const now = ctx.clock.nowISO();
  const spec = job.spec;
  const indexed = spec!.completionMode === 'Indexed';
  const completions: number | undefined = spec!.completions ?? undefined;
  const suspended = !!spec!.suspend;
  const prev = job.status ?? {};
  let conditions: Condition[] = structuredClone(prev.conditions ?? []);
  let startTime: string | undefined = prev.startTime;
  const requeues: number[] = [];

  // Pods that finished since the last count still carry the tracking finalizer.
  const tracked = pods.filter(hasTrackingFinalizer);
  const newSucceeded = tracked.filter((p) => p.status?.phase === 'Succeeded');
  const newFailed = tracked.filter((p) => p.status?.phase !== 'Succeeded' && isPodFailed(p));
  let failJobMessage: string | undefined;
  let failed: number = prev.failed ?? 0;
  for (const p of newFailed) {
    const m = matchPodFailurePolicy(spec!.podFailurePolicy, p);
    if (m.countFailed) failed++;
    if (m.message && !failJobMessage) failJobMessage = m.message;
  }
  let succeededIdx: Set<number> | undefined;
  let succeeded: number;
  if (indexed) {
    succeededIdx = parseIndexes(prev.completedIndexes, completions ?? 0);
    for (const p of newSucceeded) {
      const ix = completionIndex(p);
      if (ix !== undefined && ix < (completions ?? 0)) succeededIdx.add(ix);
    }
    succeeded = succeededIdx.size;
  } else succeeded = (prev.succeeded ?? 0) + newSucceeded.length;

  if (!startTime && !suspended) startTime = now;

  // The interim finished condition, if any: already recorded, or reached now.
  let finished: Condition | undefined = [SUCCESS_CRITERIA_MET, FAILURE_TARGET].map((t) => findCondition(conditions, t)).find((c) => c?.status === 'True');
  if (!finished && failJobMessage) finished = newJobCondition(FAILURE_TARGET, 'True', POD_FAILURE_POLICY, failJobMessage, now);
  if (!finished) {
    const deadline = spec!.activeDeadlineSeconds;
    if (failed > (spec!.backoffLimit ?? 6) || pastBackoffLimitOnFailure(job, pods)) {
      finished = newJobCondition(FAILURE_TARGET, 'True', BACKOFF_LIMIT_EXCEEDED, BACKOFF_LIMIT_EXCEEDED_MESSAGE, now);
    } else if (deadline != null && startTime && !suspended) {
      const due = Date.parse(startTime) + deadline * 1000;
      if (nowMs >= due) finished = newJobCondition(FAILURE_TARGET, 'True', DEADLINE_EXCEEDED, DEADLINE_EXCEEDED_MESSAGE, now);
      else requeues.push(due - nowMs);
    }
  }

  let active = pods.filter(isPodActive);
  const toRelease = new Set<Pod>([...newSucceeded, ...newFailed]);
  if (finished) {
    // Whatever still runs is stopped; when the Job failed, those pods count as failed.
    for (const p of active) {
      deletePod(job, p, ctx);
      toRelease.add(p);
      if (finished.type === FAILURE_TARGET && hasTrackingFinalizer(p)) failed++;
    }
    active = [];
  } else {
    const res = manageJob(job, pods, active, succeeded, succeededIdx, ctx);
    active = res.active;
    if (res.requeueMs !== undefined) requeues.push(res.requeueMs);
    const complete = completions === undefined ? succeeded > 0 && active.length === 0 : succeeded >= completions && active.length === 0;
    if (complete) finished = newJobCondition(SUCCESS_CRITERIA_MET, 'True', COMPLETIONS_REACHED, COMPLETIONS_REACHED_MESSAGE, now);
    else if (suspended) {
      const r = ensureConditionStatus(conditions, SUSPENDED, 'True', JOB_SUSPENDED_REASON, JOB_SUSPENDED_MESSAGE, now);
      conditions = r.conditions;
      if (r.changed) ctx.api.recordEvent(job, 'Normal', SUSPENDED_EVENT, JOB_SUSPENDED_MESSAGE, { component: NAME });
    } else {
      const r = ensureConditionStatus(conditions, SUSPENDED, 'False', JOB_RESUMED_REASON, JOB_RESUMED_MESSAGE, now);
      conditions = r.conditions;
      if (r.changed) {
        ctx.api.recordEvent(job, 'Normal', RESUMED_EVENT, JOB_RESUMED_MESSAGE, { component: NAME });
        // activeDeadlineSeconds counts continuous activity: resuming restarts the clock.
        startTime = now;
      }
    }
  }
  if (finished) for (const p of pods) if (hasTrackingFinalizer(p)) toRelease.add(p);
  removeFinalizers([...toRelease].filter(hasTrackingFinalizer), ctx);

  const after = ctx.api.listControlledBy('Pod', job.metadata.uid!);
  const terminating = after.filter(isTerminating).length;
  let completionTime: string | undefined = prev.completionTime;
  if (finished && !findCondition(conditions, finished.type)) conditions = [...conditions, finished];
  // The terminal condition waits for the pods being stopped to be gone (1.32's delayed terminal condition).
  if (finished && terminating === 0) {
    const terminal = finished.type === SUCCESS_CRITERIA_MET ? COMPLETE : FAILED;
    conditions = [...conditions, newJobCondition(terminal, 'True', finished.reason!, finished.message!, now)];
    if (terminal === COMPLETE) {
      completionTime = now;
      ctx.api.recordEvent(job, 'Normal', COMPLETED, JOB_COMPLETED_MESSAGE, { component: NAME });
    } else {
      ctx.api.recordEvent(job, 'Warning', finished.reason!, finished.message!, { component: NAME });
    }
  }

  const status: Record<string, unknown> = {
    conditions: conditions.length ? conditions : undefined,
    startTime,
    completionTime,
    active: active.length || undefined,
    succeeded: succeeded || undefined,
    failed: failed || undefined,
    terminating,
    completedIndexes: indexed ? formatIndexes(succeededIdx!) || undefined : undefined,
    uncountedTerminatedPods: {},
    ready: active.filter(isPodReady).length,
  };
  const ordered: Record<string, unknown> = {};
  for (const k of JOB_STATUS_ORDER) if (status[k] !== undefined) ordered[k] = status[k];
  const fresh = ctx.api.get({ kind: 'Job', namespace: job.metadata.namespace, name: job.metadata.name! });
  ctx.api.updateStatus({ ...fresh, status: ordered }, { fieldManager: NAME });
  const positive = requeues.filter((ms) => ms > 0);
  if (positive.length) return { requeueAfterMs: Math.min(...positive) };
}

/** manageJob creates or deletes pods toward the wanted number of active pods; returns the active pods after. */
function manageJob(job: Job, pods: Pod[], active: Pod[], succeeded: number, succeededIdx: Set<number> | undefined,
  ctx: ReconcileContext): { active: Pod[]; requeueMs?: number } {
  const spec = job.spec;
  if (spec!.suspend) {
    for (const p of active) deletePod(job, p, ctx);
    return { active: [] };
  }
  const parallelism: number = spec!.parallelism ?? 1;
  const completions: number | undefined = spec!.completions ?? undefined;
  const onlyFailed = spec!.podReplacementPolicy === 'Failed';
  const terminating = pods.filter(isTerminating);
  const rec = backoffRecord(pods.filter((p) => p.status?.phase === 'Succeeded'), pods.filter((p) => p.status?.phase !== 'Succeeded' && isPodFailed(p)));
  const wait = remainingBackoffMs(rec, ctx.clock.nowMs());

  if (succeededIdx) {
    const n = completions ?? 0;
    const keep: Pod[] = [];
    const seen = new Set<number>();
    // Pods for an unknown, out-of-range, succeeded or duplicated index go.
    for (const p of [...active].sort((a, b) => (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? ''))) {
      const ix = completionIndex(p);
      if (ix === undefined || ix >= n || succeededIdx.has(ix) || seen.has(ix)) { deletePod(job, p, ctx); continue; }
      seen.add(ix);
      keep.push(p);
    }
    if (onlyFailed) for (const p of terminating) { const ix = completionIndex(p); if (ix !== undefined) seen.add(ix); }
    const room = Math.min(MAX_POD_CREATE_DELETE_PER_SYNC, Math.max(0, Math.min(parallelism, n - succeededIdx.size) - keep.length));
    const pending: number[] = [];
    for (let i = 0; i < n && pending.length < room; i++) if (!succeededIdx.has(i) && !seen.has(i)) pending.push(i);
    if (!pending.length) return { active: keep };
    if (wait > 0) return { active: keep, requeueMs: wait };
    let next = 0;
    createInBatches(pending.length, () => createPod(job, pending[next++], ctx), keep);
    return { active: keep };
  }

  let want = completions === undefined ? (succeeded > 0 ? active.length : parallelism) : Math.max(0, Math.min(parallelism, completions - succeeded));
  if (active.length > want) {
    const extra = rankPodsForDeletion(active).slice(0, active.length - want);
    for (const p of extra) deletePod(job, p, ctx);
    return { active: active.filter((p) => !extra.includes(p)) };
  }
  if (onlyFailed) want = Math.max(active.length, want - terminating.length);
  const missing = want - active.length;
  if (missing <= 0) return { active };
  if (wait > 0) return { active, requeueMs: wait };
  const out = [...active];
  createInBatches(Math.min(missing, MAX_POD_CREATE_DELETE_PER_SYNC), () => createPod(job, undefined, ctx), out);
  return { active: out };
}

/** createInBatches creates count pods in slow-start batches, adding them to out; a failed creation ends its batch's run. */
function createInBatches(count: number, create: () => Pod | undefined, out: Pod[]): void {
  slowStartBatch(count, SLOW_START_INITIAL_BATCH_SIZE, () => {
    const p = create();
    if (!p) throw new Error('pod not created'); // FailedCreate is recorded
    out.push(p);
  });
}

function createPod(job: Job, index: number | undefined, ctx: ReconcileContext): Pod | undefined | undefined {
  try {
    const pod = ctx.api.create(newJobPod(job, index), { fieldManager: NAME });
    ctx.api.recordEvent(job, 'Normal', SUCCESSFUL_CREATE, `Created pod: ${pod.metadata.name}`, { component: NAME });
    return pod;
  } catch (e) {
    ctx.api.recordEvent(job, 'Warning', FAILED_CREATE, `Error creating: ${(e as Error).message}`, { component: NAME });
    return undefined;
  }
}

function deletePod(job: Job, pod: Pod, ctx: ReconcileContext): void {
  try {
    ctx.api.delete({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name! }, { fieldManager: NAME });
    ctx.api.recordEvent(job, 'Normal', SUCCESSFUL_DELETE, `Deleted pod: ${pod.metadata.name}`, { component: NAME });
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
}

/** removeFinalizers lifts the job-tracking finalizer from pods (re-reading each, as deletes may have changed them). */
export function removeFinalizers(pods: Pod[], ctx: ReconcileContext): void {
  for (const p of pods) {
    const fresh = ctx.api.tryGet({ kind: 'Pod', namespace: p.metadata.namespace, name: p.metadata.name! });
    if (!fresh || fresh.metadata.uid !== p.metadata.uid || !hasTrackingFinalizer(fresh)) continue;
    fresh.metadata.finalizers = fresh.metadata.finalizers!.filter((f) => f !== JOB_TRACKING_FINALIZER);
    if (!fresh.metadata.finalizers.length) delete fresh.metadata.finalizers;
    try {
      ctx.api.update(fresh, { fieldManager: NAME });
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }
}

/** releaseOrphans lifts the finalizer from pods whose Job is gone, so they can be removed. */
function releaseOrphans(req: Request, ctx: ReconcileContext): void {
  const orphans = ctx.api.list({ kind: 'Pod', namespace: req.namespace })
    .filter((p) => hasTrackingFinalizer(p) && controllerOf(p)?.kind === 'Job' && controllerOf(p)?.name === req.name);
  removeFinalizers(orphans, ctx);
}
