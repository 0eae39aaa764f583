/**
 * merge: kubectl's client-side apply — a three-way strategic merge of the last-applied
 * configuration (original), the new manifest (modified) and the live object (current).
 * Lists with patchStrategy merge merge by their patchMergeKey (the Go struct tags, through
 * api/patch-meta.ts); other lists are replaced whole.
 */
import { normalizeElementOrder } from '../api/element-order';
import { lookupPatchMeta, rootStructOf, structMeta, type PatchMeta } from '../api/patch-meta';

type Json = unknown;
type Obj = Record<string, Json>;

export function isObj(v: Json): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** threeWayMerge returns the object that applying `modified` over `current` yields, given the previous `original`. */
export function threeWayMerge(original: Json, modified: Json, current: Json): Json {
  const root = isObj(modified) ? rootStructOf(modified.apiVersion, modified.kind) : undefined;
  return mergeValue(original, modified, current, structMeta(root));
}

// meta describes the value being merged: its struct (for an object) or its list strategy.
function mergeValue(original: Json, modified: Json, current: Json, meta: PatchMeta): Json {
  if (isObj(modified) && isObj(current)) {
    const orig = isObj(original) ? original : {};
    const out: Obj = { ...current };
    for (const [k, v] of Object.entries(modified)) {
      if (v === null) { delete out[k]; continue; }
      out[k] = k in current ? mergeValue(orig[k], v, current[k], lookupPatchMeta(meta.struct, k)) : structuredClone(v);
    }
    for (const k of Object.keys(orig)) if (!(k in modified)) delete out[k];
    return out;
  }
  if (Array.isArray(modified) && Array.isArray(current)) {
    const key = meta.merge ? meta.mergeKey : undefined;
    if (!key) return structuredClone(modified);
    const origList = Array.isArray(original) ? original : [];
    const keyOf = (i: Json) => (isObj(i) ? JSON.stringify(i[key]) : undefined);
    const curBy = new Map(current.map((i) => [keyOf(i), i] as const));
    const origBy = new Map(origList.map((i) => [keyOf(i), i] as const));
    const modKeys = new Set(modified.map(keyOf));
    const out: Json[] = modified.map((m) => {
      const c = curBy.get(keyOf(m));
      return c === undefined ? structuredClone(m) : mergeValue(origBy.get(keyOf(m)), m, c, structMeta(meta.struct));
    });
    // Items the server (or another writer) added survive, unless this applier had added them before.
    for (const c of current) if (!modKeys.has(keyOf(c)) && !origBy.has(keyOf(c))) out.push(c);
    // kubectl sends $setElementOrder (the manifest's order); the server interleaves its own items.
    return normalizeElementOrder(out, current, modified, keyOf);
  }
  return structuredClone(modified);
}
