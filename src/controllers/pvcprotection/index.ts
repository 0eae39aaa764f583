/**
 * pvcprotection: the PVC protection controller. A claim being deleted keeps its
 * kubernetes.io/pvc-protection finalizer while any scheduled pod still references it, so it
 * stays Terminating until those pods are gone; claims created without the finalizer get it.
 * Mirrors kubernetes pkg/controller/volume/pvcprotection/pvc_protection_controller.go: a pod
 * counts once it has a node, whatever its phase (only a pod deleted with no grace left, or a
 * force-deleted one, stops counting for a generic ephemeral volume's claim).
 */
import type { PersistentVolumeClaim, Pod } from '../../api/types/kinds';
import { isNotFound } from '../../apiserver/errors';
import { PVC_PROTECTION_FINALIZER } from '../../api/storage-protection-finalizers';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';

export const NAME = 'pvc-protection-controller';

// A pod the kubelet is done with, or that was force-deleted: a zero grace period left.
const podIsShutDown = (pod: Pick<Pod, 'metadata'>): boolean =>
  !!pod.metadata.deletionTimestamp && pod.metadata.deletionGracePeriodSeconds === 0;

/** podUsesClaim: a scheduled pod that mounts the claim, directly or as its generic ephemeral volume. */
export function podUsesClaim(pod: Pick<Pod, 'spec' | 'metadata'>, claim: Pick<PersistentVolumeClaim, 'metadata'>): boolean {
  if (!pod.spec?.nodeName) return false;
  return (pod.spec.volumes ?? []).some((v) =>
    v.persistentVolumeClaim?.claimName === claim.metadata.name
    || (!!v.ephemeral && !podIsShutDown(pod) && `${pod.metadata.name}-${v.name}` === claim.metadata.name
      && !!claim.metadata.ownerReferences?.some((r) => r.controller && r.uid === pod.metadata.uid)));
}

/** claimNamesOf lists every claim a pod's volumes can name (direct and ephemeral). */
function claimNamesOf(pod: Pick<Pod, 'spec' | 'metadata'>): string[] {
  return (pod.spec?.volumes ?? []).flatMap((v) =>
    v.persistentVolumeClaim ? [v.persistentVolumeClaim.claimName] : v.ephemeral ? [`${pod.metadata.name}-${v.name}`] : []);
}

/** pvcProtectionController adds and lifts kubernetes.io/pvc-protection. */
export const pvcProtectionController: Controller = {
  name: NAME,
  for: 'PersistentVolumeClaim',
  watches: [{ kind: 'Pod', map: (pod) => claimNamesOf(pod).map((name) => ({ namespace: pod.metadata.namespace, name })) }],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const claim = ctx.api.tryGet({ kind: 'PersistentVolumeClaim', namespace: req.namespace, name: req.name });
    if (!claim) return;
    const finalizers: string[] = claim.metadata.finalizers ?? [];
    const has = finalizers.includes(PVC_PROTECTION_FINALIZER);
    const fresh = structuredClone(claim);
    if (claim.metadata.deletionTimestamp) {
      if (!has) return;
      if (ctx.api.list({ kind: 'Pod', namespace: req.namespace }).some((p) => podUsesClaim(p, claim))) return;
      fresh.metadata.finalizers = finalizers.filter((f) => f !== PVC_PROTECTION_FINALIZER);
      if (!fresh.metadata.finalizers.length) delete fresh.metadata.finalizers;
    } else {
      // The admission plugin adds it; this covers claims stored before it ran.
      if (has) return;
      fresh.metadata.finalizers = [...finalizers, PVC_PROTECTION_FINALIZER];
    }
    try {
      ctx.api.update(fresh, { fieldManager: NAME });
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  },
};
