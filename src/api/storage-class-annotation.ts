/**
 * storage-class-annotation: the beta annotation that names a claim's or volume's storage class
 * ahead of spec.storageClassName (v1.GetPersistentVolumeClaimClass). Admission, the volume
 * strategy and the printers all honour it.
 */

/** BETA_STORAGE_CLASS_ANNOTATION overrides spec.storageClassName when present. */
export const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class';
