/**
 * garbagecollector: deletes objects whose controller owner is gone, cascades foreground
 * deletion, orphans dependents on request, and lifts the owners' deletion finalizers.
 * Mirrors kubernetes pkg/controller/garbagecollector, keyed by controller ownerReferences;
 * kubemu: non-controller ownerReferences are not followed.
 */
import type { KubeObject } from '../../api/meta';
import { isNotFound } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { controllerOf, keyOf, requestFor } from '../../sim/controller';
import { ReconciledState } from '../../sim/reconciled-state';

export const NAME = 'garbage-collector-controller';
export const FOREGROUND = 'foregroundDeletion';
export const ORPHAN = 'orphan';

/** DEPENDENTS maps a dependent kind to the kinds that control it. */
export const DEPENDENTS: Record<string, readonly string[]> = {
  ReplicaSet: ['Deployment'],
  Pod: ['ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'Node', 'ReplicationController'],
  Job: ['CronJob'],
  ControllerRevision: ['StatefulSet', 'DaemonSet'],
  EndpointSlice: ['Service'],
  PersistentVolumeClaim: ['StatefulSet'],
};

const ownerKinds = [...new Set(Object.values(DEPENDENTS).flat())];

function ownerOf(dep: KubeObject, ctx: ReconcileContext): { ref: NonNullable<ReturnType<typeof controllerOf>>; owner?: KubeObject } | undefined {
  const ref = controllerOf(dep);
  if (!ref) return undefined;
  const owner = ctx.api.tryGet({ kind: ref.kind, namespace: ref.kind === 'Node' ? undefined : dep.metadata.namespace, name: ref.name });
  return { ref, owner: owner && owner.metadata.uid === ref.uid ? owner : undefined };
}

/**
 * dependentCollector handles one dependent kind: dangling → delete; owner deleting → cascade or orphan.
 * A dependent is checked when it appears and when its controller reference changes, at the
 * watch: one whose owner is there and not being deleted needs nothing, and only the others are
 * reconciled. The owner's own changes (deleted, deleting, replaced) wake its dependents through
 * the watch. A dependent's other changes (a pod bound, its status) cannot change the outcome,
 * so they are not checked again: upstream's graph builder likewise re-examines a dependent only
 * when its owner references differ from the ones it recorded (processGraphChanges,
 * referencesDiffs), and queues it for deletion only when its owner is absent or going.
 */
function dependentCollector(kind: string): Controller {
  const checked = new ReconciledState();
  const refKey = (ref: NonNullable<ReturnType<typeof controllerOf>>) => `${ref.kind}/${ref.name}/${ref.uid}`;
  return {
    name: `${NAME}/${kind.toLowerCase()}`,
    for: kind,
    accepts: (obj, type, ctx) => {
      const ref = controllerOf(obj);
      if (!ref) return false;
      const key = keyOf(requestFor(obj));
      // A deleted dependent has nothing left to collect (a new one of the same name comes as
      // ADDED); what was remembered of it goes, so a long-running serve does not keep every key.
      if (type === 'DELETED') { if (ctx) checked.forget(ctx.api, key); return false; }
      if (!ctx) return true;
      if (type === 'MODIFIED' && checked.unchanged(ctx.api, key, refKey(ref))) return false;
      // An owner that is there and not being deleted leaves nothing to do: upstream's graph
      // builder queues a new dependent only when its owner is absent or going. The owner is read
      // through the watch's reads (once a page for all its dependents), the dependent not at all.
      const owner = ownerOf(obj, ctx)?.owner;
      if (!owner || owner.metadata.deletionTimestamp) return true;
      checked.reconciled(ctx.api, key, refKey(ref));
      return false;
    },
    watches: DEPENDENTS[kind]!.map((ownerKind) => ({
      kind: ownerKind,
      map: (owner: KubeObject, ctx: ReconcileContext): Request[] => {
        const live = ctx.api.tryGet({ kind: ownerKind, namespace: owner.metadata.namespace, name: owner.metadata.name! });
        if (live && live.metadata.uid === owner.metadata.uid && !live.metadata.deletionTimestamp) return [];
        return ctx.api.listControlledBy(kind, owner.metadata.uid!).map(requestFor);
      },
    })),
    reconcile(req: Request, ctx: ReconcileContext): Result | void {
      const key = keyOf(req);
      checked.forget(ctx.api, key);
      const dep = ctx.api.tryGet({ kind, namespace: req.namespace, name: req.name });
      if (!dep) return;
      const o = ownerOf(dep, ctx);
      if (!o) return;
      const ref = { kind, namespace: dep.metadata.namespace, name: dep.metadata.name! };
      try {
        if (!o.owner) {
          if (!dep.metadata.deletionTimestamp) ctx.api.delete(ref, { fieldManager: NAME, propagationPolicy: 'Background' });
        } else if (o.owner.metadata.deletionTimestamp) {
          const fin = o.owner.metadata.finalizers ?? [];
          if (fin.includes(ORPHAN)) {
            const fresh = structuredClone(dep);
            fresh.metadata.ownerReferences = (dep.metadata.ownerReferences ?? []).filter((r) => r.uid !== o.ref.uid);
            if (!fresh.metadata.ownerReferences.length) delete fresh.metadata.ownerReferences;
            ctx.api.update(fresh, { fieldManager: NAME });
          } else if (fin.includes(FOREGROUND)) {
            if (!dep.metadata.deletionTimestamp) ctx.api.delete(ref, { fieldManager: NAME, propagationPolicy: 'Foreground' });
          }
        }
      } catch (e) {
        if (!isNotFound(e)) throw e;
        return;
      }
      // Checked against this reference: its later changes that keep it are not checked again.
      checked.reconciled(ctx.api, key, refKey(o.ref));
    },
  };
}

/** finalizerRemover handles one owner kind: lifts foregroundDeletion/orphan once its dependents are dealt with. */
function finalizerRemover(ownerKind: string): Controller {
  const depKinds = Object.keys(DEPENDENTS).filter((k) => DEPENDENTS[k]!.includes(ownerKind));
  return {
    name: `${NAME}/finalizers/${ownerKind.toLowerCase()}`,
    for: ownerKind,
    owns: depKinds,
    accepts: (obj) => !!obj.metadata.deletionTimestamp,
    reconcile(req: Request, ctx: ReconcileContext): Result | void {
      const owner = ctx.api.tryGet({ kind: ownerKind, namespace: req.namespace, name: req.name });
      if (!owner?.metadata.deletionTimestamp) return;
      const fin = owner.metadata.finalizers ?? [];
      if (!fin.includes(FOREGROUND) && !fin.includes(ORPHAN)) return;
      const deps = depKinds.flatMap((k) => ctx.api.listControlledBy(k, owner.metadata.uid!));
      const blocking = fin.includes(ORPHAN) ? deps : deps.filter((d) => controllerOf(d)?.uid === owner.metadata.uid);
      if (blocking.length) return;
      const fresh = structuredClone(owner);
      fresh.metadata.finalizers = fin.filter((f) => f !== FOREGROUND && f !== ORPHAN);
      if (!fresh.metadata.finalizers.length) delete fresh.metadata.finalizers;
      ctx.api.update(fresh, { fieldManager: NAME });
    },
  };
}

/**
 * garbageCollectors lists every GC component, dependents first. Kinds that are only ever
 * dependents get a finalizer remover too: a pod deleted in a foreground cascade carries
 * foregroundDeletion, which the GC lifts at once because the pod has no dependents of its own.
 */
export const garbageCollectors: Controller[] = [
  ...Object.keys(DEPENDENTS).map(dependentCollector),
  ...[...new Set([...ownerKinds, ...Object.keys(DEPENDENTS)])].filter((k) => k !== 'Node').map(finalizerRemover),
];
