/**
 * patch: kubectl patch — strategic merge (default), JSON merge or JSON patch, from -p or
 * --patch-file, on live objects or (--local) on a file's object; prints `patched` or
 * `patched (no change)`. Mirrors kubernetes/kubectl pkg/cmd/patch/patch.go.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KubeObject } from '../../api/meta';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError } from '../errors';
import { readManifestStream } from '../../yaml/read-manifests';
import { applyPatch, JsonPatchError, type PatchType } from '../patch';
import { INVALID_JSON_PATCH, serverPatched } from '../patch/server-patch';
import { isPlainObject } from '../patch/merge-patch';
import { toJsonText, YamlToJsonError, type JsonText } from '../../yaml/yaml-to-json';
import { jsonKind } from '../../api/json-kind';
import { goQuote } from '../../api/go-quote';
import { unmarshalTypeError } from '../../apiserver/decode';
import { checkPatchedName, decodePatched } from '../../apiserver/decode-patch';
import { ERR_LOCAL_SERVER_DRY_RUN, mutateObjects, sameObject } from './mutate-objects';
import { parseDryRun } from './apply';
import { resolveTargets, SELECT_FLAGS, KUSTOMIZE_FLAG } from './targets';
import { PRINT_FLAGS } from '../print-flags';
import { printServerWarnings } from '../server-warnings';

export const MSG_PATCHED = 'patched';
export const MSG_PATCHED_NO_CHANGE = 'patched (no change)';
export const ERR_NO_PATCH = 'must specify --patch or --patch-file containing the contents of the patch';
export const ERR_BOTH_PATCH = 'cannot specify --patch and --patch-file together';
export const ERR_INVALID_JSON = 'invalid JSON document';
export const PATCH_TYPES: readonly PatchType[] = ['json', 'merge', 'strategic'];

/** parsePatchText reads run's --overrides: JSON, or YAML converted to JSON. */
export function parsePatchText(text: string): unknown {
  try { return JSON.parse(text); } catch { /* not JSON: try YAML */ }
  const r = readManifestStream(text, 'patch', { checkKind: false });
  const first = r.docs[0]?.object;
  if (r.errors.length || first === undefined || typeof first !== 'object') throw new CliError(ERR_INVALID_JSON);
  return first;
}

/**
 * patchObject applies a patch body in the client, as kubectl does for --local and
 * --dry-run=client: the patch libraries' own errors for a body that is no JSON or not of the
 * kind the type needs (strategicpatch's "invalid JSON document", json-patch's "Invalid JSON
 * Patch", encoding/json's type errors); a null strategic or JSON patch changes nothing.
 */
export function patchObject(obj: KubeObject, body: JsonText, type: PatchType): KubeObject {
  const patch = 'value' in body ? body.value : undefined;
  if (type === 'strategic') {
    if (patch === null) return obj;
    if (!isPlainObject(patch)) throw new CliError(ERR_INVALID_JSON);
  } else if (type === 'merge') {
    // A list is the merge's result as it is, which the object decoder then refuses.
    if (Array.isArray(patch)) throw new CliError(unmarshalTypeError('array', 'unstructured.detector'));
    if (!isPlainObject(patch)) throw new CliError(INVALID_JSON_PATCH);
  } else {
    if ('syntaxError' in body) throw new CliError(body.syntaxError);
    if (patch === null) return obj;
    if (!Array.isArray(patch)) throw new CliError(unmarshalTypeError(jsonKind(patch), 'jsonpatch.Patch'));
    const odd = patch.find((op) => op !== null && !isPlainObject(op));
    if (odd !== undefined) throw new CliError(unmarshalTypeError(jsonKind(odd), 'jsonpatch.Operation'));
  }
  try {
    return applyPatch(obj, patch, type) as KubeObject;
  } catch (e) {
    if (e instanceof JsonPatchError) throw new CliError(e.message);
    throw e;
  }
}

/** patchCommand is `kubectl patch`. */
export const patchCommand = defineCommand({
  name: 'patch',
  short: 'Update fields of a resource',
  usage: "kubectl patch (-f FILENAME | TYPE NAME) [-p PATCH|--patch-file FILE] [options]",
  flags: [
    ...SELECT_FLAGS.filter((f) => f.name !== 'selector' && f.name !== 'all' && f.name !== 'all-namespaces'),
    KUSTOMIZE_FLAG,
    { name: 'patch', short: 'p', type: 'string', help: 'The patch to be applied to the resource JSON file.' },
    { name: 'patch-file', type: 'string', help: 'A file containing a patch to be applied to the resource.' },
    { name: 'type', type: 'string', default: 'strategic', help: 'The type of patch being provided; one of [json merge strategic]' },
    { name: 'local', type: 'bool', default: false, help: 'If true, patch will operate on the content of the file, not the server-side resource.' },
    { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged', help: 'Must be "none", "server", or "client".' },
    ...PRINT_FLAGS,
    { name: 'field-manager', type: 'string', default: 'kubectl-patch', help: 'Name of the manager used to track field ownership.' },
    { name: 'subresource', type: 'string', help: 'If specified, patch will operate on the subresource of the requested object.' },
  ],
  run(ctx): number {
    const inline = ctx.flags.patch;
    const file = ctx.flags['patch-file'];
    const local = !!ctx.flags.local;
    // kubectl's Validate, in its order.
    if (inline && file) throw new CliError(ERR_BOTH_PATCH);
    if (!inline && !file) throw new CliError(ERR_NO_PATCH);
    if (local && ctx.args.length) throw new CliError('cannot specify --local and server resources');
    if (local && parseDryRun(ctx.flags['dry-run']) === 'server') throw new CliError(ERR_LOCAL_SERVER_DRY_RUN);
    const type = ctx.flags.type.toLowerCase();
    if (!PATCH_TYPES.includes(type as PatchType)) throw new CliError(`--type must be one of [json merge strategic], not "${ctx.flags.type}"`);
    let text = inline ?? '';
    if (file) {
      try { text = fs.readFileSync(path.resolve(ctx.cwd, file), 'utf8'); } catch { throw new CliError(`unable to read patch file: open ${file}: no such file or directory`); }
    }
    // kubectl reads the patch with yaml.ToJSON: YAML it cannot read is its own error, naming -p's text.
    let body: JsonText;
    try {
      body = toJsonText(text);
    } catch (e) {
      if (!(e instanceof YamlToJsonError)) throw e;
      throw new CliError(`unable to parse ${goQuote(inline ?? '')}: ${e.message}`);
    }
    const resolved = resolveTargets(ctx, { args: ctx.args, local });
    const subresource = ctx.flags.subresource;
    return mutateObjects(ctx, resolved, {
      local, fieldManager: ctx.flags['field-manager'], unmarkedDryRun: true,
      // The server says which subresources it serves (kubectl 1.32 checks none).
      subresource: subresource || undefined,
      mutate(obj, before, ec) {
        // kubectl patches in the client for --local and --dry-run=client; otherwise the server
        // applies the patch, with its errors, and decodes what it produced into the kind's Go type.
        const inClient = ec.local || ec.dryRun === 'client';
        let patched = inClient ? patchObject(before, body, type as PatchType) : serverPatched(before, body, type as PatchType) as KubeObject;
        // A Scale is patched as it is: the server keeps only its spec.replicas.
        if (!inClient && subresource !== 'scale') {
          const decoded = decodePatched(patched, ec.target.info, (body as { value: unknown }).value, type as PatchType);
          checkPatchedName(decoded.object, before.metadata.name!, ec.target.info.namespaced ? before.metadata.namespace : undefined);
          for (const w of decoded.warnings) printServerWarnings(ctx.io)(w);
          patched = decoded.object;
        }
        for (const k of Object.keys(obj)) delete (obj as unknown as Record<string, unknown>)[k];
        Object.assign(obj, patched);
        return sameObject(before, obj) ? MSG_PATCHED_NO_CHANGE : MSG_PATCHED;
      },
    });
  },
});
