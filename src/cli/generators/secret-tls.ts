/**
 * secret-tls: `kubectl create secret tls NAME --cert --key` (pkg/cmd/create/create_secret_tls.go).
 */
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import type { KubeObject } from '../../api/meta';
import { GeneratorError } from './generator-error';
import { type GeneratorFs, toBuffer } from './generator-fs';
import { goPathErrorText } from '../go-path-error';
import { secretObject } from './secret-data';

/** KEY_AND_CERT_REQUIRED is kubectl's text when --cert or --key is missing. */
export const KEY_AND_CERT_REQUIRED = 'key and cert must be specified';
/** CANNOT_READ_FILE is kubectl's text when --cert or --key cannot be read. */
export const CANNOT_READ_FILE = (path: string, err: string): string => `Cannot read file ${path}, ${err}`;
/** TLS_NO_CERT_PEM is Go crypto/tls's text for a certificate file without PEM data. */
export const TLS_NO_CERT_PEM = 'tls: failed to find any PEM data in certificate input';
/** TLS_NO_KEY_PEM is Go crypto/tls's text for a key file without PEM data. */
export const TLS_NO_KEY_PEM = 'tls: failed to find any PEM data in key input';
/** TLS_CERT_AS_KEY is Go crypto/tls's text when the key file holds a certificate. */
export const TLS_CERT_AS_KEY = 'tls: found a certificate rather than a key in the PEM for the private key';
/** TLS_KEY_AS_CERT: the certificate input holds one private key and nothing else (the two files switched). */
export const TLS_KEY_AS_CERT = 'tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched';
/** TLS_KEY_MISMATCH is Go crypto/tls's text when key and certificate do not belong together. */
export const TLS_KEY_MISMATCH = 'tls: private key does not match public key';
/** TLS_KEY_TYPE_MISMATCH is Go crypto/tls's text when key and certificate use different algorithms. */
export const TLS_KEY_TYPE_MISMATCH = 'tls: private key type does not match public key type';
/** TLS_BAD_KEY is Go crypto/tls's text for an unparsable private key. */
export const TLS_BAD_KEY = 'tls: failed to parse private key';
/** X509_MALFORMED is Go crypto/x509's text for an unparsable certificate. */
export const X509_MALFORMED = 'x509: malformed certificate';
/** TLS_SECRET_TYPE is the Secret type kubectl sets. */
export const TLS_SECRET_TYPE = 'kubernetes.io/tls';

/** CreateSecretTlsOptions mirrors the command's flags. */
export interface CreateSecretTlsOptions { cert?: string; key?: string; appendHash?: boolean; namespace?: string }

interface PemBlock { type: string; text: string }

function pemBlocks(data: string): PemBlock[] {
  const out: PemBlock[] = [];
  const re = /-----BEGIN ([^-\r\n]*)-----[\s\S]*?-----END \1-----/g;
  for (let m = re.exec(data); m; m = re.exec(data)) out.push({ type: m[1]!, text: m[0] });
  return out;
}

function read(fs: GeneratorFs, path: string): Buffer {
  try {
    return toBuffer(fs.readFile(path));
  } catch (e) {
    throw new GeneratorError(CANNOT_READ_FILE(path, goPathErrorText('open', path, e)));
  }
}

// Mirrors Go's tls.X509KeyPair checks in kubectl's order; node:crypto parses and compares.
// kubemu: texts for rarer failures (unsupported key algorithms) are simplified.
function checkKeyPair(certPem: string, keyPem: string): void {
  const certs = pemBlocks(certPem);
  const cert = certs.find((b) => b.type === 'CERTIFICATE');
  if (!cert) {
    const skipped = certs.map((b) => b.type);
    if (!skipped.length) throw new GeneratorError(TLS_NO_CERT_PEM);
    if (skipped.length === 1 && skipped[0]!.endsWith('PRIVATE KEY')) throw new GeneratorError(TLS_KEY_AS_CERT);
    throw new GeneratorError(`tls: failed to find "CERTIFICATE" PEM block in certificate input after skipping PEM blocks of the following types: [${skipped.join(' ')}]`);
  }
  const keys = pemBlocks(keyPem);
  const at = keys.findIndex((b) => b.type === 'PRIVATE KEY' || b.type.endsWith(' PRIVATE KEY'));
  if (at < 0) {
    const skipped = keys.map((b) => b.type);
    if (!skipped.length) throw new GeneratorError(TLS_NO_KEY_PEM);
    if (skipped.length === 1 && skipped[0] === 'CERTIFICATE') throw new GeneratorError(TLS_CERT_AS_KEY);
    throw new GeneratorError(`tls: failed to find PEM block with type ending in "PRIVATE KEY" in key input after skipping PEM blocks of the following types: [${skipped.join(' ')}]`);
  }
  const key = keys[at]!;
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert.text);
  } catch {
    throw new GeneratorError(X509_MALFORMED);
  }
  let priv: KeyObject;
  try {
    priv = createPrivateKey(key.text);
  } catch {
    throw new GeneratorError(TLS_BAD_KEY);
  }
  if (x509.publicKey.asymmetricKeyType !== priv.asymmetricKeyType) throw new GeneratorError(TLS_KEY_TYPE_MISMATCH);
  if (!x509.checkPrivateKey(priv)) throw new GeneratorError(TLS_KEY_MISMATCH);
}

/** createSecretTls builds the kubernetes.io/tls Secret, refusing a certificate and key that do not pair. */
export function createSecretTls(name: string, o: CreateSecretTlsOptions, fs: GeneratorFs): KubeObject {
  if (!o.key || !o.cert) throw new GeneratorError(KEY_AND_CERT_REQUIRED);
  const cert = read(fs, o.cert);
  const key = read(fs, o.key);
  checkKeyPair(cert.toString('latin1'), key.toString('latin1'));
  return secretObject(name, o.namespace, TLS_SECRET_TYPE, { 'tls.crt': cert, 'tls.key': key }, o.appendHash);
}
