/**
 * apply-patch-failure: what client-side apply does when the server refuses its patch of a live
 * object. kubectl reports it behind the patch it sent ("error when applying patch: <patch> to:
 * <object> for: <file>: error when patching <file>: …"); with --force, a refusal as Invalid or
 * Conflict instead deletes the object, waits until it is gone and creates the manifest
 * (kubectl's Patcher.deleteAndCreate); if that create fails, the object as it was is created
 * again. Loaded only when a patch fails.
 */
import type { KubeObject } from '../api/meta';
import { parseApiVersion, type ResourceInfo } from '../api/registry';
import type { FieldValidation, PropagationPolicy } from '../apiserver/client';
import { ApiError } from '../apiserver/errors';
import { cannotBeHandled } from '../apiserver/decode';
import { decodePatched } from '../apiserver/decode-patch';
import { serverPatched } from './patch/server-patch';
import type { Cluster } from '../cluster/cluster';
import { withLastApplied } from '../yaml/last-applied-json';
import { toCompactJson } from '../yaml/write-json';
import { LAST_APPLIED } from '../api/last-applied';
import { createThreeWayPatch, PatchConflict, PatchError } from './patch/three-way-patch';
import type { CollectedError } from './errors';
import { collectedServerError, stripServerFields, type PreparedDoc } from './object-writer';
import type { WriteOutcome } from './manifest-writes';
import { resourceInfoText } from './resource-info-text';

/** ForceOptions are the deletion flags apply shares with delete, and the manager of apply's writes. */
export interface ForceOptions { cascade: PropagationPolicy; grace: number; timeoutMs: number; fieldManager: string }

/** mayForce says whether a refused apply is one --force deletes and re-creates. */
export function mayForce(e: unknown): e is ApiError {
  return e instanceof ApiError && (e.reason === 'Invalid' || e.reason === 'Conflict');
}

/**
 * deleteAndCreate replaces the live object with the manifest. `create` writes the manifest
 * (the object being gone, apply creates it). The wait is kubectl's poll with --timeout as its
 * deadline, in simulated time: with the default 0 it looks once, right after the delete, so an
 * object that takes time to go (a pod's grace period, a finalizer) fails the apply and stays
 * deleted, as it does with kubectl.
 */
export function deleteAndCreate(cluster: Cluster, doc: PreparedDoc, o: ForceOptions,
  create: (manifest: KubeObject) => KubeObject, fail: (error: CollectedError) => void): WriteOutcome | undefined {
  const { info, object, source } = doc;
  const ref = { kind: info.storageKind, namespace: object.metadata.namespace, name: object.metadata.name! };
  const live = cluster.api.get(ref);
  cluster.api.delete(ref, { fieldManager: 'kubectl', propagationPolicy: o.cascade, gracePeriodSeconds: o.grace >= 0 ? o.grace : undefined });
  const gone = () => cluster.api.tryGet(ref)?.metadata.uid !== live.metadata.uid;
  // deleteAndCreate hands the patcher's caller the manifest itself as "the patch" (with Encode's newline).
  const verb = applyingPatch(`${toCompactJson(withLastApplied(object))}\n`, info, object);
  if (!gone() && !(o.timeoutMs > 0 && cluster.sim.advanceUntil(cluster.clock.nowMs() + o.timeoutMs, gone))) {
    fail(`error: error when ${verb} "${source}": context deadline exceeded`);
    return undefined;
  }
  // kubectl's create of the modified configuration drops its resourceVersion (resource.Helper's Create).
  const manifest = { ...object, metadata: { ...object.metadata } };
  delete manifest.metadata.resourceVersion;
  try {
    return { object: create(manifest), word: 'configured' };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    try {
      cluster.api.create(stripServerFields(live), { fieldManager: o.fieldManager });
    } catch (restoreError) {
      if (!(restoreError instanceof ApiError)) throw restoreError;
      fail(`error: error when ${verb} "${source}": An error occurred force-replacing the existing object with the newly provided one:\n\n${e.message}.\n\nAdditionally, an error occurred attempting to restore the original object:\n\n${restoreError.message}`);
      return undefined;
    }
    fail(collectedServerError(e, verb, source));
    return undefined;
  }
}

/** applyPatchOf is the patch apply sends for a live object, or undefined for documents strategicpatch cannot diff (kubectl refuses them before it sends anything). */
function applyPatchOf(doc: PreparedDoc, live: KubeObject): unknown {
  const lastApplied = live.metadata.annotations?.[LAST_APPLIED];
  let original: Record<string, unknown> = {};
  try { original = lastApplied ? JSON.parse(lastApplied) : {}; } catch { /* kubectl would have failed earlier; the patch is then made as for a first apply */ }
  try {
    return createThreeWayPatch(original, withLastApplied(doc.object), live);
  } catch (patchError) {
    if (patchError instanceof PatchError) return undefined;
    throw patchError;
  }
}

/**
 * patchRefusal is a refused apply of a live object as the server's patch handler words it.
 * kubemu decodes the manifest before it merges (as a create would); the handler decodes what
 * the patch made of the live object, through runtime's converter, and refuses it with a 422
 * Invalid on "patch" whose value is the patch (decode-patch.ts). Other refusals are returned as they are.
 */
export function patchRefusal(e: ApiError, doc: PreparedDoc, live: KubeObject, validation: FieldValidation): ApiError {
  const version = typeof doc.object.apiVersion === 'string' ? parseApiVersion(doc.object.apiVersion).version : doc.info.version;
  if (e.reason !== 'BadRequest' || !e.message.startsWith(cannotBeHandled(doc.info.kind, version, ''))) return e;
  const patch = applyPatchOf(doc, live);
  if (patch === undefined) return e;
  try {
    decodePatched(serverPatched(live, { value: patch }, 'strategic') as KubeObject, doc.info, patch, 'strategic', validation);
  } catch (refused) {
    if (refused instanceof ApiError) return refused;
    throw refused;
  }
  return e;
}

/**
 * patchFailure is kubectl's report of a refused patch: the server's error behind the patch
 * apply computed from the live object it read, its last-applied configuration and the manifest.
 */
export function patchFailure(e: ApiError, doc: PreparedDoc, live: KubeObject): CollectedError {
  const { info, object, source } = doc;
  const patch = applyPatchOf(doc, live);
  if (patch === undefined) return collectedServerError(e, 'patching', source);
  return collectedServerError(new ApiError(e.reason, e.code, `error when patching "${source}": ${e.message}`, e.details), applyingPatch(toCompactJson(patch), info, object), source);
}

/** PatchNotMade ends an apply whose patch kubectl could not make: nothing is sent, the object is left as it is. */
export class PatchNotMade extends Error {
  constructor(readonly collected: CollectedError) { super('patch not made'); }
}

/**
 * refuseConflicts is `apply --overwrite=false`: kubectl makes its patch refusing any key the
 * live object changed otherwise since the last apply (strategicpatch's ErrConflict), and the
 * last-applied annotation itself counts, so any apply that changes the object is refused. The
 * patch is tried from each of the server's OpenAPI schemas named (`openapi v3`, `openapi`: none
 * with --openapi-patch=false), each failure a warning, then from the built-in types, whose
 * failure is the error.
 * Throws PatchNotMade; the error shows the three documents the patch was made from.
 */
export function refuseConflicts(doc: PreparedDoc, live: KubeObject, openAPISchemas: readonly string[], warn: (text: string) => void): void {
  const { info, object, source } = doc;
  const lastApplied = live.metadata.annotations?.[LAST_APPLIED] ?? '';
  const modified = withLastApplied(object);
  let reason: string;
  try {
    let original: Record<string, unknown> = {};
    try { original = lastApplied ? JSON.parse(lastApplied) : {}; } catch { /* as for a first apply */ }
    createThreeWayPatch(original, modified, live, false);
    return;
  } catch (e) {
    if (!(e instanceof PatchConflict || e instanceof PatchError)) throw e;
    reason = e.message;
  }
  for (const schema of openAPISchemas) warn(`warning: error calculating patch from ${schema} spec: ${reason}\n`);
  const documents = `original:\n${lastApplied}\nmodified:\n${toCompactJson(modified)}\n\ncurrent:\n${toCompactJson(live)}\n\nfor:`;
  // Go's error text ends with the conflict's newline: printed alone, kubectl adds none; among others, one more.
  const text = `error when ${applyingPatch('', info, object)} "${source}": error when patching "${source}": creating patch with:\n${documents}: ${reason}`;
  throw new PatchNotMade({ alone: `error: ${text.replace(/\n$/, '')}`, among: text });
}

/**
 * applyingPatch is the step kubectl's apply names in an error of its patch (cmdutil.AddSourceToErr
 * makes it "error when <this> "<file>": …"): the patch text the patcher returned, the object's
 * mapping and name.
 */
function applyingPatch(patchText: string, info: ResourceInfo, object: KubeObject): string {
  return `applying patch:\n${patchText}\nto:\n${resourceInfoText(info, object)}\nfor:`;
}
