/**
 * jwt: compact JSON Web Tokens signed RS256, as kube-apiserver signs service-account tokens
 * with its RSA service-account key (kubeadm's sa.key). The header's kid is the key's id as
 * kube-apiserver computes it: base64url(sha256(PKIX public key DER)).
 */
import * as crypto from 'node:crypto';

const b64url = (b: Buffer): string => b.toString('base64url');

/** keyId is the `kid` kube-apiserver puts in a token's header for a public key. */
export function keyId(publicKey: crypto.KeyObject): string {
  return b64url(crypto.createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest());
}

/** signJwt signs claims RS256; the payload keeps the claims' key order (callers give it sorted, as go-jose does). */
export function signJwt(claims: object, key: crypto.KeyObject, kid: string): string {
  const head = b64url(Buffer.from(JSON.stringify({ alg: 'RS256', kid })));
  const body = b64url(Buffer.from(JSON.stringify(claims)));
  const sig = crypto.sign('sha256', Buffer.from(`${head}.${body}`), key);
  return `${head}.${body}.${b64url(sig)}`;
}

/** verifyJwt returns the claims of a token signed RS256 by publicKey, or undefined. */
export function verifyJwt(token: string, publicKey: crypto.KeyObject): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as { alg?: string };
    if (header.alg !== 'RS256') return undefined;
    const ok = crypto.verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), publicKey, Buffer.from(parts[2]!, 'base64url'));
    if (!ok) return undefined;
    return JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** decodeJwtClaims reads a token's claims without verifying it. */
export function decodeJwtClaims(token: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
