/**
 * patch: the three patch types kubectl sends (strategic merge, JSON merge, JSON patch),
 * applied client-side for `patch --local`, `run --overrides` and by kubemu's patch command
 * (which reads, patches and updates in one transaction, as the API server would).
 */
import { applyJsonPatch } from './json-patch';
import { applyMergePatch } from './merge-patch';
import { applyStrategicMergePatch } from './strategic-merge';

export { applyJsonPatch, JsonPatchError } from './json-patch';
export { applyMergePatch, createMergePatch, isPlainObject } from './merge-patch';
export { applyStrategicMergePatch } from './strategic-merge';

/** PatchType is kubectl patch --type. */
export type PatchType = 'strategic' | 'merge' | 'json';

/** applyPatch dispatches on the patch type. */
export function applyPatch(doc: unknown, patch: unknown, type: PatchType): unknown {
  switch (type) {
    case 'json': return applyJsonPatch(doc, patch);
    case 'merge': return applyMergePatch(doc, patch);
    default: return applyStrategicMergePatch(doc, patch);
  }
}
