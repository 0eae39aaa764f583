/**
 * non-resource-access: RBAC's nonResourceURLs check for the paths outside the resource tree
 * that are not open to every user (/metrics, serve's admin tick), with kube-apiserver's 403
 * text. Discovery, /version and the health checks are open to everyone by the bootstrap
 * system:discovery and system:public-info-viewer roles, so they skip it.
 */
import type { ApiServer } from '../apiserver';
import { serverSideClient } from '../client';
import { ApiError } from '../errors';
import { forbiddenMessage, type Attributes } from './attributes';
import { RbacAuthorizer } from './rbac-authorizer';
import { ADMIN_USER, isSuperUser, type UserInfo } from './user-info';

/** requireNonResourceAccess throws the 403 unless user may `verb` the non-resource path; call it inside a read. */
export function requireNonResourceAccess(api: ApiServer, user: UserInfo, verb: string, path: string): void {
  if (isSuperUser(user) || user === ADMIN_USER) return;
  const a: Attributes = { user, verb, group: '', resource: '', path };
  // RBAC reads its bindings as the server, not as the user being checked.
  const d = new RbacAuthorizer(serverSideClient(api)).authorize(a);
  if (!d.allowed) throw new ApiError('Forbidden', 403, `forbidden: ${forbiddenMessage(a)}${d.reason ? `: ${d.reason}` : ''}`);
}
