/**
 * apply-edit-last-applied: `kubectl apply edit-last-applied` — the objects' last-applied
 * configurations opened in the editor (one object, or a List), each edited one written back
 * into its object's annotation (kubectl's editor in ApplyEditMode, pkg/cmd/util/editor).
 */
import { LAST_APPLIED } from '../../api/last-applied';
import type { KubeObject } from '../../api/meta';
import { objectFromFields } from '../../api/object-fields';
import { kindPrefix } from '../../api/registry';
import type { FlagsContext } from '../command';
import { CliError } from '../errors';
import { parseValidate, prepareDoc } from '../object-writer';
import { listWrapper, printObjects } from '../output';
import { outputOf } from '../print-flags';
import { readManifestStream } from '../../yaml/read-manifests';
import { annotationPatchValue } from '../../yaml/last-applied-json';
import { toCompactJson, toJson } from '../../yaml/write-json';
import { toYaml } from '../../yaml/write-yaml';
import { mappingErrorIn, runEditCommand } from './edit-loop';
import { resolveTargets } from './targets';
import type { EDIT_LAST_APPLIED_FLAGS } from './apply-subcommands';

/** APPLY_EDIT_HEADER is the comment block kubectl puts above the configurations it opens. */
const APPLY_EDIT_HEADER = `# Please edit the 'last-applied-configuration' annotations below.
# Lines beginning with a '#' will be ignored, and an empty file will abort the edit.
#
`;

/** runEditLastApplied is `kubectl apply edit-last-applied`. */
export function runEditLastApplied(ctx: FlagsContext<typeof EDIT_LAST_APPLIED_FLAGS>): number {
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
  let firstOpened: { resource: string; group: string; name: string } | undefined;
  for (const t of resolved.targets) {
    const live = cluster.read(() => cluster.api.get(t.ref));
    const text = live.metadata.annotations?.[LAST_APPLIED];
    if (text === undefined) continue;
    const parsed = readManifestStream(text, 'edited-file', { checkKind: true });
    if (parsed.errors.length) throw new CliError(parsed.errors[0]!.message);
    if (!parsed.docs[0]) continue;
    const config = objectFromFields(parsed.docs[0].object);
    configs.push(config);
    firstOpened ??= { resource: t.info.resource, group: t.info.group, name: config.metadata.name ?? '' };
  }
  if (!configs.length) throw new CliError('no last-applied-configuration annotation found on resources, to create the annotation, use command `kubectl apply set-last-applied --create-annotation`');
  const data = configs.length === 1 ? configs[0] : { ...listWrapper(configs), metadata: {} };
  return runEditCommand(ctx, {
    header: APPLY_EDIT_HEADER, body: format === 'json' ? toJson(data) : toYaml(data), format, validate, first: firstOpened!,
    mappingError: (docs) => mappingErrorIn(docs, registry, ctx.namespace),
    patch(docs) {
      // The namespace may not move: an object of another namespace is refused, none gets the command's.
      const prepared = docs.map((d) => prepareDoc(d, registry, ctx.namespace, true, 'ignore'));
      for (const { info, object: obj } of prepared) {
        // kubectl pairs each edited object with the first original of the same uid (the
        // configurations rarely carry one, so usually the first) and compares their JSON.
        const uid = obj.metadata.uid ?? '';
        const original = configs.find((c) => (c.metadata?.uid ?? '') === uid);
        if (!original) throw new CliError(`no original object found for ${toCompactJson(obj)}`);
        const word = toCompactJson(original) === toCompactJson(obj) ? 'skipped' : 'edited';
        // The annotation is patched on the object of the edited name, in the command's namespace;
        // a server error ends the session (no reopening in this mode).
        if (word === 'edited') {
          cluster.write(() => {
            const live = cluster.api.get({ kind: info.storageKind, namespace: info.namespaced ? ctx.namespace : undefined, name: obj.metadata.name ?? '' });
            const patched = { ...live, metadata: { ...live.metadata, annotations: { ...(live.metadata.annotations ?? {}), [LAST_APPLIED]: annotationPatchValue(obj) } } };
            return cluster.api.update(patched, { fieldManager: ctx.flags['field-manager'] });
          });
        }
        ctx.io.out(out ? printObjects([obj], out, true, registry, false, ctx.flags['show-managed-fields']) : `${kindPrefix(info)}/${obj.metadata.name ?? ''} ${word}\n`);
      }
    },
  });
}
