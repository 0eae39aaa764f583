/**
 * storage-object-in-use-protection: the StorageObjectInUseProtection admission plugin. Every new
 * claim gets the pvc-protection finalizer and every new volume the pv-protection finalizer, so
 * deleting one that is still in use leaves it Terminating until the protection controllers
 * see it unused and remove the finalizer.
 */
import type { KubeObject } from '../../api/meta';
import { PV_PROTECTION_FINALIZER, PVC_PROTECTION_FINALIZER } from '../../api/storage-protection-finalizers';


const FINALIZER: Record<string, string> = {
  PersistentVolumeClaim: PVC_PROTECTION_FINALIZER,
  PersistentVolume: PV_PROTECTION_FINALIZER,
};

/** admitStorageProtection appends the kind's protection finalizer to a new claim or volume. */
export function admitStorageProtection(obj: KubeObject): void {
  const finalizer = FINALIZER[obj.kind];
  if (!finalizer) return;
  const finalizers: string[] = obj.metadata.finalizers ?? [];
  if (finalizers.includes(finalizer)) return;
  obj.metadata.finalizers = [...finalizers, finalizer];
}
