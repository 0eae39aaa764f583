/**
 * request-identity: the user a command's API calls are made as — kubernetes-admin for a
 * cluster's own context, else who the kubeconfig user's certificate or token authenticates
 * as — then `--as`/`--as-group` on top. Impersonating needs the `impersonate` verb on users,
 * groups or serviceaccounts, which kubernetes-admin holds; anyone else is asked about it.
 */
import { ApiError } from '../apiserver/errors';
import type { ApiServer } from '../apiserver/apiserver';
import type { Credentials } from '../apiserver/authentication/authenticate';
import { ADMIN_USER, isSuperUser, requestUser, serviceAccountUser, forbiddenError, RbacAuthorizer, type Attributes, type UserInfo } from '../apiserver/authorization';
import { CliError } from './errors';

/** ERR_UNAUTHORIZED is what kubectl prints for a 401. */
export const ERR_UNAUTHORIZED = 'You must be logged in to the server (Unauthorized)';

/** authenticatedUser is the user the credentials stand for (the admin when there are none to check). */
export function authenticatedUser(api: ApiServer, creds: Credentials | undefined): UserInfo {
  if (!creds) return ADMIN_USER;
  try {
    return api.authenticate(creds);
  } catch (e) {
    if (e instanceof ApiError && e.code === 401) throw new CliError(ERR_UNAUTHORIZED);
    throw e;
  }
}

/** effectiveUser applies --as/--as-group for the authenticated user, checking that it may impersonate. */
export function effectiveUser(api: ApiServer, authenticated: UserInfo, as: string | undefined, asGroups: readonly string[], asUid?: string): UserInfo {
  const target = requestUser({ as, asGroups, asUid });
  if (!as) return authenticated;
  if (authenticated === ADMIN_USER || isSuperUser(authenticated)) return target;
  const rbac = new RbacAuthorizer(api);
  const sa = serviceAccountUser(as);
  const asks: Attributes[] = [
    sa
      ? { user: authenticated, verb: 'impersonate', group: '', resource: 'serviceaccounts', namespace: sa.namespace, name: sa.name }
      : { user: authenticated, verb: 'impersonate', group: '', resource: 'users', name: as },
    ...asGroups.map((g): Attributes => ({ user: authenticated, verb: 'impersonate', group: '', resource: 'groups', name: g })),
    // A UID is impersonated through authentication.k8s.io's uids.
    ...(asUid ? [{ user: authenticated, verb: 'impersonate', group: 'authentication.k8s.io', resource: 'uids', name: asUid } satisfies Attributes] : []),
  ];
  for (const a of asks) {
    const d = rbac.authorize(a);
    if (!d.allowed) throw forbiddenError(a, d.reason);
  }
  return target;
}
