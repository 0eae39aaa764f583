/**
 * taint: kubectl taint nodes NAME key=value:Effect | key:Effect- | key- … — add, overwrite
 * and remove node taints. Mirrors kubectl pkg/cmd/taint (taint.go, utils.go: parseTaints,
 * reorganizeTaints, validateNoTaintOverwrites).
 */
import type { KubeObject } from '../../api/meta';
import { validateLabelKey, validateLabelValue } from '../../api/labels';
import { defineCommand, type Command, type CommandContext } from '../command';
import { ApiError } from '../../apiserver/errors';
import { CliError, StandardMessageError, UsageError, aggregateText, finishWithErrors, formatApiError } from '../errors';
import { UnknownResourceTypeError, type Registry } from '../../api/registry';
import type { FlagDef } from '../flags';
import { parseDryRun } from './apply';
import { parseValidate } from '../object-writer';
import { printObjects } from '../output';
import { outputOf, PRINT_FLAGS } from '../print-flags';
import { fieldManagerFlag } from './field-manager-flag';

export const TAINTED = 'tainted';
export const UNTAINTED = 'untainted';
export const MODIFIED = 'modified';
export const FIELD_MANAGER = 'kubectl-taint';
/** TAINT_EFFECTS are the supported effects. */
export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;
export const ERR_NO_TAINT_UPDATE = 'at least one taint update is required';

/** Taint is a core/v1 Taint. */
export interface Taint { key: string; value?: string; effect: string; timeAdded?: string }

/** taintToString is v1.Taint.ToString: key[=value][:effect]. */
export function taintToString(t: { key: string; value?: string; effect?: string }): string {
  let s = t.key;
  if (t.value) s += `=${t.value}`;
  if (t.effect) s += `:${t.effect}`;
  return s;
}

/**
 * parseTaintSpec is kubectl's parseTaint: "key[=value][:effect]", the effect checked first, then
 * the value, then the key (a spec without ":" is all key); throws kubectl's message.
 */
function parseTaintSpec(spec: string): { key: string; value?: string; effect?: string } {
  const parts = spec.split(':');
  if (parts.length > 2) throw new CliError(`invalid taint spec: ${spec}`);
  let key = parts[0]!;
  let value: string | undefined;
  const effect = parts[1];
  if (effect !== undefined) {
    if (!(TAINT_EFFECTS as readonly string[]).includes(effect)) throw new CliError(`invalid taint effect: ${effect}, unsupported taint effect`);
    const kv = key.split('=');
    if (kv.length > 2) throw new CliError(`invalid taint spec: ${spec}`);
    key = kv[0]!;
    value = kv[1];
    const errs = value === undefined ? [] : validateLabelValue(value);
    if (errs.length) throw new CliError(`invalid taint spec: ${spec}, ${errs.join('; ')}`);
  }
  const errs = validateLabelKey(key);
  if (errs.length) throw new CliError(`invalid taint spec: ${spec}, ${errs.join('; ')}`);
  return { key, ...(value ? { value } : {}), ...(effect ? { effect } : {}) };
}

/** parseTaint reads one taint to add, "key[=value]:effect" (the effect is required); throws kubectl's errors. */
export function parseTaint(spec: string): Taint {
  const t = parseTaintSpec(spec);
  if (!t.effect) throw new CliError(`invalid taint spec: ${spec}`);
  return t as Taint;
}

/** goTaint is a Taint as Go's %v prints the struct: {key value effect timeAdded}. */
function goTaint(t: Taint): string {
  return `{${t.key} ${t.value ?? ''} ${t.effect} <nil>}`;
}

/**
 * parseTaints splits the arguments into taints to add and to remove (a trailing "-"). A removal
 * names a key and, optionally, an effect: a value given with it is parsed and then ignored.
 */
export function parseTaints(specs: readonly string[]): { add: Taint[]; remove: { key: string; effect?: string }[] } {
  const add: Taint[] = [];
  const remove: { key: string; effect?: string }[] = [];
  const seen = new Set<string>();
  for (const spec of specs) {
    if (spec.endsWith('-')) {
      const { key, effect } = parseTaintSpec(spec.slice(0, -1));
      remove.push(effect ? { key, effect } : { key });
      continue;
    }
    const t = parseTaint(spec);
    const id = `${t.key}:${t.effect}`;
    if (seen.has(id)) throw new CliError(`duplicated taints with the same key and effect: ${goTaint(t)}`);
    seen.add(id);
    add.push(t);
  }
  return { add, remove };
}

/**
 * reorganizeTaints computes a node's new taints: added taints first, then the untouched old
 * ones, minus removals; the operation word is "modified" (both, or --overwrite), "tainted" or
 * "untainted", as kubectl decides.
 */
export function reorganizeTaints(old: readonly Taint[], overwrite: boolean, add: readonly Taint[], remove: readonly { key: string; effect?: string }[]): { op: string; taints: Taint[]; errors: string[] } {
  let taints: Taint[] = [...add];
  for (const o of old) if (!taints.some((t) => t.key === o.key && t.effect === o.effect)) taints.push(o);
  const added = old.length !== taints.length;
  const errors: string[] = [];
  let deleted = false;
  for (const r of remove) {
    const keep = taints.filter((t) => !(t.key === r.key && (!r.effect || t.effect === r.effect)));
    if (keep.length === taints.length) errors.push(`taint ${JSON.stringify(taintToString(r))} not found`);
    else deleted = true;
    taints = keep;
  }
  const op = (added && deleted) || overwrite ? MODIFIED : added ? TAINTED : UNTAINTED;
  return { op, taints, errors };
}

/**
 * completeTaint is kubectl taint's Complete: the resource words come first, then the taint
 * changes (words with "=" or ":", or ending in "-"), and a resource word after a change is refused.
 */
function completeTaint(args: readonly string[]): { resources: string[]; add: Taint[]; remove: { key: string; effect?: string }[] } {
  const resources: string[] = [];
  const changes: string[] = [];
  for (const a of args) {
    const isTaint = a.includes('=') || a.includes(':') || a.endsWith('-');
    if (isTaint) changes.push(a);
    else if (changes.length) throw new CliError(`all resources must be specified before taint changes: ${a}`);
    else resources.push(a);
  }
  if (!resources.length) throw new CliError('one or more resources must be specified as <resource> <name>');
  if (!changes.length) throw new CliError(ERR_NO_TAINT_UPDATE);
  try {
    return { resources, ...parseTaints(changes) };
  } catch (e) {
    if (e instanceof CliError) throw new UsageError(e.message, 'taint');
    throw e;
  }
}

/**
 * validateTaint is kubectl taint's Validate: the first word must name the node resource (a
 * TYPE/NAME word names none), no taint may be both changed and removed, and --all, -l and
 * node names go together as its validateFlags says.
 */
function validateTaint(registry: Registry, resources: readonly string[], add: readonly Taint[], remove: readonly { key: string; effect?: string }[], all: boolean, selector: string | undefined): void {
  const resourceType = resources[0]!.toLowerCase();
  let kind: string;
  try {
    kind = registry.resolve(resourceType).kind;
  } catch (e) {
    if (e instanceof UnknownResourceTypeError) throw new StandardMessageError(e.message);
    throw e;
  }
  if (kind !== 'Node') throw new CliError(`invalid resource type ${resourceType}, only node types are supported`);
  const conflicts = add.flatMap((t) => remove.filter((r) => t.key === r.key && (!r.effect || t.effect === r.effect)).map((r) => `${r.key}=${r.effect ?? ''}`));
  if (conflicts.length) throw new CliError(`can not both modify and remove the following taint(s) in the same command: ${conflicts.join(', ')}`);
  if (all && selector) throw new CliError("setting 'all' parameter with a non empty selector is prohibited");
  if (!all && !selector && resources.length < 2) throw new CliError("at least one resource name must be specified since 'all' parameter is not set");
}

/** taintCommand is `kubectl taint`. */
export const taintCommand = defineCommand({
  name: 'taint',
  short: 'Update the taints on one or more nodes',
  usage: 'kubemu taint NODE NAME KEY_1=VAL_1:TAINT_EFFECT_1 ... KEY_N=VAL_N:TAINT_EFFECT_N [options]',
  flags: [
    { name: 'overwrite', type: 'bool', default: false, help: 'If true, allow taints to be overwritten, otherwise reject taint updates that overwrite existing taints.' },
    { name: 'selector', short: 'l', type: 'string', help: 'Selector (label query) to filter on.' },
    { name: 'all', type: 'bool', default: false, help: 'Select all nodes in the cluster' },
    { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged', help: 'Must be "none", "server", or "client".' },
    fieldManagerFlag(FIELD_MANAGER),
    { name: 'validate', type: 'string', default: 'strict', noOptDefault: 'strict', help: 'Must be one of: strict (or true), warn, ignore (or false).' },
    ...PRINT_FLAGS,
  ],
  run(ctx): number {
    // -o is read before anything is written, as kubectl's taint reads it (a bad one changes nothing).
    const out = outputOf(ctx.flags, ctx.set);
    parseValidate(ctx.flags.validate);
    const selector = ctx.flags.selector;
    const all = !!ctx.flags.all;
    const { resources, add, remove } = completeTaint(ctx.args);
    validateTaint(ctx.cluster().api.registry(), resources, add, remove, all, selector);
    const names = all || selector ? [] : resources.slice(1);
    const dryRun = parseDryRun(ctx.flags['dry-run']);
    const overwrite = !!ctx.flags.overwrite;
    const cluster = ctx.cluster();
    const taintNode = (node: KubeObject): void => {
      const old: Taint[] = node.spec?.taints ?? [];
      if (!overwrite) {
        for (const t of add) {
          if (old.some((o) => o.key === t.key && o.effect === t.effect)) {
            throw new CliError(`node ${node.metadata.name} already has ${t.key} taint(s) with same effect(s) and --overwrite is false`);
          }
        }
      }
      const now = cluster.clock.nowISO();
      // kubectl stamps timeAdded on NoExecute taints it adds (the taint-eviction clock).
      const stamped = add.map((t) => (t.effect === 'NoExecute' ? { ...t, timeAdded: now } : t));
      const { op, taints, errors: invalid } = reorganizeTaints(old, overwrite, stamped, remove);
      if (invalid.length) throw new CliError(aggregateText(invalid));
      const changed = (fresh: KubeObject): KubeObject => {
        fresh.spec = { ...fresh.spec };
        if (taints.length) fresh.spec.taints = taints;
        else delete fresh.spec.taints;
        return fresh;
      };
      // kubectl prints the server's answer, or with --dry-run=client the node as it would be.
      const shown = dryRun === 'client'
        ? changed(structuredClone(node))
        : cluster.write(() => cluster.api.update(changed(structuredClone(cluster.api.get({ kind: 'Node', name: node.metadata.name! }))), { fieldManager: ctx.flags['field-manager'] || FIELD_MANAGER, dryRun: dryRun === 'server' }));
      // kubectl taint sets its printer's operation after the dry-run mark was added to it: no dry-run mark.
      ctx.io.out(out ? printObjects([shown], out, true, cluster.api.registry(), false, ctx.flags['show-managed-fields']) : `node/${node.metadata.name} ${op}\n`);
    };
    // As kubectl's visitor, every node is tried in turn; the errors are reported after the others.
    const errors: string[] = [];
    const visit = (read: () => KubeObject) => {
      try { taintNode(read()); } catch (e) {
        if (e instanceof ApiError) errors.push(formatApiError(e));
        else if (e instanceof CliError) errors.push(`error: ${e.message}`);
        else throw e;
      }
    };
    if (selector || all) for (const node of cluster.api.list({ kind: 'Node', labelSelector: selector })) visit(() => node);
    else for (const n of names) visit(() => cluster.api.get({ kind: 'Node', name: n }));
    return finishWithErrors(ctx.io, errors, true);
  },
});
