/**
 * kube-scheduler: the component that takes unbound pods for the default scheduler, runs
 * the framework over a snapshot built once per pass, and binds — or records why not.
 * Mirrors pkg/scheduler/schedule_one.go (scheduleOne, handleSchedulingFailure);
 * kubemu: the queue visits pods in name order, and an unschedulable pod is retried when a
 * node or pod changes, or lazily after 10s of simulated time (podMaxBackoff).
 */
import type { KubeObject } from '../api/meta';
import { isPodTerminal } from '../api/pod-util';
import { setCondition } from '../api/conditions';
import { isConflict, isNotFound } from '../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../controllers/controller';
import { requestFor } from '../controllers/controller';
import { newSnapshot, type Snapshot } from './framework';
import { defaultProfile, DEFAULT_SCHEDULER_NAME } from './plugins/registry';
import { scheduleOne, isFailure, ERR_NO_NODES_AVAILABLE } from './scheduler';

export const NAME = 'default-scheduler';
export const SCHEDULED = 'Scheduled';
export const FAILED_SCHEDULING = 'FailedScheduling';
/** POD_MAX_BACKOFF_MS is how long an unschedulable pod waits before the next attempt. */
export const POD_MAX_BACKOFF_MS = 10_000;
/** SCHEDULER_STOPPED_KEY is the meta flag `kubemu scheduler stop` sets (checked by the CLI wiring). */
export const SCHEDULER_STOPPED_KEY = 'scheduler.stopped';

function pending(pod: KubeObject): boolean {
  return !pod.spec?.nodeName && !pod.metadata.deletionTimestamp && !isPodTerminal(pod)
    && (pod.spec?.schedulerName ?? DEFAULT_SCHEDULER_NAME) === DEFAULT_SCHEDULER_NAME
    && !(pod.spec?.schedulingGates?.length);
}

function allPending(ctx: ReconcileContext): Request[] {
  return ctx.api.list({ kind: 'Pod' }).filter(pending).map(requestFor);
}

/** newKubeScheduler makes the scheduling component with the default profile. */
export function newKubeScheduler(): Controller {
  const profile = defaultProfile();
  let snapshot: Snapshot | undefined;
  const snap = (ctx: ReconcileContext): Snapshot => {
    snapshot ??= newSnapshot(ctx.api.list({ kind: 'Node' }), ctx.api.list({ kind: 'Pod' }).filter((p) => p.spec?.nodeName), { namespaces: ctx.api.list({ kind: 'Namespace' }) });
    return snapshot;
  };
  return {
    name: NAME,
    for: 'Pod',
    accepts: pending,
    watches: [
      // A node appearing or changing, or a bound pod going away, can make room.
      { kind: 'Node', map: (_n, ctx) => allPending(ctx) },
      { kind: 'Pod', map: (p, ctx) => (p.spec?.nodeName && (isPodTerminal(p) || !ctx.api.tryGet({ kind: 'Pod', namespace: p.metadata.namespace, name: p.metadata.name! })) ? allPending(ctx) : []) },
    ],
    beginPass() { snapshot = undefined; },
    reconcile(req: Request, ctx: ReconcileContext): Result | void {
      const pod = ctx.api.tryGet({ kind: 'Pod', namespace: req.namespace, name: req.name });
      if (!pod || !pending(pod)) return;
      const s = snap(ctx);
      if (!s.nodeInfos.length) return fail(pod, ERR_NO_NODES_AVAILABLE, ctx);
      const result = scheduleOne(pod, s, profile, ctx.rand);
      if (isFailure(result)) return fail(pod, result.failure.message, ctx);
      try {
        ctx.api.bind({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name! }, result.nodeName, { fieldManager: NAME });
      } catch (e) {
        if (isNotFound(e) || isConflict(e)) { snapshot = undefined; return; }
        throw e;
      }
      s.assume(pod, result.nodeName);
      ctx.api.recordEvent(pod, 'Normal', SCHEDULED, `Successfully assigned ${pod.metadata.namespace}/${pod.metadata.name} to ${result.nodeName}`, { component: NAME });
    },
  };
}

function fail(pod: KubeObject, message: string, ctx: ReconcileContext): Result {
  ctx.api.recordEvent(pod, 'Warning', FAILED_SCHEDULING, message, { component: NAME });
  const now = ctx.clock.nowISO();
  const conditions = setCondition(pod.status?.conditions, { type: 'PodScheduled', status: 'False', lastProbeTime: null, reason: 'Unschedulable', message }, now);
  ctx.api.updateStatus({ ...pod, status: { phase: 'Pending', ...(pod.status ?? {}), conditions } }, { fieldManager: NAME });
  return { requeueAfterMs: POD_MAX_BACKOFF_MS, lazy: true };
}
