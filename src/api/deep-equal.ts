/**
 * deep-equal: exact structural equality of JSON values — what the API server uses to tell an
 * update that changes nothing, apply's "unchanged", and the controllers' skip-if-equal writes.
 * A key present with an undefined value differs from an absent key, so an update that adds one
 * is still written (the strategies' own deepEqual, which ignores such keys, compares specs).
 */

/** deepEqual compares two JSON values. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
