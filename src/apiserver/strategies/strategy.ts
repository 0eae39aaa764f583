/**
 * strategy: the API server's per-kind hooks (k8s.io/apiserver registry/rest RESTCreateStrategy
 * and RESTUpdateStrategy): defaulting, semantic validation (422 Invalid), generation bumps and
 * the fields a create or update may not set. All functions are pure and synchronous.
 */
import type { KubeObject } from '../../api/meta';
import type { Rand } from '../../sim/rand';
import type { StatusCause } from '../errors';
import { jsonEqual } from '../../api/deep-equal';

/** Strategy is what the API server runs for one kind between decode and the store write. */
export interface Strategy {
  /** defaults fills the fields the v1.32 API server defaults (pkg/apis/.../v1/defaults.go), in place. */
  defaults(obj: KubeObject): void;
  /**
   * validate lists every 422 cause of a create; empty when the object is valid. apiVersion is
   * the version the request was made in (Events' rules depend on it).
   */
  validate(obj: KubeObject, apiVersion?: string): StatusCause[];
  /** validateUpdate lists every 422 cause of replacing old with obj (including immutable fields). */
  validateUpdate(obj: KubeObject, old: KubeObject, apiVersion?: string): StatusCause[];
  /** validateStatusUpdate lists every 422 cause of a status write (the status subresource's ValidateUpdate). */
  validateStatusUpdate?(obj: KubeObject, old: KubeObject): StatusCause[];
  /** true when the change should bump metadata.generation */
  specChanged?(obj: KubeObject, old: KubeObject): boolean;
  /**
   * convertIn is what decoding into the internal version does beyond copying fields (apps/v1
   * DaemonSet: its template generation's annotation); it runs before defaults and may throw a 400.
   */
  convertIn?(obj: KubeObject): void;
  /** strip/reset fields a create or update may not set (e.g. status on the main resource) */
  prepareForCreate?(obj: KubeObject): void;
  /** prepareForUpdate carries over what an update of the main resource may not change (status). */
  prepareForUpdate?(obj: KubeObject, old: KubeObject): void;
  /**
   * finishUpdate is the part of PrepareForUpdate that must come after the writer's managedFields
   * are recorded: kube-apiserver's field manager sees the object as the client sent it, before
   * any of PrepareForUpdate (kubemu runs the rest first, for status, which no writer owns).
   */
  finishUpdate?(obj: KubeObject, old: KubeObject): void;
  /** beginCreate claims what a valid new object needs from shared pools (a Service's ClusterIP, node ports). */
  beginCreate?(obj: KubeObject, ctx: StorageContext): void;
  /** beginUpdate keeps or claims those before an update is validated. */
  beginUpdate?(obj: KubeObject, old: KubeObject, ctx: StorageContext): void;
  /** gracefulDelete: present for kinds whose holder removes them after a grace period (pods). */
  gracefulDelete?: GracefulDelete;
  /**
   * deleteInStages replaces the generic delete for kinds whose storage deletes in its own
   * stages (a namespace: Terminating first, gone once finalized). obj is a copy of the stored
   * object the hook may edit; the answer says to store it, remove the object, or keep it as is.
   */
  deleteInStages?(obj: KubeObject, now: string): 'update' | 'remove' | 'keep';
}

/** StorageContext is what the storage hooks may consult: stored objects of a kind and the cluster's RNG. */
export interface StorageContext {
  /** list is every stored object of a kind, shared with other readers (Store.listShared): read it, never change it. */
  list(kind: string): readonly KubeObject[];
  rand: Rand;
}

/** GracefulDelete is RESTGracefulDeleteStrategy: a delete that waits for the object's holder. */
export interface GracefulDelete {
  /** gracePeriodSeconds is how long a delete leaves the holder (0: delete at once); requested is DeleteOptions'. */
  gracePeriodSeconds(obj: KubeObject, requested: number | undefined): number;
  /** heldBack: a terminating object its holder still has to remove, so dropping its last finalizer does not. */
  heldBack(obj: KubeObject): boolean;
}

/** specChangedBySpec is the usual generation rule: any change under .spec. */
export function specChangedBySpec(obj: KubeObject, old: KubeObject): boolean {
  return !jsonEqual(obj.spec, old.spec);
}

/** resetStatusOnCreate drops a client-sent status, as the main resource's PrepareForCreate does. */
export function resetStatusOnCreate(obj: KubeObject): void {
  delete obj.status;
}

/** keepStatusOnUpdate makes an update of the main resource leave status as stored. */
export function keepStatusOnUpdate(obj: KubeObject, old: KubeObject): void {
  if (old.status === undefined) delete obj.status;
  else obj.status = structuredClone(old.status);
}

/** workloadPrepare is PrepareForCreate/Update for kinds with spec and status subresources. */
export const WORKLOAD_PREPARE: Pick<Strategy, 'prepareForCreate' | 'prepareForUpdate' | 'specChanged'> = {
  prepareForCreate: resetStatusOnCreate,
  prepareForUpdate: keepStatusOnUpdate,
  specChanged: specChangedBySpec,
};

/** setDefault assigns obj[key] = value when the field is absent (undefined or null). */
export function setDefault<T extends Record<string, any>, K extends keyof T>(obj: T, key: K, value: T[K]): void {
  if (obj[key] === undefined || obj[key] === null) obj[key] = value;
}

/**
 * defaultEmbeddedMeta gives an ObjectMeta inside another object (a pod template's, a job
 * template's, a claim template's) the `creationTimestamp: null` kube-apiserver's encoding
 * writes for its zero time: Go's json has no omitempty for a struct, so the field is always
 * there (`get -o yaml` shows it under every template).
 */
export function defaultEmbeddedMeta(holder: Record<string, any>): void {
  setDefault(holder, 'metadata', {});
  if (isObject(holder.metadata) && holder.metadata.creationTimestamp === undefined) holder.metadata.creationTimestamp = null;
}

/**
 * withOrder rebuilds obj so that the listed keys come first, in that order, followed by the rest.
 * Go serialises struct fields in declaration order, so `get -o yaml` after a create shows defaults
 * in that order; kubemu keeps JSON key order to look the same.
 */
export function withOrder<T extends Record<string, any>>(obj: T, order: readonly string[]): T {
  const out: Record<string, any> = {};
  for (const k of order) if (k in obj && obj[k] !== undefined) out[k] = obj[k];
  for (const k of Object.keys(obj)) if (!(k in out) && obj[k] !== undefined) out[k] = obj[k];
  // Last key first: V8 undoes the newest property's map transition in place, while deleting any
  // other turns the object into a hash-table (dictionary) object, slower for every later read,
  // walk and JSON.stringify of it (the pod spec and each container of every create).
  const keys = Object.keys(obj);
  for (let i = keys.length - 1; i >= 0; i--) delete obj[keys[i]];
  Object.assign(obj, out);
  return obj;
}

/** isObject reports a plain JSON object (not an array, not null). */
export function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
