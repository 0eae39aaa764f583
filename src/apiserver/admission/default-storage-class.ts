/**
 * default-storage-class: the DefaultStorageClass admission plugin. A claim created without a
 * class (no spec.storageClassName and no beta class annotation) gets the default class's name;
 * an explicit "" stays empty, so it binds only to volumes without a class.
 */
import type { KubeObject } from '../../api/meta';
import { BETA_STORAGE_CLASS_ANNOTATION } from '../../api/storage-class-annotation';

/** IS_DEFAULT_CLASS_ANNOTATION marks the cluster's default StorageClass. */
export const IS_DEFAULT_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';
/** BETA_IS_DEFAULT_CLASS_ANNOTATION is the annotation's beta spelling, still honoured upstream. */
export const BETA_IS_DEFAULT_CLASS_ANNOTATION = 'storageclass.beta.kubernetes.io/is-default-class';

/** isDefaultClass reports a class annotated (GA or beta) as the default. */
export function isDefaultClass(sc: KubeObject): boolean {
  const a = sc.metadata.annotations ?? {};
  return a[IS_DEFAULT_CLASS_ANNOTATION] === 'true' || a[BETA_IS_DEFAULT_CLASS_ANNOTATION] === 'true';
}

/** defaultClassOf is GetDefaultClass: of several defaults the newest wins, then the first by name. */
export function defaultClassOf(classes: readonly KubeObject[]): KubeObject | undefined {
  return classes.filter(isDefaultClass)
    .sort((a, b) => (b.metadata.creationTimestamp ?? '').localeCompare(a.metadata.creationTimestamp ?? '') || a.metadata.name!.localeCompare(b.metadata.name!))[0];
}

/** claimHasClass is PersistentVolumeClaimHasClass: an explicit class, even "", or the beta annotation. */
export function claimHasClass(claim: KubeObject): boolean {
  return claim.spec?.storageClassName != null || claim.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION] !== undefined;
}

/** admitDefaultStorageClass sets a new class-less claim's storageClassName to the default class, if any. */
export function admitDefaultStorageClass(claim: KubeObject, classes: readonly KubeObject[]): void {
  if (claim.kind !== 'PersistentVolumeClaim' || claimHasClass(claim)) return;
  const def = defaultClassOf(classes);
  if (!def) return;
  claim.spec ??= {};
  claim.spec.storageClassName = def.metadata.name;
}
