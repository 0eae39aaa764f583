/**
 * provisioner: a simulated rancher.io/local-path provisioner — for each claim handed to it
 * (and, for WaitForFirstConsumer classes, placed on a node) it creates a hostPath volume
 * "pvc-<claim uid>" pinned to that node and pre-bound to the claim.
 * Mirrors the sig-storage external provisioner library's flow and local-path-provisioner's volume shape.
 */
import type { PersistentVolume, PersistentVolumeClaim, StorageClass } from '../../api/types/kinds';
import { isAlreadyExists } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { PROVISIONED_BY, PROVISIONING, PROVISIONING_SUCCEEDED, SELECTED_NODE, STORAGE_PROVISIONER } from './annotations';
import { claimRef, effectiveClassName } from './index';

/** LOCAL_PATH_PROVISIONER is the provisioner this component serves. */
export const LOCAL_PATH_PROVISIONER = 'rancher.io/local-path';
/** PROVISIONER_COMPONENT is the Event source of the provisioner's events. */
export const PROVISIONER_COMPONENT = 'rancher.io/local-path_local-path-provisioner';
/** LOCAL_PATH_ROOT is where volumes live on the node. */
export const LOCAL_PATH_ROOT = '/var/local-path-provisioner';

/** provisioningMessage and provisionedMessage are the provisioner's event texts. */
export const provisioningMessage = (ns: string, name: string) => `External provisioner is provisioning volume for claim "${ns}/${name}"`;
export const provisionedMessage = (pv: string) => `Successfully provisioned volume ${pv}`;

/** newLocalPathVolume builds the volume for a claim on a node. */
export function newLocalPathVolume(claim: PersistentVolumeClaim, sc: StorageClass, node: string | undefined): PersistentVolume {
  const name = `pvc-${claim.metadata.uid}`;
  const spec: Record<string, unknown> = {
    accessModes: claim.spec!.accessModes,
    capacity: { storage: claim.spec!.resources?.requests?.storage },
    claimRef: claimRef(claim),
    hostPath: { path: `${LOCAL_PATH_ROOT}/${name}_${claim.metadata.namespace}_${claim.metadata.name}`, type: 'DirectoryOrCreate' },
  };
  if (node) spec.nodeAffinity = { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [node] }] }] } };
  Object.assign(spec, { persistentVolumeReclaimPolicy: sc.reclaimPolicy ?? 'Delete', storageClassName: sc.metadata.name, volumeMode: claim.spec!.volumeMode ?? 'Filesystem' });
  return { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name, annotations: { [PROVISIONED_BY]: LOCAL_PATH_PROVISIONER } }, spec };
}

/** localPathProvisioner provisions claims annotated for rancher.io/local-path. */
export const localPathProvisioner: Controller = {
  name: 'local-path-provisioner',
  for: 'PersistentVolumeClaim',
  accepts: (c) => c.metadata.annotations?.[STORAGE_PROVISIONER] === LOCAL_PATH_PROVISIONER && !c.spec?.volumeName,
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const claim = ctx.api.tryGet({ kind: 'PersistentVolumeClaim', namespace: req.namespace, name: req.name });
    if (!claim || claim.metadata.deletionTimestamp || claim.spec!.volumeName) return;
    if (claim.metadata.annotations?.[STORAGE_PROVISIONER] !== LOCAL_PATH_PROVISIONER) return;
    const sc = ctx.api.tryGet({ kind: 'StorageClass', name: effectiveClassName(claim, ctx) });
    if (!sc || sc.provisioner !== LOCAL_PATH_PROVISIONER) return;
    const node = claim.metadata.annotations?.[SELECTED_NODE];
    if (sc.volumeBindingMode === 'WaitForFirstConsumer' && !node) return;
    if (ctx.api.tryGet({ kind: 'PersistentVolume', name: `pvc-${claim.metadata.uid}` })) return;
    ctx.api.recordEvent(claim, 'Normal', PROVISIONING, provisioningMessage(claim.metadata.namespace!, claim.metadata.name!), { component: PROVISIONER_COMPONENT });
    try {
      const pv = ctx.api.create(newLocalPathVolume(claim, sc, node), { fieldManager: PROVISIONER_COMPONENT });
      ctx.api.recordEvent(claim, 'Normal', PROVISIONING_SUCCEEDED, provisionedMessage(pv.metadata.name!), { component: PROVISIONER_COMPONENT });
    } catch (e) {
      if (!isAlreadyExists(e)) throw e;
    }
  },
};
