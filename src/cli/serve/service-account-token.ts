/**
 * service-account-token: POST serviceaccounts/NAME/token (authentication.k8s.io/v1
 * TokenRequest), answered through the API layer's createToken as kube-apiserver's TokenREST
 * answers it: the request named after the account, its audiences and expiration defaulted,
 * and the signed token in its status, with 201 Created.
 */
import type { ApiServer } from '../../apiserver/apiserver';
import { tokenRequestObject } from '../../apiserver/authentication/token-request';
import type { TokenRequestSpec } from '../../apiserver/client';
import { ApiError, badRequest } from '../../apiserver/errors';
import type { Cluster } from '../../cluster/cluster';
import type { ResourcePath } from './resource-path';

/** isServiceAccountToken says a request is a POST to a service account's token subresource. */
export function isServiceAccountToken(method: string | undefined, p: ResourcePath): boolean {
  return method === 'POST' && p.group === '' && p.resource === 'serviceaccounts' && !!p.name && p.subresource === 'token';
}

/** mismatch is TokenREST's Invalid for a body that names another account or namespace. */
const mismatch = (name: string, field: string, value: string, what: string) => new ApiError('Invalid', 422, 'invalid', {
  group: 'authentication.k8s.io', kind: 'TokenRequest', name,
  causes: [{ field: `metadata.${field}`, message: `Invalid value: "${value}": must match the service account ${what} if specified` }],
});

/** postServiceAccountToken answers a TokenRequest for the user api was authorized for. */
export function postServiceAccountToken(cluster: Cluster, api: ApiServer, p: ResourcePath, body: unknown): { code: number; body: unknown } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('error decoding request body: not an object');
  const req = body as { metadata?: { name?: string; namespace?: string }; spec?: TokenRequestSpec };
  const name = p.name!;
  const namespace = p.namespace ?? 'default';
  if (req.metadata?.name && req.metadata.name !== name) throw mismatch(name, 'name', req.metadata.name, 'name');
  if (req.metadata?.namespace && req.metadata.namespace !== namespace) throw mismatch(name, 'namespace', req.metadata.namespace, 'namespace');
  const s = req.spec ?? {};
  const spec: TokenRequestSpec = {
    ...(s.audiences?.length ? { audiences: s.audiences } : {}),
    ...(typeof s.expirationSeconds === 'number' ? { expirationSeconds: s.expirationSeconds } : {}),
    ...(s.boundObjectRef ? { boundObjectRef: s.boundObjectRef } : {}),
  };
  const status = cluster.write(() => api.createToken(namespace, name, spec));
  return { code: 201, body: tokenRequestObject(namespace, name, spec, status, cluster.clock.nowMs()) };
}
