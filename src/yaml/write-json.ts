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
  const sort = options.sortKeys ?? true;
  return (sort && nativeSorted(value, 4)) || encode(value, sort, '\n') + '\n';
}

/**
 * toCompactJson is Go's json.Marshal of a decoded object: no spaces, sorted keys,
 * HTML-safe escaping. It is the text kubectl embeds in messages and annotations
 * (e.g. kubectl.kubernetes.io/last-applied-configuration, before its trailing newline).
 */
export function toCompactJson(value: unknown): string {
  return nativeSorted(value, 0) ?? encode(value, true, '');
}

const GO_UNSAFE_ANY = /[<>&\u2028\u2029]/;
const ARRAY_INDEX_KEY = /^(?:0|[1-9]\d*)$/;

/** NOT_PLAIN aborts nativeSorted: the value holds what only encode spells as Go does. */
const NOT_PLAIN = Symbol('not plain');

/**
 * nativeSorted is encode's sorted output (plus the trailing newline when indented) through
 * one native JSON.stringify of a key-sorted copy: several times faster on large streams
 * (every applied document's last-applied annotation). It gives up (undefined) where the two
 * would differ: integer-like keys (JavaScript lists them first, Go sorts them as text) and
 * bigints, and a "__proto__" key. The copy drops toJSON methods (a Date is {} to encode too).
 */
function nativeSorted(value: unknown, indent: number): string | undefined {
  let copy: unknown;
  try {
    copy = sortedCopy(value);
  } catch (e) {
    if (e === NOT_PLAIN) return undefined;
    throw e;
  }
  const s = JSON.stringify(copy, null, indent) ?? 'null';
  const out = GO_UNSAFE_ANY.test(s) ? s.replace(GO_UNSAFE, (c) => GO_ESCAPES[c]) : s;
  return indent ? out + '\n' : out;
}

function sortedCopy(v: unknown): unknown {
  if (typeof v === 'bigint') throw NOT_PLAIN;
  // encode spells a function or symbol null, where JSON.stringify would drop an object's key.
  if (typeof v === 'function' || typeof v === 'symbol') return null;
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(sortedCopy);
  const o = v as Record<string, unknown>;
  // A plain {} (not Object.create(null), a hash-table object JSON.stringify walks slowly);
  // a "__proto__" key, which would set its prototype, is left to encode.
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o).sort()) {
    const c = k.charCodeAt(0);
    if ((c >= 48 && c <= 57 && ARRAY_INDEX_KEY.test(k)) || k === '__proto__') throw NOT_PLAIN;
    out[k] = sortedCopy(o[k]);
  }
  return out;
}

/** goJsonString quotes a string as Go's encoding/json does (HTML-safe). */
export function goJsonString(s: string): string {
  return JSON.stringify(s).replace(GO_UNSAFE, (c) => GO_ESCAPES[c]);
}

/** encodeWalked is encode's own walk, without the native fast path: the reference the tests compare it with. */
export function encodeWalked(value: unknown, indented: boolean): string {
  return indented ? encode(value, true, '\n') + '\n' : encode(value, true, '');
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
