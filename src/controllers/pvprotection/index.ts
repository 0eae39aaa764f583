/**
 * pvprotection: the PV protection controller. A volume being deleted keeps its
 * kubernetes.io/pv-protection finalizer while it is Bound; volumes created without the
 * finalizer get it. Mirrors kubernetes pkg/controller/volume/pvprotection/pv_protection_controller.go.
 */
import { isNotFound } from '../../apiserver/errors';
import { PV_PROTECTION_FINALIZER } from '../../api/storage-protection-finalizers';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';

export const NAME = 'pv-protection-controller';

/** pvProtectionController adds and lifts kubernetes.io/pv-protection. */
export const pvProtectionController: Controller = {
  name: NAME,
  for: 'PersistentVolume',
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const pv = ctx.api.tryGet({ kind: 'PersistentVolume', name: req.name });
    if (!pv) return;
    const finalizers: string[] = pv.metadata.finalizers ?? [];
    const has = finalizers.includes(PV_PROTECTION_FINALIZER);
    const fresh = structuredClone(pv);
    if (pv.metadata.deletionTimestamp) {
      if (!has || pv.status?.phase === 'Bound') return;
      fresh.metadata.finalizers = finalizers.filter((f) => f !== PV_PROTECTION_FINALIZER);
      if (!fresh.metadata.finalizers.length) delete fresh.metadata.finalizers;
    } else {
      // The admission plugin adds it; this covers volumes stored before it ran.
      if (has) return;
      fresh.metadata.finalizers = [...finalizers, PV_PROTECTION_FINALIZER];
    }
    try {
      ctx.api.update(fresh, { fieldManager: NAME });
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  },
};
