/**
 * mutate-objects: the read → edit → write → print loop that label, annotate, patch, scale,
 * set and rollout share. With --local (or --dry-run=client) the edit happens on the object
 * only and is printed; otherwise each object is updated in its own write (so objects
 * already done stay done when a later one fails, as with kubectl's per-object requests).
 */
import type { KubeObject } from '../../api/meta';
import { kindPrefix } from '../../api/registry';
import type { CommandContext } from '../command';
import { ApiError, noSuchPath } from '../../apiserver/errors';
import { CliError, finishWithErrors, type CollectedError } from '../errors';
import { printServerWarnings } from '../server-warnings';
import { printObjects, printTypedObject, type OutputSpec } from '../output';
import { toCompactJson } from '../../yaml/write-json';
import { toTypedObject } from './typed-object';
import { dryRunSuffix, parseDryRun } from './apply';
import { readTarget, registryFor, targetError, type Resolved, type Target } from './targets';
import { outputOf, type PrintFlagValues } from '../print-flags';
import { writeThroughSubresource } from '../../apiserver/subresource-write';
import { writeScale } from '../../apiserver/scale-subresource';
import { scaleOf } from '../../api/scale-of';

/** ERR_LOCAL_SERVER_DRY_RUN is kubectl's text for --local with --dry-run=server. */
export const ERR_LOCAL_SERVER_DRY_RUN = 'cannot specify --local and --dry-run=server - did you mean --dry-run=client?';

/** EditContext tells a mutation where it runs and lets it print notes (label's `label "x" not found.`). */
export interface EditContext {
  local: boolean; dryRun: 'none' | 'client' | 'server'; target: Target;
  /** note prints a line on stdout at once. */
  note(text: string): void;
  /** error records an error line (printed at the end, exit 1) without stopping the edit. */
  error(text: string): void;
  /**
   * early records an error the set commands record while they work out every object's patch,
   * before any patch's own failure: printed before those, with its own "error: " even among others.
   */
  early(text: string): void;
}

/**
 * PatchFailure is an object's failure in the set commands' patch loop, which kubectl words
 * "error: NAME …\n": its own prefix and newline, so among several errors a blank line follows it.
 */
export class PatchFailure extends CliError {
  readonly collected: CollectedError;
  constructor(text: string) {
    super(text);
    this.collected = { alone: text, among: `${text}\n` };
  }
}

/**
 * Mutation edits `obj` in place and returns the operation word ("labeled"); `before` is the
 * unedited object. A CliError it throws is that object's error: the object is left as it was
 * and the others go on, as kubectl's visitor goes on past an object's error; any other error
 * stops the command. Returning undefined skips printing (the object is still written if changed).
 */
export type Mutation = (obj: KubeObject, before: KubeObject, ec: EditContext) => string | undefined;

/** MutateOptions configures one run. */
export interface MutateOptions {
  local: boolean;
  fieldManager: string;
  mutate: Mutation;
  /** output overrides -o parsing (undefined: read ctx.flags.output). */
  output?: OutputSpec;
  /** writeUnchanged sends the update even when nothing changed (kubectl patches anyway; harmless). */
  writeUnchanged?: boolean;
  /** typed edits and prints objects as kubectl's Go structs see them (the set commands). */
  typed?: boolean;
  /**
   * subresource names the subresource patch --subresource reads and writes through: status, a
   * CSR's approval or a Pod's ephemeralcontainers (the object), scale (its Scale); any other,
   * or one the resource lacks, is the server's 404.
   */
  subresource?: string;
  /**
   * failedWrite is the set commands' words before a write's server error ("failed to patch env
   * update to pod template: "): kubectl then prints the server's message after them, as a
   * client error, instead of the error itself.
   */
  failedWrite?: string;
  /**
   * unmarkedDryRun prints a dry run's name lines without "(dry run)" or "(server dry run)":
   * kubectl patch sets its printer's operation after the mark was put on it, so it has none.
   */
  unmarkedDryRun?: boolean;
  /** listing prints no object: label's and annotate's --list print their own lines and write nothing. */
  listing?: boolean;
}

/** sameObject compares two objects as Go would compare their JSON. */
export function sameObject(a: unknown, b: unknown): boolean {
  return toCompactJson(a) === toCompactJson(b);
}

/**
 * readAllTargets is the set commands' builder.Infos(): every object is read before any is
 * changed, and one that cannot be read (or a file that cannot) fails the command unwritten.
 */
export function readAllTargets(ctx: CommandContext, resolved: Resolved, local: boolean): void {
  const errors = [...resolved.errors];
  if (!local) for (const t of resolved.targets) readTarget(ctx.cluster(), t, errors);
  finishWithErrors(ctx.io, errors, true);
}

/** mutateObjects runs the loop over resolved targets and returns the exit code. */
export function mutateObjects(ctx: CommandContext<PrintFlagValues & { 'dry-run'?: string; 'show-managed-fields'?: boolean }>, resolved: Resolved, o: MutateOptions): number {
  const dryRun = parseDryRun(ctx.flags['dry-run']);
  if (o.local && dryRun === 'server') throw new CliError(ERR_LOCAL_SERVER_DRY_RUN);
  const out = o.output ?? outputOf(ctx.flags, ctx.set);
  const registry = registryFor(ctx, o.local);
  const errors: CollectedError[] = [...resolved.errors];
  const early: CollectedError[] = [];
  const shape = (obj: KubeObject) => (o.typed ? toTypedObject(obj) : obj);
  const print = (obj: KubeObject, t: Target, word: string | undefined, mode: typeof dryRun) => {
    if (o.listing || (o.typed && word === undefined)) return;
    if (out && o.typed) ctx.io.out(printTypedObject(toTypedObject(obj), out, registry, !!ctx.flags['show-managed-fields']));
    else if (out) ctx.io.out(printObjects([obj], out, true, registry, false, !!ctx.flags['show-managed-fields']));
    else if (word !== undefined) ctx.io.out(`${o.subresource === 'scale' ? 'scale.autoscaling' : kindPrefix(t.info)}/${obj.metadata.name} ${word}${o.unmarkedDryRun ? '' : dryRunSuffix(mode)}\n`);
  };
  for (const t of resolved.targets) {
    const ec: EditContext = { local: o.local, dryRun, target: t, note: (text) => ctx.io.out(text), error: (text) => errors.push(text), early: (text) => early.push({ alone: text, among: text }) };
    if (o.local) {
      const before = shape(structuredClone(t.object!));
      const obj = structuredClone(before);
      let word: string | undefined;
      try {
        word = o.mutate(obj, before, ec);
      } catch (e) {
        if (!(e instanceof CliError)) throw e;
        errors.push(e instanceof PatchFailure ? e.collected : `error: ${e.message}`);
        continue;
      }
      print(obj, t, word, dryRun);
      continue;
    }
    const cluster = ctx.cluster();
    let result: { obj: KubeObject; word: string | undefined } | undefined;
    try {
      result = cluster.write(() => {
        if (o.subresource && !(require('../serve/discovery') as typeof import('../serve/discovery')).servesSubresource(t.info, o.subresource)) {
          throw noSuchPath();
        }
        const live = cluster.api.get(t.ref, t.apiVersion);
        const before = shape(o.subresource === 'scale' ? scaleOf(live) : live);
        const obj = structuredClone(before);
        const word = o.mutate(obj, before, ec);
        if (dryRun === 'client') return { obj, word };
        if (!o.writeUnchanged && sameObject(obj, before)) return { obj: before, word };
        const opts = { fieldManager: o.fieldManager, dryRun: dryRun === 'server', warn: printServerWarnings(ctx.io) };
        if (o.subresource === 'scale') return { obj: writeScale(cluster.api, t.info, t.ref, opts, () => obj), word };
        // The set commands send what they changed in the typed object as a strategic merge patch,
        // so what only the typed form adds (a zero field Go always encodes) never reaches the server.
        const written = o.typed ? typedChange(live, before, obj) : obj;
        return { obj: writeThroughSubresource(cluster.api, o.subresource, written, opts), word };
      });
    } catch (e) {
      if (e instanceof PatchFailure) errors.push(e.collected);
      else if (e instanceof CliError) errors.push(`error: ${e.message}`);
      else errors.push(o.failedWrite !== undefined && e instanceof ApiError ? `error: ${o.failedWrite}${e.message}` : targetError(e));
      continue;
    }
    print(result.obj, t, result.word, dryRun);
  }
  // kubectl's visitor goes on past a failed object and returns the errors as one aggregate.
  return finishWithErrors(ctx.io, [...early, ...errors], true);
}

/** typedChange is the live object with the change from before to after (typed forms) patched in, as kubectl's set commands patch it. */
function typedChange(live: KubeObject, before: KubeObject, after: KubeObject): KubeObject {
  const { createTwoWayPatch } = require('../patch/three-way-patch') as typeof import('../patch/three-way-patch');
  const { applyStrategicMergePatch } = require('../patch/strategic-merge') as typeof import('../patch/strategic-merge');
  return applyStrategicMergePatch(live, createTwoWayPatch(before, after)) as KubeObject;
}

/** splitPairs is kubectl's GetResourcesAndPairs: resources first, then `k=v` / `k-` pairs. */
export function splitPairs(args: readonly string[], pairType: string): { resources: string[]; pairs: string[] } {
  const resources: string[] = [];
  const pairs: string[] = [];
  let found = false;
  for (const s of args) {
    const isPair = (s.includes('=') && s[0] !== '=') || (s.endsWith('-') && s !== '-');
    if (isPair) { found = true; pairs.push(s); continue; }
    if (found) throw new CliError(`all resources must be specified before ${pairType} changes: ${s}`);
    resources.push(s);
  }
  return { resources, pairs };
}
