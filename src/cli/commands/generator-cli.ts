/**
 * generator-cli: what `create <sub>`, `run`, `expose` and `autoscale` share — turning a
 * generator's flag table into parser flags, generator errors into kubectl's error lines,
 * and the write step: print (`--dry-run=client`), or create through the API and print
 * `<kind>/<name> created` (or the object with -o).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KubeObject } from '../../api/meta';
import { builtinRegistry, kindPrefix, type Registry } from '../../api/registry';
import { ApiError } from '../../apiserver/errors';
import type { CommandContext } from '../command';
import { CliError, UsageError } from '../errors';
import { printServerWarnings } from '../server-warnings';
import type { FlagDef } from '../flags';
import { GeneratorError } from '../generators/generator-error';
import { nodeGeneratorFs, type GeneratorFs } from '../generators/generator-fs';
import type { FlagSpec } from '../generators/flag-spec';
import { goJsonMarshal } from '../generators/go-json';
import { printObjects, printTypedObject, YAML_SEPARATOR, type OutputSpec } from '../output';
import { dryRunSuffix, parseDryRun } from './apply';

import { LAST_APPLIED } from '../../api/last-applied';
import { toTypedObject } from './typed-object';
import { outputOf, type PrintFlagValues } from '../print-flags';


/**
 * GeneratorFlagDefs is what flagDefsOf returns for a table whose flags are F: each FlagDef keeps
 * its literal name and parser type, and has a default (every generator flag has one), so a
 * command declared with them reads `ctx.flags.replicas` as a number.
 */
export type GeneratorFlagDefs<F extends readonly FlagSpec[]> = {
  readonly [K in keyof F]: { readonly name: F[K]['name']; readonly type: F[K]['type']; readonly default: unknown } & FlagDef;
};

/** flagDefsOf converts a generator table entry's flags to the CLI parser's FlagDefs. */
export function flagDefsOf<const F extends readonly FlagSpec[]>(spec: { readonly flags: F }): GeneratorFlagDefs<F> {
  return spec.flags.map((f) => {
    const dflt = typeof f.default === 'object' && !Array.isArray(f.default) ? '' : f.default;
    return { name: f.name, short: f.shorthand, type: f.type, default: dflt as FlagDef['default'], noOptDefault: f.noOptDefault, help: f.help };
  }) as readonly FlagDef[] as GeneratorFlagDefs<F>;
}

/**
 * stringFlag, stringsFlag and intFlag read a flag of a command whose flag table is picked at run
 * time (create's subcommands, writeGenerated's callers), so ctx.flags is not typed by one table:
 * the parser stored a value of the flag's declared type, or nothing.
 */
export function stringFlag(ctx: CommandContext, name: string): string | undefined {
  const v = ctx.flags[name];
  return typeof v === 'string' ? v : undefined;
}

export function stringsFlag(ctx: CommandContext, name: string): string[] | undefined {
  const v = ctx.flags[name];
  return Array.isArray(v) ? v : undefined;
}

export function intFlag(ctx: CommandContext, name: string): number | undefined {
  const v = ctx.flags[name];
  return typeof v === 'number' ? v : undefined;
}

/**
 * generatorFailure turns a GeneratorError into kubectl's error: usage errors gain the
 * `See 'kubectl <cmd> -h'` hint. Other errors pass through.
 */
export function generatorFailure(e: unknown, command: string): unknown {
  if (e instanceof GeneratorError) return e.usage ? new UsageError(e.message, command) : new CliError(e.message);
  return e;
}

/** withGeneratorErrors runs fn, translating generator errors for `command` (e.g. 'create configmap'). */
export function withGeneratorErrors<T>(command: string, fn: () => T): T {
  try { return fn(); } catch (e) { throw generatorFailure(e, command); }
}

/** generatorFs reads files relative to the invocation's working directory. */
export function generatorFs(ctx: CommandContext): GeneratorFs {
  const inner = nodeGeneratorFs(fs, ctx.env);
  const abs = (p: string) => path.resolve(ctx.cwd, p);
  return { isDirectory: (p) => inner.isDirectory(abs(p)), readFile: (p) => inner.readFile(abs(p)), listDir: (p) => inner.listDir(abs(p)), getenv: inner.getenv };
}

/** enforcedNamespace is the namespace kubectl stamps on generated objects: only an explicit -n. */
export function enforcedNamespace(ctx: CommandContext): string | undefined {
  return ctx.namespaceExplicit ? ctx.namespace : undefined;
}

/**
 * printClientObject prints an object built client-side as kubectl does: Go struct order in
 * JSON (the generators build objects in that order), sorted keys in YAML.
 */
export function printClientObject(obj: KubeObject, out: OutputSpec): string {
  // Client-side printing needs no cluster (kubectl --dry-run=client talks to no server here).
  return printTypedObject(obj, out, builtinRegistry, true); // a generated object has no managedFields to leave out
}


/** WriteGeneratedOptions tunes writeGenerated for one command. */
export interface WriteGeneratedOptions {
  /** operation is the success word: created, exposed, autoscaled. */
  operation: string;
  fieldManager: string;
  /** failPrefix wraps server errors (`failed to create configmap: `); undefined keeps them as server errors. */
  failPrefix?: (obj: KubeObject) => string | undefined;
  /**
   * typed prints the server's answer as kubectl's typed client decodes it (Go's zero values
   * filled in: `status: {}`), in Go's field order for JSON: the create subcommands, run and expose.
   */
  typed?: boolean;
  /**
   * printedFirst is the index of the object printed as soon as it is made, followed in YAML by a
   * '---' line of its own; the others print after all are made, in order. kubectl run --expose
   * makes the Pod, then makes and prints the Service, then prints the Pod.
   */
  printedFirst?: number;
}

function toServerObject(obj: KubeObject, ctx: CommandContext, saveConfig: boolean): KubeObject {
  const copy = structuredClone(obj);
  if (saveConfig) {
    // kubectl encodes the typed object (struct order, creationTimestamp: null) as the annotation.
    copy.metadata.annotations = { ...(copy.metadata.annotations ?? {}), [LAST_APPLIED]: `${goJsonMarshal(obj)}\n` };
  }
  if (copy.metadata.creationTimestamp === null) delete copy.metadata.creationTimestamp;
  const info = ctx.cluster().api.registry().forStorageKind(copy.kind);
  if (info?.namespaced && !copy.metadata.namespace) copy.metadata.namespace = ctx.namespace;
  return copy;
}

/** printGenerated prints a created object with -o; typed, as the Go struct kubectl decoded it (JSON in its fields' order). */
function printGenerated(created: KubeObject, out: OutputSpec, registry: Registry, typed: boolean, showManaged: boolean): string {
  return typed ? printTypedObject(toTypedObject(created), out, registry, showManaged) : printObjects([created], out, true, registry, false, showManaged);
}

/**
 * writeGenerated prints or creates generated objects in order. Flags used: dry-run, output,
 * save-config, field-manager. Stops at the first failure, as kubectl's generators do.
 */
export function writeGenerated(ctx: CommandContext, objs: KubeObject[], o: WriteGeneratedOptions): number {
  const dryRun = parseDryRun(stringFlag(ctx, 'dry-run'));
  const out = outputOf(ctx.flags as PrintFlagValues, ctx.set);
  const saveConfig = !!ctx.flags['save-config'];
  const registry = dryRun === 'client' ? builtinRegistry : ctx.cluster().api.registry();
  const prefixOf = (obj: KubeObject) => { const info = registry.forStorageKind(obj.kind); return info ? kindPrefix(info) : obj.kind.toLowerCase(); };
  // kubectl prints every object through one printer; its YAML printer starts each object after the first with ---.
  let printed = 0;
  const separator = () => (out?.kind === 'yaml' && printed++ > 0 ? YAML_SEPARATOR : '');
  const print = (obj: KubeObject, text: (o: KubeObject, out: OutputSpec) => string) =>
    ctx.io.out(out ? separator() + text(obj, out) : `${prefixOf(obj)}/${obj.metadata.name} ${o.operation}${dryRunSuffix(dryRun)}\n`);
  // Each is printed as it is made; with printedFirst, that one is, and the others after it (see WriteGeneratedOptions).
  const deferred: KubeObject[] = [];
  const printAll = (text: (o: KubeObject, out: OutputSpec) => string) => { for (const obj of deferred.splice(0)) print(obj, text); };
  const madeOne = (i: number, obj: KubeObject, text: (o: KubeObject, out: OutputSpec) => string) => {
    if (o.printedFirst === undefined) return print(obj, text);
    if (i !== o.printedFirst) return void deferred.push(obj);
    print(obj, text);
    if (out?.kind === 'yaml') ctx.io.out(YAML_SEPARATOR);
  };
  if (dryRun === 'client') {
    const text = (obj: KubeObject, spec: OutputSpec) => printClientObject(obj, spec);
    objs.forEach((obj, i) => madeOne(i, saveConfig ? toClientWithConfig(obj) : obj, text));
    printAll(text);
    return 0;
  }
  const cluster = ctx.cluster();
  const fieldManager = stringFlag(ctx, 'field-manager') || o.fieldManager;
  const text = (obj: KubeObject, spec: OutputSpec) => printGenerated(obj, spec, registry, !!o.typed, !!ctx.flags['show-managed-fields']);
  objs.forEach((obj, i) => {
    let created: KubeObject;
    try {
      created = cluster.write(() => cluster.api.create(toServerObject(obj, ctx, saveConfig), { fieldManager, dryRun: dryRun === 'server', warn: printServerWarnings(ctx.io) }));
    } catch (e) {
      printAll(text);
      const prefix = o.failPrefix?.(obj);
      if (prefix !== undefined && e instanceof ApiError) throw new CliError(`${prefix}${e.message}`);
      throw e;
    }
    madeOne(i, created, text);
  });
  printAll(text);
  return 0;
}

function toClientWithConfig(obj: KubeObject): KubeObject {
  const copy = structuredClone(obj);
  copy.metadata.annotations = { ...(copy.metadata.annotations ?? {}), [LAST_APPLIED]: `${goJsonMarshal(obj)}\n` };
  return copy;
}
