/**
 * apply: kubectl apply -f — client-side apply of every document (created / configured /
 * unchanged), going on past failed documents, then reporting every error and exiting 1.
 */
import type { Command, CommandContext } from '../command';
import { CliError, SilentExit } from '../errors';
import type { FlagDef } from '../flags';
import { readFilenameArgs } from '../manifests';
import { fieldValidationOf, parseValidate, prepareDoc, serverError } from '../object-writer';
import { kindPrefix } from '../../api/registry';
import { parseOutput, printObjects } from '../output';
import type { KubeObject } from '../../api/meta';

export const FIELD_MANAGER = 'kubectl-client-side-apply';

/** dryRunSuffix is what dry runs add to the operation word. */
export function dryRunSuffix(mode: string): string {
  return mode === 'client' ? ' (dry run)' : mode === 'server' ? ' (server dry run)' : '';
}

/** parseDryRun checks --dry-run's value. */
export function parseDryRun(v: string | undefined): 'none' | 'client' | 'server' {
  if (v === undefined || v === 'none' || v === 'false') return 'none';
  if (v === 'client' || v === 'server') return v;
  if (v === 'true') return 'client';
  throw new CliError(`Invalid dry-run value (${v}). Must be "none", "server", or "client".`);
}

export const WRITE_FLAGS: FlagDef[] = [
  { name: 'filename', short: 'f', type: 'stringArray', default: [], help: 'The files that contain the configurations to apply.' },
  { name: 'recursive', short: 'R', type: 'bool', default: false, help: 'Process the directory used in -f, --filename recursively.' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged', help: 'Must be "none", "server", or "client".' },
  { name: 'output', short: 'o', type: 'string', help: 'Output format. One of: (json, yaml, name, jsonpath, …).' },
  { name: 'validate', type: 'string', default: 'strict', noOptDefault: 'strict', help: 'Must be one of: strict (or true), warn, ignore (or false).' },
  { name: 'field-manager', type: 'string', help: 'Name of the manager used to track field ownership.' },
];

/** applyCommand is `kubectl apply`. */
export const applyCommand: Command = {
  name: 'apply',
  short: 'Apply a configuration to a resource by file name or stdin',
  usage: 'kubectl apply (-f FILENAME | -k DIRECTORY) [options]',
  flags: [...WRITE_FLAGS, { name: 'kustomize', short: 'k', type: 'string', help: 'Process a kustomization directory (not supported by kubemu).' },
    { name: 'prune', type: 'bool', default: false, help: 'Automatically delete resource objects that do not appear in the configs (not supported).' },
    { name: 'server-side', type: 'bool', default: false, help: 'If true, apply runs in the server instead of the client.' },
    { name: 'force', type: 'bool', default: false, help: 'If true, immediately remove resources from API and bypass graceful deletion.' }],
  run(ctx: CommandContext): number {
    const files = ctx.flags.filename as string[];
    if (ctx.flags.kustomize) throw new CliError('kustomize directories are not supported by kubemu');
    if (!files.length) throw new CliError('must specify one of -f and -k');
    const dryRun = parseDryRun(ctx.flags['dry-run'] as string);
    const validate = parseValidate(ctx.flags.validate as string);
    const out = ctx.flags.output ? parseOutput(ctx.flags.output as string) : undefined;
    const { docs, errors: parseErrors } = readFilenameArgs(ctx, files, !!ctx.flags.recursive, validate === 'ignore');
    const errors: string[] = parseErrors.map((e) => `error: ${e.message}`);
    if (!docs.length && !errors.length) throw new CliError('no objects passed to apply');
    const cluster = ctx.cluster();
    const printed: KubeObject[] = [];
    cluster.write(() => {
      const registry = cluster.api.registry();
      for (const doc of docs) {
        let prepared;
        try {
          prepared = prepareDoc(doc, registry, ctx.namespace, ctx.namespaceExplicit, validate);
        } catch (e) { errors.push(`error: ${(e as Error).message}`); continue; }
        const { info, object, source } = prepared;
        if (!object.metadata.name) {
          errors.push(object.metadata.generateName ? `error: from ${source}: cannot use generate name with apply` : `error: error when retrieving current configuration of:\nResource: "${info.group ? `${info.group}/${info.version}` : info.version}, Resource=${info.resource}", GroupVersionKind: "${object.apiVersion}, Kind=${object.kind}"\nName: "", Namespace: "${object.metadata.namespace ?? ''}"\nfrom server for: "${source}": resource name may not be empty`);
          continue;
        }
        try {
          let word: string;
          let result: KubeObject;
          if (dryRun === 'client') {
            const exists = cluster.api.tryGet({ kind: info.storageKind, namespace: object.metadata.namespace, name: object.metadata.name });
            word = exists ? 'configured' : 'created';
            result = object;
          } else {
            const r = cluster.api.apply(object, { fieldManager: (ctx.flags['field-manager'] as string) || FIELD_MANAGER, dryRun: dryRun === 'server', fieldValidation: fieldValidationOf(validate) });
            word = r.outcome;
            result = r.object;
          }
          if (out) printed.push(result);
          else ctx.io.out(`${kindPrefix(info)}/${object.metadata.name} ${word}${dryRunSuffix(dryRun)}\n`);
        } catch (e) {
          errors.push(serverError(e, 'creating', source));
        }
      }
    });
    if (out && printed.length) ctx.io.out(printObjects(printed, out, printed.length === 1, cluster.api.registry()));
    for (const e of errors) ctx.io.err(`${e}\n`);
    if (errors.length) throw new SilentExit(1);
    return 0;
  },
};
