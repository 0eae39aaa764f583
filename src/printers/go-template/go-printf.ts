/**
 * go-printf: Go's fmt.Sprintf, Sprint and Sprintln over the JSON-shaped values a kubectl
 * template sees (strings, int64 / float64 numbers, bools, nil, maps, slices) — the verbs,
 * flags, width and precision templates use, and fmt's %!verb(type=value) for a mismatch.
 */
import { formatGoFloat, formatGoNumber, formatGoValue } from '../jsonpath-go-format';
import { goQuote } from '../../api/go-quote';

/** goTypeName is the Go type a JSON value decodes to (what fmt names in its error forms). */
export function goTypeName(v: unknown): string {
  if (v === null || v === undefined) return 'interface {}';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (typeof v === 'bigint') return 'int';
  if (Array.isArray(v)) return '[]interface {}';
  return 'map[string]interface {}';
}

/** sprint is fmt.Sprint: spaces only between operands when neither side is a string. */
export function sprint(args: readonly unknown[]): string {
  let out = '';
  args.forEach((a, i) => {
    if (i > 0 && typeof a !== 'string' && typeof args[i - 1] !== 'string') out += ' ';
    out += formatGoValue(a);
  });
  return out;
}

/** sprintln is fmt.Sprintln: always spaced, newline-terminated. */
export function sprintln(args: readonly unknown[]): string {
  return `${args.map((a) => formatGoValue(a)).join(' ')}\n`;
}

interface Spec { minus: boolean; plus: boolean; space: boolean; zero: boolean; sharp: boolean; width?: number; prec?: number }

/** sprintf is fmt.Sprintf for one format and its arguments. */
export function sprintf(format: string, args: readonly unknown[]): string {
  let out = '';
  let argi = 0;
  for (let i = 0; i < format.length;) {
    const pct = format.indexOf('%', i);
    if (pct < 0) { out += format.slice(i); break; }
    out += format.slice(i, pct);
    i = pct + 1;
    const spec: Spec = { minus: false, plus: false, space: false, zero: false, sharp: false };
    for (; i < format.length; i++) {
      const c = format[i];
      if (c === '-') spec.minus = true; else if (c === '+') spec.plus = true; else if (c === ' ') spec.space = true;
      else if (c === '0') spec.zero = true; else if (c === '#') spec.sharp = true; else break;
    }
    const w = /^\d+/.exec(format.slice(i));
    if (w) { spec.width = Number(w[0]); i += w[0].length; }
    if (format[i] === '.') {
      i++;
      const p = /^\d+/.exec(format.slice(i));
      spec.prec = p ? Number(p[0]) : 0;
      if (p) i += p[0].length;
    }
    const verb = format[i];
    if (verb === undefined) { out += '%!(NOVERB)'; break; }
    i++;
    if (verb === '%') { out += '%'; continue; }
    if (argi >= args.length) { out += `%!${verb}(MISSING)`; continue; }
    out += pad(formatOne(verb, args[argi++], spec), spec, verb);
  }
  if (argi < args.length) {
    out += `%!(EXTRA ${args.slice(argi).map((a) => `${goTypeName(a)}=${formatGoValue(typeof a === 'bigint' ? Number(a) : a)}`).join(', ')})`;
  }
  return out;
}

function pad(s: string, spec: Spec, verb: string): string {
  if (spec.width === undefined || s.length >= spec.width) return s;
  if (spec.minus) return s.padEnd(spec.width);
  if (spec.zero && /[dfFeEgGxXob]/.test(verb)) {
    const sign = /^[+-]/.test(s) ? s[0] : '';
    return sign + s.slice(sign.length).padStart(spec.width - sign.length, '0');
  }
  return s.padStart(spec.width);
}


function signed(s: string, n: number, spec: Spec): string {
  if (n >= 0 && spec.plus) return `+${s}`;
  if (n >= 0 && spec.space) return ` ${s}`;
  return s;
}

function formatOne(verb: string, raw: unknown, spec: Spec): string {
  // A template's int constant (bigint here) formats as the data's integers; only error forms name its type.
  const v = typeof raw === 'bigint' ? Number(raw) : raw;
  const bad = (verb: string) => `%!${verb}(${goTypeName(raw)}=${formatGoValue(v)})`;
  switch (verb) {
    case 'v':
      if (typeof v === 'number' && !Number.isInteger(v) && spec.prec !== undefined) return v.toFixed(spec.prec);
      return spec.sharp && typeof v === 'string' ? goQuote(v) : v === null || v === undefined ? '<nil>' : formatGoValue(v);
    case 's':
      if (typeof v === 'string') return spec.prec !== undefined ? [...v].slice(0, spec.prec).join('') : v;
      if (Array.isArray(v) || (typeof v === 'object' && v !== null)) return formatGoValue(v);
      return bad(verb);
    case 'q':
      if (typeof v === 'string') return goQuote(v);
      if (typeof v === 'number' && Number.isInteger(v)) return `'${String.fromCodePoint(v)}'`;
      return bad(verb);
    case 't': return typeof v === 'boolean' ? String(v) : bad(verb);
    case 'd':
      if (typeof v === 'number' && Number.isInteger(v)) return signed(formatGoNumber(v), v, spec);
      return bad(verb);
    case 'x': case 'X': case 'o': case 'b': {
      if (typeof v === 'number' && Number.isInteger(v)) {
        const base = verb === 'o' ? 8 : verb === 'b' ? 2 : 16;
        let s = BigInt(Math.abs(v)).toString(base);
        if (verb === 'X') s = s.toUpperCase();
        if (spec.sharp) s = (verb === 'o' ? '0' : verb === 'b' ? '0b' : verb === 'x' ? '0x' : '0X') + s;
        return signed(v < 0 ? `-${s}` : s, v, spec);
      }
      if (typeof v === 'string' && (verb === 'x' || verb === 'X')) {
        const hex = Buffer.from(v, 'utf8').toString('hex');
        return verb === 'X' ? hex.toUpperCase() : hex;
      }
      return bad(verb);
    }
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': {
      // An integral JSON number is an int64 after kubectl's decoding: %f refuses it, as Go does.
      if (typeof v !== 'number' || Number.isInteger(v)) return bad(verb);
      let s: string;
      if (verb === 'f' || verb === 'F') s = v.toFixed(spec.prec ?? 6);
      else if (verb === 'e' || verb === 'E') s = goExp(v, spec.prec ?? 6, verb === 'E');
      else s = spec.prec === undefined ? formatGoFloat(v) : String(Number(v.toPrecision(spec.prec || 1)));
      return signed(s, v, spec);
    }
    case 'c': return typeof v === 'number' && Number.isInteger(v) ? String.fromCodePoint(v) : bad(verb);
    default: return bad(verb);
  }
}

function goExp(v: number, prec: number, upper: boolean): string {
  const [m, e] = v.toExponential(prec).split('e') as [string, string];
  const n = Number(e);
  const s = `${m}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  return upper ? s.toUpperCase() : s;
}
