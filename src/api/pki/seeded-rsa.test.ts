import * as crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seededRsaKey } from './seeded-rsa';
import { keyId, signJwt, verifyJwt } from './jwt';

const pkcs8 = (k: crypto.KeyObject) => k.export({ type: 'pkcs8', format: 'pem' }) as string;

describe('seededRsaKey', () => {
  const a = seededRsaKey('kubemu service-account key 7');

  it('gives the same key for the same secret and another for another secret', () => {
    expect(pkcs8(seededRsaKey('kubemu service-account key 7'))).toBe(pkcs8(a));
    expect(pkcs8(seededRsaKey('kubemu service-account key 8'))).not.toBe(pkcs8(a));
  });

  it('is a valid RSA-2048 key with e = 65537 that OpenSSL accepts and signs RS256 with', () => {
    expect(a.asymmetricKeyType).toBe('rsa');
    expect(a.asymmetricKeyDetails).toEqual({ modulusLength: 2048, publicExponent: 65537n });
    const jwk = a.export({ format: 'jwk' });
    const big = (s: string) => BigInt(`0x${Buffer.from(s, 'base64url').toString('hex')}`);
    const [n, p, q, d, e] = [big(jwk.n!), big(jwk.p!), big(jwk.q!), big(jwk.d!), big(jwk.e!)];
    expect(p * q).toBe(n);
    expect(p).not.toBe(q);
    expect(crypto.checkPrimeSync(p) && crypto.checkPrimeSync(q)).toBe(true);
    expect((d * e) % ((p - 1n) * (q - 1n))).toBe(1n);
    const pub = crypto.createPublicKey(a);
    const token = signJwt({ sub: 'x' }, a, keyId(pub));
    expect(verifyJwt(token, pub)).toEqual({ sub: 'x' });
  });

  it('is pinned: a change to the derivation changes every cluster\'s tokens, so it must be deliberate', () => {
    expect(keyId(crypto.createPublicKey(a))).toBe('uzdeVwwKyAEod77B_GG3m-ssZQygIEnIF-cF1vzUT-c');
  });
});
