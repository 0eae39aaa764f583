/**
 * lex: Go text/template's lexer for kubectl's -o go-template — text runs and {{ actions }},
 * with trim markers ({{- and -}}) and comments. Positions are byte offsets into the template,
 * as Go reports them in errors ("template: output:1:7: …"). One pass, linear in the input.
 */

export type TokenType =
  | 'text' | 'left' | 'right' | 'space' | 'dot' | 'field' | 'variable' | 'identifier' | 'keyword'
  | 'string' | 'rawString' | 'char' | 'number' | 'bool' | 'nil' | 'pipe' | 'leftParen' | 'rightParen'
  | 'declare' | 'assign' | 'comma' | 'eof';

export interface Token { type: TokenType; value: string; pos: number; line: number }

/** TemplateSyntaxError is a parse error: `template: output:LINE: message`. */
export class TemplateSyntaxError extends Error {}

export const KEYWORDS = new Set(['if', 'else', 'end', 'range', 'with', 'define', 'template', 'block', 'break', 'continue']);

const LEFT = '{{';
const RIGHT = '}}';

/** syntaxError formats Go's parse error for the template named "output". */
export function syntaxError(line: number, message: string): TemplateSyntaxError {
  return new TemplateSyntaxError(`template: output:${line}: ${message}`);
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\r' || c === '\n';
const isAlnum = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);

/** lex splits a template into tokens; throws TemplateSyntaxError for what Go's lexer refuses. */
export function lex(input: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  const countLines = (from: number, to: number) => { for (let k = from; k < to; k++) if (input.charCodeAt(k) === 10) line++; };
  while (i < input.length) {
    let start = input.indexOf(LEFT, i);
    if (start < 0) start = input.length;
    let textEnd = start;
    const trimLeft = start < input.length && input[start + 2] === '-' && isSpace(input[start + 3]);
    if (trimLeft) while (textEnd > i && isSpace(input[textEnd - 1])) textEnd--;
    if (textEnd > i) out.push({ type: 'text', value: input.slice(i, textEnd), pos: i, line });
    countLines(i, start);
    if (start >= input.length) break;
    i = lexAction(input, start, trimLeft, out, () => line, (n) => { line += n; });
  }
  out.push({ type: 'eof', value: '', pos: input.length, line });
  return out;
}

/** lexAction reads one {{ … }} starting at `start`; returns the offset after it (and after trimmed space). */
function lexAction(input: string, start: number, trimLeft: boolean, out: Token[], line: () => number, addLines: (n: number) => void): number {
  let i = start + LEFT.length + (trimLeft ? 2 : 0);
  // A comment fills the whole action: {{/* … */}}.
  if (input.startsWith('/*', i)) {
    const close = input.indexOf('*/', i + 2);
    if (close < 0) throw syntaxError(line(), 'unclosed comment');
    let j = close + 2;
    let trimRight = false;
    if (isSpace(input[j]) && input.startsWith(' -}}', j)) { trimRight = true; j += 2; } else if (input.startsWith(' -' + RIGHT, j)) { trimRight = true; j += 2; }
    if (!input.startsWith(RIGHT, j)) throw syntaxError(line(), 'comment ends before closing delimiter');
    addLines(countNewlines(input, start, j));
    j += RIGHT.length;
    if (trimRight) while (j < input.length && isSpace(input[j])) j++;
    return j;
  }
  out.push({ type: 'left', value: LEFT, pos: start, line: line() });
  let parenDepth = 0;
  for (;;) {
    if (i >= input.length) throw syntaxError(line(), 'unclosed action');
    const c = input[i]!;
    // " -}}" closes with a right trim.
    if (isSpace(c) && input[i + 1] === '-' && input.startsWith(RIGHT, i + 2)) {
      out.push({ type: 'right', value: RIGHT, pos: i + 2, line: line() });
      let j = i + 2 + RIGHT.length;
      while (j < input.length && isSpace(input[j])) { if (input[j] === '\n') addLines(1); j++; }
      return j;
    }
    if (input.startsWith(RIGHT, i)) {
      if (parenDepth > 0) throw syntaxError(line(), 'unclosed left paren');
      out.push({ type: 'right', value: RIGHT, pos: i, line: line() });
      return i + RIGHT.length;
    }
    if (isSpace(c)) {
      const s = i;
      while (i < input.length && isSpace(input[i]) && !(input[i + 1] === '-' && input.startsWith(RIGHT, i + 2))) {
        if (input[i] === '\n') addLines(1);
        i++;
      }
      if (i === s) i++;
      out.push({ type: 'space', value: ' ', pos: s, line: line() });
      continue;
    }
    const pos = i;
    const push = (type: TokenType, value: string) => out.push({ type, value, pos, line: line() });
    if (c === '|') { push('pipe', c); i++; continue; }
    if (c === ',') { push('comma', c); i++; continue; }
    if (c === '(') { parenDepth++; push('leftParen', c); i++; continue; }
    if (c === ')') {
      if (--parenDepth < 0) throw syntaxError(line(), `unexpected right paren`);
      push('rightParen', c); i++; continue;
    }
    if (c === ':') {
      if (input[i + 1] !== '=') throw syntaxError(line(), 'expected :=');
      push('declare', ':='); i += 2; continue;
    }
    if (c === '=') { push('assign', c); i++; continue; }
    if (c === '"') { i = lexQuote(input, i, '"', line); push('string', input.slice(pos, i)); continue; }
    if (c === '`') {
      const close = input.indexOf('`', i + 1);
      if (close < 0) throw syntaxError(line(), 'unterminated raw quoted string');
      addLines(countNewlines(input, i, close));
      i = close + 1; push('rawString', input.slice(pos, i)); continue;
    }
    if (c === "'") { i = lexQuote(input, i, "'", line); push('char', input.slice(pos, i)); continue; }
    if (c === '$') {
      i++;
      while (isAlnum(input[i])) i++;
      push('variable', input.slice(pos, i)); continue;
    }
    if (c === '.') {
      if (/[0-9]/.test(input[i + 1] ?? '')) { i = lexNumber(input, i, line); push('number', input.slice(pos, i)); continue; }
      i++;
      if (!isAlnum(input[i])) { push('dot', '.'); continue; }
      while (isAlnum(input[i])) i++;
      push('field', input.slice(pos, i)); continue;
    }
    if (/[0-9+-]/.test(c)) { i = lexNumber(input, i, line); push('number', input.slice(pos, i)); continue; }
    if (isAlnum(c)) {
      while (isAlnum(input[i])) i++;
      const word = input.slice(pos, i);
      if (KEYWORDS.has(word)) push('keyword', word);
      else if (word === 'true' || word === 'false') push('bool', word);
      else if (word === 'nil') push('nil', word);
      else push('identifier', word);
      continue;
    }
    throw syntaxError(line(), `unrecognized character in action: ${goQuoteRune(c)}`);
  }
}

function lexQuote(input: string, i: number, quote: string, line: () => number): number {
  let j = i + 1;
  for (;;) {
    const c = input[j];
    if (c === undefined || c === '\n') throw syntaxError(line(), quote === '"' ? 'unterminated quoted string' : 'unterminated character constant');
    if (c === '\\') { j += 2; continue; }
    j++;
    if (c === quote) return j;
  }
}

function lexNumber(input: string, i: number, line: () => number): number {
  let j = i;
  if (input[j] === '+' || input[j] === '-') j++;
  const m = /^(0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|[0-9_]*\.?[0-9_]*([eE][+-]?[0-9_]+)?)/.exec(input.slice(j));
  j += m ? m[0].length : 0;
  if (isAlnum(input[j])) throw syntaxError(line(), `bad number syntax: "${input.slice(i, j + 1)}"`);
  if (j === i || (j === i + 1 && (input[i] === '+' || input[i] === '-'))) throw syntaxError(line(), `bad number syntax: "${input.slice(i, j + 1)}"`);
  return j;
}

function countNewlines(s: string, from: number, to: number): number {
  let n = 0;
  for (let k = from; k < to; k++) if (s.charCodeAt(k) === 10) n++;
  return n;
}

function goQuoteRune(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} '${c}'`;
}
