/**
 * strategic-merge: Kubernetes strategic merge patch (kubectl patch's default type) for the
 * built-in types: lists of objects with a merge key (containers by name, container ports by
 * containerPort, service ports by port …) merge item by item; other lists replace; `null`
 * deletes; the `$patch: replace|delete`, `$deleteFromPrimitiveList/<f>`, `$setElementOrder/<f>`
 * and `$retainKeys` directives are honoured.
 * Mirrors apimachinery pkg/util/strategicpatch/patch.go; merge keys and strategies are the Go
 * struct tags, looked up through api/patch-meta.ts from the object's apiVersion and kind (a
 * custom resource has none: its lists are replaced whole).
 */
import { normalizeElementOrder } from '../../api/element-order';
import { lookupPatchMeta, rootStructOf, type PatchMeta } from '../../api/patch-meta';
import { isPlainObject } from './merge-patch';

/** PATCH_DIRECTIVE is the `$patch` key. */
export const PATCH_DIRECTIVE = '$patch';
const DELETE_FROM_PRIMITIVE = '$deleteFromPrimitiveList/';
const SET_ELEMENT_ORDER = '$setElementOrder/';
const RETAIN_KEYS = '$retainKeys';

/** applyStrategicMergePatch returns the patched copy of doc (typed by its apiVersion and kind). */
export function applyStrategicMergePatch(doc: unknown, patch: unknown): unknown {
  const d = isPlainObject(doc) ? doc : {};
  const p = isPlainObject(patch) ? patch : {};
  return mergeMap(d, p, rootStructOf(d.apiVersion ?? p.apiVersion, d.kind ?? p.kind));
}

function mergeMap(original: Record<string, unknown>, patch: Record<string, unknown>, struct: string | undefined): Record<string, unknown> {
  const directive = patch[PATCH_DIRECTIVE];
  if (directive === 'replace') {
    const copy = { ...patch };
    delete copy[PATCH_DIRECTIVE];
    return stripDirectives(copy) as Record<string, unknown>;
  }
  if (directive === 'delete') return {};
  let out: Record<string, unknown> = { ...original };
  const retain = patch[RETAIN_KEYS];
  if (Array.isArray(retain)) {
    const keep = new Set(retain as string[]);
    out = Object.fromEntries(Object.entries(out).filter(([k]) => keep.has(k)));
  }
  for (const [k, v] of Object.entries(patch)) {
    if (k === PATCH_DIRECTIVE || k === RETAIN_KEYS || k.startsWith(SET_ELEMENT_ORDER)) continue;
    if (k.startsWith(DELETE_FROM_PRIMITIVE)) {
      const field = k.slice(DELETE_FROM_PRIMITIVE.length);
      const drop = new Set((v as unknown[]).map((x) => JSON.stringify(x)));
      if (Array.isArray(out[field])) out[field] = (out[field] as unknown[]).filter((x) => !drop.has(JSON.stringify(x)));
      continue;
    }
    if (v === null) { delete out[k]; continue; }
    const cur = out[k];
    const meta = lookupPatchMeta(struct, k);
    if (isPlainObject(v)) {
      if (v[PATCH_DIRECTIVE] === 'delete') { delete out[k]; continue; }
      out[k] = mergeMap(isPlainObject(cur) ? cur : {}, v, meta.struct);
    } else if (Array.isArray(v)) {
      out[k] = mergeList(Array.isArray(cur) ? cur : [], v, meta);
    } else {
      out[k] = v;
    }
  }
  // $setElementOrder/<list>: the items it names in its order, the others where the server had them.
  for (const [k, order] of Object.entries(patch)) {
    if (!k.startsWith(SET_ELEMENT_ORDER) || !Array.isArray(order)) continue;
    const field = k.slice(SET_ELEMENT_ORDER.length);
    if (!Array.isArray(out[field])) continue;
    const { mergeKey } = lookupPatchMeta(struct, field);
    const idOf = (x: unknown): string | undefined => (mergeKey === undefined ? JSON.stringify(x) : isPlainObject(x) ? JSON.stringify(x[mergeKey]) : undefined);
    out[field] = normalizeElementOrder(out[field] as unknown[], Array.isArray(original[field]) ? original[field] as unknown[] : [], order, idOf);
  }
  return out;
}

function mergeList(original: unknown[], patch: unknown[], meta: PatchMeta): unknown[] {
  // A list of scalars with patchStrategy merge (finalizers) is a set union.
  if (meta.merge && meta.mergeKey === undefined) {
    const seen = new Set(original.map((x) => JSON.stringify(x)));
    const merged = [...original, ...patch.filter((x) => !seen.has(JSON.stringify(x)))];
    return normalizeElementOrder(merged, original, patch, (x) => JSON.stringify(x));
  }
  const key = meta.merge ? meta.mergeKey : undefined;
  const replaceAll = patch.some((p) => isPlainObject(p) && p[PATCH_DIRECTIVE] === 'replace' && Object.keys(p).length === 1);
  if (!key || replaceAll || !patch.every(isPlainObject)) {
    return stripDirectives(patch.filter((p) => !(isPlainObject(p) && p[PATCH_DIRECTIVE] === 'replace' && Object.keys(p).length === 1))) as unknown[];
  }
  const out = original.map((x) => structuredClone(x));
  for (const item of patch as Record<string, unknown>[]) {
    const id = JSON.stringify(item[key]);
    const idx = out.findIndex((o) => isPlainObject(o) && JSON.stringify(o[key]) === id);
    if (item[PATCH_DIRECTIVE] === 'delete') { if (idx >= 0) out.splice(idx, 1); continue; }
    if (idx >= 0) out[idx] = mergeMap(out[idx] as Record<string, unknown>, item, meta.struct);
    else out.push(stripDirectives(item));
  }
  const idOf = (x: unknown): string | undefined => (isPlainObject(x) ? JSON.stringify(x[key]) : undefined);
  return normalizeElementOrder(out, original, patch.filter((p) => (p as Record<string, unknown>)[PATCH_DIRECTIVE] !== 'delete'), idOf);
}


function stripDirectives(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripDirectives);
  if (!isPlainObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === PATCH_DIRECTIVE || k === RETAIN_KEYS || k.startsWith(SET_ELEMENT_ORDER) || k.startsWith(DELETE_FROM_PRIMITIVE)) continue;
    if (x === null) continue;
    out[k] = stripDirectives(x);
  }
  return out;
}
