/**
 * create-edit: `kubectl create -f FILE --edit` — each object of the files opened in the editor
 * before it is created (kubectl's EditBeforeCreateMode): an object saved unchanged is not
 * created, an edited one is created as kubectl-create, and the first failure ends the command
 * with the copy kept (the edit session is edit-loop.ts).
 */
import { kindPrefix } from '../../api/registry';
import type { FlagsContext } from '../command';
import { CliError, UsageError, finishWithErrors, type CollectedError } from '../errors';
import { readKustomizeArg } from '../kustomize-docs';
import { readFilenameArgs } from '../manifests';
import { fieldValidationOf, parseValidate, prepareDoc } from '../object-writer';
import { documentCheckFor } from '../schema-validation';
import { printObjects } from '../output';
import { outputOf } from '../print-flags';
import { printServerWarnings } from '../server-warnings';
import { withLastApplied } from '../../yaml/last-applied-json';
import { toJson } from '../../yaml/write-json';
import { toYaml } from '../../yaml/write-yaml';
import type { WRITE_FLAGS } from './apply';
import { EDIT_HEADER } from './edit-header';
import { EditFailed, mappingErrorIn, runEditLoop } from './edit-loop';

/** createWithEdit runs `create --edit` and returns the exit code. */
export function createWithEdit(ctx: FlagsContext<typeof WRITE_FLAGS> & { flags: { 'save-config'?: boolean; raw?: string } }): number {
  if (ctx.flags.raw) throw new CliError('--raw and --edit are mutually exclusive');
  if (ctx.args.length) throw new UsageError(`Unexpected args: [${ctx.args.join(' ')}]`, 'create');
  const files = ctx.flags.filename;
  const kustomize = ctx.flags.kustomize;
  if (!files.length && !kustomize) throw new CliError('must specify one of -f and -k');
  // -o json edits (and prints) JSON, -o yaml YAML; another -o fails each object at its printer.
  const format = ctx.flags.output === 'json' ? 'json' : 'yaml';
  const printerError = ctx.flags.output && ctx.flags.output !== 'json' && ctx.flags.output !== 'yaml'
    ? `unable to match a printer suitable for the output format ${JSON.stringify(ctx.flags.output)}, allowed formats are: json,yaml` : undefined;
  const out = printerError ? undefined : outputOf(ctx.flags, ctx.set);
  const validate = parseValidate(ctx.flags.validate);
  const check = documentCheckFor(ctx, validate);
  const read = kustomize ? readKustomizeArg(ctx, kustomize, files, !!ctx.flags.recursive, check) : readFilenameArgs(ctx, files, !!ctx.flags.recursive, validate === 'ignore', check);
  if (read.errors.length) throw new CliError(read.errors[0]!.message);
  const cluster = ctx.cluster();
  const registry = cluster.api.registry();
  // kubectl visits every object, collecting each one's failure, and reports them together.
  const errors: CollectedError[] = [];
  for (const doc of read.docs) {
    if (printerError) { errors.push({ alone: `error: ${printerError}`, among: printerError }); continue; }
    const { info, object } = prepareDoc(doc, registry, ctx.namespace, ctx.namespaceExplicit, validate);
    try {
      runEditLoop(ctx, {
        header: EDIT_HEADER, body: format === 'json' ? toJson(object) : toYaml(object), format, validate,
        first: { ...info, name: object.metadata.name ?? '' },
        mappingError: (docs) => mappingErrorIn(docs, registry, ctx.namespace),
        patch(edited) {
          for (const d of edited) {
            const p = prepareDoc(d, registry, ctx.namespace, true, 'ignore');
            const obj = ctx.flags['save-config'] ? withLastApplied(p.object) : p.object;
            // A server error ends this object's session with the copy kept (kubectl does not reopen it).
            const created = cluster.write(() => cluster.api.create(obj, {
              fieldManager: 'kubectl-create', fieldValidation: fieldValidationOf(validate), warn: printServerWarnings(ctx.io),
            }));
            ctx.io.out(out ? printObjects([created], out, true, registry, false, ctx.flags['show-managed-fields']) : `${kindPrefix(p.info)}/${created.metadata.name} created\n`);
          }
        },
      });
    } catch (e) {
      if (!(e instanceof EditFailed)) throw e;
      errors.push(e.collected);
    }
  }
  return finishWithErrors(ctx.io, errors, true);
}
