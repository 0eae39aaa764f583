/**
 * server-patch: a patch applied as kube-apiserver's patch handler applies it
 * (k8s.io/apiserver pkg/endpoints/handlers/patch.go, applyJSPatch), with its errors: for `kubemu
 * serve` and for `kubemu patch` when it writes (kubectl's --local and --dry-run=client apply the
 * patch in the client, and print the patch library's own error).
 *  - A JSON patch is first decoded as a list of operations (under the default Warn validation, a
 *    type error is a 400 "error decoding patch: …"); an operation that does not apply is a 422
 *    whose message is NewGenericServerResponse's, the library's words dropped, so kubectl prints
 *    `The request is invalid: the server rejected our request due to an error in our request`.
 *  - A strategic merge or JSON merge patch must be a JSON object (see serverPatched).
 *  - Any other failure is a 400 with its message.
 */
import { jsonKind } from '../../api/json-kind';
import { unmarshalTypeError } from '../../apiserver/decode';
import { ApiError, badRequest } from '../../apiserver/errors';
import { applyPatch, type PatchType } from './index';
import { JsonPatchError } from './json-patch';
import { isPlainObject } from './merge-patch';
import type { JsonText } from '../../yaml/yaml-to-json';

/** REJECTED is NewGenericServerResponse's message for a 422. */
export const REJECTED = 'the server rejected our request due to an error in our request';

/**
 * serverPatched applies a patch body to a copy of doc as the API server does, or throws its
 * error. The body is first read as its type needs, as kube-apiserver's patch handler does with
 * strict field validation: a JSON patch as operations, the others as a map; a body that is no
 * JSON, or a value of another kind, is a 400 in the handler's words (a strategic merge patch's
 * without "error decoding patch: "). A null merge patch is jsonpatch's "Invalid JSON Patch";
 * any other null patch changes nothing.
 */
export function serverPatched(doc: unknown, body: JsonText, type: PatchType): unknown {
  const decodeError = (message: string): never => { throw badRequest(type === 'strategic' ? message : `error decoding patch: ${message}`); };
  if ('syntaxError' in body) decodeError(body.syntaxError);
  const patch = (body as { value: unknown }).value;
  if (type === 'json') decodeOperations(patch);
  else if (patch !== null && !isPlainObject(patch)) decodeError(unmarshalTypeError(jsonKind(patch), 'map[string]interface {}'));
  else if (patch === null && type === 'merge') throw badRequest(INVALID_JSON_PATCH);
  if (patch === null) return structuredClone(doc);
  try {
    return applyPatch(structuredClone(doc), patch, type);
  } catch (e) {
    if (e instanceof JsonPatchError) throw new ApiError('Invalid', 422, REJECTED);
    if (e instanceof ApiError) throw e;
    throw badRequest((e as Error).message);
  }
}

/** INVALID_JSON_PATCH is evanphx/json-patch's ErrBadJSONPatch: a merge patch that is no JSON object or array. */
export const INVALID_JSON_PATCH = 'Invalid JSON Patch';

/**
 * decodeOperations is the handler's decode of a JSON patch into []jsonPatchOp (op, path and from
 * strings, any value): the first type error, in document order, as encoding/json words it.
 */
function decodeOperations(patch: unknown): void {
  const fail = (message: string): never => { throw badRequest(`error decoding patch: ${message}`); };
  if (patch === null) return;
  if (!Array.isArray(patch)) fail(unmarshalTypeError(jsonKind(patch), '[]handlers.jsonPatchOp'));
  for (const op of patch as unknown[]) {
    if (op === null) continue;
    if (typeof op !== 'object' || Array.isArray(op)) fail(unmarshalTypeError(jsonKind(op), 'handlers.jsonPatchOp'));
    for (const [key, value] of Object.entries(op as Record<string, unknown>)) {
      // encoding/json matches a key to a field case-insensitively, and names the field by its tag.
      const field = key.toLowerCase();
      if ((field === 'op' || field === 'path' || field === 'from') && value !== null && typeof value !== 'string') {
        fail(unmarshalTypeError(jsonKind(value), 'string', 'jsonPatchOp', field));
      }
    }
  }
}
