/**
 * Plain-scalar resolution exactly as sigs.k8s.io/yaml (its go-yaml v2 fork) does it.
 *
 * Mirrors kubernetes-sigs/yaml goyaml.v2/resolve.go `resolve`: YAML 1.1 booleans,
 * Go base-0 integers (`010` → 8, `0x1F` → 31, `0b101` → 5, underscores dropped),
 * `.inf`/`.nan`, no base 60, timestamps recognised (the reader keeps them as
 * strings, the writer must quote them). The writer uses the same table to decide
 * whether a string needs quotes, so reading and writing can never disagree.
 */

/** ScalarTag names the YAML type a plain scalar resolves to. */
export type ScalarTag = 'str' | 'bool' | 'null' | 'int' | 'float' | 'timestamp' | 'merge';

/** ResolvedScalar is a resolved plain scalar: its tag and JavaScript value. */
export interface ResolvedScalar {
  tag: ScalarTag;
  value: string | number | boolean | null;
}

const BOOL_TRUE = ['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'];
const BOOL_FALSE = ['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'];
const NULLS = ['', '~', 'null', 'Null', 'NULL'];

// The exact-match table of resolve.go; anything else falls through to number parsing.
const FIXED = new Map<string, ResolvedScalar>();
for (const s of BOOL_TRUE) FIXED.set(s, { tag: 'bool', value: true });
for (const s of BOOL_FALSE) FIXED.set(s, { tag: 'bool', value: false });
for (const s of NULLS) FIXED.set(s, { tag: 'null', value: null });
for (const s of ['.nan', '.NaN', '.NAN']) FIXED.set(s, { tag: 'float', value: NaN });
for (const s of ['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF']) FIXED.set(s, { tag: 'float', value: Infinity });
for (const s of ['-.inf', '-.Inf', '-.INF']) FIXED.set(s, { tag: 'float', value: -Infinity });
FIXED.set('<<', { tag: 'merge', value: '<<' });

const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const DOT_FLOAT = /^\.[0-9]+([eE][-+]?[0-9]+)?$/;
const BASE60_FLOAT = /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$/;
const INT64_MIN = -(1n << 63n);
const UINT64_MAX = (1n << 64n) - 1n;

// resolve.go's hint table: a plain scalar whose first character is none of these is a string.
const HINTS = new Uint8Array(128);
for (const c of 'yYnNtTfFoO~.+-0123456789<') HINTS[c.charCodeAt(0)] = 1;

/** mayResolve is false for plain scalar text that can only resolve to a string (most of them). */
export function mayResolve(text: string): boolean {
  const c = text.charCodeAt(0);
  return !(c < 128) || HINTS[c] === 1 || text.length === 0;
}

/** resolveScalar resolves plain (unquoted, untagged) scalar text the way go-yaml v2 does. */
export function resolveScalar(text: string): ResolvedScalar {
  if (!mayResolve(text)) return { tag: 'str', value: text };
  const fixed = FIXED.get(text);
  if (fixed !== undefined) return fixed;
  const c = text.charAt(0);
  if (c === '.') {
    if (DOT_FLOAT.test(text)) return { tag: 'float', value: Number(text) };
    return { tag: 'str', value: text };
  }
  if ((c >= '0' && c <= '9') || c === '+' || c === '-') return resolveNumberLike(text);
  // resolve.go's other hint characters (yYnNtTfFoO~) only match the fixed table above.
  return { tag: 'str', value: text };
}

function resolveNumberLike(text: string): ResolvedScalar {
  if (isTimestamp(text)) return { tag: 'timestamp', value: text };
  const plain = text.replace(/_/g, '');
  const big = parseGoIntBase0(plain);
  if (big !== undefined) {
    if (big >= INT64_MIN && big <= UINT64_MAX) return { tag: 'int', value: Number(big) };
  }
  if (YAML_STYLE_FLOAT.test(plain)) {
    const f = Number(plain);
    // Go's ParseFloat reports a range error for overflow; resolve.go then keeps the text.
    if (Number.isFinite(f)) return { tag: 'float', value: f };
  }
  // Out-of-range integers become a big.Int in Go; JavaScript can only approximate them.
  if (big !== undefined) return { tag: 'int', value: Number(big) };
  return { tag: 'str', value: text };
}

/**
 * parseGoIntBase0 parses text like Go's strconv.ParseInt(s, 0, 64) syntax (sign, 0x/0o/0b
 * prefixes, leading-zero octal), returning undefined on a syntax error. Range is left to
 * the caller.
 */
export function parseGoIntBase0(text: string): bigint | undefined {
  let s = text;
  let neg = false;
  if (s.startsWith('+') || s.startsWith('-')) {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '') return undefined;
  let digits: string;
  let re: RegExp;
  let prefix: string;
  if (/^0[xX]/.test(s)) { digits = s.slice(2); re = /^[0-9a-fA-F]+$/; prefix = '0x'; }
  else if (/^0[oO]/.test(s)) { digits = s.slice(2); re = /^[0-7]+$/; prefix = '0o'; }
  else if (/^0[bB]/.test(s)) { digits = s.slice(2); re = /^[01]+$/; prefix = '0b'; }
  else if (s.length > 1 && s[0] === '0') { digits = s.slice(1); re = /^[0-7]+$/; prefix = '0o'; }
  else { digits = s; re = /^[0-9]+$/; prefix = ''; }
  if (!re.test(digits)) return undefined;
  const v = BigInt(prefix + digits);
  return neg ? -v : v;
}

const DATE_ONLY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt]|[ ])(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

// Mirrors resolve.go allowedTimestampFormats: RFC 3339 with short fields ('T' or 't',
// zone required), space-separated without zone, or a date alone. Go's time.Parse also
// rejects out-of-range months, days and clock fields, so we do too.
function isTimestamp(text: string): boolean {
  if (!/^\d{4}-/.test(text)) return false;
  const d = DATE_ONLY.exec(text);
  if (d) return validDate(+d[1], +d[2], +d[3]);
  const t = DATE_TIME.exec(text);
  if (!t) return false;
  const sep = text.charAt(text.indexOf(':') - t[4].length - 1);
  const zone = t[7];
  if (sep === ' ' ? zone !== undefined : zone === undefined) return false;
  return validDate(+t[1], +t[2], +t[3]) && +t[4] < 24 && +t[5] < 60 && +t[6] < 60;
}

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
  return d <= days;
}

/** isBase60Float reports text go-yaml's encoder quotes for other parsers' sake (`12:30`). */
export function isBase60Float(text: string): boolean {
  return BASE60_FLOAT.test(text);
}
