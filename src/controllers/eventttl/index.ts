/**
 * eventttl: Events expire an hour after their last occurrence, as kube-apiserver's
 * --event-ttl (1h) makes etcd drop them, so long-running clusters stay small.
 */
import type { Controller, ReconcileContext, Request, Result } from '../controller';

export const NAME = 'event-ttl';
/** EVENT_TTL_MS is kube-apiserver's default --event-ttl. */
export const EVENT_TTL_MS = 60 * 60 * 1000;

/** eventTTLController deletes expired Events. */
export const eventTTLController: Controller = {
  name: NAME,
  for: 'Event',
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const ev = ctx.api.tryGet({ kind: 'Event', namespace: req.namespace, name: req.name });
    if (!ev) return;
    const last = Date.parse(ev.lastTimestamp ?? ev.eventTime ?? ev.metadata.creationTimestamp ?? '') || 0;
    const left = last + EVENT_TTL_MS - ctx.clock.nowMs();
    // Expiry is housekeeping: it must not stop a long clock advance, so the timer is lazy.
    if (left > 0) return { requeueAfterMs: left, lazy: true };
    ctx.api.delete({ kind: 'Event', namespace: req.namespace, name: req.name }, { fieldManager: NAME });
  },
};
