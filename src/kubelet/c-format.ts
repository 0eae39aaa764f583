/**
 * c-format: C's printf conversions (%d %i %o %u %x %X %c %s %e %E %f %F %g %G with the flags
 * `-+ #0`, a width and a precision), one implementation for the shell's printf (shell-printf.ts)
 * and awk's printf and sprintf (awk/). Each caller turns its arguments into values its own way
 * (the shell refuses a malformed number, awk reads the leading number of any string); this file
 * only lays them out, as glibc does.
 */

import { escapedByte, joinBytes } from '../api/byte-string';

/** Directive is one parsed `%…` conversion. A `*` width or precision is -1 until the caller fills it. */
export interface Directive {
  flags: string;
  width?: number;
  precision?: number;
  conv: string;
  /** text is the directive as written, from its `%` to its conversion character. */
  text: string;
}

/** FormatPiece is literal text or a directive, in the order of the format. */
export type FormatPiece = string | Directive;

const INTEGER = 'diouxX';
const FLOAT = 'eEfFgG';

/** isInteger and isFloat say how a directive's argument is converted. */
export const isInteger = (d: Directive): boolean => INTEGER.includes(d.conv);
export const isFloat = (d: Directive): boolean => FLOAT.includes(d.conv);

/**
 * parseDirective reads the directive that starts at fmt[i] (a `%`). length modifiers (hlLjzt)
 * are skipped, as glibc and busybox skip them. It returns the directive and the index after it,
 * or the index where the conversion character should have been (`conv` ''), for the caller's error.
 */
export function parseDirective(fmt: string, i: number): { d: Directive; end: number } {
  let j = i + 1;
  let flags = '';
  while (j < fmt.length && '-+ #0'.includes(fmt[j]!)) flags += fmt[j++];
  let width: number | undefined;
  if (fmt[j] === '*') { width = -1; j++; } else {
    const m = /^\d+/.exec(fmt.slice(j));
    if (m) { width = Number(m[0]); j += m[0].length; }
  }
  let precision: number | undefined;
  if (fmt[j] === '.') {
    j++;
    if (fmt[j] === '*') { precision = -1; j++; } else {
      const m = /^\d*/.exec(fmt.slice(j))!;
      precision = Number(m[0] || '0');
      j += m[0].length;
    }
  }
  const start = j;
  while (j < fmt.length && 'hlLjzt'.includes(fmt[j]!)) j++;
  const conv = fmt[j] ?? '';
  const known = conv !== '' && (INTEGER + FLOAT + 'csb%').includes(conv);
  // The text is what was written but the length modifiers, as busybox shows it in an error.
  const text = fmt.slice(i, start) + (known ? conv : '');
  return { d: { flags, width, precision, conv: known ? conv : '', text }, end: known ? j + 1 : j };
}

/** pad widens body to d.width: on the right with `-`, with zeros after the sign with `0`, else spaces. */
function pad(d: Directive, sign: string, body: string, zeroAllowed: boolean): string {
  const width = d.width ?? 0;
  const len = sign.length + body.length;
  if (len >= width) return sign + body;
  if (d.flags.includes('-')) return sign + body + ' '.repeat(width - len);
  if (zeroAllowed && d.flags.includes('0')) return sign + '0'.repeat(width - len) + body;
  return ' '.repeat(width - len) + sign + body;
}

/** formatInteger lays out %d %i %o %u %x %X for a value of `bits` bits (a negative one wraps for the unsigned conversions). */
export function formatInteger(d: Directive, v: bigint, bits = 64): string {
  let sign = '';
  let digits: string;
  if (d.conv === 'd' || d.conv === 'i') {
    if (v < 0n) sign = '-';
    else if (d.flags.includes('+')) sign = '+';
    else if (d.flags.includes(' ')) sign = ' ';
    digits = (v < 0n ? -v : v).toString();
  } else {
    const u = v < 0n ? v + (1n << BigInt(bits)) : v;
    digits = u.toString(d.conv === 'o' ? 8 : d.conv === 'u' ? 10 : 16);
    if (d.conv === 'X') digits = digits.toUpperCase();
    if (d.flags.includes('#') && u !== 0n) {
      if (d.conv === 'o') digits = `0${digits}`;
      else if (d.conv === 'x') sign = '0x';
      else if (d.conv === 'X') sign = '0X';
    }
  }
  if (d.precision !== undefined) {
    // An explicit precision is the least number of digits, and turns off the 0 flag; 0 with precision 0 prints nothing.
    if (d.precision === 0 && digits === '0') digits = '';
    digits = digits.padStart(d.precision, '0');
  }
  return pad(d, sign, digits, d.precision === undefined);
}

/**
 * halfEven rounds a tie as glibc does, to even; V8's toFixed and toExponential round it up. A
 * tie's exact expansion ends one digit after the last shown, with a 5: shown longer, it is that
 * 5 and zeros. Then the digits cut there stand if their last one is even.
 */
function halfEven(show: (digits: number) => string, p: number): string {
  const rounded = show(p);
  const k = Math.min(100 - p, 40);
  if (k < 2) return rounded;
  const longer = show(p + k);
  const e = longer.search(/e/);
  const digits = e < 0 ? longer : longer.slice(0, e);
  if (digits.slice(-k) !== `5${'0'.repeat(k - 1)}`) return rounded;
  const cut = digits.slice(0, -k).replace(/\.$/, '');
  return Number(cut[cut.length - 1]) % 2 ? rounded : cut + (e < 0 ? '' : longer.slice(e));
}

/** exponential is C's %e body for a finite non-negative x: one digit, the fraction, e±NN. */
function exponential(x: number, precision: number, upper: boolean, keepPoint: boolean): string {
  // V8 gives at most 100 fraction digits; a double has no more than that to show anyway.
  const [m100, exp] = halfEven((d) => x.toExponential(d), Math.min(precision, 100)).split('e') as [string, string];
  const mant = m100 + '0'.repeat(Math.max(0, precision - 100));
  const n = Number(exp);
  const e = `${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  const m = keepPoint && !mant.includes('.') ? `${mant}.` : mant;
  return `${m}${upper ? 'E' : 'e'}${e}`;
}

/** fixed is C's %f body for a finite non-negative x (toFixed gives up above 1e21). */
function fixed(x: number, precision: number, keepPoint: boolean): string {
  const p = Math.min(precision, 100);
  let s = (x < 1e21 ? halfEven((d) => x.toFixed(d), p) : BigInt(x).toString() + (p ? `.${'0'.repeat(p)}` : '')) + '0'.repeat(precision - p);
  if (keepPoint && !s.includes('.')) s += '.';
  return s;
}

/** stripZeros drops a fraction's trailing zeros, and its point if nothing is left after it. */
const stripZeros = (m: string): string => (m.includes('.') ? m.replace(/0+$/, '').replace(/\.$/, '') : m);

/** general is C's %g body: %e or %f by the exponent after rounding, trailing zeros dropped unless `#`. */
function general(x: number, precision: number, upper: boolean, alt: boolean): string {
  const p = precision === 0 ? 1 : precision;
  const exp = x === 0 ? 0 : Number(x.toExponential(p - 1).split('e')[1]);
  if (exp < -4 || exp >= p) {
    const s = exponential(x, p - 1, upper, alt);
    const k = s.search(/[eE]/);
    return alt ? s : stripZeros(s.slice(0, k)) + s.slice(k);
  }
  const s = fixed(x, p - 1 - exp, alt);
  return alt ? s : stripZeros(s);
}

/** formatFloat lays out %e %E %f %F %g %G. */
export function formatFloat(d: Directive, v: number): string {
  const neg = v < 0 || Object.is(v, -0);
  const sign = neg ? '-' : d.flags.includes('+') ? '+' : d.flags.includes(' ') ? ' ' : '';
  const x = Math.abs(v);
  const upper = d.conv === 'E' || d.conv === 'F' || d.conv === 'G';
  if (!Number.isFinite(x)) return pad(d, sign, Number.isNaN(x) ? (upper ? 'NAN' : 'nan') : upper ? 'INF' : 'inf', false);
  const precision = d.precision ?? 6;
  const alt = d.flags.includes('#');
  const body = d.conv === 'e' || d.conv === 'E' ? exponential(x, precision, upper, alt)
    : d.conv === 'f' || d.conv === 'F' ? fixed(x, precision, alt) : general(x, precision, upper, alt);
  return pad(d, sign, body, true);
}

/** formatString lays out %s (and %b's expanded text): the precision cuts, the width pads. */
export function formatString(d: Directive, s: string): string {
  return pad(d, '', d.precision !== undefined ? s.slice(0, d.precision) : s, false);
}

/** ESCAPES are the one-letter backslash escapes printf knows. */
const ESCAPES: Record<string, string> = { a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/**
 * Octal says which octal escapes expandEscapes knows: `bare` \NNN (printf's format), `zero` \0NNN
 * (bash's echo -e), `either` both, a leading 0 not counted (%b, busybox's echo -e).
 */
export type Octal = 'bare' | 'zero' | 'either';

/**
 * expandEscapes expands printf's backslash escapes (\n and the like, octal, \xHH); it stops at \c
 * and says so. An escape is a byte: those past ASCII make a byte string (api/byte-string), so
 * `\303\251` is é and a lone `\xff` one byte.
 */
export function expandEscapes(s: string, octal: Octal): { text: string; stopped: boolean } {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== '\\' || i + 1 >= s.length) { out += c; continue; }
    const n = s[i + 1]!;
    if (n === 'c') return { text: joinBytes(out), stopped: true };
    if (ESCAPES[n] !== undefined) { out += ESCAPES[n]; i++; continue; }
    if (/[0-7]/.test(n) && (octal !== 'zero' || n === '0')) {
      const from = octal !== 'bare' && n === '0' ? i + 2 : i + 1;
      const m = /^[0-7]{1,3}/.exec(s.slice(from));
      out += byteChar(m ? parseInt(m[0], 8) & 255 : 0);
      i = from + (m ? m[0].length : 0) - 1;
      continue;
    }
    if (n === 'x') {
      const m = /^[0-9a-fA-F]{1,2}/.exec(s.slice(i + 2));
      if (m) {
        out += byteChar(parseInt(m[0], 16));
        i += 1 + m[0].length;
        continue;
      }
    }
    out += c;
  }
  return { text: joinBytes(out), stopped: false };
}

/** byteChar is an escape's byte as a byte string's character (escaped past ASCII). */
const byteChar = (b: number): string => (b < 0x80 ? String.fromCharCode(b) : escapedByte(b));
