/**
 * resource-quota: the ResourceQuota admission plugin (the last validating plugin). For each
 * quota in the object's namespace that covers it, a pod must state every cpu/memory value the
 * quota tracks; then the object's usage is added to the quota's current usage and any tracked
 * resource that would pass its hard limit fails the request with 403.
 */
import type { KubeObject } from '../../api/meta';
import { forbidden } from '../errors';
import { admissionName } from './admission-name';
import { groupResourceOf, matchingResources, objectUsage, podComputeUsage, type GroupResource } from '../../quota/object-usage';
import { quotaMatchesScopes } from '../../quota/quota-scopes';
import { quotaHardNames } from '../../quota/quota-usage';
import { addLists, maskList, parseResourceList, prettyPrintResourceList, type ResourceList } from '../../quota/resource-list';

export { quotaHard, quotaUsage, quotaUsageList, type NamespaceObjects } from '../../quota/quota-usage';

/** exceededQuotaMessage is the over-limit reason; each list is "name=qty" pairs, sorted, comma-joined. */
export const exceededQuotaMessage = (quota: string, requested: string, used: string, limited: string): string =>
  `exceeded quota: ${quota}, requested: ${requested}, used: ${used}, limited: ${limited}`;

/** failedQuotaMessage wraps an evaluator's constraint failure. */
export const failedQuotaMessage = (quota: string, detail: string): string => `failed quota: ${quota}: ${detail}`;

/** mustSpecifyMessage is the pod evaluator's Constraints text: "must specify limits.cpu for: a,b; requests.memory for: a". */
export const mustSpecifyMessage = (missing: ReadonlyMap<string, readonly string[]>): string =>
  `must specify ${[...missing.keys()].sort().map((r) => `${r} for: ${[...missing.get(r)!].sort().join(',')}`).join('; ')}`;

/** statusUnknownMessage: the quota has no used value yet for a resource it tracks. */
export const statusUnknownMessage = (quota: string, resources: readonly string[]): string =>
  `status unknown for quota: ${quota}, resources: ${[...resources].sort().join(',')}`;

/** negativeUsageMessage: the object would charge a negative amount. */
export const negativeUsageMessage = (resources: readonly string[]): string =>
  `quota usage is negative for resource(s): ${[...resources].sort().join(',')}`;

/** CONSTRAINED_RESOURCES are the quota names that oblige every container to state the value (a documented upstream mistake, kept). */
export const CONSTRAINED_RESOURCES: readonly string[] = ['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory'];

/** podConstraintViolation is the pod evaluator's Constraints: which required names each container fails to state. */
export function podConstraintViolation(pod: KubeObject, tracked: readonly string[]): string | undefined {
  const required = tracked.filter((r) => CONSTRAINED_RESOURCES.includes(r));
  const missing = new Map<string, string[]>();
  for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
    const stated = podComputeUsage(parseResourceList(c?.resources?.requests), parseResourceList(c?.resources?.limits));
    for (const r of required) {
      if (stated.has(r)) continue;
      const names = missing.get(r) ?? [];
      if (!names.includes(String(c?.name ?? ''))) names.push(String(c?.name ?? ''));
      missing.set(r, names);
    }
  }
  return missing.size ? mustSpecifyMessage(missing) : undefined;
}

// Evaluator.Handles: pods and plain object counts are charged on create only; services and claims also on update.
function handles(gr: GroupResource, update: boolean): boolean {
  if (!update) return true;
  return gr.group === '' && (gr.resource === 'services' || gr.resource === 'persistentvolumeclaims');
}

function removeZeros(list: ResourceList): ResourceList {
  return new Map([...list].filter(([, q]) => q.nanos !== 0n));
}

/**
 * admitResourceQuotas checks obj against the quotas of its namespace; usage(quota) returns the
 * quota's current status.used (quotaUsage over the namespace's other objects). Pass old for an
 * update: only the increase is charged, and pods and count-only kinds are not charged at all.
 * Throws 403 Forbidden with upstream's reason.
 */
export function admitResourceQuotas(obj: KubeObject, quotas: readonly KubeObject[],
  usage: (quota: KubeObject) => Record<string, string>, old?: KubeObject): void {
  const gr = groupResourceOf(obj);
  if (!handles(gr, old !== undefined)) return;
  const fail = (reason: string) => forbidden(gr.group, gr.resource, admissionName(obj), reason);
  const interesting: { quota: KubeObject; hard: ResourceList; used: ResourceList }[] = [];
  for (const quota of quotas) {
    const hardNames = quotaHardNames(quota);
    const tracked = matchingResources(gr, hardNames);
    if (!tracked.length || !quotaMatchesScopes(quota, obj)) continue;
    const name = quota.metadata?.name ?? '';
    if (obj.kind === 'Pod') {
      const violation = podConstraintViolation(obj, tracked);
      if (violation) throw fail(failedQuotaMessage(name, violation));
    }
    const used = parseResourceList(usage(quota));
    if (tracked.some((r) => !used.has(r))) throw fail(statusUnknownMessage(name, tracked));
    interesting.push({ quota, hard: parseResourceList(quota.spec?.hard), used });
  }
  let delta = objectUsage(obj);
  const negative = [...delta].filter(([, q]) => q.nanos < 0n).map(([n]) => n);
  if (negative.length) throw fail(negativeUsageMessage(negative));
  // "Create on update" (no resourceVersion on the old object) is billed in full.
  if (old?.metadata?.resourceVersion) {
    const prev = objectUsage(old);
    delta = new Map([...delta].map(([n, q]) => {
      const p = prev.get(n);
      return [n, p && p.nanos > q.nanos ? { nanos: 0n, format: q.format } : p ? { nanos: q.nanos - p.nanos, format: q.format } : q];
    }));
  }
  delta = removeZeros(delta);
  if (!delta.size) return;
  for (const { quota, hard, used } of interesting) {
    const requested = maskList(delta, hard.keys());
    const masked = maskList(addLists(used, requested), requested.keys());
    const exceeded = [...hard].filter(([n, limit]) => masked.has(n) && masked.get(n)!.nanos > limit.nanos).map(([n]) => n);
    if (exceeded.length) {
      throw fail(exceededQuotaMessage(quota.metadata?.name ?? '', prettyPrintResourceList(maskList(requested, exceeded)),
        prettyPrintResourceList(maskList(used, exceeded)), prettyPrintResourceList(maskList(hard, exceeded))));
    }
  }
}
