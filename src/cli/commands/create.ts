/**
 * create: kubectl create -f (AlreadyExists is an error, unlike apply) and the
 * imperative generators (`create deployment`, `create configmap`, …).
 */
import type { KubeObject } from '../../api/meta';
import { kindPrefix } from '../../api/registry';
import type { Command, CommandContext } from '../command';
import { CliError, SilentExit } from '../errors';
import { readFilenameArgs } from '../manifests';
import { fieldValidationOf, parseValidate, prepareDoc, serverError } from '../object-writer';
import { dryRunSuffix, parseDryRun, WRITE_FLAGS } from './apply';
import { parseOutput, printObjects } from '../output';
import { GENERATOR_COMMANDS } from './create-generators';

/** createCommand is `kubectl create`. */
export const createCommand: Command = {
  name: 'create',
  short: 'Create a resource from a file or from stdin',
  usage: 'kubectl create -f FILENAME [options]',
  flags: [...WRITE_FLAGS, { name: 'save-config', type: 'bool', default: false, help: 'If true, the configuration of current object will be saved in its annotation.' }],
  subcommands: GENERATOR_COMMANDS,
  run(ctx: CommandContext): number {
    const files = ctx.flags.filename as string[];
    if (ctx.args.length) throw new CliError(`unknown command "${ctx.args[0]}" for "kubectl create"`);
    if (!files.length) throw new CliError('must specify one of -f and -k');
    const dryRun = parseDryRun(ctx.flags['dry-run'] as string);
    const validate = parseValidate(ctx.flags.validate as string);
    const out = ctx.flags.output ? parseOutput(ctx.flags.output as string) : undefined;
    const { docs, errors: parseErrors } = readFilenameArgs(ctx, files, !!ctx.flags.recursive, validate === 'ignore');
    const errors: string[] = parseErrors.map((e) => `error: ${e.message}`);
    if (!docs.length && !errors.length) throw new CliError('no objects passed to create');
    const cluster = ctx.cluster();
    const printed: KubeObject[] = [];
    cluster.write(() => {
      const registry = cluster.api.registry();
      for (const doc of docs) {
        let prepared;
        try { prepared = prepareDoc(doc, registry, ctx.namespace, ctx.namespaceExplicit, validate); } catch (e) { errors.push(`error: ${(e as Error).message}`); continue; }
        try {
          const obj = dryRun === 'client' ? prepared.object
            : cluster.api.create(prepared.object, { fieldManager: 'kubectl-create', dryRun: dryRun === 'server', fieldValidation: fieldValidationOf(validate) });
          if (out) printed.push(obj);
          else ctx.io.out(`${kindPrefix(prepared.info)}/${obj.metadata.name} created${dryRunSuffix(dryRun)}\n`);
        } catch (e) {
          errors.push(serverError(e, 'creating', prepared.source));
        }
      }
    });
    if (out && printed.length) ctx.io.out(printObjects(printed, out, printed.length === 1, cluster.api.registry()));
    for (const e of errors) ctx.io.err(`${e}\n`);
    if (errors.length) throw new SilentExit(1);
    return 0;
  },
};
