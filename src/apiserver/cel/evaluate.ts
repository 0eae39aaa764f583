/**
 * evaluate: CEL's semantics over JSON values (null, bool, number, string, list, map) for the
 * expressions admission policies use: field access that fails on a missing key ("no such
 * key: x") unless guarded by has(), the macros all/exists/exists_one/map/filter, `in`,
 * commutative && and || (an error on one side is absorbed when the other decides), and the
 * standard and Kubernetes string and list functions.
 */
import type { Ast } from './parse';

/** CelEvalError is an evaluation error; its message is cel-go's ("no such key: replicas"). */
export class CelEvalError extends Error {}

/** Activation resolves the top-level names (object, oldObject, params, request, variables …). */
export type Activation = (name: string) => { found: boolean; value?: unknown };

type Value = unknown;

/**
 * CelObject is a host value with its own methods and fields (the Kubernetes authorizer
 * library's Authorizer, ResourceCheck, Decision): calls and selections on it go to it.
 */
export abstract class CelObject {
  abstract readonly celType: string;
  /** method answers target.name(args); undefined when it has no such method. */
  abstract method(name: string, args: Value[]): Value;
  /** field answers target.name. */
  field(name: string): Value { throw new CelEvalError(`no such key: ${name}`); }
}

const typeName = (v: Value): string => {
  if (v === null) return 'null_type';
  if (v instanceof CelObject) return v.celType;
  if (Array.isArray(v)) return 'list';
  switch (typeof v) {
    case 'boolean': return 'bool';
    case 'number': return Number.isInteger(v) ? 'int' : 'double';
    case 'string': return 'string';
    case 'object': return 'map';
    default: return 'unknown';
  }
};

const noOverload = (fn: string, ...vs: Value[]): CelEvalError =>
  new CelEvalError(`no such overload: ${fn}(${vs.map(typeName).join(', ')})`);

function isMap(v: Value): v is Record<string, Value> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function equal(a: Value, b: Value): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isMap(a) && isMap(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && equal(a[k], b[k]));
  }
  return a === b;
}

function compare(op: string, a: Value, b: Value): boolean {
  const comparable = (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string')
    || (typeof a === 'boolean' && typeof b === 'boolean');
  if (!comparable) throw noOverload(op === '<' ? '_<_' : op === '<=' ? '_<=_' : op === '>' ? '_>_' : '_>=_', a, b);
  const x = a as number;
  const y = b as number;
  return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y;
}

function arith(op: string, a: Value, b: Value): Value {
  if (op === '+') {
    if (typeof a === 'string' && typeof b === 'string') return a + b;
    if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  }
  if (typeof a !== 'number' || typeof b !== 'number') throw noOverload(`_${op}_`, a, b);
  switch (op) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/':
      if (Number.isInteger(a) && Number.isInteger(b)) { if (b === 0) throw new CelEvalError('division by zero'); return Math.trunc(a / b); }
      return a / b;
    default:
      if (b === 0) throw new CelEvalError('modulus by zero');
      return a % b;
  }
}

const size = (v: Value): number => {
  if (typeof v === 'string') return [...v].length;
  if (Array.isArray(v)) return v.length;
  if (isMap(v)) return Object.keys(v).length;
  throw noOverload('size', v);
};

function select(v: Value, field: string): Value {
  if (v instanceof CelObject) return v.field(field);
  if (!isMap(v)) throw new CelEvalError(`no such key: ${field}`);
  if (!(field in v)) throw new CelEvalError(`no such key: ${field}`);
  return v[field];
}

/** re2 turns an RE2 pattern into a JS RegExp (the common subset is shared). */
const re2 = (pattern: string): RegExp => {
  try { return new RegExp(pattern.replace(/\(\?P</g, '(?<'), 'u'); } catch (e) { throw new CelEvalError(`invalid regex: ${(e as Error).message}`); }
};

type Method = (self: Value, args: Value[]) => Value;
const str = (fn: string, f: (s: string, args: Value[]) => Value): Method => (self, args) => {
  if (typeof self !== 'string' || args.some((a) => typeof a !== 'string' && typeof a !== 'number')) throw noOverload(fn, self, ...args);
  return f(self, args);
};
const list = (fn: string, f: (l: Value[], args: Value[]) => Value): Method => (self, args) => {
  if (!Array.isArray(self)) throw noOverload(fn, self, ...args);
  return f(self, args);
};

const METHODS: Record<string, Method> = {
  size: (self) => size(self),
  startsWith: str('startsWith', (s, [p]) => s.startsWith(p as string)),
  endsWith: str('endsWith', (s, [p]) => s.endsWith(p as string)),
  contains: str('contains', (s, [p]) => s.includes(p as string)),
  matches: str('matches', (s, [p]) => re2(p as string).test(s)),
  lowerAscii: str('lowerAscii', (s) => s.replace(/[A-Z]/g, (c) => c.toLowerCase())),
  upperAscii: str('upperAscii', (s) => s.replace(/[a-z]/g, (c) => c.toUpperCase())),
  trim: str('trim', (s) => s.trim()),
  split: str('split', (s, [sep, n]) => (n === undefined ? s.split(sep as string) : s.split(sep as string, n as number))),
  replace: str('replace', (s, [a, b]) => s.split(a as string).join(b as string)),
  indexOf: (self, args) => (Array.isArray(self) ? self.findIndex((x) => equal(x, args[0])) : str('indexOf', (s, [p]) => s.indexOf(p as string))(self, args)),
  lastIndexOf: (self, args) => (Array.isArray(self)
    ? self.map((x, i) => (equal(x, args[0]) ? i : -1)).reduce((a, b) => Math.max(a, b), -1)
    : str('lastIndexOf', (s, [p]) => s.lastIndexOf(p as string))(self, args)),
  substring: str('substring', (s, [a, b]) => [...s].slice(a as number, b as number | undefined).join('')),
  join: list('join', (l, [sep]) => l.join((sep as string | undefined) ?? '')),
  isSorted: list('isSorted', (l) => l.every((x, i) => i === 0 || !compare('<', x, l[i - 1]))),
  sum: list('sum', (l) => l.reduce((a: Value, b) => arith('+', a, b), 0)),
  min: list('min', (l) => { if (!l.length) throw new CelEvalError('min called on empty list'); return l.reduce((a, b) => (compare('<', b, a) ? b : a)); }),
  max: list('max', (l) => { if (!l.length) throw new CelEvalError('max called on empty list'); return l.reduce((a, b) => (compare('>', b, a) ? b : a)); }),
};

const FUNCTIONS: Record<string, (args: Value[]) => Value> = {
  size: ([v]) => size(v),
  int: ([v]) => {
    if (typeof v === 'number') return Math.trunc(v);
    if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v);
    throw noOverload('int', v);
  },
  uint: ([v]) => FUNCTIONS.int!([v]),
  double: ([v]) => { const n = Number(v); if (typeof v === 'boolean' || v === null || Number.isNaN(n)) throw noOverload('double', v); return n; },
  string: ([v]) => {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
    throw noOverload('string', v);
  },
  bool: ([v]) => { if (v === 'true' || v === true) return true; if (v === 'false' || v === false) return false; throw noOverload('bool', v); },
  dyn: ([v]) => v,
  type: ([v]) => typeName(v),
};

const MACROS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);

/** evaluateCel evaluates a parsed expression; throws CelEvalError. */
export function evaluateCel(ast: Ast, resolve: Activation): Value {
  const scopes: Map<string, Value>[] = [];
  const ev = (n: Ast): Value => {
    switch (n.t) {
      case 'lit': return n.v;
      case 'ident': {
        for (let i = scopes.length - 1; i >= 0; i--) if (scopes[i]!.has(n.name)) return scopes[i]!.get(n.name);
        const r = resolve(n.name);
        if (!r.found) throw new CelEvalError(`undeclared reference to '${n.name}' (in container '')`);
        return r.value;
      }
      case 'select': return select(ev(n.operand), n.field);
      case 'index': {
        const v = ev(n.operand);
        const i = ev(n.index);
        if (Array.isArray(v)) {
          if (typeof i !== 'number') throw noOverload('_[_]', v, i);
          if (i < 0 || i >= v.length) throw new CelEvalError(`index out of bounds: ${i}`);
          return v[i];
        }
        if (isMap(v)) { if (!(String(i) in v)) throw new CelEvalError(`no such key: ${String(i)}`); return v[String(i)]; }
        throw noOverload('_[_]', v, i);
      }
      case 'list': return n.items.map(ev);
      case 'map': return Object.fromEntries(n.entries.map(([k, v]) => [String(ev(k)), ev(v)]));
      case 'unary': {
        const v = ev(n.operand);
        if (n.op === '!') { if (typeof v !== 'boolean') throw noOverload('!_', v); return !v; }
        if (typeof v !== 'number') throw noOverload('-_', v);
        return -v;
      }
      case 'cond': {
        const t = ev(n.test);
        if (typeof t !== 'boolean') throw noOverload('_?_:_', t);
        return t ? ev(n.then) : ev(n.else);
      }
      case 'binary': return binary(n.op, n.left, n.right);
      case 'call': return call(n);
    }
  };
  const logical = (op: '&&' | '||', l: Ast, r: Ast): boolean => {
    const decides = op === '||';
    let err: unknown;
    for (const side of [l, r]) {
      try {
        const v = ev(side);
        if (typeof v !== 'boolean') throw noOverload(`_${op}_`, v);
        if (v === decides) return decides;
      } catch (e) { if (!(e instanceof CelEvalError)) throw e; err ??= e; }
    }
    if (err) throw err;
    return !decides;
  };
  const binary = (op: string, l: Ast, r: Ast): Value => {
    if (op === '&&' || op === '||') return logical(op, l, r);
    const a = ev(l);
    const b = ev(r);
    switch (op) {
      case '==': return equal(a, b);
      case '!=': return !equal(a, b);
      case '<': case '<=': case '>': case '>=': return compare(op, a, b);
      case 'in':
        if (Array.isArray(b)) return b.some((x) => equal(x, a));
        if (isMap(b)) return String(a) in b;
        throw noOverload('@in', a, b);
      default: return arith(op, a, b);
    }
  };
  const macro = (n: Extract<Ast, { t: 'call' }>): Value => {
    const range = ev(n.target!);
    const varNode = n.args[0]!;
    if (varNode.t !== 'ident') throw new CelEvalError(`${n.fn}() variable name must be a simple identifier`);
    const items = Array.isArray(range) ? range : isMap(range) ? Object.keys(range) : undefined;
    if (!items) throw noOverload(n.fn, range);
    const scope = new Map<string, Value>();
    scopes.push(scope);
    try {
      const each = (x: Value, body: Ast): Value => { scope.set(varNode.name, x); return ev(body); };
      const pred = (x: Value, body: Ast): boolean => {
        const v = each(x, body);
        if (typeof v !== 'boolean') throw noOverload(n.fn, v);
        return v;
      };
      switch (n.fn) {
        case 'all': {
          let err: unknown;
          for (const x of items) {
            try { if (!pred(x, n.args[1]!)) return false; } catch (e) { if (!(e instanceof CelEvalError)) throw e; err ??= e; }
          }
          if (err) throw err;
          return true;
        }
        case 'exists': {
          let err: unknown;
          for (const x of items) {
            try { if (pred(x, n.args[1]!)) return true; } catch (e) { if (!(e instanceof CelEvalError)) throw e; err ??= e; }
          }
          if (err) throw err;
          return false;
        }
        case 'exists_one': return items.filter((x) => pred(x, n.args[1]!)).length === 1;
        case 'filter': return items.filter((x) => pred(x, n.args[1]!));
        default: // map
          return n.args.length === 3
            ? items.filter((x) => pred(x, n.args[1]!)).map((x) => each(x, n.args[2]!))
            : items.map((x) => each(x, n.args[1]!));
      }
    } finally { scopes.pop(); }
  };
  const call = (n: Extract<Ast, { t: 'call' }>): Value => {
    if (n.fn === 'has' && !n.target) {
      const sel = n.args[0];
      if (n.args.length !== 1 || sel?.t !== 'select') throw new CelEvalError('invalid argument to has() macro');
      const v = ev(sel.operand);
      if (!isMap(v)) throw noOverload('has', v);
      return sel.field in v && v[sel.field] !== undefined;
    }
    if (n.target && MACROS.has(n.fn) && (n.args.length === 2 || (n.fn === 'map' && n.args.length === 3))) return macro(n);
    const args = n.args.map(ev);
    if (n.target) {
      const target = ev(n.target);
      if (target instanceof CelObject) {
        const v = target.method(n.fn, args);
        if (v === undefined) throw new CelEvalError(`no such overload: ${target.celType}.${n.fn}(${args.map(typeName).join(', ')})`);
        return v;
      }
      const m = METHODS[n.fn];
      if (!m) throw new CelEvalError(`undeclared reference to '${n.fn}' (in container '')`);
      return m(target, args);
    }
    const f = FUNCTIONS[n.fn];
    if (!f) throw new CelEvalError(`undeclared reference to '${n.fn}' (in container '')`);
    return f(args);
  };
  return ev(ast);
}
