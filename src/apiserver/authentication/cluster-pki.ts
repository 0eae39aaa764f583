/**
 * cluster-pki: a cluster's certificate authority and service-account signing key, kept in
 * its state. The CA is Ed25519 with its private key derived from the cluster's seed, so the
 * same seed gives the same CA and (Ed25519 signatures being deterministic) byte-identical
 * certificates. The service-account key is RSA 2048, as kubeadm's sa.key, so tokens are RS256
 * as kube-apiserver signs them; it too is derived from the seed (seeded-rsa.ts), and stored
 * at create so no later command pays for the prime search. PKCS#1 v1.5 signatures are
 * deterministic, so the same seed gives the same tokens.
 */
import * as crypto from 'node:crypto';
import { issueCertificate, parseCertificate, type CertificateAuthority, type Subject } from '../../api/pki/x509';

export type { CertificateAuthority } from '../../api/pki/x509';
import { keyId } from '../../api/pki/jwt';
import { seededRsaKey } from '../../api/pki/seeded-rsa';

/** CA_SUBJECT is kubeadm's CA name. */
export const CA_SUBJECT: Subject = { commonName: 'kubernetes', organization: [] };
/** The CA's validity: kubeadm's ten years, from a fixed start so the certificate depends on the seed alone. */
const CA_NOT_BEFORE = Date.UTC(2026, 0, 1);
const CA_NOT_AFTER = Date.UTC(2036, 0, 1);
/** META_SA_KEY holds the service-account private key (PKCS#8 PEM). */
export const META_SA_KEY = 'pki.sa.key';


const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const caBySeed = new Map<string, CertificateAuthority>();

/** seededEd25519Key derives an Ed25519 private key from the cluster's seed and what the key is for. */
export function seededEd25519Key(seed: string, purpose: string): crypto.KeyObject {
  const secret = crypto.createHash('sha256').update(`kubemu ${purpose} ${seed}`).digest();
  return crypto.createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, secret]), format: 'der', type: 'pkcs8' });
}

/** FRONT_PROXY_CA_SUBJECT is kubeadm's front-proxy CA name. */
const FRONT_PROXY_CA_SUBJECT: Subject = { commonName: 'front-proxy-ca', organization: [] };

/** seededCA derives a CA from the cluster's seed and what it is for (memoized per process). */
function seededCA(seed: string, purpose: string, subject: Subject): CertificateAuthority {
  const memo = `${purpose} ${seed}`;
  const cached = caBySeed.get(memo);
  if (cached) return cached;
  const secret = crypto.createHash('sha256').update(`kubemu ${purpose} ${seed}`).digest();
  const key = crypto.createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, secret]), format: 'der', type: 'pkcs8' });
  const publicKey = crypto.createPublicKey(key);
  const publicKeyDer = publicKey.export({ type: 'spki', format: 'der' });
  const certPem = issueCertificate(
    { serial: BigInt(`0x${secret.subarray(0, 8).toString('hex')}`) >> 1n, subject, notBeforeMs: CA_NOT_BEFORE, notAfterMs: CA_NOT_AFTER, publicKeyDer, isCA: true },
    subject, key, publicKeyDer,
  );
  const ca = { certPem, key, publicKey, publicKeyDer, subject, notAfterMs: CA_NOT_AFTER };
  caBySeed.set(memo, ca);
  return ca;
}

/** clusterCA is the cluster's CA (kubeadm's ca.crt), from its seed. */
export function clusterCA(seed: string): CertificateAuthority {
  return seededCA(seed, 'cluster CA', CA_SUBJECT);
}

/** frontProxyCA is kubeadm's front-proxy CA (front-proxy-ca.crt), which signs the aggregator's client certificate. */
export function frontProxyCA(seed: string): CertificateAuthority {
  return seededCA(seed, 'front-proxy CA', FRONT_PROXY_CA_SUBJECT);
}

/** ServiceAccountKey signs and verifies service-account tokens. */
export interface ServiceAccountKey { readonly key: crypto.KeyObject; readonly publicKey: crypto.KeyObject; readonly kid: string }

const saKeys = new Map<string, ServiceAccountKey>();

/**
 * serviceAccountKey reads the stored key, deriving it from the cluster's seed and storing it
 * when there is none. A key stored by an older version (made from crypto's random source) is kept,
 * so the tokens already handed out stay valid.
 */
export function serviceAccountKey(meta: { get(k: string): string | undefined; set(k: string, v: string): void }): ServiceAccountKey {
  let pem = meta.get(META_SA_KEY);
  if (!pem) {
    pem = seededRsaKey(`kubemu service-account key ${meta.get('seed') ?? '1'}`).export({ type: 'pkcs8', format: 'pem' }) as string;
    meta.set(META_SA_KEY, pem);
  }
  const cached = saKeys.get(pem);
  if (cached) return cached;
  const key = crypto.createPrivateKey(pem);
  const publicKey = crypto.createPublicKey(key);
  const made = { key, publicKey, kid: keyId(publicKey) };
  saKeys.set(pem, made);
  return made;
}

/** verifiedByCA reports whether certPem was issued by the CA (signature and issuer name). */
export function verifiedByCA(ca: CertificateAuthority, certPem: string): boolean {
  const cert = parseCertificate(certPem);
  if (!cert) return false;
  try {
    return cert.issuer.commonName === ca.subject.commonName && cert.x509.verify(ca.publicKey);
  } catch {
    return false;
  }
}
