/**
 * persistent-volume-claim-resize: the PersistentVolumeClaimResize admission plugin. A claim
 * update that grows spec.resources.requests.storage is refused unless the claim is Bound and
 * its (unchanged, non-empty) StorageClass sets allowVolumeExpansion: true.
 */
import type { KubeObject } from '../../api/meta';
import type { StorageClass } from '../../api/types/kinds';
import { compareQuantity, quantityOf } from '../../api/quantity';
import { BETA_STORAGE_CLASS_ANNOTATION } from '../../api/storage-class-annotation';
import { forbidden } from '../errors';

/** ONLY_BOUND_CAN_EXPAND: a claim that is not Bound asked for more storage. */
export const ONLY_BOUND_CAN_EXPAND = 'Only bound persistent volume claims can be expanded';
/** CLASS_MUST_SUPPORT_RESIZE: the claim's class does not allow expansion (or there is none). */
export const CLASS_MUST_SUPPORT_RESIZE = 'only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize';

// GetPersistentVolumeClaimClass: the beta annotation wins over spec.storageClassName.
const classOf = (claim: KubeObject): string =>
  claim.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION] ?? claim.spec?.storageClassName ?? '';

/** validateClaimResize throws 403 Forbidden for a growth the plugin refuses; lookupClass reads a StorageClass. */
export function validateClaimResize(claim: KubeObject, old: KubeObject, lookupClass: (name: string) => KubeObject | undefined): void {
  if (claim.kind !== 'PersistentVolumeClaim') return;
  const newSize = quantityOf(claim.spec?.resources?.requests?.storage);
  const oldSize = quantityOf(old.spec?.resources?.requests?.storage);
  if (compareQuantity(newSize, oldSize) <= 0) return;
  const name = claim.metadata.name ?? '';
  if (old.status?.phase !== 'Bound') throw forbidden('', 'persistentvolumeclaims', name, ONLY_BOUND_CAN_EXPAND);
  const cls = classOf(claim);
  const allowed = cls !== '' && cls === classOf(old) && (lookupClass(cls) as StorageClass | undefined)?.allowVolumeExpansion === true;
  if (!allowed) throw forbidden('', 'persistentvolumeclaims', name, CLASS_MUST_SUPPORT_RESIZE);
}
