/**
 * object-checks: the checks on API objects — exists, absent, a JSONPath's value, a
 * condition's status, how many objects match — read through the API server, never from
 * kubectl's printed text. Kinds are named as kubectl accepts them (deploy, netpol, pvc).
 */
import type { KubeObject } from '../../api/meta';
import { compileJsonPath } from '../../printers/jsonpath';
import type { CheckTarget } from '../model';
import { fail, pass, type CheckContext, type Verdict } from './check-context';

/** where says where a target lives, for reasons. */
const where = (t: { namespace?: string }, namespaced: boolean) => (namespaced ? ` in namespace ${t.namespace ?? 'default'}` : '');

/** lookup finds a check's target; undefined when it does not exist (or is being deleted). */
export function lookup(ctx: CheckContext, t: CheckTarget): { obj?: KubeObject; label: string } {
  const info = ctx.api.registry().resolve(t.kind);
  const label = `${info.kind} ${t.name}${where(t, info.namespaced)}`;
  const obj = ctx.api.tryGet({ kind: info.storageKind, namespace: info.namespaced ? t.namespace ?? 'default' : undefined, name: t.name });
  return { obj: obj && !obj.metadata.deletionTimestamp ? obj : undefined, label };
}

export function checkExists(ctx: CheckContext, t: CheckTarget): Verdict {
  const { obj, label } = lookup(ctx, t);
  return obj ? pass(`${label} exists`) : fail(`${label} not found`);
}

export function checkAbsent(ctx: CheckContext, t: CheckTarget): Verdict {
  const { obj, label } = lookup(ctx, t);
  return obj ? fail(`${label} still exists`) : pass(`${label} is gone`);
}

/** jsonPathValue is what `kubectl get -o jsonpath=PATH` prints for obj; a bare `.a.b` is wrapped in braces. */
export function jsonPathValue(obj: KubeObject, path: string): string {
  const template = path.includes('{') ? path : `{${path}}`;
  return compileJsonPath(template).execute(obj, true);
}

export function checkJsonPath(ctx: CheckContext, t: CheckTarget, path: string, equals?: string, matches?: string): Verdict {
  const { obj, label } = lookup(ctx, t);
  if (!obj) return fail(`${label} not found`);
  let value: string;
  try { value = jsonPathValue(obj, path); } catch (e) { return fail(`${path}: ${(e as Error).message}`); }
  const shown = value === '' ? '(empty)' : JSON.stringify(value);
  if (equals !== undefined) return value === equals ? pass(`${path} is ${shown}`) : fail(`${path} is ${shown}, want ${JSON.stringify(equals)}`);
  return new RegExp(matches!).test(value) ? pass(`${path} is ${shown}`) : fail(`${path} is ${shown}, want a match for /${matches}/`);
}

export function checkCondition(ctx: CheckContext, t: CheckTarget, type: string, status: string): Verdict {
  const { obj, label } = lookup(ctx, t);
  if (!obj) return fail(`${label} not found`);
  const c = ((obj.status?.conditions ?? []) as { type: string; status: string; reason?: string }[]).find((x) => x.type === type);
  if (!c) return fail(`${label} has no ${type} condition`);
  const why = c.reason ? ` (${c.reason})` : '';
  return c.status === status ? pass(`${type} is ${c.status}${why}`) : fail(`${type} is ${c.status}${why}, want ${status}`);
}

export function checkCount(ctx: CheckContext, kind: string, namespace: string | undefined, selector: string | undefined, equals: number): Verdict {
  const info = ctx.api.registry().resolve(kind);
  const items = ctx.api.list({ kind: info.storageKind, namespace: info.namespaced ? namespace ?? 'default' : undefined, labelSelector: selector })
    .filter((o) => !o.metadata.deletionTimestamp);
  const what = `${items.length} ${info.resource}${selector ? ` matching ${selector}` : ''}${where({ namespace }, info.namespaced)}`;
  return items.length === equals ? pass(what) : fail(`${what}, want ${equals}`);
}
