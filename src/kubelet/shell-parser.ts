/**
 * shell-parser: the container shell's lexer and parser. Every scan moves forward and stops
 * at the end of the text, so any input parses in bounded work; a construct left open (a
 * quote, `${`, `$(`, `$((`, a backquote, a `do` without `done` …) is busybox ash's syntax
 * error, with ash's text. Commands are parsed one line at a time, as ash does: lines
 * before a broken one run, a broken line runs nothing.
 */

/** Busybox ash's syntax error texts (printed as "sh: syntax error: TEXT", exit status 2). */
export const UNTERMINATED_QUOTE = 'unterminated quoted string';
export const MISSING_BRACE = "missing '}'";
export const MISSING_ARITH = "missing '))'";
export const EOF_IN_BACKQUOTE = 'EOF in backquote substitution';
export const BAD_SUBSTITUTION = 'bad substitution';
export const BAD_FOR_VARIABLE = 'bad for loop variable';
export const BAD_FUNCTION_NAME = 'bad function name';
export const END_OF_FILE = 'end of file';
/** unexpected is ash's raise_error_unexpected_syntax text: a token, and the one it expected if only one fits. */
export const unexpected = (token: string, expecting?: string): string => `unexpected ${token}${expecting ? ` (expecting ${expecting})` : ''}`;

/** MAX_NESTING bounds how deep constructs nest (parser and interpreter recursion stay far from the JS stack limit). */
export const MAX_NESTING = 100;

/**
 * ShellSyntaxError is a script sh cannot parse: sh prints `syntax error: MESSAGE` and exits 2.
 * open is the construct left open when the text ended (for bash's "looking for matching" text).
 */
export class ShellSyntaxError extends Error {
  constructor(message: string, readonly open?: string) { super(message); }
}

/** TooDeep is nesting past MAX_NESTING: kubemu models such a script as one that never finishes. */
export class TooDeep extends Error {}

type Tok = { op: string; fd?: number } | { word: string; raw: string } | { err: ShellSyntaxError };

/** LIST_ENDS are the reserved words that end a list when they stand where a command would start. */
const LIST_ENDS = new Set(['do', 'done', 'then', 'else', 'elif', 'fi', '}', 'esac']);

const OPERATOR_CHARS = ';|&<>\n()';

// ---------- scanners: each takes the index of a construct's first character, returns the index after it ----------

function scanSingle(s: string, i: number): number {
  const j = s.indexOf("'", i + 1);
  if (j < 0) throw new ShellSyntaxError(UNTERMINATED_QUOTE, "'");
  return j + 1;
}

function scanDouble(s: string, i: number, depth: number): number {
  let j = i + 1;
  while (j < s.length) {
    const c = s[j]!;
    if (c === '"') return j + 1;
    if (c === '\\') { j += 2; continue; }
    if (c === '$') { j = scanDollar(s, j, depth, true); continue; }
    if (c === '`') { j = scanBackquote(s, j); continue; }
    j++;
  }
  throw new ShellSyntaxError(UNTERMINATED_QUOTE, '"');
}

function scanBackquote(s: string, i: number): number {
  let j = i + 1;
  while (j < s.length) {
    if (s[j] === '\\') { j += 2; continue; }
    if (s[j] === '`') return j + 1;
    j++;
  }
  throw new ShellSyntaxError(EOF_IN_BACKQUOTE, '`');
}

/** scanBrace reads `${…}` up to its `}`, through the quotes and substitutions of its word. */
function scanBrace(s: string, i: number, depth: number, inDouble: boolean): number {
  let j = i + 2;
  while (j < s.length) {
    const c = s[j]!;
    if (c === '}') return j + 1;
    if (c === '\\') { j += 2; continue; }
    if (c === "'" && !inDouble) { j = scanSingle(s, j); continue; }
    if (c === '"') { j = scanDouble(s, j, depth + 1); continue; }
    if (c === '$') { j = scanDollar(s, j, depth + 1, inDouble); continue; }
    if (c === '`') { j = scanBackquote(s, j); continue; }
    j++;
  }
  throw new ShellSyntaxError(MISSING_BRACE, '}');
}

/** scanArith reads `$((…))`, counting parentheses. */
function scanArith(s: string, i: number, depth: number): number {
  let j = i + 3;
  let parens = 0;
  while (j < s.length) {
    const c = s[j]!;
    if (c === '(') parens++;
    else if (c === ')') {
      if (parens === 0 && s[j + 1] === ')') return j + 2;
      if (parens > 0) parens--;
    } else if (c === '$') { j = scanDollar(s, j, depth + 1, true); continue; }
    else if (c === '`') { j = scanBackquote(s, j); continue; }
    else if (c === '"') { j = scanDouble(s, j, depth + 1); continue; }
    j++;
  }
  throw new ShellSyntaxError(MISSING_ARITH, '))');
}

/** scanDollar reads one `$` construct; a plain `$NAME` is left to the word scanner. */
function scanDollar(s: string, i: number, depth: number, inDouble: boolean): number {
  if (depth > MAX_NESTING) throw new TooDeep();
  const next = s[i + 1];
  if (next === '(') return s[i + 2] === '(' ? scanArith(s, i, depth) : scanSubstitution(s, i + 2, depth + 1);
  if (next === '{') return scanBrace(s, i, depth, inDouble);
  return i + 1;
}

/** scanSubstitution lexes and parses the script of `$(…)` starting at start; returns the index after its `)`. */
function scanSubstitution(s: string, start: number, depth: number): number {
  const { toks, end } = lexFrom(s, start, depth, true);
  // The body parses first: an open `for` inside an open `$(` is reported as the `for`'s error.
  new Parser(toks, depth, end < 0 ? undefined : '")"', true).parseAll();
  if (end < 0) throw new ShellSyntaxError(unexpected(END_OF_FILE, '")"'), ')');
  return end;
}

/** scanWordEnd reads one word's raw text from i; quotes and substitutions are part of it. */
function scanWordEnd(s: string, i: number, depth: number): number {
  let j = i;
  while (j < s.length) {
    const c = s[j]!;
    if (c === "'") { j = scanSingle(s, j); continue; }
    if (c === '"') { j = scanDouble(s, j, depth); continue; }
    if (c === '`') { j = scanBackquote(s, j); continue; }
    if (c === '$') { j = scanDollar(s, j, depth, false); continue; }
    if (c === '\\') { j = Math.min(s.length, j + 2); continue; }
    if (c === ' ' || c === '\t' || OPERATOR_CHARS.includes(c)) break;
    j++;
  }
  return j;
}

// ---------- lexer ----------

/**
 * lexFrom splits s from start into tokens. With inSubstitution, an unmatched `)` ends the
 * text (end is the index after it; -1 when the text ran out first). A construct that
 * cannot be scanned becomes an error token: the parser reports it when it gets there.
 */
function lexFrom(s: string, start: number, depth: number, inSubstitution: boolean): { toks: Tok[]; end: number } {
  const out: Tok[] = [];
  let parens = 0;
  // A `case` pattern's `)` neither closes a `(` nor ends a substitution. cases holds, for each
  // open case, whether its patterns are being read (after `in` or `;;`) rather than an arm's
  // commands; caseWords counts down the words from `case` to its `in`.
  const cases: boolean[] = [];
  let caseWords = 0;
  let i = start;
  while (i < s.length) {
    const c = s[i]!;
    if (c === ' ' || c === '\t') { i++; continue; }
    if (c === '\\' && s[i + 1] === '\n') { i += 2; continue; }
    if (c === '#') { while (i < s.length && s[i] !== '\n') i++; continue; }
    const two = s.slice(i, i + 2);
    if (two === '&&' || two === '||' || two === ';;') {
      if (two === ';;' && cases.length) cases[cases.length - 1] = true;
      out.push({ op: two });
      i += 2;
      continue;
    }
    const redirect = REDIRECT_AT.exec(s.slice(i, i + 4));
    if (redirect) {
      const fd = redirect[1];
      const op = redirect[2] ?? redirect[3]!;
      out.push(fd === undefined ? { op } : { op, fd: Number(fd) });
      i += redirect[0].length;
      continue;
    }
    if (OPERATOR_CHARS.includes(c)) {
      if (cases[cases.length - 1] && (c === '(' || c === ')')) {
        if (c === ')') cases[cases.length - 1] = false;
        out.push({ op: c });
        i++;
        continue;
      }
      if (inSubstitution && c === ')' && parens === 0) return { toks: out, end: i + 1 };
      if (c === '(') parens++;
      if (c === ')') parens--;
      out.push({ op: c });
      i++;
      continue;
    }
    let end: number;
    try {
      end = scanWordEnd(s, i, depth);
    } catch (e) {
      if (!(e instanceof ShellSyntaxError)) throw e;
      out.push({ err: e });
      return { toks: out, end: -1 };
    }
    let raw = s.slice(i, end);
    // NAME=( … ) is one word, a bash array assignment (ash refuses it when it runs).
    if (s[end] === '(' && /^[A-Za-z_][A-Za-z0-9_]*=$/.test(raw)) {
      const close = arrayEnd(s, end + 1);
      if (close < 0) { out.push({ err: new ShellSyntaxError(unexpected('end of file'), '(') }); return { toks: out, end: -1 }; }
      end = close + 1;
      raw = s.slice(i, end);
    }
    if (caseWords > 0) {
      caseWords--;
      if (caseWords === 0 && raw === 'in') cases.push(true);
    } else if (commandStarts(out[out.length - 1])) {
      if (raw === 'case') caseWords = 2;
      else if (raw === 'esac' && cases.length) cases.pop();
    } else if (raw === 'esac' && cases[cases.length - 1]) cases.pop();
    out.push({ word: raw, raw });
    i = end;
  }
  return { toks: out, end: -1 };
}

/** arrayEnd is the index of the `)` that closes an array assignment's list opened before s[i], or -1. */
function arrayEnd(s: string, i: number): number {
  for (let j = i; j < s.length; j++) {
    const c = s[j]!;
    if (c === ')') return j;
    if (c === '\\') { j++; continue; }
    // Quotes and substitutions are skipped whole: a `)` inside them does not close the list.
    if (c === "'" || c === '"' || c === '`' || (c === '$' && (s[j + 1] === '(' || s[j + 1] === '{'))) {
      try { j = constructEnd(s, j, false) - 1; } catch { return -1; }
      continue;
    }
  }
  return -1;
}

/** splitArrayWords is the words of an array assignment's list `( … )`, unexpanded. */
export function splitArrayWords(list: string): string[] {
  return lexFrom(list, 0, 0, false).toks.flatMap((t) => ('word' in t ? [t.raw] : []));
}

/** commandStarts says whether a word after this token stands where a command starts (where `case` and `esac` are reserved). */
function commandStarts(prev: Tok | undefined): boolean {
  if (!prev) return true;
  if ('op' in prev) return !REDIRECTS.has(prev.op);
  return 'word' in prev && ['then', 'do', 'else', 'elif', '{', '!'].includes(prev.word);
}

// ---------- parser ----------

/** Redirect is one redirection: the file descriptor it sets (none for `&>`: both), its operator and its target word. */
export interface Redirect { op: string; fd?: number; target: string }

export type Node =
  | { t: 'simple'; words: string[]; redirects: Redirect[] }
  | { t: 'pipe'; cmds: Node[] }
  | { t: 'andor'; first: Node; rest: { op: '&&' | '||'; node: Node }[] }
  | { t: 'list'; items: Node[] }
  | { t: 'while'; until: boolean; cond: Node; body: Node }
  | { t: 'for'; name: string; words: string[]; body: Node }
  | { t: 'if'; branches: { cond: Node; body: Node }[]; otherwise?: Node }
  | { t: 'case'; word: string; arms: { patterns: string[]; body: Node }[] }
  | { t: 'group'; body: Node }
  | { t: 'function'; name: string; body: Node }
  | { t: 'background'; body: Node };

/**
 * REDIRECTS are the redirection operators: `[n]>`, `[n]>>`, `[n]>|`, `[n]<`, `[n]>&m`, `[n]<&m`,
 * and `&>` / `&>>` (stdout and stderr to one file, which ash accepts as bash does).
 */
const REDIRECTS = new Set(['>', '>>', '>|', '<', '>&', '<&', '&>', '&>>']);
/** REDIRECT_AT reads a redirection operator and the one-digit file descriptor before it (an IO number: it starts the token). */
const REDIRECT_AT = /^([0-9])?(>>|>&|>\||>|<&|<(?!<))|^(&>>|&>)/;

/** Parser is ash's recursive-descent parser over the lexer's tokens. */
class Parser {
  private i = 0;
  /**
   * @param eofToken how the end of the tokens reads in an error: `")"` inside `$(…)`, whose
   *   tokens end at its `)`; undefined for the end of the text.
   * @param inSubstitution the script of a `$(…)`: a token that ends its commands early was expected to be its `)`.
   */
  constructor(private readonly toks: Tok[], private readonly depth: number, private readonly eofToken?: string,
    private readonly inSubstitution = false) {}

  private tok(): Tok | undefined {
    const t = this.toks[this.i];
    if (t && 'err' in t) throw t.err;
    return t;
  }
  private peekWord(): string | undefined { const t = this.tok(); return t && 'word' in t ? t.word : undefined; }
  private peekOp(): string | undefined { const t = this.tok(); return t && 'op' in t ? t.op : undefined; }
  private skipNewlines(): void { while (this.peekOp() === '\n') this.i++; }
  private skipSeps(): void { while (this.peekOp() === ';' || this.peekOp() === '\n') this.i++; }

  /** tokenName is how ash names the current token in an error. */
  private tokenName(): string {
    const t = this.tok();
    if (!t) return this.eofToken ?? END_OF_FILE;
    if ('op' in t) return t.op === '\n' ? 'newline' : REDIRECTS.has(t.op) ? 'redirection' : `"${t.op}"`;
    return 'word' in t && (LIST_ENDS.has(t.word) || ['{', 'if', 'for', 'while', 'until', 'in', '!', 'case'].includes(t.word)) ? `"${t.word}"` : 'word';
  }
  private fail(expecting?: string): never {
    throw new ShellSyntaxError(unexpected(this.tokenName(), expecting));
  }
  private expectWord(w: string): void {
    this.skipSeps();
    if (this.peekWord() !== w) this.fail(`"${w}"`);
    this.i++;
  }
  private enter(): void { if (this.depth > MAX_NESTING) throw new TooDeep(); }

  /** parseAll parses every line (for `$(…)`, whose text was lexed whole). */
  parseAll(): Node {
    const items: Node[] = [];
    for (let line = this.nextLine(); line; line = this.nextLine()) items.push(line);
    return { t: 'list', items };
  }

  /** nextLine parses the next top-level line (and-or lists up to a newline); undefined at the end. */
  nextLine(): Node | undefined {
    this.skipNewlines();
    if (!this.tok()) return undefined;
    const items: Node[] = [];
    const stray = (): never => this.fail(this.inSubstitution ? '")"' : undefined);
    for (;;) {
      const w = this.peekWord();
      if (w !== undefined && LIST_ENDS.has(w)) stray();
      if (this.peekOp() === ')' || this.peekOp() === ';;') stray();
      items.push(this.andor());
      const op = this.peekOp();
      if (op === '&') items.push({ t: 'background', body: items.pop()! });
      if (op === ';' || op === '&') { this.i++; if (this.peekOp() === ';') this.fail(); }
      else if (op === '\n' || !this.tok()) break;
      else stray();
      if (!this.tok() || this.peekOp() === '\n') break;
    }
    return { t: 'list', items };
  }

  /**
   * list parses a compound command's list, up to a reserved word or `)`; it may not be
   * empty. expecting is the word the caller wants next (named when the text ends first).
   */
  private list(expecting: string): Node {
    const items: Node[] = [];
    for (;;) {
      this.skipNewlines();
      if (!this.tok()) break;
      const w = this.peekWord();
      if (w !== undefined && LIST_ENDS.has(w)) break;
      if (this.peekOp() === ')' || this.peekOp() === ';;') break;
      items.push(this.andor());
      const op = this.peekOp();
      if (op === '&') items.push({ t: 'background', body: items.pop()! });
      if (op === ';' || op === '&') { this.i++; this.skipNewlines(); if (this.peekOp() === ';') this.fail(); continue; }
      if (op === '\n') { this.i++; continue; }
      break;
    }
    if (!items.length) this.fail(this.tok() ? undefined : expecting);
    return { t: 'list', items };
  }

  private andor(): Node {
    const first = this.pipeline();
    const rest: { op: '&&' | '||'; node: Node }[] = [];
    while (this.peekOp() === '&&' || this.peekOp() === '||') {
      const op = this.peekOp() as '&&' | '||';
      this.i++;
      this.skipNewlines();
      rest.push({ op, node: this.pipeline() });
    }
    return rest.length ? { t: 'andor', first, rest } : first;
  }

  private pipeline(): Node {
    const cmds = [this.command()];
    while (this.peekOp() === '|') { this.i++; this.skipNewlines(); cmds.push(this.command()); }
    return cmds.length > 1 ? { t: 'pipe', cmds } : cmds[0]!;
  }

  private nested(): Parser { const p = new Parser(this.toks, this.depth + 1, this.eofToken, this.inSubstitution); p.i = this.i; return p; }

  private compound(parse: (p: Parser) => Node): Node {
    this.enter();
    const p = this.nested();
    const n = parse(p);
    this.i = p.i;
    return n;
  }

  /**
   * caseArms parses `WORD in [(]PATTERN[|PATTERN]…) LIST ;; … esac` after `case`. An arm's list
   * may be empty, and the last arm's `;;` may be left out.
   */
  private caseArms(): Node {
    const word = this.tok();
    if (!word || !('word' in word)) this.fail();
    this.i++;
    this.skipNewlines();
    if (this.peekWord() !== 'in') this.fail('"in"');
    this.i++;
    const arms: { patterns: string[]; body: Node }[] = [];
    for (;;) {
      this.skipNewlines();
      if (this.peekWord() === 'esac') { this.i++; break; }
      if (this.peekOp() === '(') this.i++;
      const patterns: string[] = [];
      for (;;) {
        const t = this.tok();
        if (!t || !('word' in t)) this.fail(t ? undefined : '"esac"');
        patterns.push(t.raw);
        this.i++;
        if (this.peekOp() !== '|') break;
        this.i++;
      }
      if (this.peekOp() !== ')') this.fail('")"');
      this.i++;
      this.skipNewlines();
      const empty = this.peekOp() === ';;' || this.peekWord() === 'esac';
      arms.push({ patterns, body: empty ? { t: 'list', items: [] } : this.list('";;"') });
      this.skipNewlines();
      if (this.peekOp() === ';;') { this.i++; continue; }
      if (this.peekWord() !== 'esac') this.fail('";;"');
      this.i++;
      break;
    }
    return { t: 'case', word: word.raw, arms };
  }

  /** functionDefinition parses `NAME() COMMAND` from the `(`. */
  private functionDefinition(name: string): Node {
    this.i++;
    if (this.peekOp() !== ')') this.fail('")"');
    this.i++;
    this.skipNewlines();
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new ShellSyntaxError(BAD_FUNCTION_NAME);
    return { t: 'function', name, body: this.command() };
  }

  private command(): Node {
    const w = this.peekWord();
    if (w === 'while' || w === 'until') {
      this.i++;
      return this.compound((p) => {
        const cond = p.list('"do"');
        p.expectWord('do');
        const body = p.list('"done"');
        p.expectWord('done');
        return { t: 'while', until: w === 'until', cond, body };
      });
    }
    if (w === 'for') {
      this.i++;
      return this.compound((p) => {
        const name = p.peekWord();
        if (name === undefined || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new ShellSyntaxError(BAD_FOR_VARIABLE);
        p.i++;
        const words: string[] = [];
        p.skipNewlines();
        if (p.peekWord() === 'in') {
          p.i++;
          for (let t = p.tok(); t && 'word' in t; t = p.tok()) { words.push(t.raw); p.i++; }
          const op = p.peekOp();
          if (op !== ';' && op !== '\n') p.fail();
        }
        p.expectWord('do');
        const body = p.list('"done"');
        p.expectWord('done');
        return { t: 'for', name, words, body };
      });
    }
    if (w === 'if') {
      this.i++;
      return this.compound((p) => {
        const branches: { cond: Node; body: Node }[] = [];
        let otherwise: Node | undefined;
        for (;;) {
          const cond = p.list('"then"');
          p.expectWord('then');
          const body = p.list('"fi"');
          branches.push({ cond, body });
          const k = p.peekWord();
          if (k === 'elif') { p.i++; continue; }
          if (k === 'else') { p.i++; otherwise = p.list('"fi"'); }
          p.expectWord('fi');
          break;
        }
        return { t: 'if', branches, otherwise };
      });
    }
    if (w === 'case') {
      this.i++;
      return this.compound((p) => p.caseArms());
    }
    if (w === '{') {
      this.i++;
      return this.compound((p) => {
        const body = p.list('"}"');
        p.expectWord('}');
        return { t: 'group', body };
      });
    }
    if (this.peekOp() === '(') {
      this.i++;
      return this.compound((p) => {
        const body = p.list('")"');
        if (p.peekOp() !== ')') p.fail('")"');
        p.i++;
        return { t: 'group', body };
      });
    }
    if (w !== undefined && LIST_ENDS.has(w)) this.fail();
    const words: string[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      const t = this.tok();
      if (!t) break;
      if ('word' in t) { words.push(t.raw); this.i++; continue; }
      if ('op' in t && REDIRECTS.has(t.op)) {
        this.i++;
        const target = this.tok();
        if (!target || !('word' in target)) this.fail();
        redirects.push({ op: t.op, fd: t.fd ?? (t.op.startsWith('&') ? undefined : t.op.startsWith('<') ? 0 : 1), target: target.raw });
        this.i++;
        continue;
      }
      break;
    }
    if (!words.length && !redirects.length) this.fail();
    // NAME( starts a function definition; an assignment followed by ( is just a stray (.
    if (words.length === 1 && !redirects.length && this.peekOp() === '(' && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!)) return this.functionDefinition(words[0]!);
    return { t: 'simple', words, redirects };
  }
}

/** ScriptReader parses a script line by line, so the lines before a syntax error run. */
export class ScriptReader {
  private readonly parser: Parser;
  constructor(src: string) { this.parser = new Parser(lexFrom(src, 0, 0, false).toks, 0); }
  /** next is the next line's commands, undefined at the end; throws ShellSyntaxError or TooDeep. */
  next(): Node | undefined { return this.parser.nextLine(); }
}

/** parseScript parses a whole script; throws ShellSyntaxError (or TooDeep). */
export function parseScript(src: string): Node {
  return new Parser(lexFrom(src, 0, 0, false).toks, 0).parseAll();
}

/** constructEnd returns the index after the construct at s[i] (`'…'`, `"…"`, `` `…` ``, `${…}`, `$(…)`, `$((…))`). */
export function constructEnd(s: string, i: number, inDouble: boolean): number {
  const c = s[i];
  if (c === "'") return scanSingle(s, i);
  if (c === '"') return scanDouble(s, i, 0);
  if (c === '`') return scanBackquote(s, i);
  if (c === '$' && s[i + 1] === '{') return scanBrace(s, i, 0, inDouble);
  if (c === '$') return scanDollar(s, i, 0, inDouble);
  return i + 1;
}
