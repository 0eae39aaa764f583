/**
 * funcs: the functions a kubectl go-template may call — Go text/template's builtins (and, or,
 * not, len, index, slice, print, printf, println, eq, ne, lt, le, gt, ge, html, js, urlquery)
 * and the two kubectl adds (exists, base64decode). kubectl 1.32 has no sprig functions.
 */
import { decodeBase64, stdBase64Error } from '../../api/go-base64';
import { formatGoValue, isGoMap } from '../jsonpath-go-format';
import { goTypeName, sprint, sprintf, sprintln } from './go-printf';

/** NO_VALUE is Go's invalid reflect.Value: a missing map key, printed "<no value>". */
export const NO_VALUE = Symbol('no value');

/** FuncError is a function's failure; wrapped ones read "error calling NAME: …". */
export class FuncError extends Error {
  constructor(message: string, readonly wrapped = true) { super(message); }
}

type Lazy = () => unknown;
export type TemplateFunction = (args: Lazy[]) => unknown;

/** isTrue is Go's truth: false, 0, "", nil, and empty maps and slices are false. */
export function isTrue(v: unknown): boolean {
  if (v === NO_VALUE || v === null || v === undefined) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return v.length > 0;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'bigint') return v !== 0n;
  if (Array.isArray(v)) return v.length > 0;
  if (isGoMap(v)) return Object.keys(v).length > 0;
  return true;
}

const plain = (v: unknown) => (v === NO_VALUE ? null : v);

function arity(name: string, args: Lazy[], n: number): unknown[] {
  if (args.length !== n) throw new FuncError(`wrong number of args for ${name}: want ${n} got ${args.length}`, false);
  return args.map((a) => plain(a()));
}

function atLeast(name: string, args: Lazy[], n: number): unknown[] {
  if (args.length < n) throw new FuncError(`wrong number of args for ${name}: want at least ${n} got ${args.length}`, false);
  return args.map((a) => plain(a()));
}

/** basicKind is text/template's: int64 data and int constants are both intKind; maps and slices have none. */
type Kind = 'bool' | 'int' | 'float' | 'string' | 'nil' | 'none';
function basicKind(v: unknown): Kind {
  if (v === null || v === undefined) return 'nil';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  return 'none';
}

const scalar = (v: unknown) => (typeof v === 'bigint' ? Number(v) : v);

/** eq is text/template's: true if the first argument equals any other; kinds must match unless one side is nil. */
function eq(args: Lazy[]): boolean {
  const [a, ...rest] = atLeast('eq', args, 1);
  if (!rest.length) throw new FuncError('missing argument for comparison');
  const ka = basicKind(a);
  for (const b of rest) {
    const kb = basicKind(b);
    if (ka !== kb) {
      if (ka !== 'nil' && kb !== 'nil') throw new FuncError('incompatible types for comparison');
      continue;
    }
    if (ka === 'none') throw new FuncError(`non-comparable types ${formatGoValue(a)}: ${goTypeName(a)}, ${goTypeName(b)}: ${formatGoValue(b)}`);
    if (scalar(a) === scalar(b)) return true;
  }
  return false;
}

/** less is lt's rule: both sides of one ordered kind. */
function less(name: string, args: Lazy[]): boolean {
  const [a, b] = arity(name, args, 2);
  const ka = basicKind(a);
  const kb = basicKind(b);
  if (ka === 'none' || ka === 'nil' || ka === 'bool' || kb === 'none' || kb === 'nil' || kb === 'bool') {
    if (ka === 'bool' && kb === 'bool') throw new FuncError('invalid type for comparison');
    if (ka !== kb && ka !== 'none' && kb !== 'none') throw new FuncError('incompatible types for comparison');
    throw new FuncError('invalid type for comparison');
  }
  if (ka !== kb) throw new FuncError('incompatible types for comparison');
  return (scalar(a) as number | string) < (scalar(b) as number | string);
}

function lenOf(args: Lazy[]): number {
  const [v] = arity('len', args, 1);
  if (typeof v === 'string') return Buffer.byteLength(v, 'utf8');
  if (Array.isArray(v)) return v.length;
  if (isGoMap(v)) return Object.keys(v).length;
  if (v === null) throw new FuncError('len of nil pointer');
  throw new FuncError(`len of type ${goTypeName(v)}`);
}

function index(args: Lazy[]): unknown {
  const [item, ...idx] = atLeast('index', args, 1);
  let v: unknown = item;
  for (const raw of idx) {
    const i = scalar(raw);
    if (v === null || v === undefined) throw new FuncError('index of untyped nil');
    if (Array.isArray(v) || typeof v === 'string') {
      if (typeof i !== 'number' || !Number.isInteger(i)) throw new FuncError(`cannot index slice/array with type ${goTypeName(i)}`);
      const n = typeof v === 'string' ? Buffer.byteLength(v) : v.length;
      if (i < 0 || i >= n) throw new FuncError(`index out of range: ${i}`);
      v = typeof v === 'string' ? Buffer.from(v)[i] : v[i];
    } else if (isGoMap(v)) {
      if (typeof i !== 'string') throw new FuncError(`value has type ${goTypeName(i)}; should be string`);
      v = Object.hasOwn(v, i) ? v[i] : NO_VALUE;
    } else {
      throw new FuncError(`can't index item of type ${goTypeName(v)}`);
    }
  }
  return v;
}

function slice(args: Lazy[]): unknown {
  const [item, ...idx] = atLeast('slice', args, 1);
  if (typeof item !== 'string' && !Array.isArray(item)) throw new FuncError(`can't slice item of type ${goTypeName(item)}`);
  const n = typeof item === 'string' ? item.length : item.length;
  const [from = 0, to = n] = idx.map(scalar) as number[];
  if (from < 0 || to > n || from > to) throw new FuncError(`index out of range: ${from > to ? from : to}`);
  return item.slice(from, to);
}

function htmlEscape(s: string): string {
  return s.replace(/[&'<>"\0]/g, (c) => ({ '&': '&amp;', "'": '&#39;', '<': '&lt;', '>': '&gt;', '"': '&#34;', '\0': '\uFFFD' })[c]!);
}

function jsEscape(s: string): string {
  return s.replace(/[\\'"<>&=\n\r\t]/g, (c) => ({ '\\': '\\\\', "'": "\\'", '"': '\\"', '<': '\\u003C', '>': '\\u003E', '&': '\\u0026', '=': '\\u003D', '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c]!);
}

/** exists is kubectl's: whether walking the keys (map keys or slice indexes) from the first argument finds a value. */
function exists(args: Lazy[]): boolean {
  const [item, ...keys] = args.map((a) => scalar(plain(a())));
  let v: unknown = item;
  for (const k of keys) {
    if (isGoMap(v) && typeof k === 'string' && Object.hasOwn(v, k)) v = v[k];
    else if (Array.isArray(v) && typeof k === 'number' && k >= 0 && k < v.length) v = v[k];
    else return false;
  }
  return true;
}

/** base64decode is kubectl's (StdEncoding; the error names the first bad byte as Go does). */
function base64decode(args: Lazy[]): string {
  const [v] = arity('base64decode', args, 1);
  if (typeof v !== 'string') throw new FuncError(`wrong type for value; expected string; got ${goTypeName(v)}`);
  const err = stdBase64Error(v);
  if (err) throw new FuncError(`base64 decode failed: ${err}`);
  return decodeBase64(v).toString('utf8');
}

export const FUNCTIONS: Record<string, TemplateFunction> = {
  and: (args) => { if (!args.length) throw new FuncError('wrong number of args for and: want at least 1 got 0', false); let v: unknown; for (const a of args) { v = a(); if (!isTrue(v)) return v; } return v; },
  or: (args) => { if (!args.length) throw new FuncError('wrong number of args for or: want at least 1 got 0', false); let v: unknown; for (const a of args) { v = a(); if (isTrue(v)) return v; } return v; },
  not: (args) => !isTrue(arity('not', args, 1)[0]),
  len: lenOf,
  index,
  slice,
  print: (args) => sprint(args.map((a) => plain(a()))),
  println: (args) => sprintln(args.map((a) => plain(a()))),
  printf: (args) => {
    const [format, ...rest] = atLeast('printf', args, 1);
    if (typeof format !== 'string') throw new FuncError(`wrong type for value; expected string; got ${goTypeName(format)}`);
    return sprintf(format, rest);
  },
  eq,
  ne: (args) => !eq(args),
  lt: (args) => less('lt', args),
  le: (args) => { const [a, b] = arity('le', args, 2); return less('le', [() => a, () => b]) || eq([() => a, () => b]); },
  gt: (args) => { const [a, b] = arity('gt', args, 2); return !less('gt', [() => a, () => b]) && !eq([() => a, () => b]); },
  ge: (args) => !less('ge', args),
  html: (args) => htmlEscape(sprint(args.map((a) => plain(a())))),
  js: (args) => jsEscape(sprint(args.map((a) => plain(a())))),
  urlquery: (args) => encodeURIComponent(sprint(args.map((a) => plain(a())))).replace(/%20/g, '+').replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  exists,
  base64decode,
};

