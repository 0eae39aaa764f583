/**
 * certificate-signing-request: the CSR strategy's PrepareForCreate and PrepareForUpdate
 * (kubernetes pkg/registry/certificates/certificates/strategy.go). A new request's
 * spec.username, uid, groups and extra are the requester's, whatever the client sent, so a
 * user cannot ask for a certificate in another's name without the signer seeing it; an update
 * of the main resource keeps spec and status as stored (approval and the certificate go through
 * their subresources).
 */
import type { KubeObject } from '../../api/meta';
import { ADMIN_USER, type UserInfo } from '../authorization/user-info';
import { genericStrategy } from './generic';
import type { Strategy } from './strategy';

/** stampRequester sets a new CSR's requester fields as kube-apiserver does (empty ones left out); no user is the default admin. */
export function stampRequester(obj: KubeObject, user: UserInfo = ADMIN_USER): void {
  const spec = (obj.spec ??= {});
  for (const key of ['username', 'uid', 'groups', 'extra']) delete spec[key];
  spec.username = user.name;
  if (user.uid) spec.uid = user.uid;
  if (user.groups.length) spec.groups = [...user.groups];
  if (user.extra && Object.keys(user.extra).length) spec.extra = structuredClone(user.extra);
}

const generic = genericStrategy('CertificateSigningRequest');

export const CERTIFICATE_SIGNING_REQUEST_STRATEGY: Strategy = {
  ...generic,
  prepareForCreate(obj) {
    generic.prepareForCreate?.(obj);
    delete obj.status;
  },
  prepareForUpdate(obj, old) {
    obj.spec = structuredClone(old.spec);
    if (old.status === undefined) delete obj.status;
    else obj.status = structuredClone(old.status);
  },
};
