/**
 * quantity-canonical: resource.Quantity's canonical spelling, which kubectl prints after
 * parsing a quantity (`set resources --limits=cpu=0.5,memory=1024Mi` → `500m`, `1Gi`).
 * Mirrors apimachinery pkg/api/resource quantity.go CanonicalizeBytes for the decimal-SI
 * and binary-SI formats; exponent forms are returned as given.
 */
import { QUANTITY_PATTERN_ERROR } from '../../api/quantity';

const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY: Record<string, number> = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 };
const BINARY_SUFFIX = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
const DECIMAL_STEPS: [number, string][] = [[18, 'E'], [15, 'P'], [12, 'T'], [9, 'G'], [6, 'M'], [3, 'k'], [0, ''], [-3, 'm'], [-6, 'u'], [-9, 'n']];

/** QuantityError is a quantity kubectl cannot parse; message is apimachinery's text. */
export class QuantityError extends Error { override readonly name = 'QuantityError'; }

/** canonicalQuantity parses a quantity and prints it canonically; throws QuantityError. */
export function canonicalQuantity(input: string): string {
  const m = /^([+-]?)([0-9]*\.?[0-9]*)([a-zA-Z]*)$/.exec(input);
  if (!m || !m[2] || m[2] === '.') throw new QuantityError(QUANTITY_PATTERN_ERROR);
  const [, sign, num, suffix] = m;
  if (/^[eE]/.test(suffix!)) return input;
  if (!(suffix! in DECIMAL) && !(suffix! in BINARY)) throw new QuantityError("unable to parse quantity's suffix");
  const [intPart, frac = ''] = num!.split('.');
  // nano is the value in units of 1e-9, rounded up as Quantity rounds to nano precision.
  let nano = BigInt((intPart || '0') + frac.padEnd(9, '0').slice(0, 9));
  if (frac.length > 9 && /[1-9]/.test(frac.slice(9))) nano += 1n;
  const binary = suffix! in BINARY;
  if (binary) nano *= 1024n ** BigInt(BINARY[suffix!]!);
  else {
    const e = DECIMAL[suffix!]!;
    nano = e >= 0 ? nano * 10n ** BigInt(e) : ceilDiv(nano, 10n ** BigInt(-e));
  }
  const neg = sign === '-' && nano !== 0n;
  const s = neg ? '-' : '';
  if (nano === 0n) return '0';
  const NANO = 1_000_000_000n;
  if (binary && nano % NANO === 0n && nano / NANO >= 1024n) {
    let bytes = nano / NANO;
    let i = 0;
    while (i < 6 && bytes % 1024n === 0n) { bytes /= 1024n; i++; }
    return `${s}${bytes}${BINARY_SUFFIX[i]}`;
  }
  for (const [e, suf] of DECIMAL_STEPS) {
    const unit = 10n ** BigInt(e + 9);
    if (nano % unit === 0n) return `${s}${nano / unit}${suf}`;
  }
  return `${s}${nano}n`;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
