/**
 * storage-protection-finalizers: the finalizers StorageObjectInUseProtection admission adds and
 * the pvc-protection / pv-protection controllers remove once the object is unused.
 */

/** PVC_PROTECTION_FINALIZER keeps a claim while a pod uses it. */
export const PVC_PROTECTION_FINALIZER = 'kubernetes.io/pvc-protection';
/** PV_PROTECTION_FINALIZER keeps a volume while it is bound. */
export const PV_PROTECTION_FINALIZER = 'kubernetes.io/pv-protection';
