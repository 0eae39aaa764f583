/**
 * quantity: apimachinery's resource.Quantity (pkg/api/resource), exactly. A Quantity is an
 * amount in nano-units (a bigint: ParseQuantity rounds every value up to nano precision) plus
 * the Format its String() prints in. Parsing follows upstream's scanner and its three errors;
 * formatQuantity is String()'s canonical form ("1500m", "1.5Gi" → "1536Mi").
 */

/** QuantityFormat is apimachinery's Format: which suffix family String() uses. */
export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

/** Quantity is an exact amount in nano-units plus the format it was written in. Never mutated. */
export interface Quantity { readonly nanos: bigint; readonly format: QuantityFormat }

/** QUANTITY_FORMAT_ERROR is ErrFormatWrong: the text does not have a quantity's shape. */
export const QUANTITY_FORMAT_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
/** QUANTITY_SUFFIX_ERROR is ErrSuffix: the shape is right but the suffix is not a known one ("1GG", "5e"). */
export const QUANTITY_SUFFIX_ERROR = "unable to parse quantity's suffix";
/** QUANTITY_NUMERIC_ERROR is ErrNumeric: the number itself cannot be read (".e-10"). */
export const QUANTITY_NUMERIC_ERROR = 'unable to parse numeric part of quantity';

/** QuantityError is a quantity that does not parse; its message is one of the three texts above. */
export class QuantityError extends Error { override readonly name = 'QuantityError'; }

/** ZERO is the zero Quantity (prints "0"). */
export const ZERO: Quantity = Object.freeze({ nanos: 0n, format: 'DecimalSI' });

const NANO = 1_000_000_000n;
const DECIMAL_EXPONENT: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_EXPONENT: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL_SUFFIX: Record<number, string> = { [-9]: 'n', [-6]: 'u', [-3]: 'm', 0: '', 3: 'k', 6: 'M', 9: 'G', 12: 'T', 15: 'P', 18: 'E' };
const BINARY_SUFFIX = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
/** maxAllowed: a BinarySI amount is capped at int64's maximum (in whole units). */
const MAX_BINARY_NANOS = (2n ** 63n - 1n) * NANO;
/** kubemu: a decimal exponent beyond this is refused (inf.Dec would hold it; a bigint would not fit). */
const MAX_DECIMAL_SHIFT = 100_000;

// Upstream's scanner as one pattern: sign, leading zeros, digits, an optional fraction, then a
// run of suffix letters with an optional signed exponent. Anything else is ErrFormatWrong.
const SHAPE = /^([+-]?)0*([0-9]*)(?:\.([0-9]*))?([eEinumkKMGTP]*[-+]?[0-9]*)$/;
const INT64_TEXT = /^[+-]?[0-9]+$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

interface Suffix { base: 10 | 2; exponent: number; format: QuantityFormat }

// The suffixer's interpret(): the named suffixes, then e/E and an int64 (truncated to int32 as upstream does).
function interpretSuffix(suffix: string): Suffix | undefined {
  if (suffix in DECIMAL_EXPONENT) return { base: 10, exponent: DECIMAL_EXPONENT[suffix]!, format: 'DecimalSI' };
  if (suffix in BINARY_EXPONENT) return { base: 2, exponent: BINARY_EXPONENT[suffix]!, format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && INT64_TEXT.test(suffix.slice(1))) {
    const n = BigInt(suffix.slice(1));
    if (n >= INT64_MIN && n <= INT64_MAX) return { base: 10, exponent: Number(BigInt.asIntN(32, n)), format: 'DecimalExponent' };
  }
  return undefined;
}

// Divides rounding away from zero, as ParseQuantity rounds up to nano precision.
function divAway(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b === 0n ? q : a > 0n ? q + 1n : q - 1n;
}

// Whether upstream takes its inf.Dec slow path, where a numeric part with no digit is ErrNumeric.
function slowPath(num: string, denom: string, s: Suffix): boolean {
  if (s.base === 2) return !(denom === '' && 15 - num.length - Math.trunc((s.exponent * 3) / 10) - 1 >= 0);
  return 18 - num.length - denom.length < 0 || s.exponent - denom.length < -9;
}

function parseUncached(str: string): Quantity | string {
  if (str === '') return QUANTITY_FORMAT_ERROR;
  if (str === '0') return ZERO;
  const m = SHAPE.exec(str);
  if (!m) return QUANTITY_FORMAT_ERROR;
  const [, sign, digits, denom = '', suffixText] = m;
  const num = digits || '0';
  const suffix = interpretSuffix(suffixText!);
  if (!suffix) return QUANTITY_SUFFIX_ERROR;
  if (!/[0-9]/.test(str.slice(0, str.length - suffixText!.length)) && slowPath(num, denom, suffix)) return QUANTITY_NUMERIC_ERROR;
  let abs = BigInt(num + denom);
  let shift = 9 - denom.length; // abs × 10^shift is the amount in nano-units (before a binary multiplier)
  if (suffix.base === 2) abs <<= BigInt(suffix.exponent);
  else shift += suffix.exponent;
  if (shift > MAX_DECIMAL_SHIFT) return QUANTITY_NUMERIC_ERROR;
  let nanos = shift >= 0 ? abs * 10n ** BigInt(shift) : abs === 0n ? 0n : shift < -abs.toString().length ? 1n : divAway(abs, 10n ** BigInt(-shift));
  let format = suffix.format;
  if (format === 'BinarySI') {
    if (nanos > MAX_BINARY_NANOS) nanos = MAX_BINARY_NANOS;
    if (nanos > 0n && nanos < NANO) format = 'DecimalSI'; // a fraction of a byte prints as DecimalSI
  }
  return { nanos: sign === '-' ? -nanos : nanos, format };
}

// Manifests repeat a handful of quantities ("100m", "128Mi"): the scheduler and kubelet parse
// them on every pass, so parsed values (immutable) are kept, up to a bound.
const CACHE_LIMIT = 4096;
const cache = new Map<string, Quantity | string>();

function parseCached(str: string): Quantity | string {
  let hit = cache.get(str);
  if (hit === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    hit = parseUncached(str);
    cache.set(str, hit);
  }
  return hit;
}

/** quantityParseError returns ParseQuantity's error text for a string, or undefined when it parses. */
export function quantityParseError(str: string): string | undefined {
  const r = parseCached(str);
  return typeof r === 'string' ? r : undefined;
}

/** parseQuantity is ParseQuantity ("100m", "1.5Gi", "2e3"; a number as its JSON text); throws QuantityError. */
export function parseQuantity(value: string | number): Quantity {
  const r = parseCached(String(value));
  if (typeof r === 'string') throw new QuantityError(r);
  return r;
}

/** tryParseQuantity is parseQuantity, with undefined for missing or malformed input. */
export function tryParseQuantity(value: string | number | undefined | null): Quantity | undefined {
  if (value === undefined || value === null) return undefined;
  const r = parseCached(String(value));
  return typeof r === 'string' ? undefined : r;
}

/** quantityOf is tryParseQuantity with ZERO for missing or malformed input (an unset request). */
export function quantityOf(value: string | number | undefined | null): Quantity {
  return tryParseQuantity(value) ?? ZERO;
}

/**
 * quantityJsonError returns the error Quantity.UnmarshalJSON gives for one JSON value, or
 * undefined when it decodes. `json` is the value's JSON text: quotes around a string are
 * stripped without unescaping, exactly as upstream does; null always decodes.
 */
export function quantityJsonError(json: string): string | undefined {
  if (json === 'null') return undefined;
  let text = json;
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
  return quantityParseError(text.trim());
}

/** addQuantity is Quantity.Add: a + b in a's format (zero takes b's). */
export function addQuantity(a: Quantity, b: Quantity): Quantity {
  return { nanos: a.nanos + b.nanos, format: a.nanos === 0n ? b.format : a.format };
}

/** subQuantity is Quantity.Sub: a − b in a's format (zero takes b's). */
export function subQuantity(a: Quantity, b: Quantity): Quantity {
  return { nanos: a.nanos - b.nanos, format: a.nanos === 0n ? b.format : a.format };
}

/** compareQuantity is Quantity.Cmp: -1, 0 or 1. */
export function compareQuantity(a: Quantity, b: Quantity): -1 | 0 | 1 {
  return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
}

/** milliValue is Quantity.MilliValue: the amount in milli-units, rounded up. */
export function milliValue(q: Quantity): bigint {
  return divAway(q.nanos, 1_000_000n);
}

/** value is Quantity.Value: the amount in whole units, rounded up. */
export function value(q: Quantity): bigint {
  return divAway(q.nanos, NANO);
}

/** asApproximateFloat64 is Quantity.AsApproximateFloat64, for ratios and sorting, never for sums. */
export function asApproximateFloat64(q: Quantity): number {
  const whole = q.nanos / NANO;
  return Number(whole) + Number(q.nanos - whole * NANO) / 1e9;
}

/** formatQuantity is Quantity.String(): the canonical form ("1500m", "2k", "1Gi", "512"). */
export function formatQuantity(q: Quantity): string {
  if (q.nanos === 0n) return '0';
  const sign = q.nanos < 0n ? '-' : '';
  const abs = q.nanos < 0n ? -q.nanos : q.nanos;
  let format = q.format;
  // CanonicalizeBytes: a binary amount under 1024, or not a whole number, prints as DecimalSI.
  if (format === 'BinarySI' && (abs < 1024n * NANO || abs % NANO !== 0n)) format = 'DecimalSI';
  if (format === 'BinarySI') {
    let n = abs / NANO;
    let pow = 0;
    while (n % 1024n === 0n) { n /= 1024n; pow++; }
    return `${sign}${n}${BINARY_SUFFIX[pow] ?? ''}`;
  }
  // AsCanonicalBytes: strip factors of ten, then step the exponent down to a multiple of three.
  let mantissa = abs;
  let exponent = -9;
  while (mantissa % 10n === 0n) { mantissa /= 10n; exponent++; }
  const rem = ((exponent % 3) + 3) % 3;
  mantissa *= 10n ** BigInt(rem);
  exponent -= rem;
  if (format === 'DecimalExponent') return `${sign}${mantissa}${exponent === 0 ? '' : `e${exponent}`}`;
  // Upstream prints no suffix past E (it has none): "1000E" reads back as "1". Kept as kubectl shows it.
  return `${sign}${mantissa}${DECIMAL_SUFFIX[exponent] ?? ''}`;
}

/** canonicalQuantity re-prints a quantity canonically ("1000m" → "1"); a malformed one is returned as written. */
export function canonicalQuantity(input: string | number | undefined): string {
  const q = tryParseQuantity(input);
  return q === undefined ? String(input ?? '') : formatQuantity(q);
}

/**
 * Int64Form is what ParseQuantity keeps for most quantities (its int64 fast path): the amount
 * as value × 10^scale, and whether it caches the text as written as its string, which it does
 * when that text is already canonical to its eyes ("500m", "1Gi"; not "1000m", "0.5", "2048Mi").
 */
export interface Int64Form { readonly value: bigint; readonly scale: number; readonly keepsText: boolean; readonly format: QuantityFormat }

/** int64Form is ParseQuantity's fast path for a well-formed quantity; undefined where it takes the inf.Dec path. */
export function int64Form(str: string): Int64Form | undefined {
  if (str === '0') return { value: 0n, scale: 0, keepsText: true, format: 'DecimalSI' };
  const m = SHAPE.exec(str);
  const suffix = m && interpretSuffix(m[4]!);
  if (!m || !suffix) return undefined;
  const [, sign, digits, denom = ''] = m;
  const num = digits || '0';
  let scale: number;
  let mantissa = 1n;
  let precision: number;
  if (suffix.base === 10) {
    scale = suffix.exponent;
    precision = 18 - (num.length + denom.length);
  } else {
    scale = 0;
    if (denom !== '') return undefined;
    mantissa = 1n << BigInt(suffix.exponent);
    precision = 15 - num.length - Math.trunc((suffix.exponent * 3) / 10) - 1;
  }
  if (precision < 0) return undefined;
  scale -= denom.length;
  if (scale < -9) return undefined;
  const shifted = num + denom;
  const amount = BigInt(shifted);
  const magnitude = amount * mantissa;
  if (magnitude > INT64_MAX) return undefined;
  const keepsText = suffix.base === 2
    ? suffix.exponent % 10 === 0 && (amount & 7n) !== 0n
    : scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
  return { value: sign === '-' ? -magnitude : magnitude, scale, keepsText, format: suffix.format };
}

/**
 * storedQuantityText is the text a quantity written as `str` is stored and served as: the
 * text itself where ParseQuantity keeps it, else String()'s canonical form, as MarshalJSON
 * writes ("1000m" → "1", "0.5" → "500m", "2048Mi" → "2Gi"). A malformed one is returned as written.
 */
export function storedQuantityText(str: string): string {
  let stored = storedTexts.get(str);
  if (stored === undefined) {
    stored = int64Form(str)?.keepsText ? str : canonicalQuantity(str);
    if (storedTexts.size >= CACHE_LIMIT) storedTexts.clear();
    storedTexts.set(str, stored);
  }
  return stored;
}

// Like parsed values, stored forms repeat ("100m", "128Mi") across a stream's documents.
const storedTexts = new Map<string, string>();

/**
 * quantityGoSyntax is a Quantity as fmt's %#v prints it, as an API server's field error shows a
 * bad Quantity value (LimitRange's ordering checks): its int64 amount and scale, and its cached
 * string (String() has run by then). Where upstream keeps an inf.Dec instead, the pointer it
 * prints is the process's own; a fixed one stands for it.
 */
export function quantityGoSyntax(text: string): string {
  const q = tryParseQuantity(text);
  if (!q) return JSON.stringify(text);
  const form = int64Form(text);
  const i = form ? `value:${form.value}, scale:${form.scale}` : 'value:0, scale:0';
  const dec = form ? 'nil' : '0xc000010000';
  return `resource.Quantity{i:resource.int64Amount{${i}}, d:resource.infDecAmount{Dec:(*inf.Dec)(${dec})}, s:${JSON.stringify(formatQuantity(q))}, Format:"${form?.format ?? q.format}"}`;
}
