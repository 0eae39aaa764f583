/**
 * seeded-rsa: an RSA private key that is a pure function of a secret, so a cluster's
 * service-account key (kubeadm's sa.key, which kube-apiserver signs RS256 tokens with)
 * follows its seed as its CA does. node:crypto cannot seed RSA key generation, so the primes
 * are searched here: candidates come from a SHA-256 counter stream, a sieve of small primes
 * drops most of them, and node:crypto's checkPrimeSync (OpenSSL's Miller-Rabin, ~1 ms a
 * number where BigInt arithmetic takes ~10 ms) tests the rest. Its random witnesses cannot
 * change which prime is found: a prime always passes, a composite fails with probability
 * above 1 - 2^-128.
 */
import * as crypto from 'node:crypto';
import { integer, seq } from './der';

const E = 65537n;
/** SIEVE holds the odd primes below 2^13: past that, each extra prime removes too few candidates to pay for itself. */
const SIEVE: number[] = (() => {
  const out: number[] = [];
  for (let n = 3; n < 8192; n += 2) if (out.every((p) => p * p > n || n % p !== 0)) out.push(n);
  return out;
})();

/** byteStream returns a deterministic stream of bytes: SHA-256(secret ‖ counter) blocks. */
function byteStream(secret: string): (n: number) => Buffer {
  let counter = 0;
  return (n) => {
    const blocks: Buffer[] = [];
    for (let len = 0; len < n; len += 32) blocks.push(crypto.createHash('sha256').update(secret).update(`\0${counter++}`).digest());
    return Buffer.concat(blocks).subarray(0, n);
  };
}

/**
 * seededPrime finds the first prime at or after a candidate drawn from the stream. The top two
 * bits are set so the product of two such primes has exactly twice the bits; p ≢ 1 (mod e)
 * keeps e invertible.
 */
function seededPrime(bits: number, next: (n: number) => Buffer): bigint {
  for (;;) {
    const bytes = next(bits / 8);
    bytes[0]! |= 0xc0;
    bytes[bytes.length - 1]! |= 1;
    const start = BigInt(`0x${bytes.toString('hex')}`);
    const rem = SIEVE.map((p) => Number(start % BigInt(p)));
    // A search window of 2^14 odd numbers holds a 1024-bit prime with near certainty; otherwise draw again.
    for (let off = 0; off < 1 << 15; off += 2) {
      let sieved = true;
      for (let i = 0; i < SIEVE.length; i++) if ((rem[i]! + off) % SIEVE[i]! === 0) { sieved = false; break; }
      if (!sieved) continue;
      const candidate = start + BigInt(off);
      if ((candidate - 1n) % E === 0n) continue;
      if (crypto.checkPrimeSync(candidate)) return candidate;
    }
  }
}

function modInverse(a: bigint, m: bigint): bigint {
  let [r0, r1, s0, s1] = [a % m, m, 1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return ((s0 % m) + m) % m;
}

/**
 * seededRsaKey derives an RSA private key of modulusBits from secret: the same secret gives
 * the same key, byte for byte, on every machine.
 */
export function seededRsaKey(secret: string, modulusBits = 2048): crypto.KeyObject {
  const next = byteStream(secret);
  const half = modulusBits / 2;
  let p = seededPrime(half, next);
  let q = seededPrime(half, next);
  while (q === p) q = seededPrime(half, next);
  if (p < q) [p, q] = [q, p]; // PKCS#1 keys conventionally carry the larger prime first
  const n = p * q;
  const d = modInverse(E, (p - 1n) * (q - 1n));
  const pkcs1 = seq(integer(0), integer(n), integer(E), integer(d), integer(p), integer(q),
    integer(d % (p - 1n)), integer(d % (q - 1n)), integer(modInverse(q, p)));
  return crypto.createPrivateKey({ key: pkcs1, format: 'der', type: 'pkcs1' });
}
