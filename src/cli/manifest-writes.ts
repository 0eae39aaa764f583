/**
 * manifest-writes: the loop apply and create share — read every -f document, run kubectl's
 * client-side checks, write each through the API, keep going past failures, then print the
 * -o objects or the name lines and every error. Documents are written in batches, one
 * committed cluster transaction each, and a batch's lines are printed only once it has
 * committed: what the command says it created is what is stored, however it is stopped.
 */
import type { KubeObject } from '../api/meta';
import { kindPrefix, type Registry } from '../api/registry';
import { ClusterDeletedError, type Cluster } from '../cluster/cluster';
import type { FlagsContext } from './command';
import { CliError, UsageError, unexpectedArgs, aggregateText, collectedLine, finishWithErrors, formatError, type CollectedError } from './errors';
import { readKustomizeArg } from './kustomize-docs';
import { readFilenameArgs, type SourcedDoc } from './manifests';
import { labelsMatch } from './manifest-label-filter';
import type { Visited } from './apply-prune';
import { collectedServerError, parseValidate, prepareDoc, type PreparedDoc, type Validate } from './object-writer';
import { printObjects, YAML_SEPARATOR } from './output';
import { outputOf } from './print-flags';
import { dryRunSuffix, parseDryRun, type WRITE_FLAGS } from './commands/apply';
import { failpoint } from '../sim/failpoints';
import { documentCheckFor } from './schema-validation';

/**
 * WRITE_BATCH_DOCS is how many documents one transaction writes (and settles). kubectl sends
 * one request per object, so an interrupted apply keeps what it printed; batches keep that
 * while paying one commit per hundred objects, and bound how long the write lock is held.
 * A count, not a time, so the same file gives the same cluster every run.
 */
export const WRITE_BATCH_DOCS = 100;

/** PARTLY_WRITTEN ends a storage error after some batches committed (the batch that failed changed nothing). */
export const PARTLY_WRITTEN = 'the objects listed above were written, the rest were not';

/**
 * WriteContext is what a per-document write needs besides the document; unreadManagedFields
 * says the command's output will not show the written objects' managedFields (see WriteOptions).
 */
export interface WriteContext { cluster: Cluster; dryRun: 'none' | 'client' | 'server'; validate: Validate; unreadManagedFields: boolean }

/** WriteOutcome is the object written (or, in a client dry run, shown) and the operation word ("created", "configured", …). */
export interface WriteOutcome { object: KubeObject; word: string }

/**
 * ManifestSelection is apply's -l (only the documents whose labels it matches are written) and
 * what runs once every document was written without an error (apply's --prune), given what
 * the write visited.
 */
export interface ManifestSelection {
  selector?: string;
  afterAll?: (visited: Visited, dryRun: 'none' | 'client' | 'server') => void;
}

/**
 * writeManifests runs `writeOne` for every document of the -f arguments. `writeOne` throws an
 * ApiError for server failures or a CliError/Error for client-side ones; it returns undefined
 * after reporting its own error through `fail`.
 */
export function writeManifests(ctx: FlagsContext<typeof WRITE_FLAGS>, verb: string,
  writeOne: (doc: PreparedDoc, w: WriteContext, fail: (error: CollectedError) => void) => WriteOutcome | undefined, selection: ManifestSelection = {}): number {
  const files = ctx.flags.filename;
  const kustomizeDir = ctx.flags.kustomize;
  // kubectl apply and create take no positional arguments: refused before anything else is looked at.
  if (ctx.args.length) throw new UsageError(unexpectedArgs(ctx.args), verb);
  if (!files.length && !kustomizeDir) throw new CliError('must specify one of -f and -k');
  const dryRun = parseDryRun(ctx.flags['dry-run']);
  const validate = parseValidate(ctx.flags.validate);
  const out = outputOf(ctx.flags, ctx.set);
  // Name lines show no fields, YAML and JSON leave managedFields out unless asked; the other formats see objects whole.
  const unreadManagedFields = !out || out.kind === 'name' || ((out.kind === 'yaml' || out.kind === 'json') && !ctx.flags['show-managed-fields']);
  const check = documentCheckFor(ctx, validate);
  const read = kustomizeDir
    ? readKustomizeArg(ctx, kustomizeDir, files, !!ctx.flags.recursive, check)
    : readFilenameArgs(ctx, files, !!ctx.flags.recursive, validate === 'ignore', check);
  const parseErrors = read.errors;
  // kubectl's builder maps every document, then its selector filters them: a document -l leaves
  // out is still checked (its mapping errors are reported), but never written.
  const selected = selection.selector ? labelsMatch(selection.selector) : () => true;
  const docs = read.docs;
  // The namespaces the objects are in (and -n's), and the uids of those written: what --prune spares.
  const visited: Visited = { namespaces: new Set(ctx.namespaceExplicit ? [ctx.namespace] : []), uids: new Set() };
  // kubectl's builder reads, maps and checks every document; its errors are reported in the order
  // it met them (by file, then document and List item), around the objects' (inKubectlOrder).
  const fileAt = (source: string) => read.files.indexOf(source);
  const builderErrors: BuilderError[] = parseErrors.map((e) => ({ text: `error: ${e.message}`, at: [fileAt(e.source), e.index, e.item ?? -1] }));
  const objectErrors: CollectedError[] = [];
  // prepare is the builder's check of one document; its refusal is a builder error.
  const prepare = (doc: SourcedDoc, registry: Registry, errors: BuilderError[]): PreparedDoc | undefined => {
    try {
      return prepareDoc(doc, registry, ctx.namespace, ctx.namespaceExplicit, validate);
    } catch (e) { errors.push({ text: `error: ${(e as Error).message}`, at: [fileAt(doc.source), doc.index, doc.item ?? -1] }); return undefined; }
  };
  if (!docs.some(selected)) {
    // Nothing to write: only the builder's checks run (the cluster is opened only if there is a document to map).
    for (const doc of docs) prepare(doc, ctx.cluster().api.registry(), builderErrors);
    if (!builderErrors.length) throw new CliError(`no objects passed to ${verb}`);
    return finishWithErrors(ctx.io, inMetOrder(builderErrors), true);
  }
  const cluster = ctx.cluster();
  const printed: KubeObject[] = [];
  const print = (objs: KubeObject[], single: boolean) => printObjects(objs, out!, single, cluster.api.registry(), false, !!ctx.flags['show-managed-fields']);
  // apply with -o prints what it wrote at the end, several objects as one List; create, and
  // apply with -o name or only --template, print each object as it is written, through one
  // printer (its YAML puts --- before each after the first).
  const eachObject = verb === 'create' || !ctx.flags.output || out?.kind === 'name';
  let shown = 0;
  const printObjectsSoFar = () => {
    if (out && printed.length && !eachObject) ctx.io.out(print(printed, printed.length === 1));
  };
  for (let from = 0; from < docs.length || from === 0; from += WRITE_BATCH_DOCS) {
    // A batch's lines, objects and errors count only once its transaction has committed.
    const lines: string[] = [];
    const objects: KubeObject[] = [];
    const batchBuilderErrors: BuilderError[] = [];
    const batchErrors: CollectedError[] = [];
    try {
      cluster.write(() => {
        lines.length = objects.length = batchBuilderErrors.length = batchErrors.length = 0;
        const registry = cluster.api.registry();
        for (const doc of docs.slice(from, from + WRITE_BATCH_DOCS)) {
          const prepared = prepare(doc, registry, batchBuilderErrors);
          if (!prepared || !selected(doc)) continue;
          if (prepared.info.namespaced && prepared.object.metadata.namespace) visited.namespaces.add(prepared.object.metadata.namespace);
          try {
            const r = writeOne(prepared, { cluster, dryRun, validate, unreadManagedFields }, (m) => batchErrors.push(m));
            if (!r) continue;
            const uid = r.object.metadata.uid;
            if (uid) visited.uids.add(uid);
            if (out) objects.push(r.object);
            else lines.push(`${kindPrefix(prepared.info)}/${r.object.metadata.name} ${r.word}${dryRunSuffix(dryRun)}\n`);
          } catch (e) {
            batchErrors.push(collectedServerError(e, 'creating', prepared.source));
          }
        }
      });
    } catch (e) {
      if (from === 0 || e instanceof ClusterDeletedError) throw e;
      // Earlier batches are stored and were reported as such: say so, not "nothing was changed".
      printObjectsSoFar();
      for (const m of [...inMetOrder(builderErrors), ...objectErrors]) ctx.io.err(`${collectedLine(m, false)}\n`);
      throw new CliError(`${formatError(e).text.replace(/; nothing was changed$/, '')}; ${PARTLY_WRITTEN}`);
    }
    for (const line of lines) ctx.io.out(line);
    if (eachObject && out) for (const obj of objects) ctx.io.out((out.kind === 'yaml' && shown++ > 0 ? YAML_SEPARATOR : '') + print([obj], true));
    ctx.io.flush();
    printed.push(...objects);
    builderErrors.push(...batchBuilderErrors);
    objectErrors.push(...batchErrors);
    failpoint('after-batch-printed');
  }
  // kubectl's post-processing (apply's -o List, then the prune) runs only when every object was written.
  if (!builderErrors.length && !objectErrors.length) {
    printObjectsSoFar();
    selection.afterAll?.(visited, dryRun);
  }
  return finishWithErrors(ctx.io, inKubectlOrder(verb, inMetOrder(builderErrors), objectErrors), true);
}

/** BuilderError is one of the builder's errors and where it met it: file, document, List item (-1: none). */
interface BuilderError { text: string; at: [file: number, index: number, item: number] }

/** inMetOrder is the builder's errors in the order it met them (a sort that keeps equal positions in place). */
function inMetOrder(errors: readonly BuilderError[]): string[] {
  const before = (a: BuilderError, b: BuilderError) => a.at[0] - b.at[0] || a.at[1] - b.at[1] || a.at[2] - b.at[2];
  return [...errors].sort(before).map((e) => e.text);
}

/**
 * inKubectlOrder is apply's and create's errors as kubectl aggregates them: apply's builder
 * errors before its objects' (it reads every object first), create's after (it creates each
 * object as it reads it, and the builder's errors come back at the end). Several builder
 * errors are one aggregate of their own, so beside an object's error they are one line,
 * "[a, b]" (Go's aggregate text, repeats left out).
 */
function inKubectlOrder(verb: string, builder: readonly string[], objects: readonly CollectedError[]): CollectedError[] {
  const built: CollectedError[] = builder.length < 2 || !objects.length ? [...builder] : [aggregateText(builder.map((e) => collectedLine(e, true)))];
  return verb === 'create' ? [...objects, ...built] : [...built, ...objects];
}
