/**
 * kustomize-docs: `-k DIR` for kubectl's verbs — the kustomization built by src/kustomize,
 * its warnings on stderr, and its objects as the documents `-f` would have read. As in
 * kubectl's KustomizeVisitor, every object's source is the directory given to -k.
 */
import * as path from 'node:path';
import type { CommandContext } from './command';
import { CliError } from './errors';
import type { ReadOutcome, SourcedDoc } from './manifests';
import type { DocumentCheck } from './schema-validation';
import { ManifestParseError } from '../yaml/read-manifests';

/** ONLY_ONE_OF_F_K is kubectl's refusal of -f together with -k. */
export const ONLY_ONE_OF_F_K = 'only one of -f or -k can be specified';

/** patchers are kubemu's patch implementations, handed to the engine (loaded only when -k is used). */
export function patchers(): import('../kustomize').Patchers {
  return {
    strategicMerge: (require('./patch/strategic-merge') as typeof import('./patch/strategic-merge')).applyStrategicMergePatch,
    jsonPatch: (require('./patch/json-patch') as typeof import('./patch/json-patch')).applyJsonPatch,
  };
}

/** buildKustomizeDir builds dir (relative to the working directory), printing kustomize's warnings. */
export function buildKustomizeDir(ctx: CommandContext, dir: string): { text: string; docs: SourcedDoc[]; origins: { file: string; line: number }[] } {
  const k = require('../kustomize') as typeof import('../kustomize');
  let result: import('../kustomize').BuildResult;
  try {
    result = k.buildKustomization(dir, ctx.cwd, patchers());
  } catch (e) {
    if (e instanceof k.KustomizeError) throw new CliError(e.message);
    throw e;
  }
  for (const w of result.warnings) ctx.io.err(`${w}\n`);
  const docs = result.resources.map((r, index): SourcedDoc => ({
    object: r.obj, index, line: r.origin.line, duplicates: [], source: dir,
  }));
  // Where each object was written (a generated one: its kustomization file), for `kubemu check -k`.
  const origins = result.resources.map((r) => ({ file: path.relative(ctx.cwd, r.origin.file) || r.origin.file, line: r.origin.line }));
  return { text: k.renderBuild(k.objectsOf(result)), docs, origins };
}

/** K_WITH_RECURSIVE is kubectl's refusal of -k together with -R. */
export const K_WITH_RECURSIVE = "the -k flag can't be used with -f or -R";

/**
 * readKustomizeArg is -k's counterpart of readFilenameArgs; it refuses -f (and -R) alongside.
 * check is the command's client-side validation: as KustomizeVisitor streams the built
 * objects, the first it refuses ends them.
 */
export function readKustomizeArg(ctx: CommandContext, dir: string, filenames: readonly string[], recursive = false, check?: DocumentCheck): ReadOutcome {
  if (filenames.length > 0) throw new CliError(ONLY_ONE_OF_F_K);
  if (recursive) throw new CliError(K_WITH_RECURSIVE);
  const { docs } = buildKustomizeDir(ctx, dir);
  for (let i = 0; check && i < docs.length; i++) {
    const refused = check(docs[i]!.object, dir);
    if (refused) return { docs: docs.slice(0, i), errors: [new ManifestParseError(refused, 'validation', dir, i, docs.slice(0, i))], files: [dir] };
  }
  return { docs, errors: [], files: [dir] };
}
