/**
 * replace: kubectl replace -f — overwrite live objects with the manifests' content
 * (`<kind>/<name> replaced`); with --force, delete and re-create them.
 * Mirrors kubernetes/kubectl pkg/cmd/replace/replace.go.
 */
import { kindPrefix } from '../../api/registry';
import type { KubeObject } from '../../api/meta';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError, finishWithErrors } from '../errors';
import { readKustomizeArg } from '../kustomize-docs';
import { readFilenameArgs } from '../manifests';
import { fieldValidationOf, parseValidate, prepareDoc, serverError } from '../object-writer';
import { printObjects } from '../output';
import { outputOf } from '../print-flags';
import { dryRunSuffix, parseDryRun, WRITE_FLAGS } from './apply';

export const MSG_REPLACED = 'replaced';

/** replaceCommand is `kubectl replace`. */
export const replaceCommand = defineCommand({
  name: 'replace',
  short: 'Replace a resource by file name or stdin',
  usage: 'kubectl replace -f FILENAME [options]',
  flags: [...WRITE_FLAGS,
    { name: 'force', type: 'bool', default: false, help: 'If true, immediately remove resources from API and bypass graceful deletion.' },
    { name: 'grace-period', type: 'int', default: -1, help: 'Period of time in seconds given to the resource to terminate gracefully.' },
    { name: 'save-config', type: 'bool', default: false, help: 'If true, the configuration of current object will be saved in its annotation.' }],
  run(ctx): number {
    const files = ctx.flags.filename;
    if (!files.length && !ctx.flags.kustomize) throw new CliError('must specify one of -f and -k');
    const dryRun = parseDryRun(ctx.flags['dry-run']);
    const validate = parseValidate(ctx.flags.validate);
    const out = outputOf(ctx.flags, ctx.set);
    const force = !!ctx.flags.force;
    const { docs, errors: parseErrors } = ctx.flags.kustomize
      ? readKustomizeArg(ctx, ctx.flags.kustomize, files, !!ctx.flags.recursive)
      : readFilenameArgs(ctx, files, !!ctx.flags.recursive, validate === 'ignore');
    const errors: string[] = parseErrors.map((e) => `error: ${e.message}`);
    if (!docs.length && !errors.length) throw new CliError('no objects passed to replace');
    const cluster = ctx.cluster();
    const registry = cluster.api.registry();
    for (const doc of docs) {
      let prepared;
      try { prepared = prepareDoc(doc, registry, ctx.namespace, ctx.namespaceExplicit, validate); } catch (e) { errors.push(`error: ${(e as Error).message}`); continue; }
      const { info, object, source } = prepared;
      const ref = { kind: info.storageKind, namespace: object.metadata.namespace, name: object.metadata.name ?? '' };
      const opts = { fieldManager: ctx.flags['field-manager'] || 'kubectl-replace', dryRun: dryRun === 'server', fieldValidation: fieldValidationOf(validate) };
      try {
        let result: KubeObject;
        if (force) {
          cluster.write(() => { cluster.api.get(ref); if (dryRun === 'none') cluster.api.delete(ref, { fieldManager: opts.fieldManager, gracePeriodSeconds: 0 }); });
          ctx.io.out(`${kindPrefix(info)} "${ref.name}" deleted${dryRunSuffix(dryRun)}\n`);
          result = dryRun === 'client' ? object : cluster.write(() => cluster.api.create(stripServerFields(object), opts));
        } else {
          result = cluster.write(() => {
            const live = cluster.api.get(ref);
            if (dryRun === 'client') return object;
            const next = structuredClone(object);
            // An unset resourceVersion makes the PUT unconditional.
            next.metadata.resourceVersion ??= live.metadata.resourceVersion;
            return cluster.api.update(next, opts);
          });
        }
        if (out) ctx.io.out(printObjects([result], out, true, registry, false, !!ctx.flags['show-managed-fields']));
        else ctx.io.out(`${kindPrefix(info)}/${ref.name} ${MSG_REPLACED}${dryRunSuffix(dryRun)}\n`);
      } catch (e) {
        errors.push(serverError(e, 'replacing', source));
      }
    }
    return finishWithErrors(ctx.io, errors);
  },
});

function stripServerFields(obj: KubeObject): KubeObject {
  const copy = structuredClone(obj);
  delete copy.metadata.resourceVersion;
  delete copy.metadata.uid;
  return copy;
}
