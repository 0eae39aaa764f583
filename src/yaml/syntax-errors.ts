/**
 * Turning js-yaml syntax errors into the text go-yaml v2 prints for the same input.
 *
 * kubemu: js-yaml and go-yaml's libyaml port report different problems at different
 * marks, so this is a heuristic translation, checked against kubectl v1.32 for the
 * common mistakes (bad indentation, `a: b: c`, tabs, unterminated quotes and flow
 * collections, stray characters). Rare inputs may get a different go-yaml message.
 *
 * go-yaml's line rule (yaml.go parser.fail): a scanner error reports its 0-based line
 * plus one; a parser error reports the 0-based line as is (so it names the line before
 * the problem); a problem on the first line (0-based line 0) gets no "line N: " at all.
 */

/** GO_MAPPING_VALUES is go-yaml's message for a `:` where no mapping may start. */
export const GO_MAPPING_VALUES = 'mapping values are not allowed in this context';
/** GO_EXPECTED_KEY is go-yaml's message for a mapping entry at the wrong indentation. */
export const GO_EXPECTED_KEY = 'did not find expected key';
/** GO_EXPECTED_DASH is go-yaml's message for a non-item inside a block sequence. */
export const GO_EXPECTED_DASH = "did not find expected '-' indicator";
/** GO_BAD_TOKEN is go-yaml's message for a tab, `@` or backtick where a token must start. */
export const GO_BAD_TOKEN = 'found character that cannot start any token';
/** GO_END_OF_STREAM is go-yaml's message for an unterminated quoted scalar. */
export const GO_END_OF_STREAM = 'found unexpected end of stream';
/** GO_BAD_ESCAPE is go-yaml's message for an unknown `\` escape in a double-quoted scalar. */
export const GO_BAD_ESCAPE = 'found unknown escape character';
/** GO_DOC_START is go-yaml's message for directives without a `---` document. */
export const GO_DOC_START = 'did not find expected <document start>';

/** GO_TAB_INDENTATION is go-yaml's message for a tab-indented line that continues a plain scalar. */
export const GO_TAB_INDENTATION = 'found a tab character that violates indentation';

/** GO_NODE_CONTENT is go-yaml's message for a flow collection that ends where an entry should start. */
export const GO_NODE_CONTENT = 'did not find expected node content';

/** withoutComments drops each line's `#` comment (a `#` after a space or at the line's start; quotes are not looked at). */
function withoutComments(text: string): string {
  return text.replace(/(^|\s)#.*$/gm, '$1');
}

/** SyntaxProblem is the position js-yaml reported: its reason and 0-based line/column. */
export interface SyntaxProblem {
  reason: string;
  line: number;
  column: number;
  position: number;
}

/** goSyntaxMessage returns go-yaml's "yaml: [line N: ]message" for a js-yaml syntax error. */
export function goSyntaxMessage(p: SyntaxProblem, chunk: string): string {
  const [msg, line, scanner] = classify(p, chunk);
  let where = '';
  if (line !== 0) where = `line ${scanner ? line + 1 : line}: `;
  return `yaml: ${where}${msg}`;
}

// classify returns [go message, 0-based line, is a scanner error].
function classify(p: SyntaxProblem, chunk: string): [string, number, boolean] {
  const ch = chunk.charAt(p.position);
  const lineText = lineAt(chunk, p.line);
  const before = lineText.slice(0, p.column);
  const reason = p.reason;
  // A tab in a line's indentation cannot start a token for go-yaml (js-yaml may fail later on that
  // line); after a plain scalar, go-yaml is still scanning it and says the tab breaks its indentation.
  if (reason.startsWith('tab characters') || /^ *\t/.test(lineText)) return [afterPlainScalar(chunk, p.line) ? GO_TAB_INDENTATION : GO_BAD_TOKEN, p.line, true];
  if (reason.startsWith('unknown escape')) return [GO_BAD_ESCAPE, p.line, true];
  // A quoted scalar left open; a flow collection left open is the parser's error, below.
  if (reason.startsWith('unexpected end of the stream within') && !reason.includes('flow collection')) return [GO_END_OF_STREAM, p.line, true];
  if (reason.includes('directives end mark') || reason.includes('directive')) return [GO_DOC_START, lineCount(chunk), false];
  if (reason.startsWith('deficient indentation') || reason.includes('end of the stream') && reason.includes('flow')) {
    const open = openConstruct(chunk, p.position);
    // At the end of the stream go-yaml's mark moves to a new line when the text does not end in one.
    const line = reason.includes('end of the stream') ? lineCount(chunk) + (chunk.endsWith('\n') ? 0 : 1) : p.line;
    if (open === '"' || open === "'") return [GO_END_OF_STREAM, p.line, true];
    // A flow collection left open where an entry should start (after its bracket or a comma)
    // fails in go-yaml's node parser; after an entry, in the collection's own.
    if ((open === '[' || open === '{') && /[[{,]$/.test(withoutComments(chunk.slice(0, p.position)).trimEnd())) return [GO_NODE_CONTENT, line, false];
    if (open === '[') return ["did not find expected ',' or ']'", line, false];
    if (open === '{') return ["did not find expected ',' or '}'", line, false];
  }
  if (ch === '@' || ch === '`') return [GO_BAD_TOKEN, p.line, true];
  if (ch === ']' || ch === '}') return [GO_EXPECTED_KEY, p.line, false];
  if (ch === ':') return [GO_MAPPING_VALUES, p.line, true];
  if (before.trim() !== '' && /^[^\s#][^#]*?:(\s|$)/.test(lineText.slice(p.column))) {
    // `a: b: c` — a second mapping value on the line; go-yaml's scanner stops at that ':'.
    return [GO_MAPPING_VALUES, p.line, true];
  }
  if (before.trim() === '' && insideSequence(chunk, p.line, p.column)) return [GO_EXPECTED_DASH, p.line, false];
  if (reason.startsWith('end of the stream or a document separator') && rootIsSequence(chunk)) {
    return [GO_EXPECTED_DASH, p.line, false];
  }
  return [GO_EXPECTED_KEY, p.line, false];
}

// afterPlainScalar says whether the line before `line` ends in a plain (unquoted, unbracketed) scalar value.
function afterPlainScalar(chunk: string, line: number): boolean {
  if (line === 0) return false;
  const prev = withoutComments(lineAt(chunk, line - 1)).trimEnd();
  return prev !== '' && !prev.endsWith(':') && !/^\s*-$/.test(prev) && !/["'\]}|>]$/.test(prev);
}

function lineAt(text: string, line: number): string {
  let start = 0;
  for (let i = 0; i < line; i++) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) return '';
    start = nl + 1;
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? text.length : end);
}

function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

// openConstruct finds what is still open at `upTo`: a quote or a flow bracket.
function openConstruct(text: string, upTo: number): string | undefined {
  const stack: string[] = [];
  let quote: string | undefined;
  for (let i = 0; i < upTo && i < text.length; i++) {
    const c = text[i];
    if (quote === '"') {
      if (c === '\\') i++;
      else if (c === '"') quote = undefined;
      continue;
    }
    if (quote === "'") {
      if (c === "'") {
        if (text[i + 1] === "'") i++;
        else quote = undefined;
      }
      continue;
    }
    const prev = i === 0 ? '\n' : text[i - 1];
    if (c === '#' && /\s/.test(prev)) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
      continue;
    }
    // A quote opens a quoted scalar only where a token starts.
    if ((c === '"' || c === "'") && /[\s,[{:-]/.test(prev)) quote = c;
    else if (c === '[' || c === '{') stack.push(c);
    else if ((c === ']' || c === '}') && stack.length > 0) stack.pop();
  }
  return quote ?? stack[stack.length - 1];
}

// insideSequence reports whether the nearest earlier non-blank line at the same
// indentation is a block sequence item, i.e. go-yaml expected another '-'.
function insideSequence(text: string, line: number, column: number): boolean {
  for (let l = line - 1; l >= 0; l--) {
    const t = lineAt(text, l);
    if (t.trim() === '' || t.trim().startsWith('#')) continue;
    const indent = t.length - t.trimStart().length;
    if (indent < column) return false;
    if (indent === column) return /^-(\s|$)/.test(t.trimStart());
  }
  return false;
}

function rootIsSequence(text: string): boolean {
  for (const t of text.split('\n')) {
    const s = t.trim();
    if (s === '' || s.startsWith('#')) continue;
    return /^-(\s|$)/.test(t);
  }
  return false;
}
