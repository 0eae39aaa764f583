/**
 * parse: CEL's grammar (cel-spec langdef.md) into a small AST — literals, identifiers,
 * field selection, indexing, calls and receiver calls (macros are calls the evaluator
 * recognises), lists, maps, and the operators by CEL's precedence: `?:`, `||`, `&&`,
 * relations and `in`, `+ -`, `* / %`, unary `! -`, member access.
 */

export type Ast =
  | { t: 'lit'; v: unknown }
  | { t: 'ident'; name: string }
  | { t: 'select'; operand: Ast; field: string; /** pos: the offset of the selecting '.' (where cel-go reports the field) */ pos?: number }
  | { t: 'index'; operand: Ast; index: Ast }
  | { t: 'call'; fn: string; target?: Ast; args: Ast[] }
  | { t: 'list'; items: Ast[] }
  | { t: 'map'; entries: [Ast, Ast][] }
  | { t: 'unary'; op: '!' | '-'; operand: Ast }
  | { t: 'binary'; op: string; left: Ast; right: Ast }
  | { t: 'cond'; test: Ast; then: Ast; else: Ast };

/** CelSyntaxError is a compile error; message is cel-go's first line ("Syntax error: …"). */
export class CelSyntaxError extends Error {}

interface Token { k: 'num' | 'str' | 'id' | 'op' | 'eof'; v: string | number; pos: number }

const OPS = ['&&', '||', '<=', '>=', '==', '!=', '?', ':', '<', '>', '+', '-', '*', '/', '%', '!', '.', ',', '(', ')', '[', ']', '{', '}'];
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', "'": "'", '`': '`', a: '\x07', b: '\b', f: '\f', v: '\v', '?': '?' };

function lex(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (/\s/.test(ch)) { i++; continue; }
    if (ch === '/' && src[i + 1] === '/') { while (i < src.length && src[i] !== '\n') i++; continue; }
    const rest = src.slice(i);
    const num = /^(?:0x[0-9a-fA-F]+u?|\d+\.\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+|\d+u?)/.exec(rest);
    if (num && !(ch === '.' && out.length && out[out.length - 1]!.k !== 'op')) {
      // kubemu: ints and doubles are both JS numbers (an integral double divides as an int).
      out.push({ k: 'num', v: Number(num[0].replace(/u$/, '')), pos: i });
      i += num[0].length;
      continue;
    }
    const str = /^([rR]?)("""|'''|"|')/.exec(rest);
    if (str) {
      const raw = str[1] !== '';
      const q = str[2]!;
      let j = i + str[0].length;
      let s = '';
      while (j < src.length && !src.startsWith(q, j)) {
        if (src[j] === '\\' && !raw) {
          const e = src[j + 1]!;
          if (e === 'u' || e === 'x') {
            const len = e === 'u' ? 4 : 2;
            s += String.fromCodePoint(parseInt(src.slice(j + 2, j + 2 + len), 16));
            j += 2 + len;
            continue;
          }
          s += ESCAPES[e] ?? e;
          j += 2;
          continue;
        }
        if (q.length === 1 && src[j] === '\n') throw new CelSyntaxError(`Syntax error: token recognition error at: '${q}'`);
        s += src[j++];
      }
      if (j >= src.length) throw new CelSyntaxError(`Syntax error: token recognition error at: '${q}'`);
      out.push({ k: 'str', v: s, pos: i });
      i = j + q.length;
      continue;
    }
    const id = /^[_a-zA-Z][_a-zA-Z0-9]*/.exec(rest);
    if (id) { out.push({ k: 'id', v: id[0], pos: i }); i += id[0].length; continue; }
    const op = OPS.find((o) => rest.startsWith(o));
    if (!op) throw new CelSyntaxError(`Syntax error: token recognition error at: '${ch}'`);
    out.push({ k: 'op', v: op, pos: i });
    i += op.length;
  }
  out.push({ k: 'eof', v: '', pos: src.length });
  return out;
}

/** parseCel parses one CEL expression. */
export function parseCel(src: string): Ast {
  const toks = lex(src);
  let p = 0;
  const peek = () => toks[p]!;
  const isOp = (v: string) => peek().k === 'op' && peek().v === v;
  const eat = (v: string): void => {
    if (!isOp(v)) throw new CelSyntaxError(`Syntax error: mismatched input '${peek().k === 'eof' ? '<EOF>' : String(peek().v)}' expecting '${v}'`);
    p++;
  };
  const args = (close: string): Ast[] => {
    const list: Ast[] = [];
    while (!isOp(close)) { list.push(expr()); if (!isOp(close)) eat(','); }
    eat(close);
    return list;
  };
  function primary(): Ast {
    const tk = peek();
    if (tk.k === 'num') { p++; return { t: 'lit', v: tk.v }; }
    if (tk.k === 'str') { p++; return { t: 'lit', v: tk.v }; }
    if (tk.k === 'id') {
      p++;
      const name = tk.v as string;
      if (name === 'true' || name === 'false') return { t: 'lit', v: name === 'true' };
      if (name === 'null') return { t: 'lit', v: null };
      if (isOp('(')) { p++; return { t: 'call', fn: name, args: args(')') }; }
      return { t: 'ident', name };
    }
    if (isOp('(')) { p++; const e = expr(); eat(')'); return e; }
    if (isOp('[')) { p++; return { t: 'list', items: args(']') }; }
    if (isOp('{')) {
      p++;
      const entries: [Ast, Ast][] = [];
      while (!isOp('}')) { const k = expr(); eat(':'); entries.push([k, expr()]); if (!isOp('}')) eat(','); }
      eat('}');
      return { t: 'map', entries };
    }
    if (isOp('.')) { p++; return primary(); }
    throw new CelSyntaxError(`Syntax error: mismatched input '${tk.k === 'eof' ? '<EOF>' : String(tk.v)}' expecting <expression>`);
  }
  function member(): Ast {
    let e = primary();
    for (;;) {
      if (isOp('.')) {
        const dot = peek().pos;
        p++;
        const f = peek();
        if (f.k !== 'id') throw new CelSyntaxError(`Syntax error: no viable alternative at input '.${String(f.v)}'`);
        p++;
        if (isOp('(')) { p++; e = { t: 'call', fn: f.v as string, target: e, args: args(')') }; } else e = { t: 'select', operand: e, field: f.v as string, pos: dot };
      } else if (isOp('[')) {
        p++;
        const index = expr();
        eat(']');
        e = { t: 'index', operand: e, index };
      } else return e;
    }
  }
  function unary(): Ast {
    if (isOp('!')) { p++; return { t: 'unary', op: '!', operand: unary() }; }
    if (isOp('-')) {
      p++;
      const n = peek();
      if (n.k === 'num' && typeof n.v === 'number') { p++; return { t: 'lit', v: -n.v }; }
      return { t: 'unary', op: '-', operand: unary() };
    }
    return member();
  }
  const binary = (next: () => Ast, ops: string[], keywordIn = false) => (): Ast => {
    let left = next();
    for (;;) {
      const tk = peek();
      const op = tk.k === 'op' && ops.includes(tk.v as string) ? tk.v as string : keywordIn && tk.k === 'id' && tk.v === 'in' ? 'in' : undefined;
      if (!op) return left;
      p++;
      left = { t: 'binary', op, left, right: next() };
    }
  };
  const multiplication = binary(unary, ['*', '/', '%']);
  const addition = binary(multiplication, ['+', '-']);
  const relation = binary(addition, ['<', '<=', '>', '>=', '==', '!='], true);
  const and = binary(relation, ['&&']);
  const or = binary(and, ['||']);
  function expr(): Ast {
    const test = or();
    if (!isOp('?')) return test;
    p++;
    const then = or();
    eat(':');
    return { t: 'cond', test, then, else: expr() };
  }
  const ast = expr();
  if (peek().k !== 'eof') throw new CelSyntaxError(`Syntax error: extraneous input '${String(peek().v)}' expecting <EOF>`);
  return ast;
}
