/**
 * merge: kubectl's client-side apply — a three-way strategic merge of the last-applied
 * configuration (original), the new manifest (modified) and the live object (current).
 * Lists of named things merge by their patchMergeKey; other lists are replaced whole.
 */

type Json = unknown;
type Obj = Record<string, Json>;

/** MERGE_KEYS maps a list field name to its strategic-merge key, as in the OpenAPI patchMergeKey markers. */
export const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  volumeDevices: 'devicePath',
  imagePullSecrets: 'name',
  hostAliases: 'ip',
  ownerReferences: 'uid',
  conditions: 'type',
  resourceClaims: 'name',
  topologySpreadConstraints: 'topologyKey',
};

/** PORT_MERGE_KEYS: a container's ports merge by containerPort, a Service's by port. */
function mergeKeyFor(field: string, items: Json[]): string | undefined {
  if (field === 'ports') {
    const first = items.find((i) => isObj(i)) as Obj | undefined;
    if (first && 'containerPort' in first) return 'containerPort';
    if (first && 'port' in first) return 'port';
    return undefined;
  }
  return MERGE_KEYS[field];
}

export function isObj(v: Json): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** threeWayMerge returns the object that applying `modified` over `current` yields, given the previous `original`. */
export function threeWayMerge(original: Json, modified: Json, current: Json, field = ''): Json {
  if (isObj(modified) && isObj(current)) {
    const orig = isObj(original) ? original : {};
    const out: Obj = { ...current };
    for (const [k, v] of Object.entries(modified)) {
      if (v === null) { delete out[k]; continue; }
      out[k] = k in current ? threeWayMerge(orig[k], v, current[k], k) : structuredClone(v);
    }
    for (const k of Object.keys(orig)) if (!(k in modified)) delete out[k];
    return out;
  }
  if (Array.isArray(modified) && Array.isArray(current)) {
    const key = mergeKeyFor(field, [...modified, ...current]);
    if (!key) return structuredClone(modified);
    const origList = Array.isArray(original) ? original : [];
    const keyOf = (i: Json) => (isObj(i) ? JSON.stringify(i[key]) : undefined);
    const curBy = new Map(current.map((i) => [keyOf(i), i] as const));
    const origBy = new Map(origList.map((i) => [keyOf(i), i] as const));
    const modKeys = new Set(modified.map(keyOf));
    const out: Json[] = modified.map((m) => {
      const c = curBy.get(keyOf(m));
      return c === undefined ? structuredClone(m) : threeWayMerge(origBy.get(keyOf(m)), m, c, field);
    });
    // Items the server (or another writer) added survive, unless this applier had added them before.
    for (const c of current) if (!modKeys.has(keyOf(c)) && !origBy.has(keyOf(c))) out.push(c);
    return out;
  }
  return structuredClone(modified);
}
