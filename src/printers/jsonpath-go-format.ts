/**
 * jsonpath-go-format: how Go's fmt and encoding/json print the JSON-shaped values kubectl's
 * jsonpath engine handles (map[string]interface{}, []interface{}, string, int64, float64,
 * bool, nil). kubemu's values are plain JS JSON; an integral number stands for Go's int64
 * (what kubectl's JSON decoder produces for integers) and any other number for float64.
 *
 * Map keys are always printed sorted, as Go's fmt and encoding/json do.
 */
import { goQuote } from '../api/go-quote';

/** isGoMap reports whether v is a JSON object (Go map[string]interface{}). */
export function isGoMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** sortedKeys lists a map's keys in Go's order (byte order; UTF-16 order is close enough). */
export function sortedKeys(m: Record<string, unknown>): string[] {
  return Object.keys(m).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * formatGoFloat prints a float64 as fmt's %v (and %#v) does: strconv's shortest %g, which
 * switches to exponent form when the decimal exponent is < -4 or >= 6 ("1.2345675e+06",
 * "1e-05"), with at least two exponent digits.
 */
export function formatGoFloat(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  // toExponential() without digits gives the shortest round-tripping mantissa, like Go's -1 precision.
  const [mant, ex] = n.toExponential().split('e') as [string, string];
  const e = Number(ex);
  if (e < -4 || e >= 6) {
    const digits = String(Math.abs(e));
    return `${mant}e${e < 0 ? '-' : '+'}${digits.length < 2 ? '0' + digits : digits}`;
  }
  return String(n);
}

/** formatGoNumber prints a JSON number as Go's %v: int64 in decimal, float64 per formatGoFloat. */
export function formatGoNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return BigInt(n).toString();
  return formatGoFloat(n);
}

/**
 * formatGoValue prints v as Go's fmt.Sprint (%v) would: strings raw, nil as "<nil>", maps as
 * "map[k:v k2:v2]" (sorted keys), slices as "[a b]".
 */
export function formatGoValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return formatGoNumber(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return `[${v.map(formatGoValue).join(' ')}]`;
  if (isGoMap(v)) return `map[${sortedKeys(v).map((k) => `${k}:${formatGoValue(v[k])}`).join(' ')}]`;
  return String(v);
}


/**
 * formatGoSyntax prints v as Go's %#v does for unstructured content — the dump kubectl
 * appends to a jsonpath execution error: map[string]interface {}{"k":v, …}, []interface {}{…},
 * interface {}(nil) for null.
 */
export function formatGoSyntax(v: unknown): string {
  if (v === null || v === undefined) return 'interface {}(nil)';
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number') return formatGoNumber(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return `[]interface {}{${v.map(formatGoSyntax).join(', ')}}`;
  if (isGoMap(v)) {
    return `map[string]interface {}{${sortedKeys(v).map((k) => `${goQuote(k)}:${formatGoSyntax(v[k])}`).join(', ')}}`;
  }
  return String(v);
}

/** goJsonString is a JSON string literal as encoding/json writes it (HTML-safe escaping). */
function goJsonString(s: string): string {
  return JSON.stringify(s)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** goJsonNumber is a number as encoding/json writes a float64 or int64. */
function goJsonNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return BigInt(n).toString();
  return JSON.stringify(n);
}

/**
 * marshalGoJson is Go's json.Marshal (compact) or json.MarshalIndent(v, "", indent) of a
 * JSON-shaped value: sorted map keys, HTML-safe string escaping, "null" for nil.
 */
export function marshalGoJson(v: unknown, indent = ''): string {
  return marshal(v, indent, '');
}

function marshal(v: unknown, indent: string, prefix: string): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goJsonString(v);
  if (typeof v === 'number') return goJsonNumber(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  const inner = prefix + indent;
  const nl = indent ? '\n' : '';
  const colon = indent ? ': ' : ':';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return `[${nl}${v.map((x) => inner + marshal(x, indent, inner)).join(`,${nl}`)}${nl}${indent ? prefix : ''}]`;
  }
  if (isGoMap(v)) {
    const keys = sortedKeys(v);
    if (keys.length === 0) return '{}';
    return `{${nl}${keys.map((k) => `${inner}${goJsonString(k)}${colon}${marshal(v[k], indent, inner)}`).join(`,${nl}`)}${nl}${indent ? prefix : ''}}`;
  }
  return 'null';
}
