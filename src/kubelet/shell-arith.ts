/**
 * shell-arith: `$((…))` as busybox ash evaluates it — integers, variables (unset or empty
 * is 0), + - * / % **, comparisons, ! && ||, unary signs and parentheses. Errors are ash's
 * texts; the shell prints them as "sh: TEXT" and exits 2.
 */

import { MAX_NESTING, TooDeep } from './shell-parser';

export const ARITH_SYNTAX_ERROR = 'arithmetic syntax error';
export const DIVIDE_BY_ZERO = 'divide by zero';

/** ArithError is an expression ash cannot evaluate. */
export class ArithError extends Error {}

/** BINARY lists the binary operators by precedence, loosest first. */
const BINARY: string[][] = [['||'], ['&&'], ['==', '!='], ['<=', '>=', '<', '>'], ['+', '-'], ['*', '/', '%'], ['**']];
const TOKEN = /\s*(0[xX][0-9a-fA-F]+|\d+|[A-Za-z_][A-Za-z0-9_]*|\*\*|<=|>=|==|!=|&&|\|\||[-+*/%()<>!])/y;

/** evalArith evaluates an already-expanded expression; lookup reads a variable. */
export function evalArith(expr: string, lookup: (name: string) => string | undefined): number {
  const toks: string[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < expr.length) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(expr);
    if (!m) {
      if (/^\s*$/.test(expr.slice(at))) break;
      throw new ArithError(ARITH_SYNTAX_ERROR);
    }
    toks.push(m[1]!);
    at = TOKEN.lastIndex;
  }
  let i = 0;
  const value = (name: string): number => {
    const v = (lookup(name) ?? '').trim();
    if (v === '') return 0;
    if (!/^-?\d+$/.test(v)) throw new ArithError(ARITH_SYNTAX_ERROR);
    return Number(v);
  };
  let depth = 0;
  const primary = (): number => {
    if (++depth > MAX_NESTING) throw new TooDeep();
    try { return unary(); } finally { depth--; }
  };
  const unary = (): number => {
    const t = toks[i++];
    if (t === undefined) throw new ArithError(ARITH_SYNTAX_ERROR);
    if (t === '(') { const v = binary(0); if (toks[i++] !== ')') throw new ArithError(ARITH_SYNTAX_ERROR); return v; }
    if (t === '-') return -primary();
    if (t === '+') return primary();
    if (t === '!') return primary() === 0 ? 1 : 0;
    if (/^\d/.test(t)) return Number(t);
    if (/^[A-Za-z_]/.test(t)) return value(t);
    throw new ArithError(ARITH_SYNTAX_ERROR);
  };
  const binary = (level: number): number => {
    if (level === BINARY.length) return primary();
    let left = binary(level + 1);
    while (i < toks.length && BINARY[level]!.includes(toks[i]!)) {
      const op = toks[i++]!;
      const right = binary(op === '**' ? level : level + 1);
      left = apply(op, left, right);
    }
    return left;
  };
  if (!toks.length) return 0;
  const v = binary(0);
  if (i < toks.length) throw new ArithError(ARITH_SYNTAX_ERROR);
  return v;
}

function apply(op: string, a: number, b: number): number {
  switch (op) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/': case '%':
      if (b === 0) throw new ArithError(DIVIDE_BY_ZERO);
      return op === '/' ? Math.trunc(a / b) : a % b;
    case '**': return b < 0 ? 0 : a ** Math.min(b, 64);
    case '<': return Number(a < b);
    case '<=': return Number(a <= b);
    case '>': return Number(a > b);
    case '>=': return Number(a >= b);
    case '==': return Number(a === b);
    case '!=': return Number(a !== b);
    case '&&': return Number(a !== 0 && b !== 0);
    default: return Number(a !== 0 || b !== 0);
  }
}
