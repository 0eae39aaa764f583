/**
 * ttlafterfinished: deletes finished Jobs once spec.ttlSecondsAfterFinished has passed since
 * their Complete or Failed condition, cascading in the foreground to their pods.
 * Mirrors kubernetes pkg/controller/ttlafterfinished/ttlafterfinished_controller.go.
 */
import { isNotFound } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { finishedTime, isJobFinished } from '../job/conditions';

export const NAME = 'ttl-after-finished-controller';

/** ttlAfterFinishedController is the TTL-after-finished reconcile loop. */
export const ttlAfterFinishedController: Controller = {
  name: NAME,
  for: 'Job',
  accepts: (job) => job.spec?.ttlSecondsAfterFinished != null && !job.metadata.deletionTimestamp && isJobFinished(job),
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const job = ctx.api.tryGet({ kind: 'Job', namespace: req.namespace, name: req.name });
    if (!job || job.metadata.deletionTimestamp || job.spec!.ttlSecondsAfterFinished == null || !isJobFinished(job)) return;
    const finished = finishedTime(job);
    if (!finished) return;
    const expireAt = Date.parse(finished) + job.spec!.ttlSecondsAfterFinished * 1000;
    const left = expireAt - ctx.clock.nowMs();
    if (left > 0) return { requeueAfterMs: left };
    try {
      ctx.api.delete({ kind: 'Job', namespace: job.metadata.namespace, name: job.metadata.name! },
        { fieldManager: NAME, propagationPolicy: 'Foreground', preconditionResourceVersion: job.metadata.resourceVersion });
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  },
};
