/**
 * awk-syntax: an awk program's tokens and tree, as POSIX awk's grammar has them (busybox awk's
 * dialect where they differ: 0x and leading-0 octal numbers, `**` for `^`). The lexer decides
 * `/` as division after an operand and as a regular expression elsewhere, as awk's grammar does.
 */

export type Expr =
  | { k: 'num'; v: number } | { k: 'str'; v: string } | { k: 're'; src: string }
  | { k: 'var'; name: string } | { k: 'idx'; name: string; subs: Expr[] } | { k: 'field'; e: Expr }
  | { k: 'assign'; op: string; target: LValue; e: Expr }
  | { k: 'cond'; c: Expr; a: Expr; b: Expr }
  | { k: 'or' | 'and'; a: Expr; b: Expr }
  | { k: 'in'; subs: Expr[]; name: string }
  | { k: 'match'; neg: boolean; a: Expr; re: Expr }
  | { k: 'cmp'; op: string; a: Expr; b: Expr }
  | { k: 'concat'; a: Expr; b: Expr }
  | { k: 'bin'; op: string; a: Expr; b: Expr }
  | { k: 'unary'; op: '-' | '+' | '!'; e: Expr }
  | { k: 'incdec'; op: '++' | '--'; prefix: boolean; target: LValue }
  | { k: 'call'; name: string; args: Expr[] }
  | { k: 'builtin'; name: string; args: Expr[] }
  | { k: 'getline'; target?: LValue; file?: Expr; cmd?: Expr }
  | { k: 'group'; items: Expr[] };

export type LValue = Extract<Expr, { k: 'var' | 'idx' | 'field' }>;

export interface Redirect { op: '>' | '>>' | '|'; target: Expr }

export type Stmt =
  | { k: 'print' | 'printf'; args: Expr[]; redirect?: Redirect }
  | { k: 'expr'; e: Expr }
  | { k: 'block'; body: Stmt[] }
  | { k: 'if'; c: Expr; then: Stmt; else?: Stmt }
  | { k: 'while'; c: Expr; body: Stmt }
  | { k: 'do'; body: Stmt; c: Expr }
  | { k: 'for'; init?: Expr; c?: Expr; step?: Expr; body: Stmt }
  | { k: 'forin'; v: string; arr: string; body: Stmt }
  | { k: 'break' | 'continue' | 'next' | 'nextfile' }
  | { k: 'exit' | 'return'; e?: Expr }
  | { k: 'delete'; name: string; subs?: Expr[] };

export interface Rule { pattern?: Expr; range?: [Expr, Expr]; action?: Stmt[] }
export interface AwkFunction { params: string[]; body: Stmt[] }
export interface Program { begin: Stmt[][]; end: Stmt[][]; rules: Rule[]; funcs: Map<string, AwkFunction> }

/** AwkSyntaxError is busybox's "Unexpected token" (or "Unexpected end of string") at a line. */
export class AwkSyntaxError extends Error {
  constructor(message: string, readonly line: number) { super(message); }
}

export const BUILTINS = new Set([
  'length', 'substr', 'index', 'split', 'sub', 'gsub', 'match', 'sprintf', 'sin', 'cos', 'atan2', 'exp', 'log',
  'sqrt', 'int', 'rand', 'srand', 'tolower', 'toupper', 'system', 'close', 'fflush',
]);
const KEYWORDS = new Set([
  'BEGIN', 'END', 'function', 'func', 'if', 'else', 'while', 'for', 'do', 'break', 'continue', 'next', 'nextfile',
  'exit', 'return', 'delete', 'print', 'printf', 'getline', 'in',
]);
/** PUNCT is longest first, so `**=` is read before `**` and `*`. */
const PUNCT = ['**=', '&&', '||', '==', '!=', '<=', '>=', '!~', '++', '--', '+=', '-=', '*=', '/=', '%=', '^=', '**', '>>',
  '{', '}', '(', ')', '[', ']', ';', ',', '+', '-', '*', '/', '%', '^', '!', '>', '<', '|', '?', ':', '~', '$', '='];

interface Token { t: string; v?: string | number; line: number }

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', '\\': '\\', '"': '"', '/': '/' };

/**
 * escapeAt reads the escape at src[i] (a backslash) as awk reads one in a string, a -v value or
 * an operand assignment: \n and the like, octal, \xHH; an unknown \z is z.
 */
export function escapeAt(src: string, i: number): { text: string; next: number } {
  const oct = /^[0-7]{1,3}/.exec(src.slice(i + 1, i + 4));
  if (oct) return { text: String.fromCharCode(parseInt(oct[0], 8) & 255), next: i + 1 + oct[0].length };
  const hex = /^x([0-9a-fA-F]{1,2})/.exec(src.slice(i + 1, i + 4));
  if (hex) return { text: String.fromCharCode(parseInt(hex[1]!, 16)), next: i + 1 + hex[0].length };
  const n = src[i + 1]!;
  return { text: ESCAPES[n] ?? n, next: i + 2 };
}

/** unescapeAwk reads every escape of a -v value or an operand assignment. */
export function unescapeAwk(s: string): string {
  let out = '';
  for (let i = 0; i < s.length;) {
    if (s[i] === '\\' && i + 1 < s.length) { const e = escapeAt(s, i); out += e.text; i = e.next; } else out += s[i++];
  }
  return out;
}

/** numberAt reads a number as busybox's my_strtod does: 0x hex and leading-0 octal integers, else a decimal. */
export function numberAt(s: string): { v: number; len: number } | undefined {
  const hex = /^0[xX][0-9a-fA-F]+/.exec(s);
  if (hex) return { v: Number(hex[0]), len: hex[0].length };
  const oct = /^0[0-7]+/.exec(s);
  if (oct && !/^[0-9.]/.test(s.slice(oct[0].length))) return { v: parseInt(oct[0], 8), len: oct[0].length };
  const dec = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(s);
  return dec ? { v: Number(dec[0]), len: dec[0].length } : undefined;
}

/** OPERAND_END are the tokens after which `/` divides. */
const OPERAND_END = new Set(['num', 'str', 'ere', 'name', 'builtin', ')', ']', '++', '--']);

function lex(src: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  let i = 0;
  const prev = () => out[out.length - 1]?.t;
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t' || c === '\r') { i++; continue; }
    if (c === '\\' && src[i + 1] === '\n') { i += 2; line++; continue; }
    if (c === '#') { while (i < src.length && src[i] !== '\n') i++; continue; }
    if (c === '\n') { out.push({ t: 'nl', line }); line++; i++; continue; }
    if (c === '"') {
      let s = '';
      i++;
      for (;;) {
        if (i >= src.length || src[i] === '\n') throw new AwkSyntaxError('Unexpected end of string', line);
        const d = src[i]!;
        if (d === '"') { i++; break; }
        if (d === '\\' && i + 1 < src.length) {
          const e = escapeAt(src, i);
          s += e.text;
          i = e.next;
          continue;
        }
        s += d;
        i++;
      }
      out.push({ t: 'str', v: s, line });
      continue;
    }
    if (c === '/' && !OPERAND_END.has(prev() ?? '')) {
      let s = '';
      i++;
      for (;;) {
        if (i >= src.length || src[i] === '\n') throw new AwkSyntaxError('Unexpected end of string', line);
        const d = src[i]!;
        if (d === '/') { i++; break; }
        if (d === '\\' && src[i + 1] === '/') { s += '/'; i += 2; continue; }
        if (d === '\\' && i + 1 < src.length) { s += d + src[i + 1]; i += 2; continue; }
        s += d;
        i++;
      }
      out.push({ t: 'ere', v: s, line });
      continue;
    }
    if (/[0-9.]/.test(c)) {
      const n = numberAt(src.slice(i));
      if (!n) throw new AwkSyntaxError('Unexpected token', line);
      out.push({ t: 'num', v: n.v, line });
      i += n.len;
      continue;
    }
    const w = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (w) {
      const word = w[0];
      i += word.length;
      if (KEYWORDS.has(word)) out.push({ t: word === 'func' ? 'function' : word, line });
      else if (BUILTINS.has(word)) out.push({ t: 'builtin', v: word, line });
      else out.push({ t: src[i] === '(' ? 'funcname' : 'name', v: word, line });
      continue;
    }
    const p = PUNCT.find((q) => src.startsWith(q, i));
    if (!p) throw new AwkSyntaxError('Unexpected token', line);
    out.push({ t: p === '**' ? '^' : p === '**=' ? '^=' : p, line });
    i += p.length;
  }
  out.push({ t: 'eof', line });
  return out;
}

const ASSIGN_OPS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '^=']);
const CMP_OPS = new Set(['<', '<=', '!=', '==', '>', '>=']);
/** CONCAT_START are the tokens that begin an operand juxtaposed for concatenation (a sign is the binary operator). */
const CONCAT_START = new Set(['num', 'str', 'ere', 'name', 'funcname', 'builtin', '$', '(', '++', '--']);

class Parser {
  private pos = 0;
  /** inPrint: a top-level `>` is print's redirection, not a comparison. */
  private inPrint = false;
  constructor(private readonly toks: Token[]) {}

  private peek(k = 0): Token { return this.toks[Math.min(this.pos + k, this.toks.length - 1)]!; }
  private next(): Token { return this.toks[this.pos++]!; }
  private fail(): never {
    throw new AwkSyntaxError('Unexpected token', this.peek().line);
  }
  private expect(t: string): Token { if (this.peek().t !== t) this.fail(); return this.next(); }
  private skipNl(): void { while (this.peek().t === 'nl') this.pos++; }
  private skipTerms(): void { while (this.peek().t === 'nl' || this.peek().t === ';') this.pos++; }

  program(): Program {
    const prog: Program = { begin: [], end: [], rules: [], funcs: new Map() };
    this.skipTerms();
    while (this.peek().t !== 'eof') {
      const t = this.peek().t;
      if (t === 'BEGIN' || t === 'END') {
        this.next();
        this.skipNl();
        (t === 'BEGIN' ? prog.begin : prog.end).push(this.block());
      } else if (t === 'function') {
        this.next();
        const name = this.next();
        if (name.t !== 'name' && name.t !== 'funcname') this.fail();
        this.expect('(');
        const params: string[] = [];
        while (this.peek().t !== ')') {
          params.push(String(this.expect('name').v));
          if (this.peek().t === ',') { this.next(); this.skipNl(); } else break;
        }
        this.expect(')');
        this.skipNl();
        prog.funcs.set(String(name.v), { params, body: this.block() });
      } else {
        const rule: Rule = {};
        if (t !== '{') {
          const first = this.expr();
          if (this.peek().t === ',') { this.next(); this.skipNl(); rule.range = [first, this.expr()]; } else rule.pattern = first;
        }
        if (this.peek().t === '{') rule.action = this.block();
        prog.rules.push(rule);
      }
      if (!['nl', ';', 'eof'].includes(this.peek().t) && this.toks[this.pos - 1]?.t !== '}') this.fail();
      this.skipTerms();
    }
    return prog;
  }

  private block(): Stmt[] {
    this.expect('{');
    const body: Stmt[] = [];
    for (;;) {
      this.skipTerms();
      if (this.peek().t === '}') break;
      body.push(this.stmt());
    }
    this.next();
    return body;
  }

  /** end ends a simple statement: `;`, a newline, or before `}` or the end. */
  private end(): void {
    const t = this.peek().t;
    if (t === ';' || t === 'nl') { this.next(); return; }
    if (t !== '}' && t !== 'eof') this.fail();
  }

  private body(): Stmt {
    this.skipNl();
    if (this.peek().t === ';') { this.next(); return { k: 'block', body: [] }; }
    return this.stmt();
  }

  private stmt(): Stmt {
    const t = this.peek().t;
    switch (t) {
      case '{': return { k: 'block', body: this.block() };
      case 'if': {
        this.next();
        this.expect('(');
        const c = this.expr();
        this.expect(')');
        const then = this.body();
        const save = this.pos;
        this.skipTerms();
        if (this.peek().t === 'else') { this.next(); return { k: 'if', c, then, else: this.body() }; }
        this.pos = save;
        return { k: 'if', c, then };
      }
      case 'while': {
        this.next();
        this.expect('(');
        const c = this.expr();
        this.expect(')');
        return { k: 'while', c, body: this.body() };
      }
      case 'do': {
        this.next();
        const body = this.body();
        this.skipTerms();
        this.expect('while');
        this.expect('(');
        const c = this.expr();
        this.expect(')');
        this.end();
        return { k: 'do', body, c };
      }
      case 'for': {
        this.next();
        this.expect('(');
        if (this.peek().t === 'name' && this.peek(1).t === 'in' && this.peek(2).t === 'name' && this.peek(3).t === ')') {
          const v = String(this.next().v);
          this.next();
          const arr = String(this.next().v);
          this.next();
          return { k: 'forin', v, arr, body: this.body() };
        }
        const init = this.peek().t === ';' ? undefined : this.expr();
        this.expect(';');
        this.skipNl();
        const c = this.peek().t === ';' ? undefined : this.expr();
        this.expect(';');
        this.skipNl();
        const step = this.peek().t === ')' ? undefined : this.expr();
        this.expect(')');
        return { k: 'for', init, c, step, body: this.body() };
      }
      default: {
        const s = this.simple();
        this.end();
        return s;
      }
    }
  }

  private simple(): Stmt {
    const t = this.peek().t;
    if (t === 'break' || t === 'continue' || t === 'next' || t === 'nextfile') { this.next(); return { k: t }; }
    if (t === 'exit' || t === 'return') {
      this.next();
      const term = ['nl', ';', '}', 'eof'].includes(this.peek().t);
      return term ? { k: t } : { k: t, e: this.expr() };
    }
    if (t === 'delete') {
      this.next();
      const name = String(this.expect('name').v);
      if (this.peek().t !== '[') return { k: 'delete', name };
      this.next();
      return { k: 'delete', name, subs: this.list(']') };
    }
    if (t === 'print' || t === 'printf') {
      this.next();
      const was = this.inPrint;
      this.inPrint = true;
      let args: Expr[] = [];
      try {
        if (!['nl', ';', '}', 'eof', '>', '>>', '|'].includes(this.peek().t)) {
          args = this.exprList();
          // `print (a, b)` is a list in parentheses.
          if (args.length === 1 && args[0]!.k === 'group') args = args[0].items;
        }
      } finally { this.inPrint = was; }
      if (t === 'printf' && !args.length) this.fail();
      const op = this.peek().t;
      if (op === '>' || op === '>>' || op === '|') {
        this.next();
        // The target is an expression without a top-level `>`: `print 1 > 2 ? "a" : "b"` writes to "a".
        const was2 = this.inPrint;
        this.inPrint = true;
        try { return { k: t, args, redirect: { op, target: this.ternary() } }; } finally { this.inPrint = was2; }
      }
      return { k: t, args };
    }
    return { k: 'expr', e: this.expr() };
  }

  private exprList(): Expr[] {
    const items = [this.expr()];
    while (this.peek().t === ',') { this.next(); this.skipNl(); items.push(this.expr()); }
    return items;
  }

  /** list reads expressions up to a closing token, outside print's redirection rule. */
  private list(close: string): Expr[] {
    const was = this.inPrint;
    this.inPrint = false;
    try {
      this.skipNl();
      const items = this.peek().t === close ? [] : this.exprList();
      this.skipNl();
      this.expect(close);
      return items;
    } finally { this.inPrint = was; }
  }

  expr(): Expr {
    const lhs = this.ternary();
    const op = this.peek().t;
    if (ASSIGN_OPS.has(op) && (lhs.k === 'var' || lhs.k === 'idx' || lhs.k === 'field')) {
      this.next();
      this.skipNl();
      return { k: 'assign', op, target: lhs, e: this.expr() };
    }
    return lhs;
  }

  private ternary(): Expr {
    const c = this.or();
    if (this.peek().t !== '?') return c;
    this.next();
    this.skipNl();
    const a = this.expr();
    this.skipNl();
    this.expect(':');
    this.skipNl();
    return { k: 'cond', c, a, b: this.expr() };
  }

  private or(): Expr {
    let a = this.and();
    while (this.peek().t === '||') { this.next(); this.skipNl(); a = { k: 'or', a, b: this.and() }; }
    return a;
  }

  private and(): Expr {
    let a = this.inExpr();
    while (this.peek().t === '&&') { this.next(); this.skipNl(); a = { k: 'and', a, b: this.inExpr() }; }
    return a;
  }

  private inExpr(): Expr {
    let a = this.matchExpr();
    while (this.peek().t === 'in') { this.next(); a = { k: 'in', subs: [a], name: String(this.expect('name').v) }; }
    return a;
  }

  private matchExpr(): Expr {
    let a = this.cmp();
    while (this.peek().t === '~' || this.peek().t === '!~') {
      const neg = this.next().t === '!~';
      a = { k: 'match', neg, a, re: this.cmp() };
    }
    return a;
  }

  private cmp(): Expr {
    let a = this.concat();
    for (;;) {
      const t = this.peek().t;
      if (t === '|' && this.peek(1).t === 'getline') {
        this.next();
        this.next();
        a = { k: 'getline', cmd: a, ...this.getlineTarget() };
        continue;
      }
      if (!CMP_OPS.has(t) || (t === '>' && this.inPrint)) return a;
      this.next();
      a = { k: 'cmp', op: t, a, b: this.concat() };
    }
  }

  concat(): Expr {
    let a = this.additive();
    while (CONCAT_START.has(this.peek().t)) a = { k: 'concat', a, b: this.additive() };
    return a;
  }

  private additive(): Expr {
    let a = this.mul();
    while (this.peek().t === '+' || this.peek().t === '-') { const op = this.next().t; a = { k: 'bin', op, a, b: this.mul() }; }
    return a;
  }

  private mul(): Expr {
    let a = this.unary();
    while (['*', '/', '%'].includes(this.peek().t)) { const op = this.next().t; a = { k: 'bin', op, a, b: this.unary() }; }
    return a;
  }

  private unary(): Expr {
    const t = this.peek().t;
    if (t === '!' || t === '-' || t === '+') { this.next(); return { k: 'unary', op: t, e: this.unary() }; }
    return this.pow();
  }

  private pow(): Expr {
    const base = this.postfix();
    if (this.peek().t !== '^') return base;
    this.next();
    // Right-associative, and the exponent may carry its own sign: 2^-1, 2^3^2.
    const t = this.peek().t;
    const exp: Expr = t === '-' || t === '+' || t === '!' ? (this.next(), { k: 'unary', op: t, e: this.pow() }) : this.pow();
    return { k: 'bin', op: '^', a: base, b: exp };
  }

  private postfix(): Expr {
    const e = this.primary();
    const t = this.peek().t;
    if ((t === '++' || t === '--') && (e.k === 'var' || e.k === 'idx' || e.k === 'field')) {
      this.next();
      return { k: 'incdec', op: t, prefix: false, target: e };
    }
    return e;
  }

  private lvalue(e: Expr): LValue {
    if (e.k !== 'var' && e.k !== 'idx' && e.k !== 'field') this.fail();
    return e;
  }

  private getlineTarget(): { target?: LValue } {
    const t = this.peek().t;
    if (t === 'name' || t === '$') return { target: this.lvalue(this.primary()) };
    return {};
  }

  private primary(): Expr {
    const tok = this.next();
    switch (tok.t) {
      case 'num': return { k: 'num', v: tok.v as number };
      case 'str': return { k: 'str', v: tok.v as string };
      case 'ere': return { k: 're', src: tok.v as string };
      case '$': {
        const t = this.peek().t;
        if (t === '++' || t === '--') { this.next(); return { k: 'field', e: { k: 'incdec', op: t, prefix: true, target: this.lvalue(this.primary()) } }; }
        if (t === '-' || t === '+' || t === '!') { this.next(); return { k: 'field', e: { k: 'unary', op: t, e: this.primary() } }; }
        return { k: 'field', e: this.primary() };
      }
      case '++': case '--': return { k: 'incdec', op: tok.t, prefix: true, target: this.lvalue(this.primary()) };
      case '(': {
        const items = this.list(')');
        if (!items.length) this.fail();
        if (items.length === 1) return { k: 'group', items };
        if (this.peek().t === 'in') { this.next(); return { k: 'in', subs: items, name: String(this.expect('name').v) }; }
        return { k: 'group', items };
      }
      case 'name': {
        const name = String(tok.v);
        if (this.peek().t !== '[') return { k: 'var', name };
        this.next();
        const subs = this.list(']');
        if (!subs.length) this.fail();
        return { k: 'idx', name, subs };
      }
      case 'funcname': {
        this.expect('(');
        return { k: 'call', name: String(tok.v), args: this.list(')') };
      }
      case 'builtin': {
        const name = String(tok.v);
        if (this.peek().t === '(') { this.next(); return { k: 'builtin', name, args: this.list(')') }; }
        if (name === 'length') return { k: 'builtin', name, args: [] };
        return this.fail();
      }
      case 'getline': {
        const target = this.getlineTarget();
        if (this.peek().t === '<') { this.next(); return { k: 'getline', ...target, file: this.primary() }; }
        return { k: 'getline', ...target };
      }
      case '-': case '+': case '!': return { k: 'unary', op: tok.t, e: this.unary() };
      default:
        this.pos--;
        return this.fail();
    }
  }
}

/** parseProgram reads an awk program; it throws AwkSyntaxError. */
export function parseProgram(src: string): Program {
  return new Parser(lex(src)).program();
}
