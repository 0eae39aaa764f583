/**
 * deep-equal: structural equality of JSON values, in the two senses kubemu needs.
 * deepEqual is exact: a key present with an undefined value differs from an absent key — what
 * the API server uses to tell an update that changes nothing, apply's "unchanged", and the
 * controllers' skip-if-equal writes (an update that adds such a key is still written).
 * jsonEqual compares values as their JSON encoding would (a key holding undefined is absent):
 * what the strategies use to compare specs and immutable fields, as Go compares decoded structs.
 */

/** deepEqual compares two JSON values exactly (key order ignored). */
export function deepEqual(a: unknown, b: unknown): boolean {
  return equal(a, b, false);
}

/** jsonEqual compares two JSON values as they would encode (undefined-valued keys are absent). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return equal(a, b, true);
}

function equal(a: unknown, b: unknown, undefinedIsAbsent: boolean): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i], undefinedIsAbsent));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = (o: Record<string, unknown>) => (undefinedIsAbsent ? Object.keys(o).filter((k) => o[k] !== undefined) : Object.keys(o));
  const ka = keys(a);
  if (ka.length !== keys(b).length) return false;
  return ka.every((k) => k in b && equal(a[k], b[k], undefinedIsAbsent));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
