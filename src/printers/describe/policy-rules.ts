/**
 * policy-rules: the `PolicyRule:` table of Role and ClusterRole describe. kubectl first
 * breaks every rule into one-verb, one-resource, one-name rules, merges those that differ
 * only by verb, and sorts the result by the rule's generated String() (kubectl
 * pkg/util/rbac BreakdownRule, CompactRules, SortableRuleSlice; describe.go CombineResourceGroup).
 */
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';

/** PolicyRule is rbac/v1 PolicyRule. */
export interface PolicyRule {
  verbs?: string[]; apiGroups?: string[]; resources?: string[]; resourceNames?: string[]; nonResourceURLs?: string[];
}

/** breakdownRule splits a rule into rules of one group, resource, verb and resource name, then one URL and verb. */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  const verbs = rule.verbs ?? [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      for (const verb of verbs) {
        if ((rule.resourceNames ?? []).length > 0) {
          for (const name of rule.resourceNames!) out.push({ apiGroups: [group], resources: [resource], verbs: [verb], resourceNames: [name] });
        } else {
          out.push({ apiGroups: [group], resources: [resource], verbs: [verb] });
        }
      }
    }
  }
  for (const url of rule.nonResourceURLs ?? []) {
    for (const verb of verbs) out.push({ nonResourceURLs: [url], verbs: [verb] });
  }
  return out;
}

// A rule of one group, one resource, at most one name and nothing else merges by verb.
function simpleKey(rule: PolicyRule): string | undefined {
  if ((rule.resourceNames ?? []).length > 1 || (rule.nonResourceURLs ?? []).length > 0) return undefined;
  if ((rule.apiGroups ?? []).length !== 1 || (rule.resources ?? []).length !== 1) return undefined;
  return JSON.stringify([rule.apiGroups![0], rule.resources![0], rule.resourceNames?.[0] ?? null]);
}

/** compactRules merges simple rules that differ only by verb, keeping verbs in first-seen order. */
export function compactRules(rules: readonly PolicyRule[]): PolicyRule[] {
  const compacted: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const rule of rules) {
    const key = simpleKey(rule);
    if (key === undefined) { compacted.push(rule); continue; }
    const existing = simple.get(key);
    if (!existing) { simple.set(key, { ...rule, verbs: [...(rule.verbs ?? [])] }); continue; }
    for (const verb of rule.verbs ?? []) if (!existing.verbs!.includes(verb)) existing.verbs!.push(verb);
  }
  return [...compacted, ...simple.values()];
}

/** goList is Go's %v of a []string: "[a b]", "[]" when empty. */
export const goList = (items: readonly string[] | undefined): string => `[${(items ?? []).join(' ')}]`;

/** policyRuleString is the generated PolicyRule.String(), the key kubectl sorts rules by. */
export function policyRuleString(r: PolicyRule): string {
  return `&PolicyRule{Verbs:${goList(r.verbs)},APIGroups:${goList(r.apiGroups)},Resources:${goList(r.resources)},`
    + `ResourceNames:${goList(r.resourceNames)},NonResourceURLs:${goList(r.nonResourceURLs)},}`;
}

/** combineResourceGroup renders the Resources cell: "deployments.apps/scale", "pods", "" for URL rules. */
export function combineResourceGroup(resources: readonly string[] | undefined, groups: readonly string[] | undefined): string {
  if (!resources || resources.length === 0) return '';
  const slash = resources[0]!.indexOf('/');
  const [resource, sub] = slash < 0 ? [resources[0]!, undefined] : [resources[0]!.slice(0, slash), resources[0]!.slice(slash + 1)];
  let combined = resource;
  if (groups && groups.length > 0 && groups[0] !== '') combined += `.${groups[0]}`;
  return sub === undefined ? combined : `${combined}/${sub}`;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** describePolicyRules writes the PolicyRule: table. */
export function describePolicyRules(rules: readonly PolicyRule[] | undefined, w: PrefixWriter): void {
  const compact = compactRules((rules ?? []).flatMap(breakdownRule))
    .map((r) => ({ r, key: policyRuleString(r) }))
    .sort((a, b) => cmp(a.key, b.key))
    .map(({ r }) => r);
  w.write(LEVEL_0, 'PolicyRule:\n');
  w.write(LEVEL_1, 'Resources\tNon-Resource URLs\tResource Names\tVerbs\n');
  w.write(LEVEL_1, '---------\t-----------------\t--------------\t-----\n');
  for (const r of compact) {
    w.write(LEVEL_1, `${combineResourceGroup(r.resources, r.apiGroups)}\t${goList(r.nonResourceURLs)}\t${goList(r.resourceNames)}\t${goList(r.verbs)}\n`);
  }
}
