/**
 * decode-patch: the patch handler's decoding of a patched object into its Go type
 * (k8s.io/apiserver pkg/endpoints/handlers/patch.go), with its error wording:
 *  - strategic merge: the patched map goes through runtime.DefaultUnstructuredConverter;
 *  - JSON merge and JSON patch: the patched JSON goes through the JSON decoder.
 * Either failure is a 422 Invalid with no kind or name and one cause on the field "patch",
 * whose value is the patch map (`%+v`) or the patched JSON, so kubectl prints
 * `The request is invalid: patch: Invalid value: "<value>": <decode error>`.
 * A PATCH without fieldValidation is decoded under the server's default, Warn: unknown
 * fields are dropped with a warning each.
 */
import type { KubeObject } from '../api/meta';
import { parseApiVersion, type ResourceInfo } from '../api/registry';
import { goQuote } from '../api/go-quote';
import { goFormatFloat } from '../yaml/go-syntax';
import { goJsonString } from '../yaml/write-json';
import { decodeTyped, type DecodeResult, type FieldValidation } from './decode';
import { badRequest, invalid, type ApiError } from './errors';
import { invalidRendered } from './strategies/go-format';
import { kindTypeId } from './schema/go-types';

/** PatchKind is the request's patch content type. */
export type PatchKind = 'strategic' | 'merge' | 'json';

/** PATCH_FIELD is the field the handler's Invalid cause names. */
export const PATCH_FIELD = 'patch';

/** DEFAULT_PATCH_VALIDATION is kube-apiserver's fieldValidation when a request sets none. */
export const DEFAULT_PATCH_VALIDATION: FieldValidation = 'Warn';

/** patchInvalid is the handler's error: errors.NewInvalid(schema.GroupKind{}, "", [patch: Invalid value]). */
export function patchInvalid(value: string, detail: string): ApiError {
  return invalid({ group: '', kind: '' }, '', [invalidRendered(PATCH_FIELD, goQuote(value), detail)]);
}

/**
 * decodePatched decodes the result of applying `patch` (of type `kind`) as the patch handler
 * does, returning the decoded object and warnings, or throwing its Invalid error.
 */
export function decodePatched(
  patched: KubeObject, info: ResourceInfo, patch: unknown, kind: PatchKind,
  validation: FieldValidation = DEFAULT_PATCH_VALIDATION,
): DecodeResult {
  const version = typeof patched.apiVersion === 'string' ? parseApiVersion(patched.apiVersion).version : info.version;
  const typeId = kindTypeId(info.group, version, info.kind);
  if (!typeId) return { object: patched, warnings: [] };
  const raw = patched as unknown as Record<string, unknown>;
  const r = decodeTyped(raw, typeId, validation, { converter: kind === 'strategic' });
  if (r.error !== undefined) {
    throw patchInvalid(kind === 'strategic' ? goPlusV(patch) : patchedJson(patched, patch, kind), r.error);
  }
  return { object: r.object, warnings: r.warnings };
}

/**
 * checkPatchedName refuses a patch that renamed the object or moved it to another namespace:
 * the patch handler's checkName (k8s.io/apiserver pkg/endpoints/handlers/rest.go), run after
 * the patch applies and before the update, so no other object is ever written.
 */
export function checkPatchedName(patched: KubeObject, name: string, namespace: string | undefined): void {
  const objName = patched.metadata?.name ?? '';
  const objNamespace = patched.metadata?.namespace ?? '';
  if (!objName) throw badRequest(`the name of the object (${name} based on URL) was undeterminable: name must be provided`);
  if (objName !== name) throw badRequest(`the name of the object (${objName}) does not match the name on the URL (${name})`);
  if (namespace && objNamespace && objNamespace !== namespace) {
    throw badRequest(`the namespace of the object (${objNamespace}) does not match the namespace on the request (${namespace})`);
  }
}

/**
 * goPlusV prints a decoded JSON value as fmt's %+v does: maps as `map[k:v]` with sorted keys,
 * slices as `[a b]`, strings bare, null as `<nil>`.
 */
export function goPlusV(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : goFormatFloat(v, 64);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(goPlusV).join(' ')}]`;
  const o = v as Record<string, unknown>;
  return `map[${sortedKeys(o).map((k) => `${k}:${goPlusV(o[k])}`).join(' ')}]`;
}

/** Touched marks the containers a patch rewrote: json-patch re-marshals those with sorted keys. */
type Touched = Map<string, Touched> | 'all';

/**
 * patchedJson is the patched object's JSON as evanphx/json-patch returns it: the top level and
 * every container the patch walked into are re-marshalled from maps (keys sorted); the rest
 * keeps the stored encoding's order.
 */
export function patchedJson(patched: unknown, patch: unknown, kind: 'merge' | 'json'): string {
  return encodeTouched(patched, kind === 'merge' ? mergeTouched(patch) : jsonPatchTouched(patch));
}

function mergeTouched(patch: unknown): Touched {
  if (!isObject(patch)) return 'all';
  const t = new Map<string, Touched>();
  for (const [k, v] of Object.entries(patch)) t.set(k, mergeTouched(v));
  return t;
}

function jsonPatchTouched(ops: unknown): Touched {
  const root = new Map<string, Touched>();
  for (const op of Array.isArray(ops) ? ops : []) {
    for (const p of [op?.path, op?.from]) {
      if (typeof p !== 'string' || !p.startsWith('/')) continue;
      const tokens = p.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      let cur = root;
      // The containers on the way to the last token are walked into; the value itself stays as given.
      for (const tok of tokens.slice(0, -1)) {
        let next = cur.get(tok);
        if (next === undefined || next === 'all') cur.set(tok, (next = new Map()));
        cur = next;
      }
    }
  }
  return root;
}

function encodeTouched(v: unknown, t: Touched | undefined): string {
  if (t === 'all') return encodeJson(v, true);
  if (t === undefined) return encodeJson(v, false);
  if (Array.isArray(v)) return `[${v.map((x, i) => encodeTouched(x, t.get(String(i)))).join(',')}]`;
  if (!isObject(v)) return encodeJson(v, false);
  return `{${sortedKeys(v).map((k) => `${goJsonString(k)}:${encodeTouched(v[k], t.get(k))}`).join(',')}}`;
}

/** encodeJson is compact Go JSON, keys sorted or in the stored order. */
function encodeJson(v: unknown, sort: boolean): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goJsonString(v);
  if (typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map((x) => encodeJson(x, sort)).join(',')}]`;
  const o = v as Record<string, unknown>;
  const keys = sort ? sortedKeys(o) : Object.keys(o);
  return `{${keys.map((k) => `${goJsonString(k)}:${encodeJson(o[k], sort)}`).join(',')}}`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function sortedKeys(o: Record<string, unknown>): string[] {
  return Object.keys(o).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
