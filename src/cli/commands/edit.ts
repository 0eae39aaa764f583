/**
 * edit: kubectl edit — the live object(s) written as YAML (or JSON) to a temp file for
 * $KUBE_EDITOR or $EDITOR (run synchronously; a script works), then each changed object
 * updated (`<kind>/<name> edited`, unchanged ones `skipped`), the editor reopened with the
 * server's reasons while an edit is invalid (edit-loop.ts, kubectl's editoptions.go).
 */
import type { KubeObject } from '../../api/meta';
import { kindPrefix } from '../../api/registry';
import { ApiError, noSuchPath } from '../../apiserver/errors';
import { decodePatched } from '../../apiserver/decode-patch';
import { createMergePatch } from '../patch';
import { defineCommand } from '../command';
import { CliError } from '../errors';
import { toCompactJson, toJson } from '../../yaml/write-json';
import { toYaml } from '../../yaml/write-yaml';
import { listWrapper, printObjects } from '../output';
import { parseValidate, prepareDoc } from '../object-writer';
import { outputOf, PRINT_FLAGS } from '../print-flags';
import { EDIT_HEADER } from './edit-header';
import { addPatchError, mappingErrorIn, resourceString, runEditCommand } from './edit-loop';
import { KUSTOMIZE_FLAG, resolveTargets, SELECT_FLAGS } from './targets';
import { scaleOf } from '../../api/scale-of';
import type { ResourceInfo } from '../../api/registry';
import { sameObject } from './mutate-objects';
import { rootStructOf } from '../../api/patch-meta';
import { writeThroughSubresource } from '../../apiserver/subresource-write';
import { printServerWarnings } from '../server-warnings';

export const MSG_EDITED = 'edited';

/** editCommand is `kubectl edit`. */
export const editCommand = defineCommand({
  name: 'edit',
  short: 'Edit a resource on the server',
  usage: 'kubectl edit (RESOURCE/NAME | -f FILENAME) [options]',
  // kubectl edit selects by -f or TYPE NAME only: no -l, --all or -A.
  flags: [...SELECT_FLAGS.filter((f) => f.name === 'filename' || f.name === 'recursive'), KUSTOMIZE_FLAG,
    ...PRINT_FLAGS,
    { name: 'validate', type: 'string', default: 'strict', noOptDefault: 'strict', help: 'Must be one of: strict (or true), warn, ignore (or false).' },
    { name: 'field-manager', type: 'string', default: 'kubectl-edit', help: 'Name of the manager used to track field ownership.' },
    { name: 'output-patch', type: 'bool', default: false, help: 'Output the patch if the resource is edited.' },
    { name: 'save-config', type: 'bool', default: false, help: 'If true, the configuration of current object will be saved in its annotation.' },
    { name: 'windows-line-endings', type: 'bool', default: false, help: 'Defaults to the line ending native to your platform.' },
    { name: 'subresource', type: 'string', default: '', help: 'If specified, edit will operate on the subresource of the requested object. This flag is beta and may change in the future.' }],
  run(ctx): number {
    // -o chooses the editing format (json or yaml) and, with --template, how the edited objects are printed.
    const format = ctx.flags.output || 'yaml';
    if (format !== 'yaml' && format !== 'json') throw new CliError(`unable to match a printer suitable for the output format "${format}", allowed formats are: json,yaml`);
    const out = outputOf(ctx.flags, ctx.set);
    const validate = parseValidate(ctx.flags.validate);
    // --show-managed-fields keeps them in the file being edited (they are never sent back).
    const shownInFile = (o: KubeObject) => (ctx.flags['show-managed-fields'] ? o : stripManaged(o));
    const resolved = resolveTargets(ctx, { args: ctx.args });
    const cluster = ctx.cluster();
    const subresource = ctx.flags.subresource;
    const originals: KubeObject[] = [];
    for (const t of resolved.targets) {
      // Read through the subresource: status is the object, scale its Scale; a resource without it is the server's 404.
      if (subresource && !servesSubresource(t.info, subresource)) throw noSuchPath();
      const obj = cluster.read(() => cluster.api.get(t.ref, t.apiVersion));
      originals.push(subresource === 'scale' ? scaleOf(obj) : obj);
    }
    if (!originals.length) throw new CliError('no objects passed to edit');
    const shown = originals.map(shownInFile);
    const data = shown.length === 1 ? shown[0] : { ...listWrapper(shown), metadata: {} };
    const body = format === 'json' ? toJson(data) : toYaml(data);
    const registry = cluster.api.registry();
    return runEditCommand(ctx, {
      header: EDIT_HEADER, body, format, validate,
      first: { ...resolved.targets[0]!.info, name: originals[0]!.metadata.name! },
      // A Scale maps to no resource of its own (kubectl's edit --subresource=scale meets this too).
      mappingError: (docs) => mappingErrorIn(docs, registry, ctx.namespace),
      patch(docs, results) {
        // The namespace may not move (kubectl's RequireNamespace, over every object first).
        const prepared = docs.map((d) => prepareDoc(d, registry, ctx.namespace, true, 'ignore'));
        for (const { info, object: next } of prepared) {
          // Paired with the original of the same uid, as kubectl pairs them.
          const i = originals.findIndex((o) => (o.metadata.uid ?? '') === (next.metadata.uid ?? ''));
          if (i < 0) throw new CliError(`no original object found for ${toCompactJson(next)}`);
          const original = shown[i]!;
          const t = resolved.targets[i]!;
          if (sameObject(original, next)) {
            ctx.io.out(out ? printObjects([next], out, true, registry, false, ctx.flags['show-managed-fields']) : `${kindPrefix(info)}/${next.metadata.name} skipped\n`);
            continue;
          }
          if (next.apiVersion !== original.apiVersion || next.kind !== original.kind || next.metadata.name !== original.metadata.name) {
            throw new CliError('At least one of apiVersion, kind and name was changed');
          }
          if (next.metadata.managedFields) delete next.metadata.managedFields;
          if (ctx.flags['output-patch']) ctx.io.out(`Patch: ${toCompactJson(patchSent(stripManaged(originals[i]!), next))}\n`);
          try {
            const edited = cluster.write(() => {
              // kubectl sends the edit as a patch, so the server decodes it as the patch handler does.
              const patch = createMergePatch(stripManaged(originals[i]!), next);
              const decoded = decodePatched(next, t.info, patch, 'strategic');
              for (const w of decoded.warnings) printServerWarnings(ctx.io)(w);
              const obj = decoded.object;
              const withFields = { ...obj, metadata: { ...obj.metadata, managedFields: originals[i]!.metadata.managedFields } } as KubeObject;
              const o = { fieldManager: ctx.flags['field-manager'] };
              return writeThroughSubresource(cluster.api, subresource || undefined, withFields, o);
            });
            // kubectl prints what the server answered, through -o's printer when one was asked for.
            ctx.io.out(out ? printObjects([edited], out, true, registry, false, ctx.flags['show-managed-fields']) : `${kindPrefix(t.info)}/${t.ref.name} ${MSG_EDITED}\n`);
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
            ctx.io.err(`${addPatchError(results, e, resourceString(t.info), t.ref.name)}\n`);
          }
        }
      },
    });
  },
});

/**
 * patchSent is the patch kubectl's edit sends (and --output-patch prints): a built-in type's
 * two-way strategic merge patch, a custom resource's JSON merge patch.
 */
function patchSent(original: KubeObject, edited: KubeObject): unknown {
  if (rootStructOf(edited.apiVersion, edited.kind) === undefined) return createMergePatch(original, edited);
  return (require('../patch/three-way-patch') as typeof import('../patch/three-way-patch')).createTwoWayPatch(original, edited);
}

function stripManaged(o: KubeObject): KubeObject {
  const c = structuredClone(o);
  delete c.metadata.managedFields;
  return c;
}

/** servesSubresource is the API server's (serve/discovery), loaded on use. */
function servesSubresource(info: ResourceInfo, subresource: string): boolean {
  return (require('../serve/discovery') as typeof import('../serve/discovery')).servesSubresource(info, subresource);
}
