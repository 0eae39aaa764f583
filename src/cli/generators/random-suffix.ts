/**
 * random-suffix: the 5-character suffix kubectl adds to generated names
 * (apimachinery util/rand.String). kubemu has no ambient randomness, so the caller injects it.
 */
import { createHash } from 'node:crypto';

/** SUFFIX_ALPHABET is apimachinery's rand alphabet: no vowels, no confusable digits. */
export const SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** RandomSuffix returns `n` characters from SUFFIX_ALPHABET; inject the cluster's seeded Rand in production. */
export type RandomSuffix = (n: number) => string;

/**
 * deterministicSuffix derives a suffix from `seed`, for callers without a Rand.
 * kubemu: kubectl uses a random suffix; a seeded one keeps output byte-identical across runs.
 */
export function deterministicSuffix(seed: string): RandomSuffix {
  return (n) => {
    const digest = createHash('sha256').update(seed).digest();
    let out = '';
    for (let i = 0; i < n; i++) out += SUFFIX_ALPHABET[digest[i % digest.length]! % SUFFIX_ALPHABET.length];
    return out;
  };
}
