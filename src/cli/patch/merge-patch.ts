/**
 * merge-patch: RFC 7386 JSON merge patch (kubectl patch --type merge), as evanphx/json-patch
 * MergePatch applies it: objects merge recursively, null deletes, anything else replaces.
 */
import { toCompactJson } from '../../yaml/write-json';

/** isPlainObject is true for JSON objects (not arrays, not null). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** applyMergePatch returns the patched copy of doc; a non-object patch replaces the whole doc. */
export function applyMergePatch(doc: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return structuredClone(patch);
  const out: Record<string, unknown> = isPlainObject(doc) ? { ...doc } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = applyMergePatch(out[k], v);
  }
  return out;
}

/** createMergePatch is the merge patch turning `from` into `to` (kubectl's change detection). */
export function createMergePatch(from: unknown, to: unknown): unknown {
  if (!isPlainObject(from) || !isPlainObject(to)) return structuredClone(to);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(from)) if (!(k in to)) out[k] = null;
  for (const [k, v] of Object.entries(to)) {
    if (!(k in from)) { out[k] = structuredClone(v); continue; }
    const fv = from[k];
    if (isPlainObject(fv) && isPlainObject(v)) {
      const sub = createMergePatch(fv, v) as Record<string, unknown>;
      if (Object.keys(sub).length) out[k] = sub;
    } else if (toCompactJson(fv) !== toCompactJson(v)) {
      // Compared as Go compares decoded JSON: key order inside lists does not matter.
      out[k] = structuredClone(v);
    }
  }
  return out;
}
