/**
 * targets: kubectl's resource builder for the editing verbs (label, annotate, patch, scale,
 * set, rollout, wait …) — `TYPE NAME…`, `TYPE/NAME…`, `TYPE -l SEL`, `TYPE --all`, and
 * `-f FILE` (read from the file with --local, else looked up live) — in argument order.
 */
import type { KubeObject, ObjectRef } from '../../api/meta';
import { objectFromFields } from '../../api/object-fields';
import { builtinRegistry, type Registry, type ResourceInfo } from '../../api/registry';
import { ApiError } from '../../apiserver/errors';
import type { CommandContext } from '../command';
import { CliError, formatApiError } from '../errors';
import type { FlagDef } from '../flags';
import type { FlagValuesOf } from '../flag-table';
import { SELECT_FLAGS } from './select-flags';

// The flags live in select-flags.ts (data only); verbs import them from here too.
export { KUSTOMIZE_FLAG, SELECT_FLAGS } from './select-flags';
import { readKustomizeArg } from '../kustomize-docs';
import { readFilenameArgs } from '../manifests';
import { prepareDoc } from '../object-writer';
import { ARGS_WITH_FILES, parseResourceArgs } from '../resource-args';

/** Target is one object to act on; `object` is set for --local targets (the file's object). */
/** Target is one object a command works on; apiVersion is the version its type argument named (read and written in it). */
export interface Target { info: ResourceInfo; ref: ObjectRef; source?: string; object?: KubeObject; apiVersion?: string }

/** ERR_NO_NAME is the builder's error for a type without names, selector or --all. */
export const ERR_NO_NAME = 'resource(s) were provided, but no name was specified';
/** NO_SOURCES is the builder's error when neither arguments nor files name anything. */
export const NO_SOURCES = "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";
/** ERR_NAME_AND_SELECTOR is kubectl's text when names and -l are both given. */
export const ERR_NAME_AND_SELECTOR = 'name cannot be provided when a selector is specified';

/** ERR_ALL_AND is the option check of label, annotate, apply and the set commands: --all beside a selector. */
export const ERR_ALL_AND = (flag: 'selector' | 'field-selector'): string => `cannot set --all and --${flag} at the same time`;
/** ERR_ALL_WITH_SELECTOR is the builder's own text for --all beside a selector (delete meets it first). */
export const ERR_ALL_WITH_SELECTOR = "setting 'all' parameter but found a non empty selector. ";

/** refuseAllWithSelectors refuses --all beside -l or --field-selector, as those verbs check their options. */
export function refuseAllWithSelectors(flags: { all?: boolean; selector?: string; 'field-selector'?: string }): void {
  if (!flags.all) return;
  if (flags.selector) throw new CliError(ERR_ALL_AND('selector'));
  if (flags['field-selector']) throw new CliError(ERR_ALL_AND('field-selector'));
}

/** SelectContext is a context whose command may carry SELECT_FLAGS and -k (a verb without them reads as not given). */
export type SelectContext = CommandContext<Partial<FlagValuesOf<typeof SELECT_FLAGS>> & { kustomize?: string; 'field-selector'?: string }>;

/** ResolveOptions: where targets come from. */
export interface ResolveOptions {
  args: readonly string[];
  /** local reads -f objects from the files and never touches the cluster. */
  local?: boolean;
  /** selector etc. default to ctx.flags. */
  selector?: string;
}

/** Resolved is what the builder found, plus per-object errors already formatted (NotFound …). */
export interface Resolved { targets: Target[]; errors: string[]; bySelector: boolean }

/** registryFor gives the live registry, or the built-in one for --local (no cluster opened). */
export function registryFor(ctx: CommandContext, local: boolean): Registry {
  return local ? builtinRegistry : ctx.cluster().api.registry();
}

/**
 * resolveTargets lists the target objects. Named objects are not fetched here (missing
 * ones surface as NotFound when read); selector and --all listings read the cluster.
 */
export function resolveTargets(ctx: SelectContext, o: ResolveOptions): Resolved {
  const files = ctx.flags.filename ?? [];
  const kustomize = ctx.flags.kustomize ?? '';
  const selector = o.selector ?? ctx.flags.selector;
  const fieldSelector = ctx.flags['field-selector'] || undefined;
  const all = !!ctx.flags.all;
  const allNs = !!ctx.flags['all-namespaces'];
  const local = !!o.local;
  const registry = registryFor(ctx, local);
  const targets: Target[] = [];
  const errors: string[] = [];
  const bySelector = !!selector || !!fieldSelector || all;
  if (files.length || kustomize) {
    if (o.args.length) throw new CliError(ARGS_WITH_FILES);
    const { docs, errors: parseErrors } = kustomize
      ? readKustomizeArg(ctx, kustomize, files, !!ctx.flags.recursive)
      : readFilenameArgs(ctx, files, !!ctx.flags.recursive, true);
    errors.push(...parseErrors.map((e) => `error: ${e.message}`));
    for (const doc of docs) {
      try {
        const p = prepareDoc(doc, registry, ctx.namespace, ctx.namespaceExplicit, 'ignore');
        targets.push({ info: p.info, ref: { kind: p.info.storageKind, namespace: p.object.metadata.namespace, name: p.object.metadata.name ?? '' }, source: p.source, object: local ? structuredClone(objectFromFields(doc.object)) : undefined });
      } catch (e) { errors.push(`error: ${(e as Error).message}`); }
    }
    return { targets, errors, bySelector: false };
  }
  if (!o.args.length) throw new CliError(NO_SOURCES);
  if (local) throw new CliError(`can only use local files by -f pod.yaml or --filename=pod.json when --local=true is set`);
  const { requests } = parseResourceArgs(o.args, registry, (text) => ctx.io.err(text));
  const cluster = ctx.cluster();
  cluster.catchUp();
  for (const r of requests) {
    const ns = r.info.namespaced ? ctx.namespace : undefined;
    if (r.names.length) {
      if (selector || fieldSelector) throw new CliError(ERR_NAME_AND_SELECTOR);
      for (const name of r.names) targets.push({ info: r.info, ref: { kind: r.info.storageKind, namespace: ns, name }, apiVersion: r.apiVersion });
    } else if (bySelector) {
      const listNs = r.info.namespaced && !allNs ? ctx.namespace : undefined;
      const found = cluster.read(() => cluster.api.list({ kind: r.info.storageKind, namespace: listNs, labelSelector: selector, fieldSelector, apiVersion: r.apiVersion }));
      for (const obj of found) targets.push({ info: r.info, ref: { kind: r.info.storageKind, namespace: obj.metadata.namespace, name: obj.metadata.name! }, apiVersion: r.apiVersion });
    } else {
      throw new CliError(ERR_NO_NAME);
    }
  }
  return { targets, errors, bySelector };
}

/**
 * objectName is resource.Info's ObjectName, as the set commands name an object in an error: by
 * its resource when the builder mapped it (a server object), else by its kind, lower-cased, with
 * its group and, as kubectl writes it, a line break.
 */
export function objectName(t: Target, obj: KubeObject, local: boolean): string {
  const name = obj.metadata.name ?? '';
  if (!local) return `${t.info.resource}/${name}`;
  const slash = obj.apiVersion.indexOf('/');
  const kind = obj.kind.toLowerCase();
  return slash < 0 ? `${kind}/${name}` : `${kind}.${obj.apiVersion.slice(0, slash)}/${name}\n`;
}

/** targetError formats a server error about a target; other errors propagate. */
export function targetError(e: unknown): string {
  if (!(e instanceof ApiError)) throw e;
  return formatApiError(e);
}

/**
 * readTarget reads a target's live object, or records the server's error about it in errors
 * and returns undefined: a command that goes on past an object it cannot read, as kubectl's
 * ContinueOnError visitors do.
 */
export function readTarget(cluster: { read<T>(fn: () => T): T; api: { get(ref: Target['ref'], apiVersion?: string): KubeObject } }, t: Target, errors: string[]): KubeObject | undefined {
  try {
    return cluster.read(() => cluster.api.get(t.ref, t.apiVersion));
  } catch (e) {
    errors.push(targetError(e));
    return undefined;
  }
}

/** fetchTarget reads a target's live object (NotFound throws). */
export function fetchTarget(ctx: CommandContext, t: Target): KubeObject {
  return ctx.cluster().api.get(t.ref, t.apiVersion);
}
