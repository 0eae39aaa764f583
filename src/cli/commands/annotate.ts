/**
 * annotate: kubectl annotate — add, overwrite and remove annotations, like label but with
 * annotate's own pair parsing and messages (always "annotated").
 * Mirrors kubernetes/kubectl pkg/cmd/annotate/annotate.go.
 */
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError } from '../errors';
import { fieldManagerFlag } from './field-manager-flag';
import { EDIT_FLAGS, ERR_RV_SINGLE, listPairs, requireTargets, singleItemImplied } from './label';
import { mutateObjects, splitPairs } from './mutate-objects';
import { refuseAllWithSelectors, resolveTargets } from './targets';

export const MSG_ANNOTATED = 'annotated';
export const ERR_NO_ANNOTATION_UPDATE = 'at least one annotation update is required';
/** CHANGE_CAUSE may always be overwritten. */
export const CHANGE_CAUSE = 'kubernetes.io/change-cause';

/** parseAnnotationPairs is cmdutil.ParsePairs(…, "annotation", true) plus validateAnnotations. */
export function parseAnnotationPairs(specs: readonly string[]): { add: Map<string, string>; remove: string[] } {
  const add = new Map<string, string>();
  const remove: string[] = [];
  const invalid: string[] = [];
  for (const spec of specs) {
    if (spec.includes('=') && spec[0] !== '=') {
      const i = spec.indexOf('=');
      add.set(spec.slice(0, i), spec.slice(i + 1));
    } else if (spec.endsWith('-') && spec !== '-') {
      remove.push(spec.slice(0, -1));
    } else {
      invalid.push(spec);
    }
  }
  if (invalid.length) throw new CliError(`invalid annotation format: ${invalid.join(', ')}`);
  const both = remove.filter((k) => add.has(k));
  if (both.length) throw new CliError(`can not both modify and remove the following annotation(s) in the same command: ${both.join(', ')}`);
  return { add, remove };
}

/** annotateCommand is `kubectl annotate`. */
export const annotateCommand = defineCommand({
  name: 'annotate',
  short: 'Update the annotations on a resource',
  usage: 'kubectl annotate [--overwrite] (-f FILENAME | TYPE NAME) KEY_1=VAL_1 ... KEY_N=VAL_N [--resource-version=version] [options]',
  flags: [...EDIT_FLAGS, fieldManagerFlag('kubectl-annotate')],
  run(ctx): number {
    const { resources, pairs } = splitPairs(ctx.args, 'annotation');
    const { add, remove } = parseAnnotationPairs(pairs);
    // kubectl 1.32's annotate has a check of --list against -o that never refuses (checked through kubemu serve).
    const list = !!ctx.flags.list;
    refuseAllWithSelectors(ctx.flags);
    requireTargets(ctx, resources, 'rsrc');
    if (!pairs.length && !list) throw new CliError(ERR_NO_ANNOTATION_UPDATE);
    const overwrite = !!ctx.flags.overwrite;
    const local = !!ctx.flags.local;
    const rv = ctx.flags['resource-version'];
    const resolved = resolveTargets(ctx, { args: resources, local });
    const single = singleItemImplied(resolved);
    // Only one object can be held to a resourceVersion: checked once the builder has found them.
    if (rv && !single) throw new CliError(ERR_RV_SINGLE);
    return mutateObjects(ctx, resolved, {
      local, fieldManager: ctx.flags['field-manager'] || 'kubectl-annotate', listing: list,
      mutate(obj, _before, ec) {
        const current = obj.metadata.annotations ?? {};
        if (!overwrite) {
          const clashes = [...add].filter(([k, v]) => k !== CHANGE_CAUSE && k in current && current[k] !== v)
            .map(([k]) => `'${k}' already has a value (${current[k]})`);
          if (clashes.length) throw new CliError(`--overwrite is false but found the following declared annotation(s): ${clashes.join('; ')}`);
        }
        const next = { ...current };
        for (const [k, v] of add) next[k] = v;
        for (const k of remove) delete next[k];
        // --list shows the annotations as edited, and writes nothing.
        if (list) return listPairs('annotations', obj, next, single, ec.note);
        obj.metadata.annotations = next;
        if (rv) obj.metadata.resourceVersion = rv;
        return MSG_ANNOTATED;
      },
    });
  },
});
