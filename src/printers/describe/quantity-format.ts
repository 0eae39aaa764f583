/**
 * quantity-format: exact resource.Quantity arithmetic and canonical String() output, which
 * describe needs for Limits/Requests, node capacity and summed pod requests ("350m",
 * "164Mi"). The shared api/quantity.ts works in floating point and cannot print.
 */

/** QuantityFormat is apimachinery's Format: which suffix family String() uses. */
export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

/** Quantity is an exact amount in nano-units plus the format it was written in. */
export interface Quantity { nanos: bigint; format: QuantityFormat }

const NANO = 1_000_000_000n;
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY: Record<string, number> = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 };
const FORM = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])|[eE]([+-]?[0-9]+))?$/;

/** ZERO is the zero Quantity (prints "0"). */
export const ZERO: Quantity = { nanos: 0n, format: 'DecimalSI' };

// Divides rounding away from zero, as Quantity rounds up to nano precision.
function divCeil(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b === 0n ? q : a > 0n ? q + 1n : q - 1n;
}

/** parseQuantityExact parses "100m", "1.5Gi", "2e3"; undefined when malformed. */
export function parseQuantityExact(value: string | number | undefined): Quantity | undefined {
  if (value === undefined || value === null) return undefined;
  const s = String(value);
  const m = FORM.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const [, sign, int, frac = '', suffix, exp] = m;
  let digits = BigInt((int || '0') + frac);
  let scale = -frac.length; // value = digits × 10^scale × multiplier
  let format: QuantityFormat = 'DecimalSI';
  let binaryPow = 0;
  if (exp !== undefined) { scale += Number(exp); format = 'DecimalExponent'; }
  else if (suffix !== undefined && suffix in BINARY) { binaryPow = BINARY[suffix]!; format = 'BinarySI'; }
  else scale += DECIMAL[suffix ?? '']!;
  digits *= 1024n ** BigInt(binaryPow);
  const shift = scale + 9;
  const nanos = shift >= 0 ? digits * 10n ** BigInt(shift) : divCeil(digits, 10n ** BigInt(-shift));
  return { nanos: sign === '-' ? -nanos : nanos, format };
}

/** quantityOf parses like parseQuantityExact but yields ZERO for missing or malformed input. */
export function quantityOf(value: string | number | undefined): Quantity {
  return parseQuantityExact(value) ?? ZERO;
}

/** addQuantity returns a + b in a's format (Quantity.Add keeps the receiver's format). */
export function addQuantity(a: Quantity, b: Quantity): Quantity {
  return { nanos: a.nanos + b.nanos, format: a.format };
}

/** compareQuantity returns -1, 0 or 1 (Quantity.Cmp). */
export function compareQuantity(a: Quantity, b: Quantity): number {
  return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
}

/** milliValue is Quantity.MilliValue: the amount in milli-units, rounded up. */
export function milliValue(q: Quantity): bigint {
  return divCeil(q.nanos, 1_000_000n);
}

/** value is Quantity.Value: the amount in whole units, rounded up. */
export function value(q: Quantity): bigint {
  return divCeil(q.nanos, NANO);
}

const DECIMAL_SUFFIX: Record<number, string> = { [-9]: 'n', [-6]: 'u', [-3]: 'm', 0: '', 3: 'k', 6: 'M', 9: 'G', 12: 'T', 15: 'P', 18: 'E' };
const BINARY_SUFFIX = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/** formatQuantity is Quantity.String(): the canonical form ("1500m", "2k", "1Gi", "512"). */
export function formatQuantity(q: Quantity): string {
  if (q.nanos === 0n) return '0';
  const neg = q.nanos < 0n;
  const abs = neg ? -q.nanos : q.nanos;
  const sign = neg ? '-' : '';
  let format = q.format;
  // Mirrors CanonicalizeBytes: small or fractional binary amounts print as DecimalSI.
  if (format === 'BinarySI' && (abs < 1024n * NANO || abs % NANO !== 0n)) format = 'DecimalSI';
  if (format === 'BinarySI') {
    let n = abs / NANO;
    let pow = 0;
    while (pow < BINARY_SUFFIX.length - 1 && n % 1024n === 0n) { n /= 1024n; pow++; }
    return `${sign}${n}${BINARY_SUFFIX[pow]}`;
  }
  // Strip factors of ten, then step the exponent down to a multiple of three.
  let mantissa = abs;
  let exponent = -9;
  while (mantissa % 10n === 0n) { mantissa /= 10n; exponent++; }
  const rem = ((exponent % 3) + 3) % 3;
  mantissa *= 10n ** BigInt(rem);
  exponent -= rem;
  if (format === 'DecimalExponent') return `${sign}${mantissa}${exponent === 0 ? '' : `e${exponent}`}`;
  while (exponent > 18) { mantissa *= 1000n; exponent -= 3; }
  return `${sign}${mantissa}${DECIMAL_SUFFIX[exponent]}`;
}

/** canonicalQuantity re-prints a manifest quantity string canonically ("1000m" → "1"). */
export function canonicalQuantity(value: string | number | undefined): string {
  const q = parseQuantityExact(value);
  return q === undefined ? String(value ?? '') : formatQuantity(q);
}
