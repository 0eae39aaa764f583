/**
 * strategic-merge: Kubernetes strategic merge patch (kubectl patch's default type) for the
 * built-in types: lists of objects with a merge key (containers by name, container ports by
 * containerPort, service ports by port …) merge item by item; other lists replace; `null`
 * deletes; the `$patch: replace|delete`, `$deleteFromPrimitiveList/<f>`, `$setElementOrder/<f>`
 * and `$retainKeys` directives are honoured.
 * Mirrors apimachinery pkg/util/strategicpatch/patch.go; kubemu: merge keys come from the
 * table below (field name + parent path) rather than from Go struct tags.
 */
import { isPlainObject } from './merge-patch';

/** PATCH_DIRECTIVE is the `$patch` key. */
export const PATCH_DIRECTIVE = '$patch';
const DELETE_FROM_PRIMITIVE = '$deleteFromPrimitiveList/';
const SET_ELEMENT_ORDER = '$setElementOrder/';
const RETAIN_KEYS = '$retainKeys';

/** MERGE_KEYS names the merge key of each list field (by field name) of the built-in types. */
export const MERGE_KEYS: Record<string, string> = {
  containers: 'name', initContainers: 'name', ephemeralContainers: 'name', volumes: 'name', env: 'name',
  imagePullSecrets: 'name', resourceClaims: 'name', schedulingGates: 'name', volumeMounts: 'mountPath',
  volumeDevices: 'devicePath', ownerReferences: 'uid', conditions: 'type', hostAliases: 'ip',
  topologySpreadConstraints: 'topologyKey', ports: 'port', addresses: 'ip',
};

/** PRIMITIVE_MERGE_LISTS are lists of scalars with patchStrategy merge. */
export const PRIMITIVE_MERGE_LISTS = new Set(['finalizers']);

/** mergeKeyFor picks the merge key of a list field given its path (container ports use containerPort). */
export function mergeKeyFor(path: readonly string[]): string | undefined {
  const field = path[path.length - 1]!;
  if (field === 'ports' && path.some((p) => p === 'containers' || p === 'initContainers' || p === 'ephemeralContainers')) return 'containerPort';
  // Service ports merge on port; EndpointSubset ports have no merge key (atomic).
  if (field === 'ports' && path.includes('subsets')) return undefined;
  return MERGE_KEYS[field];
}

/** applyStrategicMergePatch returns the patched copy of doc. */
export function applyStrategicMergePatch(doc: unknown, patch: unknown): unknown {
  return mergeMap(isPlainObject(doc) ? doc : {}, isPlainObject(patch) ? patch : {}, []);
}

function mergeMap(original: Record<string, unknown>, patch: Record<string, unknown>, path: string[]): Record<string, unknown> {
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
    const sub = [...path, k];
    if (isPlainObject(v)) {
      if (v[PATCH_DIRECTIVE] === 'delete') { delete out[k]; continue; }
      out[k] = mergeMap(isPlainObject(cur) ? cur : {}, v, sub);
    } else if (Array.isArray(v)) {
      out[k] = mergeList(Array.isArray(cur) ? cur : [], v, sub);
    } else {
      out[k] = v;
    }
  }
  return out;
}

function mergeList(original: unknown[], patch: unknown[], path: string[]): unknown[] {
  const field = path[path.length - 1]!;
  if (PRIMITIVE_MERGE_LISTS.has(field)) {
    const seen = new Set(original.map((x) => JSON.stringify(x)));
    return [...original, ...patch.filter((x) => !seen.has(JSON.stringify(x)))];
  }
  const key = mergeKeyFor(path);
  const replaceAll = patch.some((p) => isPlainObject(p) && p[PATCH_DIRECTIVE] === 'replace' && Object.keys(p).length === 1);
  if (!key || replaceAll || !patch.every(isPlainObject)) {
    return stripDirectives(patch.filter((p) => !(isPlainObject(p) && p[PATCH_DIRECTIVE] === 'replace' && Object.keys(p).length === 1))) as unknown[];
  }
  const out = original.map((x) => structuredClone(x));
  for (const item of patch as Record<string, unknown>[]) {
    const id = JSON.stringify(item[key]);
    const idx = out.findIndex((o) => isPlainObject(o) && JSON.stringify(o[key]) === id);
    if (item[PATCH_DIRECTIVE] === 'delete') { if (idx >= 0) out.splice(idx, 1); continue; }
    if (idx >= 0) out[idx] = mergeMap(out[idx] as Record<string, unknown>, item, path);
    else out.push(stripDirectives(item));
  }
  return out;
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
