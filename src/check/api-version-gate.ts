/**
 * api-version-gate: what `--k8s-version` changes about a document's apiVersion. An
 * apiVersion the target no longer serves (or does not serve yet) is refused with the text
 * kubectl prints when discovery has no such kind; a deprecated one that is still served
 * gets the API server's deprecation warning, naming the replacement and the removal. kubemu
 * itself serves v1.32's APIs, so a version the target serves but v1.32 does not is checked
 * as its replacement (the same kind, fields renamed where the versions differ).
 */
import { DEPRECATIONS, INTRODUCTIONS, type Deprecation } from './deprecations';

/** GateResult: refused (kubectl's text), or the object to admit with an optional warning. */
export type GateResult = { refused: string } | { object: Record<string, unknown>; warning?: string };

const key = (apiVersion: string, kind: string) => `${apiVersion}\u0000${kind}`;
const BY_KEY = new Map(DEPRECATIONS.map((d) => [key(d.apiVersion, d.kind), d]));
const ADDED = new Map(INTRODUCTIONS.map((i) => [key(i.apiVersion, i.kind), i.addedIn]));

/** mappingNotFound is kubectl's error when discovery has no kind in a version (cli-runtime's mapper). */
export function mappingNotFound(obj: Record<string, unknown>, file: string): string {
  const meta = (obj.metadata ?? {}) as { name?: unknown; namespace?: unknown };
  return `resource mapping not found for name: "${String(meta.name ?? '')}" namespace: "${String(meta.namespace ?? '')}" from "${file}": `
    + `no matches for kind "${String(obj.kind)}" in version "${String(obj.apiVersion)}"\nensure CRDs are installed first`;
}

/** deprecationWarning is the API server's warning for a deprecated version (its deprecation.go format). */
export function deprecationWarning(d: Deprecation): string {
  return `${d.apiVersion} ${d.kind} is deprecated in v1.${d.deprecatedIn}+, unavailable in v1.${d.removedIn}+`
    + (d.replacement ? `; use ${d.replacement} ${d.kind}` : '');
}

/** asServedVersion rewrites an object to the newest replacement v1.32 serves (flowcontrol's share field was renamed in v1beta3). */
function asServedVersion(obj: Record<string, unknown>, d: Deprecation): Record<string, unknown> {
  let row: Deprecation | undefined = d;
  let apiVersion = d.apiVersion;
  while (row && row.removedIn <= 32 && row.replacement) { apiVersion = row.replacement; row = BY_KEY.get(key(apiVersion, d.kind)); }
  const out = structuredClone(obj);
  out.apiVersion = apiVersion;
  const limited = ((out.spec as { limited?: Record<string, unknown> } | undefined)?.limited);
  if (limited && 'assuredConcurrencyShares' in limited) {
    limited.nominalConcurrencyShares = limited.assuredConcurrencyShares;
    delete limited.assuredConcurrencyShares;
  }
  return out;
}

/** gate decides a document's fate for a target minor (32 = v1.32). */
export function gate(obj: Record<string, unknown>, file: string, minor: number): GateResult {
  if (typeof obj.apiVersion !== 'string' || typeof obj.kind !== 'string') return { object: obj };
  const k = key(obj.apiVersion, obj.kind);
  const added = ADDED.get(k);
  if (added !== undefined && minor < added) return { refused: mappingNotFound(obj, file) };
  const d = BY_KEY.get(k);
  if (!d) return { object: obj };
  if (minor >= d.removedIn) return { refused: mappingNotFound(obj, file) };
  const object = d.removedIn <= 32 ? asServedVersion(obj, d) : obj;
  return minor >= d.deprecatedIn ? { object, warning: deprecationWarning(d) } : { object };
}
