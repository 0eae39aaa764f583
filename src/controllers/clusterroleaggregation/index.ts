/**
 * clusterroleaggregation: kube-controller-manager's clusterrole-aggregation controller. A
 * ClusterRole with an aggregationRule gets, as its rules, the rules of every other ClusterRole
 * its clusterRoleSelectors match — selector by selector, matched roles in name order, each
 * rule once — and direct edits of those rules are stomped. Only the matched roles' own stored
 * rules are read: a chain (view → edit → admin) settles one link per sync, as upstream's does.
 * Mirrors kubernetes pkg/controller/clusterroleaggregation (which writes with a forced apply;
 * kubemu updates, under the same field manager).
 */
import type { KubeObject } from '../../api/meta';
import { selectorMatches } from '../../api/label-selector';
import type { ClusterRole } from '../../api/types/kinds';
import type { PolicyRule } from '../../api/types/rbac-v1';
import type { Controller, ReconcileContext, Request } from '../../sim/controller';

export const NAME = 'clusterrole-aggregation-controller';

/** AggregatingRole is a ClusterRole as read here: rules and aggregationRule may each be absent. */
export type AggregatingRole = KubeObject & Partial<Pick<ClusterRole, 'rules' | 'aggregationRule'>>;

const RULE_FIELDS = ['verbs', 'apiGroups', 'resources', 'resourceNames', 'nonResourceURLs'] as const;

/** ruleKey compares rules as apimachinery's semantic equality does: a missing list equals an empty one. */
function ruleKey(r: PolicyRule): string {
  return JSON.stringify(RULE_FIELDS.map((f) => (r as unknown as Record<string, unknown>)[f] ?? []));
}

/** aggregatedRules is what the controller writes into role: the matched roles' rules, each once. */
export function aggregatedRules(role: AggregatingRole, clusterRoles: readonly AggregatingRole[]): PolicyRule[] {
  const out: PolicyRule[] = [];
  const seen = new Set<string>();
  const byName = [...clusterRoles].sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0));
  for (const selector of role.aggregationRule?.clusterRoleSelectors ?? []) {
    for (const other of byName) {
      if (other.metadata.name === role.metadata.name || !selectorMatches(selector, other.metadata.labels ?? {})) continue;
      for (const rule of (other.rules ?? []) as PolicyRule[]) {
        const key = ruleKey(rule);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(rule);
      }
    }
  }
  return out;
}

/** sameRules is upstream's DeepEqual of the new rules and the stored ones. */
function sameRules(a: readonly PolicyRule[], b: readonly PolicyRule[]): boolean {
  return a.length === b.length && a.every((r, i) => ruleKey(r) === ruleKey(b[i]!));
}

const aggregated = (o: AggregatingRole): boolean => !!o.aggregationRule;

/** The aggregated roles as of a cluster's revision: a batch of ClusterRole changes (bootstrap writes ~70) lists them once. */
const aggregatedAt = new WeakMap<object, { revision: number; requests: Request[] }>();
function aggregatedRoles(ctx: ReconcileContext): Request[] {
  const revision = ctx.api.revision();
  let memo = aggregatedAt.get(ctx.api);
  if (memo?.revision !== revision) {
    memo = { revision, requests: ctx.api.list({ kind: 'ClusterRole' }).filter(aggregated).map((r) => ({ name: r.metadata.name! })) };
    aggregatedAt.set(ctx.api, memo);
  }
  return memo.requests;
}

/** clusterRoleAggregationController keeps aggregated ClusterRoles' rules current. */
export const clusterRoleAggregationController: Controller = {
  name: NAME,
  for: 'ClusterRole',
  accepts: aggregated,
  // Any ClusterRole's change may change any aggregated role's rules: upstream queues them all.
  watches: [{
    kind: 'ClusterRole',
    map: (_changed, ctx) => aggregatedRoles(ctx),
  }],
  reconcile(req: Request, ctx: ReconcileContext): void {
    const role = ctx.api.tryGet({ kind: 'ClusterRole', name: req.name });
    if (!role?.aggregationRule) return;
    const rules = aggregatedRules(role, ctx.api.list({ kind: 'ClusterRole' }));
    if (sameRules(rules, (role.rules ?? []) as PolicyRule[])) return;
    ctx.api.update({ ...role, rules }, { fieldManager: NAME });
  },
};
