/**
 * token-request: the serviceaccounts/token subresource (TokenRequest) — a JWT for a service
 * account signed RS256 with the cluster's service-account key, with kube-apiserver's claims:
 * iss and the default audience `https://kubernetes.default.svc.cluster.local`, sub
 * `system:serviceaccount:NS:NAME`, exp/iat/nbf, a jti, and the `kubernetes.io` claim naming
 * the namespace, the service account and the bound Pod (with its Node) or Secret.
 */
import * as crypto from 'node:crypto';
import type { KubeObject } from '../../api/meta';
import { signJwt } from '../../api/pki/jwt';
import { ApiError } from '../errors';
import type { TokenRequestSpec } from '../client';
import type { ServiceAccountKey } from './cluster-pki';

/** ISSUER is kube-apiserver's --service-account-issuer as kubeadm sets it (also the default audience). */
export const ISSUER = 'https://kubernetes.default.svc.cluster.local';
export const DEFAULT_EXPIRATION_SECONDS = 3600;
const MIN_EXPIRATION_SECONDS = 600;


/** TokenRequestStatus is what the server returns: the token and when it expires. */
export interface TokenRequestStatus { token: string; expirationTimestamp: string }

/** TokenReader is what the request needs to read: the service account and its bound object. */
export type ObjectReader = (kind: string, namespace: string | undefined, name: string) => KubeObject | undefined;

const notFound = (resource: string, name: string) => new ApiError('NotFound', 404, `${resource} "${name}" not found`, { kind: resource, name });

/** requestToken serves POST serviceaccounts/NAME/token in namespace. */
export function requestToken(read: ObjectReader, key: ServiceAccountKey, nowMs: number, namespace: string, name: string, spec: TokenRequestSpec): TokenRequestStatus {
  const expirationSeconds = spec.expirationSeconds ?? DEFAULT_EXPIRATION_SECONDS;
  if (expirationSeconds < MIN_EXPIRATION_SECONDS) {
    throw new ApiError('Invalid', 422, `TokenRequest.authentication.k8s.io "${name}" is invalid: spec.expirationSeconds: Invalid value: ${expirationSeconds}: may not specify a duration less than 10 minutes`);
  }
  const sa = read('ServiceAccount', namespace, name);
  if (!sa) throw notFound('serviceaccounts', name);
  const k8s: Record<string, unknown> = { namespace };
  const ref = spec.boundObjectRef;
  if (ref) {
    const kind = ref.kind;
    const obj = read(kind, kind === 'Node' ? undefined : namespace, ref.name);
    if (!obj) throw notFound(`${kind.toLowerCase()}s`, ref.name);
    if (ref.uid && ref.uid !== obj.metadata.uid) {
      throw new ApiError('Conflict', 409, `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`);
    }
    const named = { name: obj.metadata.name, uid: obj.metadata.uid };
    if (kind === 'Pod') {
      const nodeName: string | undefined = obj.spec?.nodeName;
      const node = nodeName ? read('Node', undefined, nodeName) : undefined;
      if (node) k8s.node = { name: node.metadata.name, uid: node.metadata.uid };
      k8s.pod = named;
    } else if (kind === 'Secret') k8s.secret = named;
    else k8s.node = named;
  }
  k8s.serviceaccount = { name, uid: sa.metadata.uid };
  const iat = Math.floor(nowMs / 1000);
  const exp = iat + expirationSeconds;
  const audiences = spec.audiences?.length ? spec.audiences : [ISSUER];
  // jti is a UUID upstream; here it is derived from what the token says, so the same request at the same instant gives the same token.
  const h = crypto.createHash('sha256').update(JSON.stringify([namespace, name, sa.metadata.uid, ref, audiences, iat, exp])).digest('hex');
  const jti = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  const claims = { aud: audiences, exp, iat, iss: ISSUER, jti, 'kubernetes.io': k8s, nbf: iat, sub: `system:serviceaccount:${namespace}:${name}` };
  return { token: signJwt(claims, key.key, key.kid), expirationTimestamp: new Date(exp * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') };
}

/**
 * tokenRequestObject is the TokenRequest the server answers with: the request named after the
 * account, created now, its audiences and expiration defaulted, and the token as its status.
 * Fields in the Go struct's order, as a typed client prints it.
 */
export function tokenRequestObject(namespace: string, name: string, spec: TokenRequestSpec, status: TokenRequestStatus, nowMs: number): KubeObject {
  return {
    kind: 'TokenRequest',
    apiVersion: 'authentication.k8s.io/v1',
    metadata: { name, namespace, creationTimestamp: new Date(Math.floor(nowMs / 1000) * 1000).toISOString().replace('.000Z', 'Z') },
    spec: {
      audiences: spec.audiences?.length ? spec.audiences : [ISSUER],
      expirationSeconds: spec.expirationSeconds ?? DEFAULT_EXPIRATION_SECONDS,
      boundObjectRef: spec.boundObjectRef ? { kind: spec.boundObjectRef.kind, apiVersion: spec.boundObjectRef.apiVersion, name: spec.boundObjectRef.name, ...(spec.boundObjectRef.uid ? { uid: spec.boundObjectRef.uid } : {}) } : null,
    },
    status,
  } as unknown as KubeObject;
}

/** LEGACY_ISSUER is the issuer of the tokens the token controller writes into Secrets. */
export const LEGACY_ISSUER = 'kubernetes/serviceaccount';

/** legacyToken is the non-expiring token of a kubernetes.io/service-account-token Secret (upstream's LegacyClaims). */
export function legacyToken(key: ServiceAccountKey, namespace: string, serviceAccount: { name: string; uid: string }, secretName: string): string {
  const claims = {
    iss: LEGACY_ISSUER,
    'kubernetes.io/serviceaccount/namespace': namespace,
    'kubernetes.io/serviceaccount/secret.name': secretName,
    'kubernetes.io/serviceaccount/service-account.name': serviceAccount.name,
    'kubernetes.io/serviceaccount/service-account.uid': serviceAccount.uid,
    sub: `system:serviceaccount:${namespace}:${serviceAccount.name}`,
  };
  return signJwt(claims, key.key, key.kid);
}
