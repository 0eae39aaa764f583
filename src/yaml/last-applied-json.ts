/**
 * last-applied-json: the value of kubectl's last-applied-configuration annotation — the
 * manifest as Go's json.Marshal writes it, without the annotation itself.
 */
import { LAST_APPLIED } from '../api/last-applied';
import type { KubeObject } from '../api/meta';
import { toCompactJson } from './write-json';

/** lastAppliedOf is the annotation's value: the manifest itself (without the annotation), keys sorted. */
export function lastAppliedOf(manifest: KubeObject): string {
  // kubectl serialises the object after adding the annotation and then removing it again,
  // so an object without annotations leaves an empty map behind: "annotations":{}.
  // Only metadata.annotations changes, so the copy is shallow down to it (the manifest is not touched).
  const annotations = { ...(manifest.metadata.annotations ?? {}) };
  delete annotations[LAST_APPLIED];
  const forAnnotation = { ...manifest, metadata: { ...manifest.metadata, annotations } };
  // kubectl stores Go's json.Marshal of the manifest: keys sorted, HTML-safe escapes.
  return toCompactJson(forAnnotation) + '\n';
}

/** withLastApplied is the manifest carrying its own last-applied annotation (create and replace --save-config). */
export function withLastApplied(manifest: KubeObject): KubeObject {
  return { ...manifest, metadata: { ...manifest.metadata, annotations: { ...(manifest.metadata.annotations ?? {}), [LAST_APPLIED]: lastAppliedOf(manifest) } } };
}

/**
 * annotationPatchValue is what `apply set-last-applied` and `apply edit-last-applied` store:
 * the object as kubectl encodes it (its own annotations left as they are), and a newline.
 */
export function annotationPatchValue(obj: unknown): string {
  return toCompactJson(obj) + '\n';
}
