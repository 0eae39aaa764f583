/**
 * edit: kubectl edit — write the live object(s) as YAML to a temp file, run $KUBE_EDITOR or
 * $EDITOR on it (synchronously; a script works), then update what changed
 * (`<kind>/<name> edited`) or report `Edit cancelled, no changes made.`.
 * Mirrors kubernetes/kubectl pkg/cmd/util/editor/editoptions.go (single-pass: an invalid edit
 * is reported and the file kept, instead of reopening the editor).
 */
import type { KubeObject } from '../../api/meta';
import { objectFromFields } from '../../api/object-fields';
import { kindPrefix } from '../../api/registry';
import { ApiError } from '../../apiserver/errors';
import { decodePatched } from '../../apiserver/decode-patch';
import { createMergePatch } from '../patch';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError, SilentExit, formatApiError } from '../errors';
import { readManifestStream } from '../../yaml/read-manifests';
import { toJson } from '../../yaml/write-json';
import { toYaml } from '../../yaml/write-yaml';
import { listWrapper, printObjects } from '../output';
import { parseValidate } from '../object-writer';
import { outputOf, PRINT_FLAGS } from '../print-flags';
import { EDIT_HEADER } from './edit-header';
import { endEmptyEdit, endSession, hasLines, launchEditor, withoutComments } from './editor-session';
import { KUSTOMIZE_FLAG, resolveTargets, SELECT_FLAGS } from './targets';
import { sameObject } from './mutate-objects';

export const MSG_EDIT_CANCELLED = 'Edit cancelled, no changes made.';
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
    { name: 'save-config', type: 'bool', default: false, help: 'If true, the configuration of current object will be saved in its annotation.' },
    { name: 'windows-line-endings', type: 'bool', default: false, help: 'Defaults to the line ending native to your platform.' }],
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
    const originals: KubeObject[] = [];
    for (const t of resolved.targets) originals.push(cluster.read(() => cluster.api.get(t.ref)));
    if (!originals.length) throw new CliError('no objects passed to edit');
    const shown = originals.map(shownInFile);
    const data = shown.length === 1 ? shown[0] : listWrapper(shown);
    const body = format === 'json' ? toJson(data) : toYaml(data);
    const session = launchEditor(ctx, EDIT_HEADER + body, format);
    const { file } = session;
    const stripped = withoutComments(session.edited);
    if (stripped === withoutComments(body)) {
      endSession(session);
      ctx.io.err(`${MSG_EDIT_CANCELLED}\n`);
      return 0;
    }
    if (!hasLines(stripped)) return endEmptyEdit(ctx, session, validate !== 'ignore', { resource: resolved.targets[0]!.info.resource, name: originals[0]!.metadata.name! });
    const parsed = readManifestStream(stripped, file, { checkKind: false });
    if (parsed.errors.length || !parsed.docs.length) {
      ctx.io.err(`error: ${parsed.errors[0]?.message ?? 'no objects found'}\nA copy of your changes has been stored to "${file}"\n`);
      throw new SilentExit(1);
    }
    const first = objectFromFields(parsed.docs[0]!.object) as KubeObject & { items?: KubeObject[] };
    const updated: KubeObject[] = first.kind === 'List' && Array.isArray(first.items) ? first.items : parsed.docs.map((d) => objectFromFields(d.object));
    const errors: string[] = [];
    let changed = false;
    resolved.targets.forEach((t, i) => {
      const next = updated.find((u) => u.metadata?.name === t.ref.name && u.kind === originals[i]!.kind);
      if (!next || sameObject(shownInFile(originals[i]!), next)) return;
      changed = true;
      if (next.metadata?.managedFields) delete next.metadata.managedFields;
      try {
        const edited = cluster.write(() => {
          // kubectl sends the edit as a patch, so the server decodes it as the patch handler does.
          const patch = createMergePatch(stripManaged(originals[i]!), next);
          const decoded = decodePatched(next, t.info, patch, 'strategic');
          for (const w of decoded.warnings) ctx.io.err(`Warning: ${w}\n`);
          const obj = decoded.object;
          return cluster.api.update({ ...obj, metadata: { ...obj.metadata, managedFields: originals[i]!.metadata.managedFields } } as KubeObject,
            { fieldManager: ctx.flags['field-manager'] });
        });
        // kubectl prints what the server answered, through -o's printer when one was asked for.
        ctx.io.out(out ? printObjects([edited], out, true, cluster.api.registry(), false, ctx.flags['show-managed-fields']) : `${kindPrefix(t.info)}/${t.ref.name} ${MSG_EDITED}\n`);
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        errors.push(formatApiError(e));
      }
    });
    if (!changed) { ctx.io.err(`${MSG_EDIT_CANCELLED}\n`); endSession(session); return 0; }
    if (errors.length) {
      ctx.io.err(`${errors.join('\n')}\nerror: Edit cancelled, no valid changes were saved.\nA copy of your changes has been stored to "${file}"\n`);
      throw new SilentExit(1);
    }
    endSession(session);
    return 0;
  },
});

function stripManaged(o: KubeObject): KubeObject {
  const c = structuredClone(o);
  delete c.metadata.managedFields;
  return c;
}
