/**
 * user-info: who a request is from — the authenticated user as the API server sees it
 * (name and groups), the kubeadm admin every command runs as by default, and the
 * impersonated identity kubectl's `--as` / `--as-group` ask for.
 */

/** UserInfo is an authenticated user: name and groups (k8s.io/apiserver user.Info). */
export interface UserInfo {
  readonly name: string;
  readonly groups: readonly string[];
  /** uid and extra are what a service-account token adds: the account's uid, the credential and bound pod. */
  readonly uid?: string;
  readonly extra?: Readonly<Record<string, readonly string[]>>;
}

/** ALL_AUTHENTICATED is the group every non-anonymous user is in. */
export const ALL_AUTHENTICATED = 'system:authenticated';
export const ALL_UNAUTHENTICATED = 'system:unauthenticated';
/** SYSTEM_MASTERS is the privileged group the API server never asks RBAC about. */
export const SYSTEM_MASTERS = 'system:masters';
/** ANONYMOUS is the unauthenticated user's name. */
export const ANONYMOUS = 'system:anonymous';
/** SERVICE_ACCOUNT_PREFIX starts a service account's user name: system:serviceaccount:<ns>:<name>. */
export const SERVICE_ACCOUNT_PREFIX = 'system:serviceaccount:';

/**
 * ADMIN_USER is the identity of kubeadm's admin.conf (client certificate CN=kubernetes-admin,
 * O=kubeadm:cluster-admins), which the ClusterRoleBinding kubeadm:cluster-admins binds to cluster-admin.
 */
export const ADMIN_USER: UserInfo = { name: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', ALL_AUTHENTICATED] };

/** withoutImpersonatedUser is clientcmd's refusal of --as-uid or --as-group without --as, naming the kubeconfig user in force. */
export const withoutImpersonatedUser = (authInfo: string): string => `requesting uid, groups or user-extra for ${authInfo} without impersonating a user`;

/** serviceAccountUser splits "system:serviceaccount:<ns>:<name>", or returns undefined. */
export function serviceAccountUser(name: string): { namespace: string; name: string } | undefined {
  if (!name.startsWith(SERVICE_ACCOUNT_PREFIX)) return undefined;
  const parts = name.slice(SERVICE_ACCOUNT_PREFIX.length).split(':');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return undefined;
  return { namespace: parts[0], name: parts[1] };
}

/** serviceAccountGroups are the groups of every service account of a namespace. */
export function serviceAccountGroups(namespace: string): string[] {
  return ['system:serviceaccounts', `system:serviceaccounts:${namespace}`];
}

/**
 * impersonatedUser is the user the API server's impersonation filter builds from the
 * Impersonate-User / Impersonate-Group / Impersonate-Uid headers: a service account name gets its fixed groups
 * when no group is given; a non-anonymous user gets system:authenticated unless a group given
 * already says whether it is authenticated, and system:anonymous gets system:unauthenticated.
 * Mirrors k8s.io/apiserver pkg/endpoints/filters/impersonation.go.
 */
export function impersonatedUser(name: string, groups: readonly string[], uid?: string): UserInfo {
  const out = [...groups];
  const sa = serviceAccountUser(name);
  if (sa && !groups.length) out.push(...serviceAccountGroups(sa.namespace));
  if (name === ANONYMOUS) {
    if (!out.includes(ALL_UNAUTHENTICATED)) out.push(ALL_UNAUTHENTICATED);
  } else if (!out.includes(ALL_AUTHENTICATED) && !out.includes(ALL_UNAUTHENTICATED)) out.push(ALL_AUTHENTICATED);
  return uid ? { name, uid, groups: out } : { name, groups: out };
}

/** isSuperUser reports a member of system:masters, whom authorization always allows. */
export function isSuperUser(user: UserInfo): boolean {
  return user.groups.includes(SYSTEM_MASTERS);
}
