/**
 * field-spec: kustomize's FieldSpec — a path into objects of some group/version/kind —
 * and the walk that visits (or creates) the field at the path. A path segment that holds
 * a list visits every element; `\/` escapes a slash inside a key (annotation names).
 */
import { groupVersionOf, isObj, kindOf, type Obj } from './resource';

export interface FieldSpec { path: string; group?: string; version?: string; kind?: string; create?: boolean }

/** specMatches is kustomize's Gvk.IsSelected: empty selector fields match anything. */
export function specMatches(spec: Pick<FieldSpec, 'group' | 'version' | 'kind'>, obj: Obj): boolean {
  const { group, version } = groupVersionOf(obj);
  if (spec.group && spec.group !== group) return false;
  if (spec.version && spec.version !== version) return false;
  if (spec.kind && spec.kind !== kindOf(obj)) return false;
  return true;
}

/** splitPath splits a field-spec path at unescaped slashes. */
export function splitPath(path: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < path.length; i++) {
    if (path[i] === '\\' && path[i + 1] === '/') { cur += '/'; i++; continue; }
    if (path[i] === '/') { out.push(cur); cur = ''; continue; }
    cur += path[i];
  }
  out.push(cur);
  return out;
}

/**
 * Visitor sees the field's parent map and key; it returns the new value (undefined leaves
 * the field as it is). `present` says whether the field existed.
 */
export type Visitor = (current: unknown, present: boolean) => unknown;

/** visitPath walks obj along path; create makes missing maps (and the last field) on the way. */
export function visitPath(obj: unknown, path: string, create: boolean, visit: Visitor): void {
  walk(obj, splitPath(path), 0, create, visit);
}

// A segment ending in [] names a list: it is walked into when present, never created.
function walk(node: unknown, segs: string[], i: number, create: boolean, visit: Visitor): void {
  if (Array.isArray(node)) {
    for (const el of node) walk(el, segs, i, create, visit);
    return;
  }
  if (!isObj(node)) return;
  const isList = segs[i].endsWith('[]');
  const key = isList ? segs[i].slice(0, -2) : segs[i];
  const present = key in node && node[key] !== null && node[key] !== undefined;
  if (i === segs.length - 1) {
    if (!present && !create) return;
    const next = visit(present ? node[key] : undefined, present);
    if (next !== undefined) node[key] = next;
    return;
  }
  if (!present) {
    if (!create || isList) return;
    node[key] = {};
  }
  walk(node[key], segs, i + 1, create, visit);
}

/** applySpecs visits every spec of the table that selects obj. */
export function applySpecs(obj: Obj, specs: readonly FieldSpec[], visit: Visitor, createOverride?: boolean): void {
  for (const spec of specs) {
    if (specMatches(spec, obj)) visitPath(obj, spec.path, createOverride ?? !!spec.create, visit);
  }
}
