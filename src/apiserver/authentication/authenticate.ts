/**
 * authenticate: who a request is from, given the credentials of its kubeconfig user — an
 * X.509 client certificate (user = CN, groups = O, accepted when the cluster CA signed it and
 * it is within its validity) or a bearer token (a service-account JWT the cluster's key
 * signed, unexpired, for the API's audience, whose service account and bound object still
 * exist with the uids it names, or a bootstrap token whose Secret holds it). Anything else is
 * 401 Unauthorized, as kube-apiserver answers.
 */
import type { Secret } from '../../api/types/kinds';
import * as crypto from 'node:crypto';
import { parseCertificate } from '../../api/pki/x509';
import { verifyJwt } from '../../api/pki/jwt';
import { ApiError } from '../errors';
import { ALL_AUTHENTICATED, ANONYMOUS, ALL_UNAUTHENTICATED, serviceAccountGroups, type UserInfo } from '../authorization/user-info';
import { verifiedByCA, type CertificateAuthority, type ServiceAccountKey } from './cluster-pki';
import { ISSUER, LEGACY_ISSUER, type ObjectReader } from './token-request';
import { BOOTSTRAP_GROUP, BOOTSTRAP_TOKEN_SECRET_TYPE, expiredAt, isBootstrapGroup, parseToken, secretData, secretNameOf } from '../../api/bootstrap-token';

/** Credentials are what a kubeconfig user presents. */
export type Credentials =
  /** token: a bearer token sent beside the certificate (kubectl --token keeps the user's certificate). */
  | { kind: 'certificate'; certPem: string; keyPem?: string; token?: string }
  | { kind: 'token'; token: string }
  | { kind: 'anonymous' };

/** unauthorized is the 401 kubectl prints as "You must be logged in to the server (Unauthorized)". */
export function unauthorized(): ApiError {
  return new ApiError('Unauthorized', 401, 'Unauthorized');
}

/** ERR_KEY_MISMATCH is Go's tls error when a kubeconfig's client key is not the certificate's. */
export const ERR_KEY_MISMATCH = 'tls: private key does not match public key';

/** authenticateCertificate is the x509 authenticator. */
export function authenticateCertificate(ca: CertificateAuthority, certPem: string, keyPem: string | undefined, nowMs: number): UserInfo {
  const cert = parseCertificate(certPem);
  if (!cert) throw unauthorized();
  if (keyPem !== undefined) {
    // The TLS handshake proves the client holds the key; a mismatch never reaches the server.
    let matches = false;
    try { matches = cert.x509.checkPrivateKey(crypto.createPrivateKey(keyPem)); } catch { matches = false; }
    if (!matches) throw new Error(ERR_KEY_MISMATCH);
  }
  if (!verifiedByCA(ca, certPem) || nowMs < cert.notBeforeMs || nowMs > cert.notAfterMs) throw unauthorized();
  if (!cert.subject.commonName) throw unauthorized();
  return { name: cert.subject.commonName, groups: [...cert.subject.organization, ALL_AUTHENTICATED] };
}

/** authenticateToken is the service-account token authenticator (bound tokens). */
export function authenticateToken(read: ObjectReader, key: ServiceAccountKey, token: string, nowMs: number): UserInfo {
  const claims = verifyJwt(token, key.publicKey) as undefined | {
    iss?: string; aud?: string[] | string; exp?: number; nbf?: number; sub?: string; jti?: string;
    'kubernetes.io'?: { namespace?: string; serviceaccount?: { name?: string; uid?: string }; node?: { name?: string; uid?: string }; pod?: { name?: string; uid?: string }; secret?: { name?: string; uid?: string } };
  };
  if (claims?.iss === LEGACY_ISSUER) return legacyUser(read, claims as unknown as Record<string, string>, token);
  if (!claims || claims.iss !== ISSUER) throw unauthorized();
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const now = Math.floor(nowMs / 1000);
  if (!aud.includes(ISSUER) || (claims.exp ?? 0) < now || (claims.nbf ?? 0) > now + 60) throw unauthorized();
  const k = claims['kubernetes.io'];
  const ns = k?.namespace;
  const saName = k?.serviceaccount?.name;
  if (!ns || !saName) throw unauthorized();
  const sa = read('ServiceAccount', ns, saName);
  if (!sa || (k.serviceaccount?.uid && sa.metadata.uid !== k.serviceaccount.uid)) throw unauthorized();
  for (const [kind, ref] of [['Pod', k.pod], ['Secret', k.secret]] as const) {
    if (!ref?.name) continue;
    const obj = read(kind, ns, ref.name);
    if (!obj || obj.metadata.uid !== ref.uid || obj.metadata.deletionTimestamp) throw unauthorized();
  }
  // kube-apiserver's extra for a service-account token: the credential id and, for a bound token, its pod and node.
  const extra: Record<string, string[]> = {};
  if (claims.jti) extra['authentication.kubernetes.io/credential-id'] = [`JTI=${claims.jti}`];
  if (k.node?.name) { extra['authentication.kubernetes.io/node-name'] = [k.node.name]; if (k.node.uid) extra['authentication.kubernetes.io/node-uid'] = [k.node.uid]; }
  if (k.pod?.name) { extra['authentication.kubernetes.io/pod-name'] = [k.pod.name]; if (k.pod.uid) extra['authentication.kubernetes.io/pod-uid'] = [k.pod.uid]; }
  return { name: `system:serviceaccount:${ns}:${saName}`, uid: sa.metadata.uid, groups: [...serviceAccountGroups(ns), ALL_AUTHENTICATED], extra };
}

/**
 * authenticateBootstrapToken is the bootstrap token authenticator (plugin/pkg/auth/authenticator/
 * token/bootstrap): "id.secret" whose Secret in kube-system holds that secret, unexpired, with
 * usage-bootstrap-authentication, is system:bootstrap:<id> in system:bootstrappers and its extra
 * groups (sorted, as a set lists them). undefined when the token is not one.
 */
export function authenticateBootstrapToken(read: ObjectReader, token: string, nowMs: number): UserInfo | undefined {
  const parsed = parseToken(token);
  if (!parsed) return undefined;
  const secret = read('Secret', 'kube-system', secretNameOf(parsed.id)) as Secret | undefined;
  if (!secret || secret.metadata.deletionTimestamp || secret.type !== BOOTSTRAP_TOKEN_SECRET_TYPE || !secret.data) throw unauthorized();
  if (secretData(secret, 'token-secret') !== parsed.secret || secretData(secret, 'token-id') !== parsed.id) throw unauthorized();
  if (expiredAt(secret, nowMs) || secretData(secret, 'usage-bootstrap-authentication') !== 'true') throw unauthorized();
  const extra = secretData(secret, 'auth-extra-groups');
  const groups = new Set([BOOTSTRAP_GROUP]);
  for (const g of extra ? extra.split(',') : []) {
    if (!isBootstrapGroup(g)) throw unauthorized();
    groups.add(g);
  }
  return { name: `system:bootstrap:${parsed.id}`, groups: [...[...groups].sort(), ALL_AUTHENTICATED] };
}

/** ANONYMOUS_USER is who a request with no credentials is, kube-apiserver's anonymous auth being on (kubeadm). */
export const ANONYMOUS_USER: UserInfo = { name: ANONYMOUS, groups: [ALL_UNAUTHENTICATED] };

/** legacyUser authenticates a Secret-based token: its Secret must still hold it, and its ServiceAccount exist with the uid it names. */
function legacyUser(read: ObjectReader, c: Record<string, string>, token: string): UserInfo {
  const ns = c['kubernetes.io/serviceaccount/namespace'];
  const secretName = c['kubernetes.io/serviceaccount/secret.name'];
  const saName = c['kubernetes.io/serviceaccount/service-account.name'];
  if (!ns || !secretName || !saName) throw unauthorized();
  const secret = read('Secret', ns, secretName) as Secret | undefined;
  if (!secret || Buffer.from(secret.data?.token ?? '', 'base64').toString('utf8') !== token) throw unauthorized();
  const sa = read('ServiceAccount', ns, saName);
  if (!sa || sa.metadata.uid !== c['kubernetes.io/serviceaccount/service-account.uid']) throw unauthorized();
  return { name: `system:serviceaccount:${ns}:${saName}`, uid: sa.metadata.uid, groups: [...serviceAccountGroups(ns), ALL_AUTHENTICATED] };
}
