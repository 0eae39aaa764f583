/**
 * policy-rule: an RBAC PolicyRule and the matching rules the RBAC authorizer applies to it —
 * verbs, API groups, resources (with `resource/subresource` and `*\/subresource` forms),
 * resource names and non-resource URLs (`/path*` prefixes).
 * Mirrors kubernetes/kubernetes pkg/apis/rbac/v1/evaluation_helpers.go and
 * plugin/pkg/auth/authorizer/rbac/rbac.go RuleAllows.
 */
import type { PolicyRule } from '../../api/types/rbac-v1';
import type { Attributes } from './attributes';

export type { PolicyRule };

/** ALL is RBAC's wildcard. */
export const ALL = '*';

/** verbMatches: the rule names the verb or "*". */
export function verbMatches(rule: PolicyRule, verb: string): boolean {
  return rule.verbs.some((v) => v === ALL || v === verb);
}

/** apiGroupMatches: the rule names the group or "*". */
export function apiGroupMatches(rule: PolicyRule, group: string): boolean {
  return (rule.apiGroups ?? []).some((g) => g === ALL || g === group);
}

/** resourceMatches: "*", the exact "resource[/subresource]", or "*\/subresource". */
export function resourceMatches(rule: PolicyRule, combined: string, subresource: string): boolean {
  for (const r of rule.resources ?? []) {
    if (r === ALL || r === combined) return true;
    if (subresource && r.startsWith('*/') && r.slice(2) === subresource) return true;
  }
  return false;
}

/** resourceNameMatches: no names means every name. */
export function resourceNameMatches(rule: PolicyRule, name: string): boolean {
  const names = rule.resourceNames ?? [];
  return names.length === 0 || names.includes(name);
}

/** nonResourceURLMatches: "*", the exact path, or a "prefix*". */
export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  return (rule.nonResourceURLs ?? []).some((u) => u === ALL || u === path || (u.endsWith('*') && path.startsWith(u.slice(0, -1))));
}

/** ruleAllows decides whether one rule covers a request. */
export function ruleAllows(a: Attributes, rule: PolicyRule): boolean {
  if (a.resource) {
    const sub = a.subresource ?? '';
    const combined = sub ? `${a.resource}/${sub}` : a.resource;
    return verbMatches(rule, a.verb) && apiGroupMatches(rule, a.group) && resourceMatches(rule, combined, sub)
      && resourceNameMatches(rule, a.name ?? '');
  }
  return verbMatches(rule, a.verb) && nonResourceURLMatches(rule, a.path ?? '');
}
