/**
 * shell-printf: the shell's printf builtin, as busybox ash's (coreutils/printf.c) and bash's run
 * it: the format is used again while arguments are left, %b expands escapes in its argument, \c
 * stops all output, and an argument that is not a number is refused with "invalid number" (the
 * value printed as 0, the status 1). The layout of each conversion is c-format.ts's.
 */
import { formatFloat, formatInteger, formatString, isFloat, isInteger, parseDirective, expandEscapes } from './c-format';
import { joinBytes } from '../api/byte-string';

/**
 * PrintfResult is what printf wrote (without a newline it did not write), its error lines and its
 * status; `overflow` when it would write more than the caller's limit (`%999999999d`), which the
 * shell treats as its output budget spent.
 */
export interface PrintfResult { text: string; errors: string[]; status: number; overflow?: boolean }

const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

/** integerOf reads a number as strtoll with base 0 does (leading blanks, a sign, 0x, a leading 0 for octal), or a 'c's character code. */
function integerOf(arg: string): bigint | undefined {
  if (arg.startsWith("'") || arg.startsWith('"')) return BigInt(arg.codePointAt(1) ?? 0);
  const m = /^[ \t\n]*([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)$/.exec(arg);
  if (!m) return undefined;
  const body = m[2]!;
  const abs = /^0[xX]/.test(body) ? BigInt(body) : body.length > 1 && body.startsWith('0') ? BigInt(`0o${body.slice(1)}`) : BigInt(body);
  const v = m[1] === '-' ? -abs : abs;
  // strtoll refuses what does not fit 64 bits; the unsigned conversions take up to 2^64-1.
  return v > UINT64_MAX || v < -INT64_MAX - 1n ? undefined : v;
}

/** floatOf reads a number as strtod does, or a 'c's character code. */
function floatOf(arg: string): number | undefined {
  if (arg.startsWith("'") || arg.startsWith('"')) return arg.codePointAt(1) ?? 0;
  const t = arg.replace(/^[ \t\n]+/, '');
  if (/^[+-]?(inf(inity)?|nan)$/i.test(t)) return Number(t.replace(/inf(inity)?/i, 'Infinity').replace(/nan/i, 'NaN'));
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) && !/^[+-]?0[xX][0-9a-fA-F]+$/.test(t)) return undefined;
  return /0[xX]/.test(t) ? Number(BigInt(t.replace(/^[+-]/, ''))) * (t.startsWith('-') ? -1 : 1) : Number(t);
}

/**
 * printf runs `printf FORMAT [ARGUMENT...]` for shell 'sh' (busybox ash) or 'bash'. Its escapes
 * write bytes, one at a time: the output is read again as a byte string, so `\303\251` is é.
 */
export function printf(args: string[], shell: 'sh' | 'bash', limit: number): PrintfResult {
  const r = format(args, shell, limit);
  return { ...r, text: joinBytes(r.text) };
}

function format(args: string[], shell: 'sh' | 'bash', limit: number): PrintfResult {
  const errors: string[] = [];
  const bash = shell === 'bash';
  const fail = (msg: string, bashMsg: string) => errors.push(bash ? `bash: line 1: printf: ${bashMsg}` : `sh: ${msg}`);
  if (!args.length) {
    errors.push(bash ? 'printf: usage: printf [-v var] format [arguments]' : 'sh: usage: printf FORMAT [ARGUMENT...]');
    return { text: '', errors, status: 2 };
  }
  const fmt = args[0]!;
  let k = 1;
  let status = 0;
  let out = '';
  const next = (): string | undefined => (k < args.length ? args[k++] : undefined);
  const number = <T>(read: (a: string) => T | undefined, zero: T): T => {
    const a = next();
    // busybox reads a missing argument as '', which is not a number; bash reads it as 0.
    if (a === undefined && bash) return zero;
    const v = read(a ?? '');
    if (v !== undefined) return v;
    fail(`invalid number '${a ?? ''}'`, `${a ?? ''}: invalid number`);
    status = 1;
    return zero;
  };
  for (;;) {
    const before = k;
    for (let i = 0; i < fmt.length;) {
      const c = fmt[i]!;
      if (c === '\\') {
        // One escape at a time, so \c can stop the whole output.
        const m = /^\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/s.exec(fmt.slice(i))!;
        const e = expandEscapes(m[0], 'bare');
        if (e.stopped) return { text: out, errors, status };
        out += e.text;
        i += m[0].length;
        continue;
      }
      if (c !== '%') { out += c; i++; continue; }
      if (fmt[i + 1] === '%') { out += '%'; i += 2; continue; }
      const { d, end } = parseDirective(fmt, i);
      const plainB = d.conv === 'b' && d.text === '%b';
      if (!d.conv || d.conv === '%' || (d.conv === 'b' && !plainB)) {
        fail(`${d.text}${fmt.slice(end)}: invalid format`, `\`${fmt[end] ?? ''}': invalid format character`);
        return { text: out, errors, status: 1 };
      }
      if (d.width === -1) {
        const a = next() ?? '';
        const w = integerOf(a);
        // busybox warns about a bad `*` width and goes on with none; the status stays.
        if (w === undefined) errors.push(bash ? `bash: line 1: printf: ${a}: invalid number` : `sh: invalid number '${a}'`);
        d.width = w === undefined ? 0 : Math.abs(Number(w));
        if (w !== undefined && w < 0n) d.flags += '-';
      }
      if (d.precision === -1) { const p = integerOf(next() ?? '0'); d.precision = p === undefined || p < 0n ? undefined : Number(p); }
      if ((d.width ?? 0) > limit || (d.precision ?? 0) > limit) return { text: out, errors, status, overflow: true };
      if (isInteger(d)) out += formatInteger(d, number(integerOf, 0n));
      else if (isFloat(d)) out += formatFloat(d, number(floatOf, 0));
      else if (d.conv === 'c') out += formatString(d, (next() ?? '')[0] ?? '\0');
      else if (d.conv === 's') out += formatString(d, next() ?? '');
      else {
        const e = expandEscapes(next() ?? '', 'either');
        out += e.text;
        if (e.stopped) return { text: out, errors, status };
      }
      i = end;
      if (out.length > limit) return { text: out, errors, status, overflow: true };
    }
    if (k === before || k >= args.length) break;
  }
  return { text: out, errors, status };
}
