/**
 * Small Go formatting helpers for error texts that embed Go values.
 *
 * go-yaml and sigs.k8s.io/yaml print offending values with `%#v` (invalid map keys,
 * unsupported keys, duplicate keys), and go-yaml/encoding/json print floats with
 * strconv.FormatFloat. These functions reproduce those spellings for the value shapes a
 * YAML document can produce.
 */
import { goQuote } from '../api/go-quote';

/**
 * goSharpV formats a decoded YAML value like Go's `%#v` of the interface{} go-yaml v2
 * produced: maps as `map[interface {}]interface {}{...}` with sorted keys, lists as
 * `[]interface {}{...}`, nil inside a container as `interface {}(nil)`.
 */
export function goSharpV(v: unknown, top = true): string {
  if (v === null || v === undefined) return top ? '<nil>' : 'interface {}(nil)';
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : goFormatFloat(v, 64);
  if (typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map((x) => goSharpV(x, false)).join(', ')}}`;
  if (v instanceof Map) {
    const entries = [...v.entries()].sort((a, b) => compareGoKeys(a[0], b[0]));
    const body = entries.map(([k, x]) => `${goSharpV(k, false)}:${goSharpV(x, false)}`).join(', ');
    return `map[interface {}]interface {}{${body}}`;
  }
  const entries = Object.keys(v as object).sort();
  const body = entries.map((k) => `${goQuote(k)}:${goSharpV((v as Record<string, unknown>)[k], false)}`).join(', ');
  return `map[interface {}]interface {}{${body}}`;
}

function compareGoKeys(a: unknown, b: unknown): number {
  const sa = typeof a === 'string' ? a : JSON.stringify(a);
  const sb = typeof b === 'string' ? b : JSON.stringify(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/**
 * goFormatFloat is strconv.FormatFloat(f, 'g', -1, bits): the shortest digits that round
 * trip at that precision, in exponent form when the decimal exponent is below -4 or at
 * least 6 (Go's 'g' rule for shortest output, also what `%v` prints).
 */
export function goFormatFloat(f: number, bits: 32 | 64): string {
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return '+Inf';
  if (f === -Infinity) return '-Inf';
  if (f === 0) return Object.is(f, -0) ? '-0' : '0';
  const { digits, exp } = shortestDigits(f, bits);
  const neg = f < 0 ? '-' : '';
  if (exp < -4 || exp >= 6) {
    // Go %e form: d[.ddd]e±XX with at least two exponent digits.
    const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exp);
    return `${neg}${mant}e${exp < 0 ? '-' : '+'}${e < 10 ? '0' + e : e}`;
  }
  if (exp >= digits.length - 1) return neg + digits + '0'.repeat(exp - digits.length + 1);
  if (exp >= 0) return `${neg}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  return `${neg}0.${'0'.repeat(-exp - 1)}${digits}`;
}

// shortestDigits returns the significant digits (no dot) and the decimal exponent of the
// first digit, using the shortest representation that round-trips at `bits` precision.
function shortestDigits(f: number, bits: 32 | 64): { digits: string; exp: number } {
  let s: string;
  if (bits === 64) {
    s = Math.abs(f).toExponential();
  } else {
    const target = Math.fround(f);
    s = Math.abs(target).toExponential();
    for (let p = 1; p <= 9; p++) {
      const c = Math.abs(target).toExponential(p - 1);
      if (Math.fround(Number(c)) === Math.abs(target)) { s = c; break; }
    }
  }
  const [m, e] = s.split('e');
  return { digits: m.replace('.', '').replace(/0+$/, '') || '0', exp: Number(e) };
}
