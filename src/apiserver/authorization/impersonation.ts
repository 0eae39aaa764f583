/**
 * impersonation: the identity of one CLI invocation, from kubectl's global `--as`,
 * `--as-group` and `--as-uid` flags, and the cluster handle whose API server acts as that identity.
 */
import type { ApiServer } from '../apiserver';
import { authorizingApi } from './authorizing-api';
import { ADMIN_USER, impersonatedUser, withoutImpersonatedUser, type UserInfo } from './user-info';

/** RequestUserFlags are the global impersonation flags as parsed, and the kubeconfig user they go with (named in the refusal). */
export interface RequestUserFlags { as?: string; asGroups?: readonly string[]; asUid?: string; authInfo?: string }

/** ImpersonationError is client-go's refusal of an incomplete impersonation request. */
export class ImpersonationError extends Error { override readonly name = 'ImpersonationError'; }

/** requestUser is the invocation's user: the impersonated one, or kubernetes-admin. */
export function requestUser(f: RequestUserFlags): UserInfo {
  const groups = f.asGroups ?? [];
  if (!f.as) {
    if (groups.length || f.asUid) throw new ImpersonationError(withoutImpersonatedUser(f.authInfo ?? ''));
    return ADMIN_USER;
  }
  return impersonatedUser(f.as, groups, f.asUid || undefined);
}

/** isImpersonating reports whether the flags ask for another identity than the admin. */
export function isImpersonating(f: RequestUserFlags): boolean {
  return !!f.as;
}

/**
 * impersonatedCluster returns the cluster with its `api` authorizing every call for user; the
 * simulation (controllers, kubelets) keeps the unwrapped server. Any handle with an `api` will
 * do, so the API server need not know the cluster/ layer above it.
 */
export function impersonatedCluster<C extends { readonly api: ApiServer }>(cluster: C, user: UserInfo): C {
  return { ...cluster, api: authorizingApi(cluster.api, user) };
}
