/**
 * server-patch: a patch applied as kube-apiserver's patch handler applies it
 * (k8s.io/apiserver pkg/endpoints/handlers/patch.go, applyJSPatch), with its errors: for `kubemu
 * serve` and for `kubemu patch` when it writes (kubectl's --local and --dry-run=client apply the
 * patch in the client, and print the patch library's own error).
 *  - A JSON patch is first decoded as a list of operations (under the default Warn validation, a
 *    type error is a 400 "error decoding patch: …"); an operation that does not apply is a 422
 *    whose message is NewGenericServerResponse's, the library's words dropped, so kubectl prints
 *    `The request is invalid: the server rejected our request due to an error in our request`.
 *  - Any other failure is a 400 with its message.
 */
import { jsonKind } from '../../api/json-kind';
import { unmarshalTypeError } from '../../apiserver/decode';
import { ApiError, badRequest } from '../../apiserver/errors';
import { applyPatch, type PatchType } from './index';
import { JsonPatchError } from './json-patch';

/** REJECTED is NewGenericServerResponse's message for a 422. */
export const REJECTED = 'the server rejected our request due to an error in our request';

/** serverPatched applies patch to a copy of doc as the API server does, or throws its error. */
export function serverPatched(doc: unknown, patch: unknown, type: PatchType): unknown {
  if (type === 'json') decodeOperations(patch);
  try {
    return applyPatch(structuredClone(doc), patch, type);
  } catch (e) {
    if (e instanceof JsonPatchError) throw new ApiError('Invalid', 422, REJECTED);
    if (e instanceof ApiError) throw e;
    throw badRequest((e as Error).message);
  }
}

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
