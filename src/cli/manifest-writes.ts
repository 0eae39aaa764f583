/**
 * manifest-writes: the loop apply and create share — read every -f document, run kubectl's
 * client-side checks, write each through the API inside one cluster transaction, keep going
 * past failures, then print the -o objects or the name lines and every error.
 */
import type { KubeObject } from '../api/meta';
import { kindPrefix } from '../api/registry';
import type { Cluster } from '../cluster/cluster';
import type { CommandContext } from './command';
import { CliError, finishWithErrors } from './errors';
import { readFilenameArgs } from './manifests';
import { parseValidate, prepareDoc, serverError, type PreparedDoc, type Validate } from './object-writer';
import { parseOutput, printObjects } from './output';
import { dryRunSuffix, parseDryRun } from './commands/apply';

/** WriteContext is what a per-document write needs besides the document. */
export interface WriteContext { cluster: Cluster; dryRun: 'none' | 'client' | 'server'; validate: Validate }

/** WriteOutcome is the object written and the operation word ("created", "configured", …). */
export interface WriteOutcome { object: KubeObject; word: string }

/**
 * writeManifests runs `writeOne` for every document of the -f arguments. `writeOne` throws an
 * ApiError for server failures or a CliError/Error for client-side ones; it returns undefined
 * after reporting its own error through `fail`.
 */
export function writeManifests(ctx: CommandContext, verb: string,
  writeOne: (doc: PreparedDoc, w: WriteContext, fail: (message: string) => void) => WriteOutcome | undefined): number {
  const files = ctx.flags.filename as string[];
  if (!files.length) throw new CliError('must specify one of -f and -k');
  const dryRun = parseDryRun(ctx.flags['dry-run'] as string);
  const validate = parseValidate(ctx.flags.validate as string);
  const out = ctx.flags.output ? parseOutput(ctx.flags.output as string) : undefined;
  const { docs, errors: parseErrors } = readFilenameArgs(ctx, files, !!ctx.flags.recursive, validate === 'ignore');
  const errors: string[] = parseErrors.map((e) => `error: ${e.message}`);
  if (!docs.length && !errors.length) throw new CliError(`no objects passed to ${verb}`);
  const cluster = ctx.cluster();
  const printed: KubeObject[] = [];
  cluster.write(() => {
    const registry = cluster.api.registry();
    for (const doc of docs) {
      let prepared: PreparedDoc;
      try {
        prepared = prepareDoc(doc, registry, ctx.namespace, ctx.namespaceExplicit, validate);
      } catch (e) { errors.push(`error: ${(e as Error).message}`); continue; }
      try {
        const r = writeOne(prepared, { cluster, dryRun, validate }, (m) => errors.push(m));
        if (!r) continue;
        if (out) printed.push(r.object);
        else ctx.io.out(`${kindPrefix(prepared.info)}/${r.object.metadata.name} ${r.word}${dryRunSuffix(dryRun)}\n`);
      } catch (e) {
        errors.push(serverError(e, 'creating', prepared.source));
      }
    }
  });
  if (out && printed.length) ctx.io.out(printObjects(printed, out, printed.length === 1, cluster.api.registry()));
  return finishWithErrors(ctx.io, errors);
}
