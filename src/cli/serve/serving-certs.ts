/**
 * serving-certs: the certificates `kubemu serve` needs besides the cluster CA — the API
 * server's serving certificate (kubeadm's apiserver.crt: CN=kube-apiserver, SANs for the
 * address it listens on) and the admin's client certificate for the kubeconfig it writes
 * (kubeadm's admin.conf: CN=kubernetes-admin, O=kubeadm:cluster-admins). Both are signed by the
 * cluster's Ed25519 CA with Ed25519 keys derived from the seed, so the same cluster always
 * serves the same bytes. Go's crypto/tls accepts Ed25519 certificates (TLS 1.2 and 1.3), as
 * Node's OpenSSL does, so no second key type is needed.
 */
import type * as crypto from 'node:crypto';
import { clusterCA, seededEd25519Key } from '../../apiserver/authentication/cluster-pki';
import { issueCertificate, type Subject } from '../../api/pki/x509';
import { ADMIN_USER } from '../../apiserver/authorization/user-info';

/** The certificates' validity: the CA's, so they depend on the seed alone. */
const NOT_BEFORE = Date.UTC(2026, 0, 1);
const NOT_AFTER = Date.UTC(2036, 0, 1);

/** KeyPair is a PEM certificate and its PKCS#8 PEM private key. */
export interface KeyPair { certPem: string; keyPem: string }

function issue(seed: string, purpose: string, serial: bigint, subject: Subject, serverNames?: { dns: string[]; ips: string[] }): KeyPair {
  const ca = clusterCA(seed);
  const key = seededEd25519Key(seed, purpose);
  const publicKeyDer = (require('node:crypto') as typeof crypto).createPublicKey(key).export({ type: 'spki', format: 'der' });
  const certPem = issueCertificate({ serial, subject, notBeforeMs: NOT_BEFORE, notAfterMs: NOT_AFTER, publicKeyDer, isCA: false, serverNames }, ca.subject, ca.key, ca.publicKeyDer);
  return { certPem, keyPem: key.export({ type: 'pkcs8', format: 'pem' }) as string };
}

/** servingCertificate is kube-apiserver's serving certificate, valid for localhost and the listening IP. */
export function servingCertificate(seed: string, address: string): KeyPair {
  const ips = [...new Set(['127.0.0.1', ...(/^\d+\.\d+\.\d+\.\d+$/.test(address) ? [address] : [])])];
  return issue(seed, `apiserver serving ${address}`, 2n, { commonName: 'kube-apiserver', organization: [] },
    { dns: ['localhost', 'kubernetes', 'kubernetes.default', 'kubernetes.default.svc', 'kubernetes.default.svc.cluster.local'], ips });
}

/** adminClientCertificate is admin.conf's client certificate: the cluster's kubernetes-admin. */
export function adminClientCertificate(seed: string): KeyPair {
  return issue(seed, 'admin client', 3n, { commonName: ADMIN_USER.name, organization: ADMIN_USER.groups.filter((g) => g !== 'system:authenticated') });
}

/** caCertificate is the cluster CA's certificate, for the kubeconfig's certificate-authority-data. */
export function caCertificate(seed: string): string {
  return clusterCA(seed).certPem;
}
