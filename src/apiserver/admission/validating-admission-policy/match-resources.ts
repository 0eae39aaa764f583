/**
 * match-resources: whether a request falls under a policy's matchConstraints or a binding's
 * matchResources (admissionregistration/v1 MatchResources, as the generic admission matcher
 * reads them): resourceRules by operation, group, version, resource ("*", "pods/*",
 * "*\/scale") and scope, minus excludeResourceRules, then the namespaceSelector (a cluster-
 * scoped object other than a Namespace always passes it) and the objectSelector.
 */
import type { KubeObject } from '../../../api/meta';
import { selectorMatches, type LabelSelector } from '../../../api/label-selector';

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

/** RequestFacts is what matching looks at. */
export interface RequestFacts {
  readonly operation: Operation;
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly subresource: string;
  readonly namespaced: boolean;
  readonly name: string;
  readonly object: KubeObject | null;
  readonly oldObject: KubeObject | null;
  /** namespaceLabels: the labels of the request's namespace (of the object itself for a Namespace). */
  readonly namespaceLabels: Record<string, string> | undefined;
  /** userInfo is authentication.k8s.io/v1 UserInfo of the requester (kubectl's, or the writing component's). */
  readonly userInfo?: { readonly username: string; readonly uid?: string; readonly groups: readonly string[]; readonly extra?: Readonly<Record<string, readonly string[]>> };
}

interface Rule {
  operations?: string[]; apiGroups?: string[]; apiVersions?: string[]; resources?: string[]; scope?: string; resourceNames?: string[];
}

export interface MatchResources {
  resourceRules?: Rule[];
  excludeResourceRules?: Rule[];
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
}

const has = (list: readonly string[] | undefined, v: string): boolean => !!list && (list.includes('*') || list.includes(v));

function resourceMatches(patterns: readonly string[] | undefined, resource: string, sub: string): boolean {
  for (const p of patterns ?? []) {
    if (p === '*' && !sub) return true;
    if (p === '*/*') return true;
    const [res, s = ''] = p.split('/');
    if ((res === '*' || res === resource) && (s === '*' ? !!sub : s === sub)) return true;
  }
  return false;
}

function ruleMatches(rule: Rule, r: RequestFacts): boolean {
  if (!has(rule.operations, r.operation) || !has(rule.apiGroups, r.group) || !has(rule.apiVersions, r.version)) return false;
  if (!resourceMatches(rule.resources, r.resource, r.subresource)) return false;
  const scope = rule.scope ?? '*';
  if (scope === 'Cluster' && r.namespaced) return false;
  if (scope === 'Namespaced' && !r.namespaced) return false;
  if (rule.resourceNames?.length && !rule.resourceNames.includes(r.name)) return false;
  return true;
}

/** matches says whether m selects the request; `requireRules`: an empty rule list matches nothing (a policy's constraints), else everything (a binding). */
export function matches(m: MatchResources | undefined, r: RequestFacts, requireRules: boolean): boolean {
  if (!m) return !requireRules;
  const rules = m.resourceRules ?? [];
  if (rules.length ? !rules.some((rule) => ruleMatches(rule, r)) : requireRules) return false;
  if ((m.excludeResourceRules ?? []).some((rule) => ruleMatches(rule, r))) return false;
  const clusterScopedOther = !r.namespaced && r.resource !== 'namespaces';
  if (!clusterScopedOther && !selectorMatches(m.namespaceSelector ?? {}, r.namespaceLabels ?? {})) return false;
  const objSel = m.objectSelector ?? {};
  return [r.object, r.oldObject].some((o) => o && selectorMatches(objSel, o.metadata.labels ?? {}));
}
