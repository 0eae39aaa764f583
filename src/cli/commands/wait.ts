/**
 * wait: kubectl wait --for=condition=C[=V] | delete | create | jsonpath='{…}'[=V] — moves
 * the simulated clock until each object meets the condition (`<kind>/<name> condition met`)
 * or --timeout passes (`timed out waiting for the condition on <resource>/<name>`).
 * Mirrors kubernetes/kubectl pkg/cmd/wait (wait.go, condition.go, json.go, delete.go).
 */
import type { KubeObject } from '../../api/meta';
import { kindPrefix } from '../../api/registry';
import { ApiError } from '../../apiserver/errors';
import { compileJsonPath } from '../../printers/jsonpath';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError, formatApiError, finishWithErrors } from '../errors';
import { ERR_WAIT_TIMEOUT, WAIT_TIMEOUT, durationFlag, waitUntil } from './sim-wait';
import { resolveTargets, SELECT_FLAGS } from './targets';
import { printObjects } from '../output';
import { outputOf, PRINT_FLAGS } from '../print-flags';

export const MSG_CONDITION_MET = 'condition met';
export const ERR_NO_MATCH = 'no matching resources found';

/** WaitCondition is a parsed --for. */
export type WaitCondition =
  | { kind: 'delete' }
  | { kind: 'create' }
  | { kind: 'condition'; name: string; value: string }
  | { kind: 'jsonpath'; expr: string; value?: string };

/** parseFor parses --for as kubectl does. */
export function parseFor(v: string): WaitCondition {
  const lower = v.toLowerCase();
  if (lower === 'delete') return { kind: 'delete' };
  if (lower === 'create') return { kind: 'create' };
  if (lower.startsWith('condition=')) {
    const rest = v.slice('condition='.length);
    const eq = rest.indexOf('=');
    return eq < 0 ? { kind: 'condition', name: rest, value: 'true' } : { kind: 'condition', name: rest.slice(0, eq), value: rest.slice(eq + 1) };
  }
  if (lower.startsWith('jsonpath=')) {
    const rest = v.slice('jsonpath='.length);
    const close = rest.lastIndexOf('}');
    const split = close >= 0 ? rest.indexOf('=', close) : rest.indexOf('=');
    let expr = split < 0 ? rest : rest.slice(0, split);
    const value = split < 0 ? undefined : rest.slice(split + 1);
    if (!expr.startsWith('{')) expr = `{${expr}}`;
    try { compileJsonPath(expr); } catch (e) { throw new CliError(`unrecognized condition: "${v}"`); }
    return { kind: 'jsonpath', expr, value };
  }
  throw new CliError(`unrecognized condition: "${v}"`);
}

function formatValue(v: unknown): string {
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/** conditionMet evaluates a condition against the current object (undefined = absent). */
export function conditionMet(c: WaitCondition, obj: KubeObject | undefined): boolean {
  switch (c.kind) {
    case 'delete': return !obj;
    case 'create': return !!obj;
    case 'condition': {
      if (!obj) return false;
      const conds = (obj.status?.conditions ?? []) as { type: string; status: string; observedGeneration?: number }[];
      return conds.some((x) => x.type.toLowerCase() === c.name.toLowerCase() && x.status.toLowerCase() === c.value.toLowerCase()
        && (x.observedGeneration === undefined || x.observedGeneration >= (obj.metadata.generation ?? 0)));
    }
    case 'jsonpath': {
      if (!obj) return false;
      let results: unknown[][];
      try { results = compileJsonPath(c.expr).findResults(obj, true); } catch { return false; }
      const flat = results.flat();
      if (c.value === undefined) return flat.length > 0;
      return flat.length === 1 && formatValue(flat[0]) === c.value;
    }
  }
}

/** waitCommand is `kubectl wait`. */
export const waitCommand = defineCommand({
  name: 'wait',
  short: 'Experimental: Wait for a specific condition on one or many resources',
  usage: "kubectl wait ([-f FILENAME] | resource.group/resource.name | resource.group [(-l label | --all)]) [--for=create|--for=delete|--for condition=available|--for=jsonpath='{}'[=value]] [options]",
  flags: [...SELECT_FLAGS.filter((f) => f.name !== 'recursive'),
    // kubectl wait's -R defaults to true (its resource builder flags' own default).
    { name: 'recursive', short: 'R', type: 'bool', default: true, help: 'Process the directory used in -f, --filename recursively. Useful when you want to manage related manifests organized within the same directory.' },
    { name: 'for', type: 'string', help: "The condition to wait on: [create|delete|condition=condition-name[=condition-value]|jsonpath='{JSONPath expression}'=[JSONPath value]]." },
    { name: 'timeout', type: 'duration', default: '30s', help: 'The length of time to wait before giving up.  Zero means check once and don\'t wait, negative means wait for a week.' },
    { name: 'field-selector', type: 'string', default: '', help: "Selector (field query) to filter on, supports '=', '==', and '!='.(e.g. --field-selector key1=value1,key2=value2). The server only supports a limited number of field queries per type." },
    ...PRINT_FLAGS,
    { name: 'local', type: 'bool', default: false, help: 'If true, annotation will NOT contact api-server but run locally.' }],
  run(ctx): number {
    const forFlag = ctx.flags.for;
    if (!forFlag) throw new CliError('unrecognized condition: ""');
    const cond = parseFor(forFlag);
    const out = outputOf(ctx.flags, ctx.set);
    let timeout = durationFlag(ctx.flags.timeout, 'timeout');
    if (timeout < 0) timeout = 7 * 24 * 3_600_000;
    const cluster = ctx.cluster();
    const resolved = resolveTargets(ctx, { args: ctx.args });
    const errors = [...resolved.errors];
    if (!resolved.targets.length) {
      if (cond.kind === 'delete' && !resolved.bySelector) return 0;
      throw new CliError(ERR_NO_MATCH);
    }
    // One deadline for the whole command, as kubectl's one context: once an object has used it
    // up, every object after it times out without being looked at.
    cluster.catchUp();
    const deadline = cluster.clock.nowMs() + timeout;
    for (const t of resolved.targets) {
      const first = cluster.read(() => cluster.api.tryGet(t.ref));
      if (!first && cond.kind !== 'create') {
        if (cond.kind === 'delete') continue;
        errors.push(formatApiError(new ApiError('NotFound', 404, `${t.info.group ? `${t.info.resource}.${t.info.group}` : t.info.resource} "${t.ref.name}" not found`)));
        continue;
      }
      const uid = first?.metadata.uid;
      // The object the condition was met on, which -o prints: for a deletion, the one last seen.
      let seen = first;
      const current = () => {
        const o = cluster.api.tryGet(t.ref);
        // A replacement with a new uid counts as the old object being gone.
        const now = cond.kind === 'delete' && o && o.metadata.uid !== uid ? undefined : o;
        if (now) seen = now;
        return now;
      };
      const left = timeout === 0 ? 0 : deadline - cluster.clock.nowMs();
      const ok = timeout > 0 && left <= 0 ? false : waitUntil(ctx, () => conditionMet(cond, current()), left);
      if (ok && out && seen) ctx.io.out(printObjects([seen], out, true, cluster.api.registry(), false, ctx.flags['show-managed-fields']));
      else if (ok) ctx.io.out(`${kindPrefix(t.info)}/${t.ref.name} ${MSG_CONDITION_MET}\n`);
      // --for=create polls without a watch: its timeout names no object.
      else errors.push(`error: ${cond.kind === 'create' ? WAIT_TIMEOUT : ERR_WAIT_TIMEOUT(t.info.resource, t.ref.name)}`);
    }
    // The visitor goes on past each object's failure; several are kubectl's aggregate.
    return finishWithErrors(ctx.io, errors, true);
  },
});
