/**
 * quota-scopes: which objects a scoped ResourceQuota covers. spec.scopes and
 * spec.scopeSelector become one list of requirements that must all hold; only pods can
 * match a scope (every other evaluator uses MatchesNoScopeFunc).
 */
import type { PodAffinityTerm, WeightedPodAffinityTerm } from '../api/types/core-v1';
import type { KubeObject } from '../api/meta';
import { selectorMatches } from '../api/label-selector';
import { tryParseQuantity } from '../api/quantity';

/** ScopeName is a ResourceQuota scope. */
export type ScopeName = 'Terminating' | 'NotTerminating' | 'BestEffort' | 'NotBestEffort' | 'PriorityClass' | 'CrossNamespacePodAffinity';

/** ScopedRequirement is a ScopedResourceSelectorRequirement. */
export interface ScopedRequirement { scopeName: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }

/** quotaScopeSelectors merges spec.scopes (as Exists) and spec.scopeSelector.matchExpressions. */
export function quotaScopeSelectors(quota: KubeObject): ScopedRequirement[] {
  const out: ScopedRequirement[] = [];
  for (const s of quota.spec?.scopes ?? []) out.push({ scopeName: String(s), operator: 'Exists' });
  for (const e of quota.spec?.scopeSelector?.matchExpressions ?? []) out.push(e);
  return out;
}

/** isTerminating: the pod has activeDeadlineSeconds ≥ 0. */
export function isTerminating(pod: KubeObject): boolean {
  const ads = pod.spec?.activeDeadlineSeconds;
  return typeof ads === 'number' && ads >= 0;
}

/** isBestEffort is GetPodQOS == BestEffort: no container asks for a positive cpu or memory request or limit. */
export function isBestEffort(pod: KubeObject): boolean {
  const containers = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
  for (const c of containers) {
    for (const field of ['requests', 'limits'] as const) {
      const list = c?.resources?.[field] ?? {};
      for (const r of ['cpu', 'memory']) {
        const q = tryParseQuantity(list[r]);
        if (q && q.nanos > 0n) return false;
      }
    }
  }
  return true;
}

function crossNamespaceTerm(term: PodAffinityTerm | undefined): boolean {
  return (Array.isArray(term?.namespaces) && term.namespaces.length > 0) || (term?.namespaceSelector !== undefined && term?.namespaceSelector !== null);
}

/** usesCrossNamespacePodAffinity: some pod (anti-)affinity term names namespaces or a namespaceSelector. */
export function usesCrossNamespacePodAffinity(pod: KubeObject): boolean {
  const aff = pod.spec?.affinity;
  for (const kind of [aff?.podAffinity, aff?.podAntiAffinity]) {
    if (!kind) continue;
    if ((kind.requiredDuringSchedulingIgnoredDuringExecution ?? []).some(crossNamespaceTerm)) return true;
    if ((kind.preferredDuringSchedulingIgnoredDuringExecution ?? []).some((w: WeightedPodAffinityTerm | undefined) => crossNamespaceTerm(w?.podAffinityTerm))) return true;
  }
  return false;
}

/** podMatchesScope is podMatchesScopeFunc for one requirement. */
export function podMatchesScope(sel: ScopedRequirement, pod: KubeObject): boolean {
  switch (sel.scopeName) {
    case 'Terminating': return isTerminating(pod);
    case 'NotTerminating': return !isTerminating(pod);
    case 'BestEffort': return isBestEffort(pod);
    case 'NotBestEffort': return !isBestEffort(pod);
    case 'PriorityClass': {
      const pc: string = pod.spec?.priorityClassName ?? '';
      const labels: Record<string, string> = pc ? { PriorityClass: pc } : {};
      return selectorMatches({ matchExpressions: [{ key: 'PriorityClass', operator: sel.operator, values: sel.values }] }, labels);
    }
    case 'CrossNamespacePodAffinity': return usesCrossNamespacePodAffinity(pod);
    default: return false;
  }
}

/** quotaMatchesScopes says whether every scope of the quota covers obj (true for an unscoped quota). */
export function quotaMatchesScopes(quota: KubeObject, obj: KubeObject): boolean {
  const selectors = quotaScopeSelectors(quota);
  if (!selectors.length) return true;
  if (obj.kind !== 'Pod') return false;
  return selectors.every((s) => podMatchesScope(s, obj));
}
