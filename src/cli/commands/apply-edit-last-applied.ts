/**
 * apply-edit-last-applied: `kubectl apply edit-last-applied` — the objects' last-applied
 * configurations opened in the editor (one object, or a List), each edited one written back
 * into its object's annotation (kubectl's editor in ApplyEditMode, pkg/cmd/util/editor).
 */
import { LAST_APPLIED } from '../../api/last-applied';
import type { KubeObject } from '../../api/meta';
import { objectFromFields } from '../../api/object-fields';
import { kindPrefix } from '../../api/registry';
import { defineCommand } from '../command';
import { ApiError } from '../../apiserver/errors';
import { CliError, SilentExit, formatApiError } from '../errors';
import { parseValidate, prepareDoc } from '../object-writer';
import { listWrapper, printObjects } from '../output';
import { outputOf, PRINT_FLAGS } from '../print-flags';
import { readManifestStream } from '../../yaml/read-manifests';
import { annotationPatchValue } from '../../yaml/last-applied-json';
import { toCompactJson, toJson } from '../../yaml/write-json';
import { toYaml } from '../../yaml/write-yaml';
import { endEmptyEdit, endSession, hasLines, launchEditor, withoutComments } from './editor-session';
import { fieldManagerFlag } from './field-manager-flag';
import { MSG_EDIT_CANCELLED } from './edit';
import { KUSTOMIZE_FLAG, resolveTargets, SELECT_FLAGS } from './targets';

/** APPLY_EDIT_HEADER is the comment block kubectl puts above the configurations it opens. */
const APPLY_EDIT_HEADER = `# Please edit the 'last-applied-configuration' annotations below.
# Lines beginning with a '#' will be ignored, and an empty file will abort the edit.
#
`;

/** editLastAppliedCommand is `kubectl apply edit-last-applied`. */
export const editLastAppliedCommand = defineCommand({
  name: 'edit-last-applied',
  short: 'Edit latest last-applied-configuration annotations of a resource/object',
  usage: 'kubectl apply edit-last-applied (RESOURCE/NAME | -f FILENAME) [options]',
  flags: [...SELECT_FLAGS.filter((f) => f.name === 'filename' || f.name === 'recursive'), KUSTOMIZE_FLAG,
    ...PRINT_FLAGS,
    { name: 'validate', type: 'string', default: 'strict', noOptDefault: 'strict', help: 'Must be one of: strict (or true), warn, ignore (or false).' },
    fieldManagerFlag('kubectl-client-side-apply'),
    { name: 'windows-line-endings', type: 'bool', default: false, help: 'Defaults to the line ending native to your platform.' }],
  run(ctx): number {
    const format = ctx.flags.output || 'yaml';
    if (format !== 'yaml' && format !== 'json') throw new CliError(`unable to match a printer suitable for the output format "${format}", allowed formats are: json,yaml`);
    const out = outputOf(ctx.flags, ctx.set);
    const validate = parseValidate(ctx.flags.validate);
    const resolved = resolveTargets(ctx, { args: ctx.args });
    if (resolved.errors.length) throw new CliError(resolved.errors[0]!.replace(/^error: /, ''));
    const cluster = ctx.cluster();
    const registry = cluster.api.registry();
    // Every object is read first (a missing one fails the command); those without the annotation are passed over.
    const configs: KubeObject[] = [];
    let firstOpened: { resource: string; name: string } | undefined;
    for (const t of resolved.targets) {
      const live = cluster.read(() => cluster.api.get(t.ref));
      const text = live.metadata.annotations?.[LAST_APPLIED];
      if (text === undefined) continue;
      const parsed = readManifestStream(text, 'edited-file', { checkKind: true });
      if (parsed.errors.length) throw new CliError(parsed.errors[0]!.message);
      if (!parsed.docs[0]) continue;
      const config = objectFromFields(parsed.docs[0].object);
      configs.push(config);
      firstOpened ??= { resource: t.info.resource, name: config.metadata.name ?? '' };
    }
    if (!configs.length) throw new CliError('no last-applied-configuration annotation found on resources, to create the annotation, use command `kubectl apply set-last-applied --create-annotation`');
    const data = configs.length === 1 ? configs[0] : { ...listWrapper(configs), metadata: {} };
    const body = format === 'json' ? toJson(data) : toYaml(data);
    const session = launchEditor(ctx, APPLY_EDIT_HEADER + body, format);
    const stripped = withoutComments(session.edited);
    if (stripped === withoutComments(body)) {
      endSession(session);
      ctx.io.err(`${MSG_EDIT_CANCELLED}\n`);
      return 0;
    }
    if (!hasLines(stripped)) return endEmptyEdit(ctx, session, validate !== 'ignore', firstOpened!);
    const stored = `A copy of your changes has been stored to "${session.file}"\n`;
    const fail = (message: string): never => {
      ctx.io.err(`${stored}error: ${message}\n`);
      throw new SilentExit(1);
    };
    const parsed = readManifestStream(stripped, 'edited-file', { checkKind: true });
    if (parsed.errors.length || !parsed.docs.length) fail(parsed.errors[0]?.message ?? 'no objects found');
    // The stream's Lists come flattened: the edited file is one object or a List of them.
    for (const doc of parsed.docs) {
      let prepared: ReturnType<typeof prepareDoc>;
      try {
        // The namespace may not move: an object of another namespace is refused, none gets the command's.
        prepared = prepareDoc({ ...doc, source: 'edited-file' }, registry, ctx.namespace, true, 'ignore');
      } catch (e) {
        if (!(e instanceof CliError)) throw e;
        return fail(e.message);
      }
      const { info, object: obj } = prepared;
      const uid = obj.metadata.uid ?? '';
      // kubectl pairs each edited object with the first original of the same uid (the
      // configurations rarely carry one, so usually the first) and compares their JSON.
      const original = configs.find((c) => (c.metadata?.uid ?? '') === uid);
      if (!original) fail(`no original object found for ${toCompactJson(obj)}`);
      const word = toCompactJson(original) === toCompactJson(obj) ? 'skipped' : 'edited';
      if (word === 'edited') {
        try {
          cluster.write(() => {
            // The annotation is patched on the object of the edited name, in the command's namespace.
            const live = cluster.api.get({ kind: info.storageKind, namespace: info.namespaced ? ctx.namespace : undefined, name: obj.metadata.name ?? '' });
            const patched = { ...live, metadata: { ...live.metadata, annotations: { ...(live.metadata.annotations ?? {}), [LAST_APPLIED]: annotationPatchValue(obj) } } };
            return cluster.api.update(patched, { fieldManager: ctx.flags['field-manager'] });
          });
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          ctx.io.err(`${stored}${formatApiError(e)}\n`);
          throw new SilentExit(1);
        }
      }
      ctx.io.out(out ? printObjects([obj], out, true, registry, false, ctx.flags['show-managed-fields']) : `${kindPrefix(info)}/${obj.metadata.name ?? ''} ${word}\n`);
    }
    endSession(session);
    return 0;
  },
});
