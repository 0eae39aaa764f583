/**
 * non-resource-access: RBAC's nonResourceURLs check for the paths serve answers outside the
 * resource tree that are not open to every user (/metrics, the admin tick), with
 * kube-apiserver's 403 text. Discovery, /version and the health checks are open to everyone by
 * the bootstrap system:discovery and system:public-info-viewer roles, so they skip it.
 */
import { forbiddenMessage, type Attributes } from '../../apiserver/authorization/attributes';
import { RbacAuthorizer } from '../../apiserver/authorization/rbac-authorizer';
import { ADMIN_USER, isSuperUser, type UserInfo } from '../../apiserver/authorization/user-info';
import { ApiError } from '../../apiserver/errors';
import type { Cluster } from '../../cluster/cluster';

/** requireNonResourceAccess throws the 403 unless user may `verb` the non-resource path. */
export function requireNonResourceAccess(cluster: Cluster, user: UserInfo, verb: string, path: string): void {
  if (isSuperUser(user) || user === ADMIN_USER) return;
  const a: Attributes = { user, verb, group: '', resource: '', path };
  const d = cluster.read(() => new RbacAuthorizer(cluster.api).authorize(a));
  if (!d.allowed) throw new ApiError('Forbidden', 403, `forbidden: ${forbiddenMessage(a)}${d.reason ? `: ${d.reason}` : ''}`);
}
