/**
 * parse: Go text/template's parse tree for kubectl's -o go-template — text, actions, if /
 * range / with (with else and else-if / else-with chains), break and continue, pipelines with
 * variable declarations, and the operands Go allows. Error texts are Go's.
 */
import { type Token, lex, syntaxError } from './lex';

export type Arg =
  | { t: 'dot'; pos: number }
  | { t: 'field'; pos: number; ident: string[] }
  | { t: 'variable'; pos: number; ident: string[] }
  | { t: 'identifier'; pos: number; name: string }
  | { t: 'string'; pos: number; text: string; value: string }
  | { t: 'number'; pos: number; text: string; value: number | bigint }
  | { t: 'bool'; pos: number; value: boolean }
  | { t: 'nil'; pos: number }
  | { t: 'pipe'; pos: number; pipe: Pipe }
  | { t: 'chain'; pos: number; node: Arg; field: string[] };

export interface Command { pos: number; args: Arg[] }
export interface Pipe { pos: number; line: number; decl: string[]; isAssign: boolean; cmds: Command[] }

/** ControlNode is {{if}}, {{range}} or {{with}} with its body and else part. */
export interface ControlNode { t: 'if' | 'range' | 'with'; pos: number; line: number; pipe: Pipe; list: Node[]; elseList?: Node[] }

export type Node =
  | { t: 'text'; text: string }
  | { t: 'action'; pos: number; line: number; pipe: Pipe }
  | ControlNode
  | { t: 'break' | 'continue'; pos: number; line: number };

/** FunctionNames are the identifiers a template may call (Go's builtins plus kubectl's exists and base64decode). */
export type FunctionNames = ReadonlySet<string>;

/** parseTemplate parses a whole template; `functions` says which identifiers are defined. */
export function parseTemplate(text: string, functions: FunctionNames): Node[] {
  return new Parser(lex(text), functions).parseAll();
}

/**
 * MAX_DEPTH bounds nesting ({{if}}/{{range}}/{{with}} and parentheses), so a hostile template
 * fails with Go's depth error instead of exhausting the stack.
 */
export const MAX_DEPTH = 1000;

class Parser {
  private depth = 0;
  private i = 0;
  private rangeDepth = 0;
  private vars: string[][] = [['$']];

  constructor(private readonly toks: Token[], private readonly functions: FunctionNames) {}

  parseAll(): Node[] {
    const { list, end } = this.itemList();
    if (end) throw syntaxError(end.line, `unexpected ${end.word === 'end' ? '{{end}}' : `{{${end.word}}}`}`);
    return list;
  }

  private peek(): Token { return this.toks[this.i]!; }
  private next(): Token { return this.toks[this.i++]!; }
  /** nextNonSpace skips spaces inside an action. */
  private nextNonSpace(): Token { let t = this.next(); while (t.type === 'space') t = this.next(); return t; }
  private peekNonSpace(): Token { const save = this.i; const t = this.nextNonSpace(); this.i = save; return t; }

  /** itemList parses nodes up to EOF or an {{end}} / {{else}} (returned as `end`, its action consumed up to the keyword). */
  private itemList(): { list: Node[]; end?: { word: 'end' | 'else'; line: number } } {
    const list: Node[] = [];
    for (;;) {
      const t = this.next();
      if (t.type === 'eof') { this.i--; return { list }; }
      if (t.type === 'text') { list.push({ t: 'text', text: t.value }); continue; }
      // left delimiter
      const k = this.peekNonSpace();
      if (k.type === 'keyword' && (k.value === 'end' || k.value === 'else')) {
        this.nextNonSpace();
        return { list, end: { word: k.value, line: k.line } };
      }
      list.push(this.action(t));
    }
  }

  private action(left: Token): Node {
    const t = this.peekNonSpace();
    if (t.type === 'keyword') {
      this.nextNonSpace();
      switch (t.value) {
        case 'if': case 'range': case 'with': return this.control(t.value, t);
        case 'break': case 'continue':
          if (this.rangeDepth === 0) throw syntaxError(t.line, `{{${t.value}}} outside {{range}}`);
          this.expectRight(t.value);
          return { t: t.value, pos: t.pos, line: t.line };
        default:
          throw syntaxError(t.line, `{{${t.value}}} is not supported by kubemu's go-template printer`);
      }
    }
    return { t: 'action', pos: left.pos, line: left.line, pipe: this.pipeline('command', 'right') };
  }

  private expectRight(context: string): void {
    const t = this.nextNonSpace();
    if (t.type !== 'right') throw syntaxError(t.line, `unexpected ${describe(t)} in ${context}`);
  }

  private enter(line: number): void {
    if (++this.depth > MAX_DEPTH) throw syntaxError(line, 'max expression depth exceeded');
  }

  private control(kind: 'if' | 'range' | 'with', kw: Token): Node {
    this.enter(kw.line);
    this.vars.push([...this.vars[this.vars.length - 1]!]);
    try {
      const pipe = this.pipeline(kind, 'right');
      if (kind === 'range') this.rangeDepth++;
      let body;
      try { body = this.itemList(); } finally { if (kind === 'range') this.rangeDepth--; }
      if (!body.end) throw syntaxError(this.peek().line, 'unexpected EOF');
      let elseList: Node[] | undefined;
      if (body.end.word === 'else') {
        const nxt = this.peekNonSpace();
        // {{else if …}} and {{else with …}} chain into a nested control sharing one {{end}}.
        if ((kind === 'if' && nxt.type === 'keyword' && nxt.value === 'if') || (kind === 'with' && nxt.type === 'keyword' && nxt.value === 'with')) {
          this.nextNonSpace();
          elseList = [this.control(nxt.value as 'if' | 'with', nxt)];
          return { t: kind, pos: kw.pos, line: kw.line, pipe, list: body.list, elseList };
        }
        this.expectRight('else');
        const rest = this.itemList();
        if (!rest.end) throw syntaxError(this.peek().line, 'unexpected EOF');
        if (rest.end.word !== 'end') throw syntaxError(rest.end.line, 'expected end; found {{else}}');
        elseList = rest.list;
      }
      this.expectRight('end');
      return { t: kind, pos: kw.pos, line: kw.line, pipe, list: body.list, elseList };
    } finally {
      this.vars.pop();
      this.depth--;
    }
  }

  /** pipeline parses `[$x[, $y] :=|=] cmd | cmd …` up to `end` (right delimiter or right paren). */
  private pipeline(context: string, end: 'right' | 'rightParen'): Pipe {
    const first = this.peekNonSpace();
    const pipe: Pipe = { pos: first.pos, line: first.line, decl: [], isAssign: false, cmds: [] };
    // Declarations.
    const save = this.i;
    const v = this.nextNonSpace();
    if (v.type === 'variable') {
      const after = this.peekNonSpace();
      if (after.type === 'declare' || after.type === 'assign') {
        this.nextNonSpace();
        pipe.decl.push(v.value); pipe.isAssign = after.type === 'assign';
      } else if (after.type === 'comma' && context === 'range') {
        this.nextNonSpace();
        const v2 = this.nextNonSpace();
        const op = this.nextNonSpace();
        if (v2.type !== 'variable' || (op.type !== 'declare' && op.type !== 'assign')) throw syntaxError(v2.line, 'range can only initialize variables');
        pipe.decl.push(v.value, v2.value); pipe.isAssign = op.type === 'assign';
      } else {
        this.i = save;
      }
    } else {
      this.i = save;
    }
    if (pipe.decl.length && !pipe.isAssign) this.vars[this.vars.length - 1]!.push(...pipe.decl);
    for (;;) {
      const t = this.peekNonSpace();
      if (t.type === end) {
        this.nextNonSpace();
        if (!pipe.cmds.length) throw syntaxError(t.line, `missing value for ${context}`);
        for (const c of pipe.cmds.slice(1)) {
          const a = c.args[0]!;
          if (a.t === 'bool' || a.t === 'dot' || a.t === 'nil' || a.t === 'number' || a.t === 'string') throw syntaxError(t.line, `non executable command in pipeline stage ${pipe.cmds.indexOf(c) + 1}`);
        }
        return pipe;
      }
      if (t.type === 'eof' || t.type === 'right' || t.type === 'rightParen') throw syntaxError(t.line, t.type === 'eof' ? 'unclosed action' : `unexpected ${describe(t)} in ${context}`);
      pipe.cmds.push(this.command(end));
    }
  }

  private command(end: 'right' | 'rightParen'): Command {
    const cmd: Command = { pos: this.peekNonSpace().pos, args: [] };
    for (;;) {
      this.skipSpace();
      const op = this.operand();
      if (op) cmd.args.push(op);
      const t = this.peek();
      if (t.type === 'space') { this.skipSpace(); const n = this.peek(); if (n.type === end || n.type === 'pipe') { if (n.type === 'pipe') this.next(); return cmd; } continue; }
      if (t.type === end) { if (!cmd.args.length) throw syntaxError(t.line, 'empty command'); return cmd; }
      if (t.type === 'pipe') { this.next(); if (!cmd.args.length) throw syntaxError(t.line, 'missing command'); return cmd; }
      if (t.type === 'eof') throw syntaxError(t.line, 'unclosed action');
      throw syntaxError(t.line, `unexpected ${describe(t)} in operand`);
    }
  }

  private skipSpace(): void { while (this.peek().type === 'space') this.i++; }

  private operand(): Arg | undefined {
    let node = this.term();
    if (!node) return undefined;
    if (this.peek().type === 'field') {
      const pos = this.peek().pos;
      const fields: string[] = [];
      while (this.peek().type === 'field') fields.push(this.next().value.slice(1));
      // Go folds a chain on a field or variable into that node, positioned at the chain's start.
      if (node.t === 'field') node = { t: 'field', pos, ident: [...node.ident, ...fields] };
      else if (node.t === 'variable') node = { t: 'variable', pos, ident: [...node.ident, ...fields] };
      else if (node.t === 'bool' || node.t === 'string' || node.t === 'number' || node.t === 'nil' || node.t === 'dot') throw syntaxError(this.peek().line, `unexpected . after term ${JSON.stringify(argString(node))}`);
      else node = { t: 'chain', pos, node, field: fields };
    }
    return node;
  }

  private term(): Arg | undefined {
    const t = this.next();
    switch (t.type) {
      case 'identifier':
        if (!this.functions.has(t.value)) throw syntaxError(t.line, `function ${JSON.stringify(t.value)} not defined`);
        return { t: 'identifier', pos: t.pos, name: t.value };
      case 'dot': return { t: 'dot', pos: t.pos };
      case 'nil': return { t: 'nil', pos: t.pos };
      case 'variable': {
        if (!this.vars[this.vars.length - 1]!.includes(t.value)) throw syntaxError(t.line, `undefined variable ${JSON.stringify(t.value)}`);
        return { t: 'variable', pos: t.pos, ident: [t.value] };
      }
      case 'field': return { t: 'field', pos: t.pos, ident: [t.value.slice(1)] };
      case 'bool': return { t: 'bool', pos: t.pos, value: t.value === 'true' };
      case 'char': case 'number': return numberArg(t);
      case 'string': case 'rawString': return { t: 'string', pos: t.pos, text: t.value, value: unquote(t) };
      case 'leftParen': {
        this.enter(t.line);
        const pipe = this.pipeline('parenthesized pipeline', 'rightParen');
        this.depth--;
        return { t: 'pipe', pos: t.pos, pipe };
      }
      default:
        this.i--;
        return undefined;
    }
  }
}

function numberArg(t: Token): Arg {
  if (t.type === 'char') {
    const s = unquote({ ...t, value: `"${t.value.slice(1, -1)}"` });
    return { t: 'number', pos: t.pos, text: t.value, value: BigInt(s.codePointAt(0) ?? 0) };
  }
  const text = t.value.replace(/_/g, '');
  const isFloat = /[.eE]/.test(text) && !/^[+-]?0[xX]/.test(text);
  const value = /^[+-]?0[bBoO]/.test(text) ? Number(text.replace(/^([+-]?)0([bBoO])/, '$10$2')) : Number(text);
  if (Number.isNaN(value)) throw syntaxError(t.line, `illegal number syntax: ${JSON.stringify(t.value)}`);
  // A template's integer constant is Go's int, the data's integers int64 (they print alike; errors name the type).
  return { t: 'number', pos: t.pos, text: t.value, value: isFloat ? value : BigInt(value) };
}

/** unquote reads a Go string literal (interpreted or raw). */
function unquote(t: Token): string {
  if (t.type === 'rawString') return t.value.slice(1, -1);
  const body = t.value.slice(1, -1);
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{3}|.)/g, (_m, e: string) => {
    switch (e[0]) {
      case 'n': return '\n'; case 't': return '\t'; case 'r': return '\r'; case '\\': return '\\';
      case '"': return '"'; case "'": return "'"; case 'a': return '\x07'; case 'b': return '\b';
      case 'f': return '\f'; case 'v': return '\v';
      case 'x': case 'u': case 'U': return String.fromCodePoint(parseInt(e.slice(1), 16));
      default:
        if (/^[0-7]{3}$/.test(e)) return String.fromCharCode(parseInt(e, 8));
        throw syntaxError(t.line, `unquote: invalid syntax`);
    }
  });
}

function describe(t: Token): string {
  if (t.type === 'right') return '"}}"';
  if (t.type === 'eof') return 'EOF';
  return JSON.stringify(t.value);
}

/** argString is Go's String() of an operand, as "executing … at <…>" shows it. */
export function argString(a: Arg): string {
  switch (a.t) {
    case 'dot': return '.';
    case 'field': return a.ident.map((f) => `.${f}`).join('');
    case 'variable': return a.ident[0]! + a.ident.slice(1).map((f) => `.${f}`).join('');
    case 'identifier': return a.name;
    case 'string': case 'number': return a.text;
    case 'bool': return String(a.value);
    case 'nil': return 'nil';
    case 'pipe': return `(${pipeString(a.pipe)})`;
    case 'chain': return argString(a.node) + a.field.map((f) => `.${f}`).join('');
  }
}

export function commandString(c: Command): string {
  return c.args.map(argString).join(' ');
}

export function pipeString(p: Pipe): string {
  const decl = p.decl.length ? `${p.decl.join(', ')} ${p.isAssign ? '=' : ':='} ` : '';
  return decl + p.cmds.map(commandString).join(' | ');
}
