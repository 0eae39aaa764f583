/**
 * resource: one object in a kustomize build, with the names and namespaces it had before
 * transformers changed them (kustomize's previous ids), which reference fix-ups match on.
 */

export type Obj = Record<string, unknown>;

/** Origin is where an object came from, so `kubemu check -k` can point at a line. */
export interface Origin { file: string; line: number }

/** Resource is one object of the build. */
export interface Resource {
  obj: Obj;
  /** Every name the object has had, oldest first (the last is the current one). */
  names: string[];
  /** Every namespace it has had ('' for none), oldest first. */
  namespaces: string[];
  /** A generated ConfigMap/Secret whose name gets the content-hash suffix at the end. */
  needsHash: boolean;
  origin: Origin;
}

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function metadataOf(obj: Obj): Obj {
  if (!isObj(obj.metadata)) obj.metadata = {};
  return obj.metadata as Obj;
}

export const nameOf = (r: Resource): string => String(metadataOf(r.obj).name ?? '');
export const namespaceOf = (r: Resource): string => String(metadataOf(r.obj).namespace ?? '');
export const kindOf = (obj: Obj): string => String(obj.kind ?? '');

/** groupVersionOf splits apiVersion into kustomize's group and version. */
export function groupVersionOf(obj: Obj): { group: string; version: string } {
  const av = String(obj.apiVersion ?? '');
  const i = av.indexOf('/');
  return i < 0 ? { group: '', version: av } : { group: av.slice(0, i), version: av.slice(i + 1) };
}

/** makeResource wraps an object read from a file. */
export function makeResource(obj: Obj, origin: Origin, needsHash = false): Resource {
  const meta = metadataOf(obj);
  return { obj, names: [String(meta.name ?? '')], namespaces: [String(meta.namespace ?? '')], needsHash, origin };
}

/** rename sets a new current name, keeping the old one in the history. */
export function rename(r: Resource, name: string): void {
  metadataOf(r.obj).name = name;
  if (r.names[r.names.length - 1] !== name) r.names.push(name);
}

/** setNamespace sets a new current namespace, keeping the old one in the history. */
export function setNamespace(r: Resource, ns: string): void {
  metadataOf(r.obj).namespace = ns;
  if (r.namespaces[r.namespaces.length - 1] !== ns) r.namespaces.push(ns);
}

/** hadName is true when the resource is or was called `name`. */
export const hadName = (r: Resource, name: string): boolean => r.names.includes(name);
