/**
 * rolebinding: `kubectl create rolebinding` and `kubectl create clusterrolebinding`
 * (kubectl pkg/cmd/create/create_rolebinding.go, create_clusterrolebinding.go).
 */
import type { KubeObject } from '../../api/meta';
import type { RoleBinding } from '../../api/types/kinds';

/** GeneratedBinding is a RoleBinding or ClusterRoleBinding built field by field in Go order. */
type GeneratedBinding = KubeObject & Partial<Pick<RoleBinding, 'roleRef'>> & { subjects?: Record<string, string>[] };
import { NAME_MUST_BE_SPECIFIED } from './configmap';
import { GeneratorError, requireFlag } from './generator-error';
import { objectMeta } from './go-order';

/** RBAC_GROUP is the rbac.authorization.k8s.io API group. */
export const RBAC_GROUP = 'rbac.authorization.k8s.io';
/** EXACTLY_ONE_ROLE is kubectl's text unless exactly one of --role and --clusterrole is given. */
export const EXACTLY_ONE_ROLE = 'exactly one of clusterrole or role must be specified';
/** BAD_SERVICEACCOUNT is kubectl's text for a --serviceaccount not shaped `ns:name`. */
export const BAD_SERVICEACCOUNT = 'serviceaccount must be <namespace>:<name>';

/** BindingSubjectsOptions are the subject flags both binding commands share. */
export interface BindingSubjectsOptions { user?: string[]; group?: string[]; serviceaccount?: string[] }

/** CreateRoleBindingOptions mirrors `create rolebinding`'s flags. */
export interface CreateRoleBindingOptions extends BindingSubjectsOptions { role?: string; clusterrole?: string; namespace?: string }

/** CreateClusterRoleBindingOptions mirrors `create clusterrolebinding`'s flags. */
/** CreateClusterRoleBindingOptions: clusterrole is undefined when not given (cobra's required flag). */
export interface CreateClusterRoleBindingOptions extends BindingSubjectsOptions { clusterrole?: string }

// Users, then groups, then service accounts: kubectl's order, whatever the flag order.
function subjects(o: BindingSubjectsOptions): Record<string, string>[] | undefined {
  const out: Record<string, string>[] = [];
  for (const name of o.user ?? []) out.push({ kind: 'User', apiGroup: RBAC_GROUP, name });
  for (const name of o.group ?? []) out.push({ kind: 'Group', apiGroup: RBAC_GROUP, name });
  for (const sa of o.serviceaccount ?? []) {
    const t = sa.split(':');
    if (t.length !== 2 || t[0] === '' || t[1] === '') throw new GeneratorError(BAD_SERVICEACCOUNT);
    out.push({ kind: 'ServiceAccount', name: t[1]!, namespace: t[0]! });
  }
  return out.length > 0 ? out : undefined;
}

/** createRoleBinding builds the RoleBinding kubectl sends. */
export function createRoleBinding(name: string, o: CreateRoleBindingOptions): KubeObject {
  if (name === '') throw new GeneratorError(NAME_MUST_BE_SPECIFIED);
  if (!o.clusterrole === !o.role) throw new GeneratorError(EXACTLY_ONE_ROLE);
  const roleRef = o.role ? { apiGroup: RBAC_GROUP, kind: 'Role', name: o.role } : { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: o.clusterrole! };
  const b: GeneratedBinding = { kind: 'RoleBinding', apiVersion: `${RBAC_GROUP}/v1`, metadata: objectMeta({ name, namespace: o.namespace }) };
  const s = subjects(o);
  if (s) b.subjects = s;
  b.roleRef = roleRef;
  return b;
}

/** createClusterRoleBinding builds the ClusterRoleBinding kubectl sends; --clusterrole is required. */
export function createClusterRoleBinding(name: string, o: CreateClusterRoleBindingOptions): KubeObject {
  requireFlag('clusterrole', o.clusterrole);
  const b: GeneratedBinding = { kind: 'ClusterRoleBinding', apiVersion: `${RBAC_GROUP}/v1`, metadata: objectMeta({ name }) };
  const s = subjects(o);
  if (s) b.subjects = s;
  b.roleRef = { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: o.clusterrole! };
  return b;
}
