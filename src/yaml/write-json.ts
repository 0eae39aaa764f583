/**
 * JSON output as kubectl prints it (`-o json`) and as Go's encoding/json marshals it.
 *
 * kubectl's JSON printer is json.MarshalIndent(obj, "", "    ") plus a newline. Objects
 * from the server are unstructured maps, and Go marshals map keys sorted, so sorting is
 * the default; typed objects built client-side (`kubectl create deployment --dry-run=client
 * -o json`) keep struct field order, which callers get with `sortKeys: false` when they
 * build the object in upstream field order. Strings are escaped HTML-safe as Go does
 * (`<` → \u003c, `>` → \u003e, `&` → \u0026, U+2028/U+2029 escaped). Number spelling of
 * JSON.stringify already equals Go's float64 encoding ('f' between 1e-6 and 1e21, else
 * exponent with no leading zero).
 */

/** JsonOptions controls key order. */
export interface JsonOptions {
  /** Sort object keys (Go map order). Default true. */
  sortKeys?: boolean;
}

const GO_UNSAFE = /[<>&\u2028\u2029]/g;
const GO_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** toJson renders a value exactly as `kubectl -o json` prints it, ending with a newline. */
export function toJson(value: unknown, options: JsonOptions = {}): string {
  return encode(value, options.sortKeys ?? true, '\n') + '\n';
}

/**
 * toCompactJson is Go's json.Marshal of a decoded object: no spaces, sorted keys,
 * HTML-safe escaping. It is the text kubectl embeds in messages and annotations
 * (e.g. kubectl.kubernetes.io/last-applied-configuration, before its trailing newline).
 */
export function toCompactJson(value: unknown): string {
  return encode(value, true, '');
}

/** goJsonString quotes a string as Go's encoding/json does (HTML-safe). */
export function goJsonString(s: string): string {
  return JSON.stringify(s).replace(GO_UNSAFE, (c) => GO_ESCAPES[c]);
}

// encode walks the value itself rather than using JSON.stringify on a re-keyed copy:
// JavaScript objects list integer-like keys ("8", "31") first, Go sorts them as text.
// `nl` is '' for compact output, or a newline followed by the current indentation.
function encode(v: unknown, sort: boolean, nl: string): string {
  if (v === null || v === undefined) return 'null';
  switch (typeof v) {
    case 'string':
      return goJsonString(v);
    case 'number':
      return Number.isFinite(v) ? JSON.stringify(v) : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'bigint':
      return v.toString();
    case 'object':
      break;
    default:
      return 'null';
  }
  const inner = nl === '' ? '' : nl + '    ';
  const sep = nl === '' ? ':' : ': ';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return '[' + v.map((x) => inner + encode(x, sort, inner)).join(',') + nl + ']';
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).filter((k) => o[k] !== undefined);
  if (sort) keys.sort();
  if (keys.length === 0) return '{}';
  return '{' + keys.map((k) => inner + goJsonString(k) + sep + encode(o[k], sort, inner)).join(',') + nl + '}';
}
