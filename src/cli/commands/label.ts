/**
 * label: kubectl label — add (`k=v`), overwrite (`--overwrite`) and remove (`k-`) labels on
 * objects by name, selector, --all or file, or on a file's object with --local.
 * Mirrors kubernetes/kubectl pkg/cmd/label/label.go (parseLabels, labelFunc, updateDataChangeMsg).
 */
import type { KubeObject } from '../../api/meta';
import { validateLabelValue } from '../../api/labels';
import { goQuote } from '../../api/go-quote';
import { toCompactJson } from '../../yaml/write-json';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError, aggregateText } from '../errors';
import type { FlagDef } from '../flags';
import { defineFlags } from '../flag-table';
import { fieldManagerFlag } from './field-manager-flag';
import { ERR_LOCAL_SERVER_DRY_RUN, mutateObjects, splitPairs } from './mutate-objects';
import { parseDryRun } from './apply';
import { refuseAllWithSelectors, resolveTargets, SELECT_FLAGS, KUSTOMIZE_FLAG, type Resolved } from './targets';
import { parseApiVersion } from '../../api/registry';
import { PRINT_FLAGS } from '../print-flags';

export const MSG_LABELED = 'labeled';
export const MSG_UNLABELED = 'unlabeled';
export const MSG_NOT_LABELED = 'not labeled';
export const ERR_NO_LABEL_UPDATE = 'at least one label update is required';
export const ERR_MODIFY_AND_REMOVE_LABEL = 'can not both modify and remove a label in the same command';
/** LABEL_NOT_FOUND is printed (stdout) before removing a label the object lacks. */
export const LABEL_NOT_FOUND = (key: string): string => `label ${goQuote(key)} not found.\n`;
/** ERR_LABEL_OVERWRITE is validateNoOverwrites' text. */
export const ERR_LABEL_OVERWRITE = (key: string, current: string): string => `'${key}' already has a value (${current}), and --overwrite is false`;

/** ERR_RV_SINGLE refuses --resource-version when the builder may find more than one object (label and annotate). */
export const ERR_RV_SINGLE = '--resource-version may only be used with a single resource';

/** ERR_LIST_AND_OUTPUT refuses --list with -o (label and annotate). */
export const ERR_LIST_AND_OUTPUT = '--list and --output may not be specified together';

/** singleItemImplied: the command names one object, so --list prints its pairs without a header. */
export function singleItemImplied(resolved: Resolved): boolean {
  return !resolved.bySelector && resolved.targets.length === 1;
}

/**
 * listPairs prints --list's KEY=VALUE lines for one object, under kubectl's header (Kind.group/name)
 * when the command could name more than one. kubemu: in key order (kubectl walks a Go map).
 * Returns undefined: the object is printed no other way.
 */
export function listPairs(what: 'labels' | 'annotations', obj: KubeObject, pairs: Record<string, string>, single: boolean, note: (text: string) => void): undefined {
  if (!single) note(`Listing ${what} for ${obj.kind}.${parseApiVersion(obj.apiVersion).group}/${obj.metadata.name}:\n`);
  for (const k of Object.keys(pairs).sort()) note(`${single ? '' : ' '}${k}=${pairs[k]}\n`);
  return undefined;
}

/** EDIT_FLAGS are the flags label and annotate share beyond the selectors. */
export const EDIT_FLAGS = defineFlags([
  KUSTOMIZE_FLAG,
  ...SELECT_FLAGS,
  { name: 'overwrite', type: 'bool', default: false, help: 'If true, allow labels to be overwritten, otherwise reject label updates that overwrite existing labels.' },
  { name: 'local', type: 'bool', default: false, help: 'If true, label will NOT contact api-server but run locally.' },
  { name: 'list', type: 'bool', default: false, help: 'If true, display the labels for a given resource.' },
  { name: 'resource-version', type: 'string', help: 'If non-empty, the labels update will only succeed if this is the current resource-version for the object.' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged', help: 'Must be "none", "server", or "client".' },
  ...PRINT_FLAGS,
  { name: 'field-selector', type: 'string', help: 'Selector (field query) to filter on.' },
]);

/** parseLabelSpecs is label.go's parseLabels: `k=v` (value validated) and `k-`. */
export function parseLabelSpecs(specs: readonly string[]): { add: Map<string, string>; remove: string[] } {
  const add = new Map<string, string>();
  const remove: string[] = [];
  for (const spec of specs) {
    if (spec.includes('=')) {
      const parts = spec.split('=');
      if (parts.length !== 2) throw new CliError(`invalid label spec: ${spec}`);
      const errs = validateLabelValue(parts[1]!);
      if (errs.length) throw new CliError(`invalid label value: ${goQuote(spec)}: ${errs.join(';')}`);
      add.set(parts[0]!, parts[1]!);
    } else if (spec.endsWith('-')) {
      remove.push(spec.slice(0, -1));
    } else {
      throw new CliError(`unknown label spec: ${spec}`);
    }
  }
  if (remove.some((k) => add.has(k))) throw new CliError(ERR_MODIFY_AND_REMOVE_LABEL);
  return { add, remove };
}

/** dataChangeMsg is updateDataChangeMsg: compares the objects' JSON (lengths decide "unlabeled"). */
export function dataChangeMsg(before: KubeObject, after: KubeObject, overwrite: boolean, json: (o: unknown) => string): string {
  const a = json(before);
  const b = json(after);
  if (a === b) return MSG_NOT_LABELED;
  return !overwrite && Buffer.byteLength(b) < Buffer.byteLength(a) ? MSG_UNLABELED : MSG_LABELED;
}

/**
 * requireTargets is label's and annotate's check of what they were given, before the updates
 * are (their Validate): objects, or with --local files only. Each words its example files its own way.
 */
export function requireTargets(ctx: CommandContext<{ filename: string[]; kustomize: string; local: boolean; 'dry-run': string }>, resources: readonly string[], example: 'pod' | 'rsrc'): void {
  const files = ctx.flags.filename.length > 0 || !!ctx.flags.kustomize;
  if (!ctx.flags.local) {
    if (!resources.length && !files) throw new CliError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
    return;
  }
  if (parseDryRun(ctx.flags['dry-run']) === 'server') throw new CliError(ERR_LOCAL_SERVER_DRY_RUN);
  if (resources.length) throw new CliError(`can only use local files by -f ${example}.yaml or --filename=${example}.json when --local=true is set`);
  if (!files) throw new CliError(`one or more files must be specified as -f ${example}.yaml or --filename=${example}.json`);
}

/** labelCommand is `kubectl label`. */
export const labelCommand = defineCommand({
  name: 'label',
  short: 'Update the labels on a resource',
  usage: 'kubectl label [--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N [--resource-version=version] [options]',
  flags: [...EDIT_FLAGS, fieldManagerFlag('kubectl-label')],
  run(ctx): number {
    const { resources, pairs } = splitPairs(ctx.args, 'label');
    const list = !!ctx.flags.list;
    if (list && ctx.flags.output) throw new CliError(ERR_LIST_AND_OUTPUT);
    refuseAllWithSelectors(ctx.flags);
    requireTargets(ctx, resources, 'pod');
    if (!pairs.length && !list) throw new CliError(ERR_NO_LABEL_UPDATE);
    const { add, remove } = parseLabelSpecs(pairs);
    const overwrite = !!ctx.flags.overwrite;
    const local = !!ctx.flags.local;
    const rv = ctx.flags['resource-version'];
    const resolved = resolveTargets(ctx, { args: resources, local });
    const single = singleItemImplied(resolved);
    // Only one object can be held to a resourceVersion: checked once the builder has found them.
    if (rv && !single) throw new CliError(ERR_RV_SINGLE);
    return mutateObjects(ctx, resolved, {
      local, fieldManager: ctx.flags['field-manager'] || 'kubectl-label', listing: list,
      mutate(obj, before, ec) {
        const labels = obj.metadata.labels ?? {};
        if (!list && !ec.local && ec.dryRun !== 'client') for (const k of remove) if (!(k in labels)) ec.note(LABEL_NOT_FOUND(k));
        if (!overwrite) {
          const errs = [...add].filter(([k, v]) => k in labels && labels[k] !== v).map(([k]) => ERR_LABEL_OVERWRITE(k, labels[k]!));
          if (errs.length) throw new CliError(aggregateText(errs));
        }
        const next = { ...labels };
        for (const [k, v] of add) next[k] = v;
        for (const k of remove) delete next[k];
        // --list shows the labels as edited, and writes nothing.
        if (list) return listPairs('labels', obj, next, single, ec.note);
        obj.metadata.labels = next;
        if (rv) obj.metadata.resourceVersion = rv;
        return dataChangeMsg(before, obj, overwrite, toCompactJson);
      },
    });
  },
});
