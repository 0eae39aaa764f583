/**
 * decode-quantity: which strings resource.Quantity's JSON decoding rejects, and with which of
 * apimachinery's three errors (pkg/api/resource/quantity.go ParseQuantity, suffix.go interpret).
 */
import { QUANTITY_PATTERN_ERROR } from '../api/quantity';

/** QUANTITY_FORMAT_ERROR is ErrFormatWrong: the text does not have a quantity's shape. */
export const QUANTITY_FORMAT_ERROR = QUANTITY_PATTERN_ERROR;
/** QUANTITY_SUFFIX_ERROR is ErrSuffix: the shape is right but the suffix is not a known one ("1GG", "5e"). */
export const QUANTITY_SUFFIX_ERROR = "unable to parse quantity's suffix";

// The scanner accepts: a sign, digits, an optional fraction, then a run of suffix letters, an
// optional sign and digits. Anything left over is ErrFormatWrong.
const SHAPE = /^[+-]?[0-9]*(?:\.[0-9]*)?([eEinumkKMGTP]*[-+]?[0-9]*)$/;
const NAMED_SUFFIXES = new Set(['', 'n', 'u', 'm', 'k', 'M', 'G', 'T', 'P', 'E', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei']);
// An exponent suffix is e/E then anything strconv.ParseInt(…, 10, 64) accepts.
const EXPONENT = /^[eE][+-]?[0-9]+$/;
const INT64_MAX_DIGITS = 19;

/**
 * quantityJsonError returns the error Quantity.UnmarshalJSON gives for one JSON value, or
 * undefined when it decodes. `json` is the value's JSON text: quotes around a string are
 * stripped without unescaping, exactly as upstream does; null always decodes.
 * kubemu: a numeric part with no digits at all whose slow path would fail (ErrNumeric) is accepted.
 */
export function quantityJsonError(json: string): string | undefined {
  if (json === 'null') return undefined;
  let text = json;
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1);
  return quantityStringError(text.trim());
}

/** quantityStringError returns ParseQuantity's error for an already unquoted, trimmed string. */
export function quantityStringError(str: string): string | undefined {
  if (str === '') return QUANTITY_FORMAT_ERROR;
  const m = SHAPE.exec(str);
  if (!m) return QUANTITY_FORMAT_ERROR;
  const suffix = m[1]!;
  if (NAMED_SUFFIXES.has(suffix)) return undefined;
  if (EXPONENT.test(suffix) && suffix.replace(/^[eE][+-]?0*/, '').length <= INT64_MAX_DIGITS) return undefined;
  return QUANTITY_SUFFIX_ERROR;
}
