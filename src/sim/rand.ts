/**
 * rand: the cluster's seeded random source (sfc32). Its state is persisted with the
 * cluster, so the same commands on the same seed draw the same numbers.
 */

/** Rand is what components get for every random choice (name suffixes, tie-breaks, jitter). */
export interface Rand {
  /** float returns a number in [0, 1). */
  float(): number;
  /** int returns an integer in [0, n). */
  int(n: number): number;
  /** suffix returns len characters from Kubernetes' name alphabet (utilrand.String). */
  suffix(len?: number): string;
  /** hex returns len lower-case hex digits. */
  hex(len: number): string;
  /** uuid returns a version-4 style UUID string. */
  uuid(): string;
  /** state serialises the generator for persistence. */
  state(): string;
  /** restore resumes from a serialised state (another process may have drawn since this one read it). */
  restore(state: string): void;
}

/** NAME_ALPHABET is the alphabet Kubernetes draws generated names from (no vowels, no confusable digits). */
export const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

const HEX = '0123456789abcdef';
const HEX_CODES = [...HEX].map((c) => c.charCodeAt(0));
const VARIANT_CODES = [...'89ab'].map((c) => c.charCodeAt(0));
const DASH = 45;
const VERSION_4 = 52;
/** UUID_CODES is uuid()'s scratch buffer: 36 character codes, reused (the string is made from it at once). */
const UUID_CODES: number[] = new Array<number>(36).fill(0);

/** newRand makes a generator from a seed, or restores one from a saved state. */
export function newRand(seedOrState: number | string): Rand {
  let a = 0, b = 0, c = 0, d = 0;
  const restore = (state: string) => {
    [a, b, c, d] = state.split(',').map((x) => Number(x) >>> 0) as [number, number, number, number];
  };
  if (typeof seedOrState === 'string') {
    restore(seedOrState);
  } else {
    a = 0x9e3779b9; b = 0x243f6a88; c = 0xb7e15162; d = seedOrState >>> 0;
    for (let i = 0; i < 15; i++) next();
  }
  function next(): number {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const r = (t + d) | 0;
    c = (c + r) | 0;
    return (r >>> 0) / 4294967296;
  }
  const int = (n: number) => Math.floor(next() * n);
  return {
    float: next,
    int,
    suffix(len = 5) {
      let s = '';
      for (let i = 0; i < len; i++) s += NAME_ALPHABET[int(NAME_ALPHABET.length)];
      return s;
    },
    hex(len: number) {
      let s = '';
      for (let i = 0; i < len; i++) s += HEX[int(16)];
      return s;
    },
    uuid() {
      // 32 hex draws, then the variant's: digit 12 is the version (4), digit 16 the variant.
      // Built from character codes: a 36-part template cost ~7 us a UUID, one per create.
      const codes = UUID_CODES;
      for (let i = 0, j = 0; i < 32; i++, j++) {
        if (i === 8 || i === 12 || i === 16 || i === 20) codes[j++] = DASH;
        codes[j] = HEX_CODES[int(16)]!;
      }
      codes[14] = VERSION_4;
      codes[19] = VARIANT_CODES[int(4)]!;
      return String.fromCharCode.apply(null, codes);
    },
    state: () => [a >>> 0, b >>> 0, c >>> 0, d >>> 0].join(','),
    restore,
  };
}

/**
 * drawingApart runs fn while rand draws from a stream of its own, seeded by seed, then resumes
 * rand where it was: objects a new cluster gains take their uids apart, so the cluster's other
 * draws (names, IPs) stay those of a cluster made without them.
 */
export function drawingApart<T>(rand: Rand, seed: number, fn: () => T): T {
  const resume = rand.state();
  rand.restore(newRand(seed).state());
  try {
    return fn();
  } finally {
    rand.restore(resume);
  }
}

/**
 * freshSeed picks the seed of a cluster created without --seed (the default cluster): the
 * one place kubemu takes randomness from outside a cluster. In [1, 2^31).
 */
export function freshSeed(): number {
  return 1 + Math.floor(Math.random() * (2 ** 31 - 1));
}
