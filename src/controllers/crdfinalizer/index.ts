/**
 * crdfinalizer: kube-apiserver's CRD finalizer (apiextensions-apiserver pkg/controller/finalizer):
 * a deleted CustomResourceDefinition keeps its cleanup finalizer until every object of its
 * resource is deleted, then drops it, which removes the CRD. Its Terminating condition says how
 * far it has come. A CRD whose names are not accepted is left as it is, as upstream leaves it.
 * kubemu: objects that stay terminating keep the condition InstanceDeletionInProgress (upstream
 * reports InstanceDeletionCheck after each minute it waited in vain).
 */
import { setConditionInPlace, type ConditionChange } from '../../api/conditions';
import { deepEqual } from '../../api/deep-equal';
import { CRD_CLEANUP_FINALIZER, crdConditionTrue } from '../../api/crd-accepted-names';
import type { KubeObject } from '../../api/meta';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';

export const NAME = 'crd-finalizer';
const FIELD_MANAGER = 'kube-apiserver';
/** deleteInstances waits for terminating objects, polling every POLL_MS for POLL_FOR_MS. */
const POLL_MS = 1_000;
const POLL_FOR_MS = 60_000;

const terminating = (status: string, reason: string, message: string): ConditionChange => ({ type: 'Terminating', status, reason, message });

/** withCondition writes the CRD's status with c set. */
function withCondition(crd: KubeObject, c: ConditionChange, ctx: ReconcileContext): KubeObject {
  const conditions = setConditionInPlace(crd.status?.conditions ?? [], c, ctx.clock.nowISO());
  if (deepEqual(conditions, crd.status?.conditions)) return crd;
  return ctx.api.updateStatus({ ...crd, status: { ...crd.status, conditions } }, { fieldManager: FIELD_MANAGER });
}

/** deleteInstances deletes the CRD's objects; true when none is left. */
function deleteInstances(crd: KubeObject, ctx: ReconcileContext): boolean {
  const kind: string | undefined = crd.status?.acceptedNames?.kind;
  if (!kind) return true;
  const apiVersion = `${crd.spec?.group}/${(crd.spec?.versions ?? []).find((v: { storage?: boolean }) => v.storage)?.name ?? ''}`;
  let left = 0;
  for (const obj of ctx.api.list({ kind, apiVersion })) {
    left++;
    if (!obj.metadata.deletionTimestamp) {
      const gone = ctx.api.delete({ kind, namespace: obj.metadata.namespace, name: obj.metadata.name! }, { fieldManager: FIELD_MANAGER });
      if (!gone.metadata.deletionTimestamp) left--;
    }
  }
  return left === 0;
}

export const crdFinalizer: Controller = {
  name: NAME,
  for: 'CustomResourceDefinition',
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    let crd: KubeObject | undefined = ctx.api.tryGet({ kind: 'CustomResourceDefinition', name: req.name });
    if (!crd?.metadata.deletionTimestamp || !crd.metadata.finalizers?.includes(CRD_CLEANUP_FINALIZER)) return;
    // Its names may have been taken from it after objects were made: upstream stops here.
    if (!crdConditionTrue(crd, 'NamesAccepted')) return;
    crd = withCondition(crd, terminating('True', 'InstanceDeletionInProgress', 'CustomResource deletion is in progress'), ctx);
    if (crdConditionTrue(crd, 'Established')) {
      if (!deleteInstances(crd, ctx)) {
        // Objects still terminating: upstream polls for them every second for a minute, then backs off.
        const since = Date.parse((crd.status?.conditions ?? []).find((c: { type?: string }) => c.type === 'Terminating')?.lastTransitionTime ?? '');
        return { requeueAfterMs: ctx.clock.nowMs() - since < POLL_FOR_MS ? POLL_MS : POLL_FOR_MS };
      }
      crd = withCondition(crd, terminating('False', 'InstanceDeletionCompleted', 'removed all instances'), ctx);
    } else {
      crd = withCondition(crd, terminating('False', 'NeverEstablished', 'resource was never established'), ctx);
    }
    const finalizers = crd.metadata.finalizers!.filter((f) => f !== CRD_CLEANUP_FINALIZER);
    ctx.api.update({ ...crd, metadata: { ...crd.metadata, finalizers: finalizers.length ? finalizers : undefined } }, { fieldManager: FIELD_MANAGER });
  },
};
