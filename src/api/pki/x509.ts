/**
 * x509: the certificates a cluster's CA issues and the PKCS#10 requests users send in a
 * CertificateSigningRequest — building them (node:crypto signs, der.ts encodes) and reading
 * back what authentication and the signer need: subject CN and O, the public key, validity.
 * Names are written in Go's pkix order (O before CN, each attribute its own RDN).
 */
import * as crypto from 'node:crypto';
import { bitString, bool, children, content, der, explicit, integer, nullDer, octets, oid, pemDecode, pemEncode, read, readOid, seq, set, time, utf8, whole, type Node } from './der';

const OID_CN = '2.5.4.3';
const OID_O = '2.5.4.10';
const OID_ED25519 = '1.3.101.112';
const OID_SHA256_RSA = '1.2.840.113549.1.1.11';
const OID_ECDSA_SHA256 = '1.2.840.10045.4.3.2';

/** Subject is the part of a pkix.Name Kubernetes reads: CN is the user, O the groups. */
export interface Subject { commonName: string; organization: string[] }

/** CertificateAuthority is a CA: what signs client certificates and what verifies them. */
export interface CertificateAuthority {
  readonly certPem: string;
  readonly key: crypto.KeyObject;
  readonly publicKey: crypto.KeyObject;
  readonly publicKeyDer: Buffer;
  readonly subject: Subject;
  readonly notAfterMs: number;
}

/** CSR_PEM_TYPE is the PEM block a CSR's spec.request holds. */
export const CSR_PEM_TYPE = 'CERTIFICATE REQUEST';
export const CERT_PEM_TYPE = 'CERTIFICATE';

function name(s: Subject): Buffer {
  const rdns: Buffer[] = [];
  if (s.organization.length) rdns.push(set(...s.organization.map((o) => seq(oid(OID_O), utf8(o)))));
  if (s.commonName) rdns.push(set(seq(oid(OID_CN), utf8(s.commonName))));
  return seq(...rdns);
}

function readName(buf: Buffer, n: Node): Subject {
  const out: Subject = { commonName: '', organization: [] };
  for (const rdn of children(buf, n)) {
    for (const atv of children(buf, rdn)) {
      const [t, v] = children(buf, atv);
      if (!t || !v) continue;
      const type = readOid(buf, t);
      const value = content(buf, v).toString('utf8');
      if (type === OID_CN) out.commonName = value;
      else if (type === OID_O) out.organization.push(value);
    }
  }
  return out;
}

/** signatureAlgorithm is the AlgorithmIdentifier and digest node:crypto signs with for a key. */
function signatureAlgorithm(key: crypto.KeyObject): { algId: Buffer; digest: string | null } {
  switch (key.asymmetricKeyType) {
    case 'ed25519': return { algId: seq(oid(OID_ED25519)), digest: null };
    case 'rsa': return { algId: seq(oid(OID_SHA256_RSA), nullDer()), digest: 'sha256' };
    case 'ec': return { algId: seq(oid(OID_ECDSA_SHA256)), digest: 'sha256' };
    default: throw new Error(`unsupported key type ${key.asymmetricKeyType}`);
  }
}

function digestOf(algOid: string): string | null | undefined {
  if (algOid === OID_ED25519) return null;
  if (algOid === OID_SHA256_RSA || algOid === OID_ECDSA_SHA256) return 'sha256';
  return undefined;
}

/** CertificateTemplate is what the issuer decides about a new certificate. */
export interface CertificateTemplate {
  serial: bigint;
  subject: Subject;
  notBeforeMs: number;
  notAfterMs: number;
  /** publicKey is the subject's key (SubjectPublicKeyInfo DER). */
  publicKeyDer: Buffer;
  isCA: boolean;
  /** serverNames makes a serving certificate (extKeyUsage serverAuth) for these DNS names and IP addresses. */
  serverNames?: { dns: readonly string[]; ips: readonly string[] };
}

/** subjectAltNames encodes GeneralNames: dNSName [2] and iPAddress [7] (IPv4 only). */
function subjectAltNames(names: { dns: readonly string[]; ips: readonly string[] }): Buffer {
  return seq(
    ...names.dns.map((d) => der(0x82, Buffer.from(d, 'ascii'))),
    ...names.ips.map((ip) => der(0x87, Buffer.from(ip.split('.').map(Number)))),
  );
}

/** issueCertificate builds and signs a certificate with the issuer's key; returns its PEM. */
export function issueCertificate(t: CertificateTemplate, issuer: Subject, issuerKey: crypto.KeyObject, issuerPublicDer: Buffer): string {
  const { algId, digest } = signatureAlgorithm(issuerKey);
  const keyId = (spki: Buffer) => crypto.createHash('sha1').update(spki).digest();
  const ext = (id: string, critical: boolean, value: Buffer) => seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));
  const extensions = t.isCA
    ? [
      ext('2.5.29.15', true, der(0x03, Buffer.from([0x02, 0xa4]))), // digitalSignature, keyEncipherment, keyCertSign
      ext('2.5.29.19', true, seq(bool(true))),
      ext('2.5.29.14', false, octets(keyId(t.publicKeyDer))),
    ]
    : [
      ext('2.5.29.15', true, der(0x03, Buffer.from([0x05, 0xa0]))), // digitalSignature, keyEncipherment
      ext('2.5.29.37', false, seq(oid(t.serverNames ? '1.3.6.1.5.5.7.3.1' : '1.3.6.1.5.5.7.3.2'))), // serverAuth or clientAuth
      ext('2.5.29.19', true, seq()),
      ext('2.5.29.35', false, seq(der(0x80, keyId(issuerPublicDer)))),
      ...(t.serverNames ? [ext('2.5.29.17', false, subjectAltNames(t.serverNames))] : []),
    ];
  const tbs = seq(
    explicit(0, integer(2)),
    integer(t.serial),
    algId,
    name(issuer),
    seq(time(t.notBeforeMs), time(t.notAfterMs)),
    name(t.subject),
    t.publicKeyDer,
    explicit(3, seq(...extensions)),
  );
  const sig = crypto.sign(digest, tbs, issuerKey);
  return pemEncode(seq(tbs, algId, bitString(sig)), CERT_PEM_TYPE);
}

/** ParsedCertificate is what authentication reads from a client certificate. */
export interface ParsedCertificate { subject: Subject; issuer: Subject; notBeforeMs: number; notAfterMs: number; x509: crypto.X509Certificate }

/** parseCertificate reads the first CERTIFICATE block of pem; undefined when there is none or it does not parse. */
export function parseCertificate(pem: string): ParsedCertificate | undefined {
  const bytes = pemDecode(pem, CERT_PEM_TYPE);
  if (!bytes) return undefined;
  try {
    const x509 = new crypto.X509Certificate(bytes);
    const cert = read(bytes);
    const tbs = children(bytes, children(bytes, cert)[0]!);
    // version [0] is present in v3 certificates: serial, sigAlg, issuer, validity, subject follow.
    const at = tbs[0]!.tag === 0xa0 ? 1 : 0;
    return {
      subject: readName(bytes, tbs[at + 4]!),
      issuer: readName(bytes, tbs[at + 2]!),
      notBeforeMs: Date.parse(x509.validFrom),
      notAfterMs: Date.parse(x509.validTo),
      x509,
    };
  } catch {
    return undefined;
  }
}

/** ParsedRequest is a PKCS#10 request: its subject, public key, and whether its self-signature holds. */
export interface ParsedRequest { subject: Subject; publicKeyDer: Buffer; signatureValid: boolean }

/** parseCertificateRequest reads spec.request's PEM; undefined when it is not a well-formed request. */
export function parseCertificateRequest(pem: string): ParsedRequest | undefined {
  const bytes = pemDecode(pem, CSR_PEM_TYPE);
  if (!bytes) return undefined;
  try {
    const top = children(bytes, read(bytes));
    const [info, alg, sig] = top;
    if (!info || !alg || !sig) return undefined;
    const [, subject, spki] = children(bytes, info);
    if (!subject || !spki) return undefined;
    const publicKeyDer = Buffer.from(whole(bytes, spki));
    const digest = digestOf(readOid(bytes, children(bytes, alg)[0]!));
    let signatureValid = false;
    if (digest !== undefined) {
      const key = crypto.createPublicKey({ key: publicKeyDer, format: 'der', type: 'spki' });
      signatureValid = crypto.verify(digest, whole(bytes, info), key, content(bytes, sig).subarray(1));
    }
    return { subject: readName(bytes, subject), publicKeyDer, signatureValid };
  } catch {
    return undefined;
  }
}

/** createCertificateRequest builds a PKCS#10 request signed by key (what `openssl req -new` makes). */
export function createCertificateRequest(subject: Subject, key: crypto.KeyObject): string {
  const spki = crypto.createPublicKey(key).export({ type: 'spki', format: 'der' });
  const info = seq(integer(0), name(subject), spki, der(0xa0, Buffer.alloc(0)));
  const { algId, digest } = signatureAlgorithm(key);
  const sig = crypto.sign(digest, info, key);
  return pemEncode(seq(info, algId, bitString(sig)), CSR_PEM_TYPE);
}
