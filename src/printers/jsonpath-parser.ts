/**
 * jsonpath-parser: the parse tree of kubectl's JSONPath template dialect.
 *
 * Mirrors k8s.io/client-go util/jsonpath parser.go (v0.32): a template is text with `{…}`
 * actions; each action is a list of nodes applied left to right. Quirks kept on purpose,
 * because kubectl has them: `['a.b']` is re-parsed as `.a.b` (two fields), `[*]` is the slice
 * `[:]`, a union `[a,b]` splits on every comma, backslashes are dropped from field names
 * (so `app\.kubernetes\.io/name` is one field), and there is no regex operator (`=~` is a
 * parse error).
 */

export interface ListNode { type: 'list'; nodes: JsonPathNode[] }
export interface TextNode { type: 'text'; text: string }
export interface FieldNode { type: 'field'; name: string }
export interface IdentifierNode { type: 'identifier'; name: string }
/** SliceParam is one of start, end, step; derived marks an end computed as start+1 (an index). */
export interface SliceParam { known: boolean; value: number; derived: boolean }
export interface ArrayNode { type: 'array'; params: [SliceParam, SliceParam, SliceParam] }
export interface FilterNode { type: 'filter'; left: ListNode; right: ListNode; operator: string }
export interface IntNode { type: 'int'; value: number }
export interface FloatNode { type: 'float'; value: number }
export interface BoolNode { type: 'bool'; value: boolean }
export interface WildcardNode { type: 'wildcard' }
export interface RecursiveNode { type: 'recursive' }
export interface UnionNode { type: 'union'; nodes: ListNode[] }

/** JsonPathNode is any node of a parsed template. */
export type JsonPathNode = ListNode | TextNode | FieldNode | IdentifierNode | ArrayNode | FilterNode
  | IntNode | FloatNode | BoolNode | WildcardNode | RecursiveNode | UnionNode;

/** JSONPATH_UNCLOSED_ACTION and friends are the parser's error texts (client-go parser.go). */
export const JSONPATH_UNCLOSED_ACTION = 'unclosed action';
export const JSONPATH_UNTERMINATED_ARRAY = 'unterminated array';
export const JSONPATH_UNTERMINATED_FILTER = 'unterminated filter';
export const JSONPATH_UNCLOSED_ARRAY = 'unclosed array expect ]';
export const JSONPATH_UNTERMINATED_QUOTE = 'unterminated quoted string';
export const JSONPATH_MULTIPLE_RECURSIVE = 'invalid multiple recursive descent';

/** JsonPathParseError is a template syntax error; message is the bare parser text. */
export class JsonPathParseError extends Error {
  override readonly name = 'JsonPathParseError';
}

const EOF = '';
const SLICE_RE = /^(-?\d*)(:-?\d*)?(:-?\d*)?$/;
const DICT_KEY_RE = /^'([^']*)'$/;
const FILTER_RE = /^([^!<>=]+)([!<>=]+)(.+?)$/;

function isSpace(r: string): boolean { return r === ' ' || r === '\t'; }
function isEndOfLine(r: string): boolean { return r === '\r' || r === '\n'; }
function isDigit(r: string): boolean { return /^\p{Nd}$/u.test(r); }
function isAlphaNumeric(r: string): boolean { return r === '_' || /^[\p{L}\p{Nd}]$/u.test(r); }
function isTerminator(r: string): boolean {
  return r === EOF || isSpace(r) || isEndOfLine(r) || '.,[]$@{}'.includes(r);
}

/** goRune formats a character as Go's %#U: "U+007E '~'". */
function goRune(r: string): string {
  const cp = r.codePointAt(0)!;
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')} '${r}'`;
}

/**
 * unquoteExtend is client-go's UnquoteExtend: strconv.Unquote that also accepts single quotes
 * around a string of any length. Throws the Go error text on bad escapes.
 */
function unquoteExtend(s: string): string {
  const quote = s[0];
  if (s.length < 2 || quote !== s[s.length - 1] || (quote !== '"' && quote !== "'")) throw new Error('invalid syntax');
  const body = s.slice(1, -1);
  if (!body.includes('\\') && !body.includes(quote)) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === quote) throw new Error('invalid syntax');
    if (c !== '\\') { out += c; continue; }
    const n = body[++i];
    const simple: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };
    if (n === undefined) throw new Error('invalid syntax');
    if (n in simple) { out += simple[n]; continue; }
    if (n === quote) { out += n; continue; }
    const hexLen = n === 'x' ? 2 : n === 'u' ? 4 : n === 'U' ? 8 : 0;
    if (hexLen) {
      const hex = body.slice(i + 1, i + 1 + hexLen);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== hexLen) throw new Error('invalid syntax');
      out += String.fromCodePoint(parseInt(hex, 16));
      i += hexLen;
      continue;
    }
    if (/[0-7]/.test(n)) {
      const oct = body.slice(i, i + 3);
      if (!/^[0-7]{3}$/.test(oct)) throw new Error('invalid syntax');
      out += String.fromCharCode(parseInt(oct, 8));
      i += 2;
      continue;
    }
    throw new Error('invalid syntax');
  }
  return out;
}

/** Parser is a cursor over the template text (positions are UTF-16 indexes). */
class Parser {
  pos = 0;
  start = 0;
  width = 0;
  root: ListNode = { type: 'list', nodes: [] };

  constructor(readonly input: string) {}

  next(): string {
    if (this.pos >= this.input.length) { this.width = 0; return EOF; }
    const cp = this.input.codePointAt(this.pos)!;
    const r = String.fromCodePoint(cp);
    this.width = r.length;
    this.pos += this.width;
    return r;
  }
  peek(): string { const r = this.next(); this.backup(); return r; }
  backup(): void { this.pos -= this.width; }
  consumeText(): string { const v = this.input.slice(this.start, this.pos); this.start = this.pos; return v; }

  // Upstream's parseText, parseLeftDelim and parseInsideAction call each other once per
  // action; here one loop walks the actions, so a template of any length needs no stack.
  parseText(cur: ListNode): void {
    for (;;) {
      const open = this.input.indexOf('{', this.pos);
      if (open < 0) {
        this.pos = this.input.length;
        if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consumeText() });
        return;
      }
      this.pos = open;
      if (this.pos > this.start) cur.nodes.push({ type: 'text', text: this.consumeText() });
      this.pos += 1;
      this.consumeText();
      const node: ListNode = { type: 'list', nodes: [] };
      cur.nodes.push(node);
      this.parseInsideAction(node);
      cur = this.root;
    }
  }

  /** parseInsideAction parses one action's nodes and returns past its closing brace. */
  parseInsideAction(cur: ListNode): void {
    for (;;) {
      const c = this.input[this.pos];
      if (c === '}') {
        this.pos += 1;
        this.consumeText();
        return;
      }
      if (c === '[' && this.input.startsWith('[?(', this.pos)) { this.parseFilter(cur); continue; }
      if (c === '.' && this.input.startsWith('..', this.pos)) { this.parseRecursive(cur); continue; }
      const r = this.next();
      if (r === EOF || isEndOfLine(r)) throw new JsonPathParseError(JSONPATH_UNCLOSED_ACTION);
      if (r === ' ' || r === '@' || r === '$') { this.consumeText(); continue; }
      if (r === '[') { this.parseArray(cur); continue; }
      if (r === '"' || r === "'") { this.parseQuote(cur, r); continue; }
      if (r === '.') { this.parseField(cur); continue; }
      if (r === '+' || r === '-' || isDigit(r)) { this.backup(); this.parseNumber(cur); continue; }
      if (isAlphaNumeric(r)) { this.backup(); this.parseIdentifier(cur); continue; }
      throw new JsonPathParseError(`unrecognized character in action: ${goRune(r)}`);
    }
  }

  parseIdentifier(cur: ListNode): void {
    for (;;) {
      const r = this.next();
      if (isTerminator(r)) { this.backup(); break; }
    }
    const value = this.consumeText();
    if (value === 'true' || value === 'false') cur.nodes.push({ type: 'bool', value: value === 'true' });
    else cur.nodes.push({ type: 'identifier', name: value });
  }

  parseRecursive(cur: ListNode): void {
    const last = cur.nodes[cur.nodes.length - 1];
    if (last && last.type === 'recursive') throw new JsonPathParseError(JSONPATH_MULTIPLE_RECURSIVE);
    this.pos += 2;
    this.consumeText();
    cur.nodes.push({ type: 'recursive' });
    if (isAlphaNumeric(this.peek())) this.parseField(cur);
  }

  parseNumber(cur: ListNode): void {
    const r = this.peek();
    if (r === '+' || r === '-') this.next();
    for (;;) {
      const c = this.next();
      if (c !== '.' && !isDigit(c)) { this.backup(); break; }
    }
    const value = this.consumeText();
    if (/^[+-]?\d+$/.test(value)) { cur.nodes.push({ type: 'int', value: Number(value) }); return; }
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)) { cur.nodes.push({ type: 'float', value: Number(value) }); return; }
    throw new JsonPathParseError(`cannot parse number ${value}`);
  }

  parseArray(cur: ListNode): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new JsonPathParseError(JSONPATH_UNTERMINATED_ARRAY);
      if (r === ']') break;
    }
    let text = this.consumeText().slice(1, -1);
    if (text === '*') text = ':';

    const parts = text.split(',');
    if (parts.length > 1) {
      const union: ListNode[] = parts.map((p) => parseAction(`[${p.trim()}]`));
      cur.nodes.push({ type: 'union', nodes: union });
      return;
    }

    const dict = DICT_KEY_RE.exec(text);
    if (dict) {
      for (const node of parseAction(`.${dict[1]}`).nodes) cur.nodes.push(node);
      return;
    }

    const m = SLICE_RE.exec(text);
    if (!m) throw new JsonPathParseError(`invalid array index ${text}`);
    const raw = [m[1] ?? '', m[2] ?? '', m[3] ?? ''];
    const params: [SliceParam, SliceParam, SliceParam] = [
      { known: false, value: 0, derived: false },
      { known: false, value: 0, derived: false },
      { known: false, value: 0, derived: false },
    ];
    for (let i = 0; i < 3; i++) {
      let v = raw[i]!;
      if (v !== '') {
        if (i > 0) v = v.slice(1);
        if (i > 0 && v === '') { params[i]!.known = false; continue; }
        if (!/^[+-]?\d+$/.test(v)) throw new JsonPathParseError(`array index ${v} is not a number`);
        params[i] = { known: true, value: Number(v), derived: false };
      } else if (i === 1) {
        // An index [n] is the slice [n:n+1]; "derived" lets [-1] wrap to the end at eval time.
        params[1] = { known: true, value: params[0].value + 1, derived: true };
      }
    }
    cur.nodes.push({ type: 'array', params });
  }

  parseFilter(cur: ListNode): void {
    this.pos += 3;
    this.consumeText();
    let begin = false;
    let end = false;
    let pair = '';
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new JsonPathParseError(JSONPATH_UNTERMINATED_FILTER);
      if (r === '"' || r === "'") {
        if (!begin) { begin = true; pair = r; continue; }
        if (this.input[this.pos - 2] !== '\\' && r === pair) end = true;
      } else if (r === ')') {
        if (begin === end) break;
      }
    }
    if (this.next() !== ']') throw new JsonPathParseError(JSONPATH_UNCLOSED_ARRAY);
    const text = this.consumeText().slice(0, -2);
    const m = FILTER_RE.exec(text);
    if (!m) {
      cur.nodes.push({ type: 'filter', left: parseAction(text), right: { type: 'list', nodes: [] }, operator: 'exists' });
      return;
    }
    const left = parseAction(m[1]!);
    const right = parseAction(m[3]!);
    cur.nodes.push({ type: 'filter', left, right, operator: m[2]! });
  }

  parseQuote(cur: ListNode, endQuote: string): void {
    for (;;) {
      const r = this.next();
      if (r === EOF || r === '\n') throw new JsonPathParseError(JSONPATH_UNTERMINATED_QUOTE);
      if (r === endQuote && this.input[this.pos - 2] !== '\\') break;
    }
    const value = this.consumeText();
    let s: string;
    try {
      s = unquoteExtend(value);
    } catch (e) {
      throw new JsonPathParseError(`unquote string ${value} error ${(e as Error).message}`);
    }
    cur.nodes.push({ type: 'text', text: s });
  }

  parseField(cur: ListNode): void {
    this.consumeText();
    for (;;) {
      const r = this.next();
      if (r === '\\') { this.next(); continue; }
      if (isTerminator(r)) { this.backup(); break; }
    }
    const value = this.consumeText();
    if (value === '*') cur.nodes.push({ type: 'wildcard' });
    else cur.nodes.push({ type: 'field', name: value.replace(/\\/g, '') });
  }
}

/** parseAction parses the inside of one action (no braces) into its node list. */
function parseAction(text: string): ListNode {
  const root = parseTemplate(`{${text}}`);
  return root.nodes[0] as ListNode;
}

/**
 * parseTemplate parses a whole template into its root list: TextNodes for literal text and a
 * ListNode per `{…}` action. Throws JsonPathParseError with client-go's message.
 */
export function parseTemplate(text: string): ListNode {
  const p = new Parser(text);
  p.parseText(p.root);
  return p.root;
}
