/**
 * persistentvolume: the PersistentVolume binder — binds claims to matching static volumes or
 * to volumes provisioned for them, delays WaitForFirstConsumer claims until a pod using them is
 * on a node, assigns the default StorageClass to class-less claims, and moves volumes through
 * Available → Bound → Released (deleting released volumes whose reclaim policy is Delete).
 * Mirrors kubernetes pkg/controller/volume/persistentvolume/pv_controller.go (syncClaim,
 * syncVolume); kubemu: the selected-node annotation is set here from the consuming pod's
 * nodeName, where upstream the scheduler's VolumeBinding plugin sets it before binding the pod.
 */
import type { PersistentVolume, PersistentVolumeClaim, Pod, StorageClass } from '../../api/types/kinds';
import { isPodTerminal } from '../../api/pod-util';
import { ApiError, isNotFound } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import {
  BETA_STORAGE_PROVISIONER, BIND_COMPLETED, BOUND_BY_CONTROLLER, CSI_MIGRATED_PROVISIONERS, DEFAULT_CLASS, EVENT_COMPONENT, EXTERNAL_PROVISIONING,
  externalProvisioningMessage, FAILED_BINDING, NO_VOLUME_NO_CLASS_MESSAGE, PROVISIONED_BY, SELECTED_NODE, STORAGE_PROVISIONER,
  noVolumePluginMessage, PROVISIONING_FAILED, WAIT_FOR_FIRST_CONSUMER, WAIT_FOR_FIRST_CONSUMER_MESSAGE,
} from './annotations';
import { findMatchingVolume } from './matching';

export const CLAIM_CONTROLLER = 'persistentvolume-controller/claims';
export const VOLUME_CONTROLLER = 'persistentvolume-controller/volumes';
const FM = { fieldManager: EVENT_COMPONENT };

/** claimsUsedBy lists the claim names a pod mounts. */
export function claimsUsedBy(pod: Pick<Pod, 'spec'>): string[] {
  return (pod.spec?.volumes ?? []).flatMap((v) => (v.persistentVolumeClaim?.claimName ? [v.persistentVolumeClaim.claimName] : []));
}

/** defaultStorageClass is the class annotated as default (the newest, if several). */
export function defaultStorageClass(ctx: ReconcileContext): StorageClass | undefined | undefined {
  return ctx.api.list({ kind: 'StorageClass' }).filter((sc) => sc.metadata.annotations?.[DEFAULT_CLASS] === 'true')
    .sort((a, b) => (b.metadata.creationTimestamp ?? '').localeCompare(a.metadata.creationTimestamp ?? '') || a.metadata.name!.localeCompare(b.metadata.name!))[0];
}

/** effectiveClassName is the claim's class, or the default class for a class-less claim ("" if none). */
export function effectiveClassName(claim: PersistentVolumeClaim, ctx: ReconcileContext): string {
  if (claim.spec!.storageClassName != null) return claim.spec!.storageClassName;
  return defaultStorageClass(ctx)?.metadata.name ?? '';
}

/** claimController binds PersistentVolumeClaims. */
export const claimController: Controller = {
  name: CLAIM_CONTROLLER,
  for: 'PersistentVolumeClaim',
  watches: [
    { kind: 'PersistentVolume', map: (pv) => pv.spec?.claimRef ? [{ namespace: pv.spec.claimRef.namespace, name: pv.spec.claimRef.name }] : [] },
    { kind: 'Pod', map: (pod) => pod.spec?.nodeName ? claimsUsedBy(pod).map((name) => ({ namespace: pod.metadata.namespace, name })) : [] },
    // A class appearing or becoming the default is what unbound claims naming it (or none) wait for;
    // upstream's periodic resync finds them, kubemu looks at once.
    {
      kind: 'StorageClass',
      map: (sc, ctx) => ctx.api.list({ kind: 'PersistentVolumeClaim' })
        .filter((c) => !c.spec?.volumeName && !c.metadata.deletionTimestamp && (c.spec?.storageClassName == null || c.spec.storageClassName === sc.metadata.name))
        .map((c) => ({ namespace: c.metadata.namespace, name: c.metadata.name! })),
    },
  ],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const claim = ctx.api.tryGet({ kind: 'PersistentVolumeClaim', namespace: req.namespace, name: req.name });
    if (!claim || claim.metadata.deletionTimestamp) return;
    if (claim.spec!.volumeName) return syncBoundClaim(claim, ctx);
    if (claim.spec!.storageClassName == null) {
      // Retroactive default class assignment (GA in 1.28): a class-less claim gets today's default.
      const def = defaultStorageClass(ctx);
      if (def) {
        const fresh = structuredClone(claim);
        fresh.spec!.storageClassName = def.metadata.name;
        try {
          ctx.api.update(fresh, FM);
          return;
        } catch (e) {
          // kubemu: an API server that still treats storageClassName as immutable; the default applies in memory.
          if (!(e instanceof ApiError) || e.reason !== 'Invalid') throw e;
        }
      }
    }
    const className = effectiveClassName(claim, ctx);
    const sc = className ? ctx.api.tryGet({ kind: 'StorageClass', name: className }) : undefined;
    let selectedNode: string | undefined = claim.metadata.annotations?.[SELECTED_NODE];
    if (sc?.volumeBindingMode === 'WaitForFirstConsumer' && !selectedNode) {
      const consumer = ctx.api.list({ kind: 'Pod', namespace: claim.metadata.namespace })
        .filter((p) => p.spec?.nodeName && !isPodTerminal(p) && claimsUsedBy(p).includes(claim.metadata.name!))
        .sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!))[0];
      if (!consumer) {
        ctx.api.recordEvent(claim, 'Normal', WAIT_FOR_FIRST_CONSUMER, WAIT_FOR_FIRST_CONSUMER_MESSAGE, { component: EVENT_COMPONENT });
        return;
      }
      selectedNode = consumer.spec!.nodeName as string;
      const fresh = structuredClone(claim);
      fresh.metadata.annotations = { ...(fresh.metadata.annotations ?? {}), [SELECTED_NODE]: selectedNode };
      ctx.api.update(fresh, FM);
      return;
    }
    const node = selectedNode ? ctx.api.tryGet({ kind: 'Node', name: selectedNode }) : undefined;
    const pv = findMatchingVolume(claim, ctx.api.list({ kind: 'PersistentVolume' }), node, className);
    if (pv) return bind(claim, pv, ctx);
    if (!sc) {
      ctx.api.recordEvent(claim, 'Normal', FAILED_BINDING, NO_VOLUME_NO_CLASS_MESSAGE, { component: EVENT_COMPONENT });
      return;
    }
    if (String(sc.provisioner).startsWith('kubernetes.io/') && !CSI_MIGRATED_PROVISIONERS.has(sc.provisioner)) {
      // findProvisionablePlugin: no in-tree plugin provisions for this name (e.g. kubernetes.io/no-provisioner).
      ctx.api.recordEvent(claim, 'Warning', PROVISIONING_FAILED, noVolumePluginMessage(sc.provisioner), { component: EVENT_COMPONENT });
      return;
    }
    if (claim.metadata.annotations?.[STORAGE_PROVISIONER] !== sc.provisioner) {
      const fresh = structuredClone(claim);
      fresh.metadata.annotations = { ...(fresh.metadata.annotations ?? {}), [BETA_STORAGE_PROVISIONER]: sc.provisioner, [STORAGE_PROVISIONER]: sc.provisioner };
      ctx.api.update(fresh, FM);
      ctx.api.recordEvent(claim, 'Normal', EXTERNAL_PROVISIONING, externalProvisioningMessage(sc.provisioner), { component: EVENT_COMPONENT });
    }
  },
};

/** bind points the volume at the claim, then the claim at the volume (the order upstream binds in). */
function bind(claim: PersistentVolumeClaim, pv: PersistentVolume, ctx: ReconcileContext): void {
  if (!pv.spec!.claimRef?.uid) {
    const freshPV = structuredClone(pv);
    freshPV.spec!.claimRef = claimRef(claim);
    freshPV.metadata.annotations = { ...(freshPV.metadata.annotations ?? {}), [BOUND_BY_CONTROLLER]: 'yes' };
    pv = ctx.api.update(freshPV, FM);
  }
  const fresh = structuredClone(claim);
  fresh.spec!.volumeName = pv.metadata.name;
  fresh.metadata.annotations = { ...(fresh.metadata.annotations ?? {}), [BIND_COMPLETED]: 'yes', [BOUND_BY_CONTROLLER]: 'yes' };
  const updated = ctx.api.update(fresh, FM);
  syncBoundClaim(updated, ctx);
}

/** claimRef is the ObjectReference a volume keeps to its claim. */
export function claimRef(claim: PersistentVolumeClaim): Record<string, string> {
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', name: claim.metadata.name!, namespace: claim.metadata.namespace!, resourceVersion: claim.metadata.resourceVersion!, uid: claim.metadata.uid! };
}

/** syncBoundClaim completes a claim whose volumeName is set: Bound with the volume's modes and capacity, or Lost. */
function syncBoundClaim(claim: PersistentVolumeClaim, ctx: ReconcileContext): void {
  const pv = ctx.api.tryGet({ kind: 'PersistentVolume', name: claim.spec!.volumeName ?? '' });
  if (!pv) {
    if (claim.status?.phase === 'Bound') ctx.api.updateStatus({ ...claim, status: { ...claim.status, phase: 'Lost' } }, FM);
    return;
  }
  if (pv.spec!.claimRef?.uid && pv.spec!.claimRef.uid !== claim.metadata.uid) return;
  if (!pv.spec!.claimRef) {
    const freshPV = structuredClone(pv);
    freshPV.spec!.claimRef = claimRef(claim);
    ctx.api.update(freshPV, FM);
  }
  const status = { phase: 'Bound', accessModes: pv.spec!.accessModes, capacity: pv.spec!.capacity };
  ctx.api.updateStatus({ ...claim, status }, FM);
}

/** volumeController keeps PersistentVolume phases and reclaims released volumes. */
export const volumeController: Controller = {
  name: VOLUME_CONTROLLER,
  for: 'PersistentVolume',
  watches: [{
    kind: 'PersistentVolumeClaim',
    map: (claim, ctx) => [
      ...(claim.spec?.volumeName ? [{ name: claim.spec.volumeName as string }] : []),
      ...ctx.api.list({ kind: 'PersistentVolume' }).filter((pv) => pv.spec?.claimRef?.uid === claim.metadata.uid && pv.metadata.name !== claim.spec?.volumeName).map((pv) => ({ name: pv.metadata.name! })),
    ],
  }],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const pv = ctx.api.tryGet({ kind: 'PersistentVolume', name: req.name });
    // A volume being deleted still moves to Released: that is what lifts its pv-protection finalizer.
    if (!pv) return;
    const ref = pv.spec!.claimRef;
    let phase = 'Available';
    if (ref) {
      const claim = ctx.api.tryGet({ kind: 'PersistentVolumeClaim', namespace: ref.namespace, name: ref.name ?? '' });
      if (claim && (!ref.uid || claim.metadata.uid === ref.uid)) phase = claim.spec!.volumeName === pv.metadata.name ? 'Bound' : 'Available';
      else if (ref.uid) phase = 'Released';
    }
    if (pv.status?.phase !== phase) ctx.api.updateStatus({ ...pv, status: { ...(pv.status ?? {}), phase } }, FM);
    if (phase === 'Released' && pv.spec!.persistentVolumeReclaimPolicy === 'Delete' && !pv.metadata.deletionTimestamp) {
      // kubemu: the binder deletes the volume itself; upstream the (external) provisioner that made it does.
      try {
        ctx.api.delete({ kind: 'PersistentVolume', name: pv.metadata.name! }, { fieldManager: pv.metadata.annotations?.[PROVISIONED_BY] ?? EVENT_COMPONENT });
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
    }
  },
};
