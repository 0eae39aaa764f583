/**
 * quota-usage: a ResourceQuota's status.used, computed as the quota controller's
 * CalculateUsage does: every evaluator that can charge one of the quota's hard resources sums
 * the usage of the namespace's objects its scopes cover, starting from zero, and the result is
 * masked to the resources some evaluator matched (an unknown name gets no "used" entry).
 */
import type { KubeObject } from '../api/meta';
import type { Quantity } from '../api/quantity';
import { matchingResources, objectCountUsage, objectUsage, type GroupResource } from './object-usage';
import { quotaMatchesScopes, quotaScopeSelectors } from './quota-scopes';
import { addLists, formatResourceList, maskList, parseResourceList, type ResourceList } from './resource-list';

/**
 * NamespaceObjects is what a quota in one namespace can see. Kinds with only an object count are
 * given as numbers; counts maps any other resource, qualified as "deployments.apps" or "configmaps",
 * to its number of objects. now (RFC 3339) lets pods stuck past their deletion grace period go uncharged.
 */
export interface NamespaceObjects {
  pods?: readonly KubeObject[];
  pvcs?: readonly KubeObject[];
  services?: readonly KubeObject[];
  configmaps?: number;
  secrets?: number;
  replicationcontrollers?: number;
  resourcequotas?: number;
  counts?: Readonly<Record<string, number>>;
  now?: string;
}

const ZERO_DECIMAL: Quantity = { nanos: 0n, format: 'DecimalSI' };

/** quotaHardNames lists the resource names in the quota's spec.hard. */
export function quotaHardNames(quota: KubeObject): string[] {
  const hard = quota.spec?.hard;
  return hard && typeof hard === 'object' ? Object.keys(hard) : [];
}

function parseQualified(key: string): GroupResource {
  const i = key.indexOf('.');
  return i < 0 ? { group: '', resource: key } : { group: key.slice(i + 1), resource: key.slice(0, i) };
}

// One evaluator's UsageStats: zero for each matched name, plus the usage of every covered object.
function usageStats(names: string[], usages: ResourceList[]): ResourceList {
  let used: ResourceList = new Map(names.map((n) => [n, ZERO_DECIMAL]));
  for (const u of usages) used = addLists(used, u);
  return used;
}

/** quotaUsageList is quotaUsage before formatting: exact quantities keyed by resource name. */
export function quotaUsageList(quota: KubeObject, objects: NamespaceObjects): ResourceList {
  const hard = quotaHardNames(quota);
  const covered = (items: readonly KubeObject[] | undefined) => (items ?? []).filter((o) => quotaMatchesScopes(quota, o));
  // Only pods can match a scope, so a scoped quota charges no object counts.
  const unscoped = quotaScopeSelectors(quota).length === 0;
  const evaluators: { gr: GroupResource; usages: () => ResourceList[] }[] = [
    { gr: { group: '', resource: 'pods' }, usages: () => covered(objects.pods).map((p) => objectUsage(p, objects.now)) },
    { gr: { group: '', resource: 'services' }, usages: () => covered(objects.services).map((s) => objectUsage(s)) },
    { gr: { group: '', resource: 'persistentvolumeclaims' }, usages: () => covered(objects.pvcs).map((c) => objectUsage(c)) },
  ];
  const counts: Record<string, number> = { ...(objects.counts ?? {}) };
  for (const k of ['configmaps', 'secrets', 'replicationcontrollers', 'resourcequotas'] as const) {
    if (objects[k] !== undefined) counts[k] = objects[k]!;
  }
  // Object-count resources named by the quota but absent from counts still get an evaluator (usage 0).
  for (const name of hard) if (name.startsWith('count/')) counts[name.slice('count/'.length)] ??= 0;
  for (const k of ['configmaps', 'secrets', 'replicationcontrollers', 'resourcequotas']) if (hard.includes(k)) counts[k] ??= 0;
  for (const [key, n] of Object.entries(counts)) {
    const gr = parseQualified(key);
    if (gr.group === '' && ['pods', 'services', 'persistentvolumeclaims'].includes(gr.resource)) continue;
    evaluators.push({ gr, usages: () => (unscoped && n > 0 ? [objectCountUsage(gr, n)] : []) });
  }
  let used: ResourceList = new Map();
  const matched = new Set<string>();
  for (const ev of evaluators) {
    const names = matchingResources(ev.gr, hard);
    if (!names.length) continue;
    names.forEach((n) => matched.add(n));
    used = addLists(used, usageStats(names, ev.usages()));
  }
  return maskList(used, hard.filter((n) => matched.has(n)));
}

/**
 * quotaUsage computes status.used for the resources the quota lists, formatted as the API
 * serialises quantities ("0", "500m", "1300Mi"), keys sorted.
 */
export function quotaUsage(quota: KubeObject, objects: NamespaceObjects): Record<string, string> {
  return formatResourceList(quotaUsageList(quota, objects));
}

/** quotaHard returns spec.hard re-printed canonically ("1.5Gi" → "1536Mi"), keys sorted: the controller's status.hard. */
export function quotaHard(quota: KubeObject): Record<string, string> {
  return formatResourceList(parseResourceList(quota.spec?.hard));
}
