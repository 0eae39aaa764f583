/**
 * quantity: resource.Quantity parsing ("100m", "1Gi", "2e3") into numbers of base units,
 * and the exact error text apimachinery gives for a malformed one.
 */

/** QUANTITY_PATTERN_ERROR is apimachinery's ErrFormatWrong text. */
export const QUANTITY_PATTERN_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

const SUFFIX: Record<string, number> = {
  '': 1, n: 1e-9, u: 1e-6, m: 1e-3, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18,
  Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60,
};

const FORM = /^([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(?:(n|u|m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)|[eE]([+-]?[0-9]+))?$/;

/** tryParseQuantity returns the quantity in base units (cores, bytes), or undefined if malformed. */
export function tryParseQuantity(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const m = FORM.exec(value.trim() === value ? value : '');
  if (!m) return undefined;
  const n = Number(m[1]);
  if (m[3] !== undefined) return n * 10 ** Number(m[3]);
  return n * SUFFIX[m[2] ?? '']!;
}

/** parseQuantity is tryParseQuantity that throws QUANTITY_PATTERN_ERROR. */
export function parseQuantity(value: string | number): number {
  const q = tryParseQuantity(value);
  if (q === undefined) throw new Error(QUANTITY_PATTERN_ERROR);
  return q;
}

/** milli converts a CPU-like quantity to integer milli-units (rounding up, as MilliValue does). */
export function milli(value: string | number | undefined): number {
  if (value === undefined) return 0;
  return Math.ceil(parseQuantity(value) * 1000 - 1e-9);
}
