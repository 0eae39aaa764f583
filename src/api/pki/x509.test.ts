import * as crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { children, der, integer, oid, read, readOid, time } from './der';
import { createCertificateRequest, issueCertificate, parseCertificate, parseCertificateRequest } from './x509';
import { decodeJwtClaims, keyId, signJwt, verifyJwt } from './jwt';

describe('der', () => {
  it('encodes lengths, integers, OIDs and times as DER does', () => {
    expect(der(0x04, Buffer.alloc(3)).toString('hex')).toBe('0403000000');
    expect(der(0x04, Buffer.alloc(200)).subarray(0, 3).toString('hex')).toBe('0481c8');
    expect(der(0x04, Buffer.alloc(300)).subarray(0, 4).toString('hex')).toBe('0482012c');
    expect(integer(0).toString('hex')).toBe('020100');
    expect(integer(127).toString('hex')).toBe('02017f');
    expect(integer(128).toString('hex')).toBe('02020080'); // a leading zero keeps it positive
    expect(integer(Buffer.from('000001', 'hex')).toString('hex')).toBe('020101'); // minimal
    expect(oid('1.2.840.113549.1.1.11').toString('hex')).toBe('06092a864886f70d01010b');
    expect(readOid(oid('2.5.29.37'), read(oid('2.5.29.37')))).toBe('2.5.29.37');
    expect(time(Date.UTC(2026, 0, 2, 3, 4, 5)).toString('latin1').slice(2)).toBe('260102030405Z');
    expect(time(Date.UTC(2051, 0, 1)).toString('latin1').slice(2)).toBe('20510101000000Z'); // GeneralizedTime from 2050
  });

  it('reads nested nodes back', () => {
    const seq = der(0x30, Buffer.concat([integer(5), oid('2.5.4.3')]));
    const kids = children(seq, read(seq));
    expect(kids.map((k) => k.tag)).toEqual([0x02, 0x06]);
  });
});

describe('x509', () => {
  const caKey = crypto.generateKeyPairSync('ed25519').privateKey;
  const caPub = crypto.createPublicKey(caKey).export({ type: 'spki', format: 'der' });
  const ca = { commonName: 'kubernetes', organization: [] };

  it('issues a certificate node:crypto parses and verifies, with the subject and validity asked for', () => {
    const userKey = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const spki = crypto.createPublicKey(userKey).export({ type: 'spki', format: 'der' });
    const pem = issueCertificate({ serial: 42n, subject: { commonName: 'jane', organization: ['dev'] }, notBeforeMs: Date.UTC(2026, 0, 1), notAfterMs: Date.UTC(2026, 0, 2), publicKeyDer: spki, isCA: false }, ca, caKey, caPub);
    const x = new crypto.X509Certificate(pem);
    expect(x.subject).toBe('O=dev\nCN=jane');
    expect(x.issuer).toBe('CN=kubernetes');
    expect(x.serialNumber).toBe('2A');
    expect(x.verify(crypto.createPublicKey(caKey))).toBe(true);
    expect(x.checkPrivateKey(userKey)).toBe(true);
    expect(x.ca).toBe(false);
    expect(x.keyUsage).toEqual(['1.3.6.1.5.5.7.3.2']);
    const parsed = parseCertificate(pem)!;
    expect(parsed.subject).toEqual({ commonName: 'jane', organization: ['dev'] });
    expect(parsed.notAfterMs - parsed.notBeforeMs).toBe(86_400_000);
    // Ed25519 signs deterministically: the same template gives the same bytes.
    expect(issueCertificate({ serial: 42n, subject: { commonName: 'jane', organization: ['dev'] }, notBeforeMs: Date.UTC(2026, 0, 1), notAfterMs: Date.UTC(2026, 0, 2), publicKeyDer: spki, isCA: false }, ca, caKey, caPub)).toBe(pem);
  });

  it('builds and reads PKCS#10 requests for RSA, EC and Ed25519 keys, checking their self-signature', () => {
    for (const key of [
      crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey,
      crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
      crypto.generateKeyPairSync('ed25519').privateKey,
    ]) {
      const pem = createCertificateRequest({ commonName: 'jane', organization: ['a', 'b'] }, key);
      expect(pem.startsWith('-----BEGIN CERTIFICATE REQUEST-----\n')).toBe(true);
      const r = parseCertificateRequest(pem)!;
      expect(r.subject.commonName).toBe('jane');
      expect([...r.subject.organization].sort()).toEqual(['a', 'b']);
      expect(r.signatureValid).toBe(true);
      expect(r.publicKeyDer.equals(crypto.createPublicKey(key).export({ type: 'spki', format: 'der' }))).toBe(true);
    }
    expect(parseCertificateRequest('-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----\n')).toBeUndefined();
    expect(parseCertificateRequest('not pem')).toBeUndefined();
  });
});

describe('jwt', () => {
  it('signs RS256, verifies with the key, and refuses a changed payload or another key', () => {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    const kid = keyId(publicKey);
    const token = signJwt({ sub: 'x', n: 1 }, privateKey, kid);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'RS256', kid });
    expect(verifyJwt(token, publicKey)).toEqual({ sub: 'x', n: 1 });
    expect(verifyJwt(token, other)).toBeUndefined();
    const [h, , s] = token.split('.');
    expect(verifyJwt(`${h}.${Buffer.from('{"sub":"y","n":1}').toString('base64url')}.${s}`, publicKey)).toBeUndefined();
    expect(decodeJwtClaims(token)).toEqual({ sub: 'x', n: 1 });
    expect(verifyJwt('a.b', publicKey)).toBeUndefined();
  });
});
