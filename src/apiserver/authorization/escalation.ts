/**
 * escalation: RBAC's privilege-escalation prevention. A user may write a Role or ClusterRole
 * only with rules they already hold (or with the `escalate` verb on roles), and a binding only
 * to a role whose rules they already hold (or with the `bind` verb on that role); members of
 * system:masters are exempt. A refusal lists the missing rules, each broken down to one verb
 * × group × resource × name and merged back by verb.
 * Mirrors k8s.io/component-helpers/auth/rbac/validation (Covers, BreakdownRule, ruleCovers,
 * CompactRules), pkg/registry/rbac/validation (ConfirmNoEscalation), pkg/registry/rbac
 * (EscalationAllowed, RoleEscalationAuthorized, BindingAuthorized) and rbac/v1 helpers' CompactString.
 */
import type { KubeObject } from '../../api/meta';
import type { ClusterRole, ClusterRoleBinding, Role, RoleBinding } from '../../api/types/kinds';
import { ApiError } from '../errors';
import type { PolicyRule } from './policy-rule';
import { ALL } from './policy-rule';
import { breakdownRule } from './rule-compaction';
import type { RbacAuthorizer } from './rbac-authorizer';
import { isSuperUser, type UserInfo } from './user-info';

const RBAC_GROUP = 'rbac.authorization.k8s.io';
/** FULL_AUTHORITY is what writing an aggregated ClusterRole requires: everything. */
const FULL_AUTHORITY: PolicyRule[] = [{ verbs: [ALL], apiGroups: [ALL], resources: [ALL] }, { verbs: [ALL], nonResourceURLs: [ALL] }];

const hasAll = (set: readonly string[] | undefined, want: readonly string[] | undefined): boolean => (want ?? []).every((w) => (set ?? []).includes(w));

/** resourcesCover: "*", every resource named, or "*\/sub" for each subresource wanted. */
function resourcesCover(owner: readonly string[] | undefined, wanted: readonly string[] | undefined): boolean {
  const own = owner ?? [];
  if (own.includes(ALL) || hasAll(own, wanted)) return true;
  return (wanted ?? []).every((path) => {
    if (own.includes(path)) return true;
    const slash = path.indexOf('/');
    return slash >= 0 && own.includes(`*/${path.slice(slash + 1)}`);
  });
}

const urlCovers = (owner: string, path: string): boolean => owner === path || (owner.endsWith('*') && path.startsWith(owner.replace(/\*+$/, '')));

/** ruleCovers says whether one owner rule covers one broken-down rule. */
function ruleCovers(owner: PolicyRule, sub: PolicyRule): boolean {
  const verbs = owner.verbs.includes(ALL) || hasAll(owner.verbs, sub.verbs);
  const groups = (owner.apiGroups ?? []).includes(ALL) || hasAll(owner.apiGroups, sub.apiGroups);
  const resources = resourcesCover(owner.resources, sub.resources);
  const urls = (sub.nonResourceURLs ?? []).every((p) => (owner.nonResourceURLs ?? []).some((o) => urlCovers(o, p)));
  const ownerNames = owner.resourceNames ?? [];
  const names = !(sub.resourceNames?.length) ? ownerNames.length === 0 : ownerNames.length === 0 || hasAll(ownerNames, sub.resourceNames);
  return verbs && groups && resources && names && urls;
}

/** uncoveredRules are the broken-down rules of servant that no owner rule covers. */
export function uncoveredRules(owner: readonly PolicyRule[], servant: readonly PolicyRule[]): PolicyRule[] {
  return servant.flatMap(breakdownRule).filter((sub) => !owner.some((o) => ruleCovers(o, sub)));
}

/** mergeByVerb is CompactRules: rules of one group and resource (at most one name) merged, verbs appended. */
function mergeByVerb(rules: readonly PolicyRule[]): PolicyRule[] {
  const out: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const r of rules) {
    const isSimple = !r.nonResourceURLs?.length && (r.resourceNames?.length ?? 0) <= 1 && r.apiGroups?.length === 1 && r.resources?.length === 1;
    if (!isSimple) { out.push(r); continue; }
    const key = JSON.stringify([r.apiGroups![0], r.resources![0], r.resourceNames?.[0] ?? null]);
    const existing = simple.get(key);
    if (existing) existing.verbs.push(...r.verbs);
    else simple.set(key, { ...r, verbs: [...r.verbs] });
  }
  return [...out, ...simple.values()];
}

const goQuotedSlice = (xs: readonly string[]): string => `[${xs.map((x) => JSON.stringify(x)).join(' ')}]`;

/** compactString is a rule as escalation errors print it: {APIGroups:["apps"], Resources:["deployments"], Verbs:["get" "list"]}. */
export function compactString(r: PolicyRule): string {
  const parts: string[] = [];
  if (r.apiGroups?.length) parts.push(`APIGroups:${goQuotedSlice(r.apiGroups)}`);
  if (r.resources?.length) parts.push(`Resources:${goQuotedSlice(r.resources)}`);
  if (r.nonResourceURLs?.length) parts.push(`NonResourceURLs:${goQuotedSlice(r.nonResourceURLs)}`);
  if (r.resourceNames?.length) parts.push(`ResourceNames:${goQuotedSlice(r.resourceNames)}`);
  if (r.verbs.length) parts.push(`Verbs:${goQuotedSlice(r.verbs)}`);
  return `{${parts.join(', ')}}`;
}

/** escalationMessage is ConfirmNoEscalation's text, or undefined when the user holds every rule. */
export function escalationMessage(user: UserInfo, owner: readonly PolicyRule[], granted: readonly PolicyRule[]): string | undefined {
  const missing = uncoveredRules(owner, granted);
  if (!missing.length) return undefined;
  const lines = [...new Set(mergeByVerb(missing).map(compactString))].sort();
  return `user ${JSON.stringify(user.name)} (groups=${goQuotedSlice(user.groups)}) is attempting to grant RBAC permissions not currently held:\n${lines.join('\n')}`;
}

/** Write is the RBAC object being written and where: the binding's or role's namespace ("" when cluster-scoped). */
interface Write { obj: KubeObject; resource: 'roles' | 'clusterroles' | 'rolebindings' | 'clusterrolebindings'; namespace: string }

/**
 * confirmNoEscalation throws the 403 kube-apiserver answers when user may not write obj
 * (a Role, ClusterRole, RoleBinding or ClusterRoleBinding) for lack of the rules it grants.
 */
export function confirmNoEscalation(rbac: RbacAuthorizer, roles: { tryGet(kind: string, namespace: string | undefined, name: string | undefined): KubeObject | undefined }, user: UserInfo, w: Write): void {
  if (isSuperUser(user)) return;
  const allowedBy = (verb: string, resource: string, name: string): boolean =>
    rbac.authorize({ user, verb, group: RBAC_GROUP, resource, namespace: w.namespace || undefined, name }).allowed;
  let granted: PolicyRule[];
  if (w.resource === 'roles' || w.resource === 'clusterroles') {
    if (allowedBy('escalate', w.resource, w.obj.metadata.name ?? '')) return;
    const written = w.obj as Role | ClusterRole;
    granted = 'aggregationRule' in written && written.aggregationRule ? FULL_AUTHORITY : (written.rules ?? []);
  } else {
    const ref: Partial<RoleBinding['roleRef']> = (w.obj as RoleBinding | ClusterRoleBinding).roleRef ?? {};
    const refResource = ref.kind === 'Role' ? 'roles' : 'clusterroles';
    if (allowedBy('bind', refResource, ref.name ?? '')) return;
    const role = (ref.kind === 'Role' ? roles.tryGet('Role', w.namespace, ref.name) : roles.tryGet('ClusterRole', undefined, ref.name)) as Role | ClusterRole | undefined;
    if (!role) {
      const missing = `${ref.kind === 'Role' ? 'role' : 'clusterrole'}.${RBAC_GROUP} "${ref.name}" not found`;
      throw new ApiError('Forbidden', 403, `${w.resource}.${RBAC_GROUP} "${w.obj.metadata.name ?? ''}" is forbidden: ${missing}`, { group: RBAC_GROUP, kind: w.resource, name: w.obj.metadata.name });
    }
    granted = role.rules ?? [];
  }
  const message = escalationMessage(user, rbac.rulesFor(user, w.namespace).rules, granted);
  if (!message) return;
  const name = w.obj.metadata.name ?? '';
  throw new ApiError('Forbidden', 403, `${w.resource}.${RBAC_GROUP} "${name}" is forbidden: ${message}`, { group: RBAC_GROUP, kind: w.resource, name });
}
