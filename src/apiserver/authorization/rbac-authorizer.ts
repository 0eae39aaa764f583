/**
 * rbac-authorizer: the RBAC authorizer — a request is allowed when a rule of a role bound
 * to the user (through a ClusterRoleBinding, or a RoleBinding in the request's namespace)
 * covers it. Aggregated ClusterRoles contribute the rules of every ClusterRole their
 * selectors match. Also answers "which rules apply here" for `auth can-i --list`.
 * Mirrors plugin/pkg/auth/authorizer/rbac/rbac.go and pkg/registry/rbac/validation/rule.go
 * (VisitRulesFor, appliesTo).
 */
import type { ClusterRoleBinding, RoleBinding } from '../../api/types/kinds';
import type { ApiClient } from '../client';
import { aggregate } from '../errors';
import type { Attributes, Decision } from './attributes';
import { type PolicyRule, ruleAllows } from './policy-rule';
import { serviceAccountUser, type UserInfo } from './user-info';

/** RBAC_REASON_PREFIX starts a denial's reason when bindings point at missing roles. */
export const RBAC_REASON_PREFIX = 'RBAC: ';

/** Subject is a binding's subject. */
export interface Subject { kind: string; name: string; namespace?: string; apiGroup?: string }

/**
 * appliesTo decides whether a binding subject is the user; a ServiceAccount subject without a
 * namespace means the binding's own namespace.
 */
export function appliesTo(user: UserInfo, subject: Subject, bindingNamespace: string): boolean {
  switch (subject.kind) {
    case 'User': return user.name === subject.name;
    case 'Group': return user.groups.includes(subject.name);
    case 'ServiceAccount': {
      const ns = subject.namespace || bindingNamespace;
      if (!ns) return false;
      const sa = serviceAccountUser(user.name);
      return !!sa && sa.namespace === ns && sa.name === subject.name;
    }
    default: return false;
  }
}

/** RuleSource is one role's rules as reached through one binding. */
interface RuleVisit { rules: PolicyRule[] }

/** RbacAuthorizer reads roles and bindings through an ApiClient (unauthorized reads). */
export class RbacAuthorizer {
  constructor(private readonly api: Pick<ApiClient, 'list' | 'tryGet'>) {}

  /** authorize returns allowed when any bound rule covers the request. */
  authorize(a: Attributes): Decision {
    const errors: string[] = [];
    for (const v of this.visit(a.user, a.namespace ?? '', errors)) {
      if (v.rules.some((r) => ruleAllows(a, r))) return { allowed: true, reason: '' };
    }
    return { allowed: false, reason: errors.length ? `${RBAC_REASON_PREFIX}${aggregate(errors)}` : '' };
  }

  /** rulesFor lists every rule that applies to the user in a namespace ("" = cluster-wide bindings only), and binding errors. */
  rulesFor(user: UserInfo, namespace: string): { rules: PolicyRule[]; errors: string[] } {
    const errors: string[] = [];
    const rules: PolicyRule[] = [];
    for (const v of this.visit(user, namespace, errors)) rules.push(...v.rules);
    return { rules, errors };
  }

  private *visit(user: UserInfo, namespace: string, errors: string[]): Generator<RuleVisit> {
    for (const b of this.api.list({ kind: 'ClusterRoleBinding' })) {
      if (!(b.subjects ?? []).some((s: Subject) => appliesTo(user, s, ''))) continue;
      const rules = this.roleRules(b, undefined, errors);
      if (rules) yield { rules };
    }
    if (!namespace) return;
    for (const b of this.api.list({ kind: 'RoleBinding', namespace })) {
      if (!(b.subjects ?? []).some((s: Subject) => appliesTo(user, s, namespace))) continue;
      const rules = this.roleRules(b, namespace, errors);
      if (rules) yield { rules };
    }
  }

  /** roleRules resolves a binding's roleRef; a missing role is recorded as an error. */
  private roleRules(binding: RoleBinding | ClusterRoleBinding, namespace: string | undefined, errors: string[]): PolicyRule[] | undefined {
    const ref = binding.roleRef ?? {};
    if (ref.kind === 'Role' && namespace) {
      const role = this.api.tryGet({ kind: 'Role', namespace, name: ref.name });
      if (!role) { errors.push(`role.rbac.authorization.k8s.io "${ref.name}" not found`); return undefined; }
      return role.rules ?? [];
    }
    if (ref.kind !== 'ClusterRole') return undefined;
    const role = this.api.tryGet({ kind: 'ClusterRole', name: ref.name });
    if (!role) { errors.push(`clusterrole.rbac.authorization.k8s.io "${ref.name}" not found`); return undefined; }
    // An aggregated role's rules are what the clusterrole-aggregation controller last wrote, as upstream reads them.
    return role.rules ?? [];
  }
}

