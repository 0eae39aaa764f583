/**
 * rule-compaction: how `kubectl auth can-i --list` turns the rules a user has into its table
 * rows — each rule broken down to one verb × group × resource × name, simple rules that differ
 * only by verb merged back, sorted by the rule's Go String() form.
 * Mirrors kubernetes/kubectl pkg/util/rbac (BreakdownRule, CompactRules, SortableRuleSlice)
 * and pkg/describe CombineResourceGroup.
 */
import type { PolicyRule } from './policy-rule';

/** breakdownRule splits a rule into rules of one verb, group, resource and name (or one URL and verb). */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      for (const verb of rule.verbs) {
        const names = rule.resourceNames ?? [];
        if (names.length) for (const n of names) out.push({ apiGroups: [group], resources: [resource], verbs: [verb], resourceNames: [n] });
        else out.push({ apiGroups: [group], resources: [resource], verbs: [verb] });
      }
    }
  }
  for (const url of rule.nonResourceURLs ?? []) for (const verb of rule.verbs) out.push({ nonResourceURLs: [url], verbs: [verb] });
  return out;
}

/** simpleKey identifies a rule of one group, one resource and at most one name; undefined for other rules. */
function simpleKey(rule: PolicyRule): string | undefined {
  if ((rule.resourceNames?.length ?? 0) > 1 || (rule.nonResourceURLs?.length ?? 0) > 0) return undefined;
  if (rule.apiGroups?.length !== 1 || rule.resources?.length !== 1) return undefined;
  return JSON.stringify([rule.apiGroups[0], rule.resources[0], rule.resourceNames?.[0] ?? null]);
}

/**
 * compactRules merges simple rules that differ only by verb (verbs kept in first-seen order).
 * kubemu: the merged rules follow the others in first-seen order where Go iterates a map; the
 * stable sort that follows makes the order irrelevant.
 */
export function compactRules(rules: readonly PolicyRule[]): PolicyRule[] {
  const out: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const r of rules) {
    const key = simpleKey(r);
    if (key === undefined) { out.push(r); continue; }
    const existing = simple.get(key);
    if (existing) { for (const v of r.verbs) if (!existing.verbs.includes(v)) existing.verbs.push(v); } else simple.set(key, { ...r, verbs: [...r.verbs] });
  }
  return [...out, ...simple.values()];
}

const goSlice = (xs: readonly string[] | undefined): string => `[${(xs ?? []).join(' ')}]`;

/** ruleString is a PolicyRule's generated Go String(), the sort key of the list. */
export function ruleString(r: PolicyRule): string {
  return `&PolicyRule{Verbs:${goSlice(r.verbs)},APIGroups:${goSlice(r.apiGroups)},Resources:${goSlice(r.resources)},`
    + `ResourceNames:${goSlice(r.resourceNames)},NonResourceURLs:${goSlice(r.nonResourceURLs)},}`;
}

/** sortRules sorts by ruleString, byte-wise and stable. */
export function sortRules(rules: readonly PolicyRule[]): PolicyRule[] {
  const keyed = rules.map((r) => ({ r, k: ruleString(r) }));
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  return keyed.map((x) => x.r);
}

/** combineResourceGroup renders a rule's first resource as "resource.group/subresource" ("pods", "*.*", "deployments.apps/scale"). */
export function combineResourceGroup(resources: readonly string[] | undefined, groups: readonly string[] | undefined): string {
  if (!resources?.length) return '';
  const [res, sub] = resources[0]!.split(/\/(.*)/s);
  let out = res!;
  if (groups?.length && groups[0] !== '') out += `.${groups[0]}`;
  if (sub !== undefined) out += `/${sub}`;
  return out;
}

/** accessRows are the can-i --list rows (without the header) for a user's rules. */
export function accessRows(rules: readonly PolicyRule[]): string[][] {
  const compacted = sortRules(compactRules(rules.flatMap(breakdownRule)));
  return compacted.map((r) => [combineResourceGroup(r.resources, r.apiGroups), goSlice(r.nonResourceURLs), goSlice(r.resourceNames), goSlice(r.verbs)]);
}
