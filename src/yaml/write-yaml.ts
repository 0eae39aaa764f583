/**
 * YAML output as kubectl prints it (`-o yaml`).
 *
 * kubectl's YAML printer is sigs.k8s.io/yaml Marshal: json.Marshal, then go-yaml v2
 * Marshal of that JSON re-read as generic maps. This file mirrors the parts of go-yaml
 * v2's encoder and emitter (encode.go stringv/floatv, emitterc.go analyze_scalar,
 * select_scalar_style, write_plain/single/double/literal) that JSON-shaped values reach:
 * - map keys in go-yaml's keyList order (digit runs compared as numbers, non-letters
 *   before letters), sequences under a key not indented, `{}`/`[]` for empty ones;
 * - a string is plain unless it would read back as something else (true, 80, 1e3, null,
 *   2024-01-02, 12:30 → double quotes) or the emitter forbids plain (indicators, leading
 *   or trailing space → single quotes); multi-line strings become `|`/`|-`/`|+` blocks
 *   unless they hold trailing spaces or special characters (→ double quotes);
 * - long plain and quoted scalars are folded at spaces once past column 80 (go-yaml's
 *   best_width); block scalars never are.
 */
import { isBase60Float, resolveScalar } from './go-resolve';
import { goFormatFloat } from './go-syntax';

const BEST_WIDTH = 80;
const INDENT = 2;
// go-yaml's emitter (check_simple_key) writes longer keys in the explicit `? ` form.
const MAX_SIMPLE_KEY = 128;
const INT64_LIMIT = 9223372036854775807;

/** toYaml renders a JSON-like value exactly as `kubectl -o yaml` prints it (ends with "\n"). */
export function toYaml(value: unknown): string {
  const out: string[] = [];
  if (isMap(value)) {
    const keys = sortedKeys(value);
    if (keys.length === 0) return '{}\n';
    writeMapping(out, value, keys, 0, false);
  } else if (Array.isArray(value)) {
    if (value.length === 0) return '[]\n';
    writeSequence(out, value, 0, false);
  } else {
    out.push(scalarText(value, 0, 0, false));
    out.push('\n');
  }
  return out.join('');
}

type Json = Record<string, unknown>;

function isMap(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function sortedKeys(m: Json): string[] {
  return Object.keys(m).filter((k) => m[k] !== undefined).sort(compareKeys);
}

// writeMapping writes a block mapping whose keys sit at column `indent`. With `inline`
// the first key continues the current line (after "- ").
function writeMapping(out: string[], m: Json, keys: string[], indent: number, inline: boolean): void {
  const pad = ' '.repeat(indent);
  keys.forEach((k, i) => {
    if (!(inline && i === 0)) out.push(pad);
    const v = m[k];
    if (Buffer.byteLength(k, 'utf8') > MAX_SIMPLE_KEY) {
      out.push('? ', scalarText(k, indent + 2, indent + 2, false), '\n', pad, ':');
      writeValue(out, v, indent, indent + 1);
      return;
    }
    const key = scalarText(k, indent, indent, true);
    out.push(key, ':');
    writeValue(out, v, indent, indent + displayWidth(key) + 1);
  });
}

// writeValue writes a mapping value after "key:"; `column` is where the ':' ended.
function writeValue(out: string[], v: unknown, indent: number, column: number): void {
  if (isMap(v)) {
    const keys = sortedKeys(v);
    if (keys.length === 0) out.push(' {}\n');
    else {
      out.push('\n');
      writeMapping(out, v, keys, indent + INDENT, false);
    }
  } else if (Array.isArray(v)) {
    if (v.length === 0) out.push(' []\n');
    else {
      out.push('\n');
      // A sequence under a mapping key is "indentless": its dashes align with the key.
      writeSequence(out, v, indent, false);
    }
  } else {
    out.push(' ', scalarText(v, column + 1, indent + INDENT, false), '\n');
  }
}

// writeSequence writes block sequence items with their dash at column `indent`.
function writeSequence(out: string[], seq: unknown[], indent: number, inline: boolean): void {
  const pad = ' '.repeat(indent);
  seq.forEach((v, i) => {
    if (!(inline && i === 0)) out.push(pad);
    out.push('-');
    if (isMap(v)) {
      const keys = sortedKeys(v);
      if (keys.length === 0) out.push(' {}\n');
      else {
        out.push(' ');
        writeMapping(out, v, keys, indent + INDENT, true);
      }
    } else if (Array.isArray(v)) {
      if (v.length === 0) out.push(' []\n');
      else {
        out.push(' ');
        writeSequence(out, v, indent + INDENT, true);
      }
    } else {
      out.push(' ', scalarText(v === undefined ? null : v, indent + INDENT, indent + INDENT, false), '\n');
    }
  });
}

// scalarText renders a scalar starting at `column`; folded or block continuation lines
// are indented to `indent`. Block scalars end without their final newline.
function scalarText(v: unknown, column: number, indent: number, isKey: boolean): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return numberText(v);
  if (typeof v === 'bigint') return v.toString();
  const s = String(v);
  switch (chooseStyle(s, isKey)) {
    case 'plain':
      return writeFolded(s, column, indent, !isKey, 'plain');
    case 'single':
      return writeFolded(s, column, indent, !isKey, 'single');
    case 'double':
      return writeDouble(s, column, indent, !isKey);
    case 'literal':
      return writeLiteral(s, indent);
  }
}

function numberText(n: number): string {
  if (Number.isNaN(n)) return '.nan';
  if (n === Infinity) return '.inf';
  if (n === -Infinity) return '-.inf';
  // Integral JSON numbers that fit int64 are ints in kubectl's unstructured objects.
  if (Number.isInteger(n) && Math.abs(n) <= INT64_LIMIT) return BigInt(n).toString();
  return goFormatFloat(n, 64);
}

type Style = 'plain' | 'single' | 'double' | 'literal';

interface Analysis {
  multiline: boolean;
  blockPlain: boolean;
  single: boolean;
  block: boolean;
}

/** chooseStyle mirrors go-yaml v2 stringv + yaml_emitter_select_scalar_style (block context). */
function chooseStyle(s: string, isKey: boolean): Style {
  let style: Style;
  if (s.includes('\n')) style = 'literal';
  else if (resolveScalar(s).tag === 'str' && !isBase60Float(s)) style = 'plain';
  else style = 'double';
  const a = analyze(s);
  if (isKey && a.multiline) return 'double';
  if (style === 'plain') {
    if (!a.blockPlain) style = 'single';
    if (s.length === 0 && isKey) style = 'single';
  }
  if (style === 'single' && !a.single) style = 'double';
  if (style === 'literal' && (!a.block || isKey)) style = 'double';
  return style;
}

function isPrintable(c: number): boolean {
  return c === 0x0a || (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff);
}
function isBreak(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x85 || c === 0x2028 || c === 0x2029;
}
function isBlank(c: number | undefined): boolean {
  return c === 0x20 || c === 0x09;
}

// analyze mirrors yaml_emitter_analyze_scalar for the flags block context needs.
function analyze(s: string): Analysis {
  if (s.length === 0) return { multiline: false, blockPlain: true, single: true, block: false };
  const cps = codePoints(s);
  let blockIndicators = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  let lineBreaks = false;
  let special = false;
  if (s.startsWith('---') || s.startsWith('...')) blockIndicators = true;
  let precededByWhitespace = true;
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i];
    const followedByWhitespace = i + 1 >= cps.length || isBlank(cps[i + 1]);
    const ch = String.fromCodePoint(c);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) blockIndicators = true;
      else if ((ch === '?' || ch === ':' || ch === '-') && followedByWhitespace) blockIndicators = true;
    } else {
      if (ch === ':' && followedByWhitespace) blockIndicators = true;
      else if (ch === '#' && precededByWhitespace) blockIndicators = true;
    }
    if (!isPrintable(c)) special = true;
    if (c === 0x20) {
      if (i === 0) leadingSpace = true;
      if (i === cps.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (i === cps.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlank(c) || isBreak(c);
  }
  let blockPlain = true;
  let single = true;
  let block = true;
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) blockPlain = false;
  if (trailingSpace) block = false;
  if (breakSpace) {
    blockPlain = false;
    single = false;
  }
  if (spaceBreak || special) {
    blockPlain = false;
    single = false;
    block = false;
  }
  if (lineBreaks) {
    blockPlain = false;
    // kubemu: go-yaml would single-quote a string whose only breaks are U+2028/U+2029/
    // U+0085 and fold them; we double-quote it (escaped) instead.
    single = false;
  }
  if (blockIndicators) blockPlain = false;
  return { multiline: lineBreaks, blockPlain, single, block };
}

function codePoints(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) out.push(ch.codePointAt(0)!);
  return out;
}

function displayWidth(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

// writeFolded writes a plain or single-quoted scalar, breaking at a single space once
// the column passes 80 (yaml_emitter_write_plain_scalar / write_single_quoted).
function writeFolded(s: string, column: number, indent: number, allowBreaks: boolean, style: 'plain' | 'single'): string {
  const cps = codePoints(s);
  const quote = style === 'single';
  let out = quote ? "'" : '';
  let col = column + (quote ? 1 : 0);
  let spaces = false;
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i];
    if (c === 0x20) {
      const inner = !quote || (i !== 0 && i !== cps.length - 1);
      if (allowBreaks && !spaces && col > BEST_WIDTH && inner && cps[i + 1] !== 0x20) {
        out += '\n' + ' '.repeat(indent);
        col = indent;
      } else {
        out += ' ';
        col++;
      }
      spaces = true;
    } else {
      if (quote && c === 0x27) {
        out += "''";
        col += 2;
      } else {
        out += String.fromCodePoint(c);
        col++;
      }
      spaces = false;
    }
  }
  return quote ? out + "'" : out;
}

const SHORT_ESCAPES: Record<number, string> = {
  0x00: '0', 0x07: 'a', 0x08: 'b', 0x09: 't', 0x0a: 'n', 0x0b: 'v', 0x0c: 'f', 0x0d: 'r',
  0x1b: 'e', 0x22: '"', 0x5c: '\\', 0x85: 'N', 0xa0: '_', 0x2028: 'L', 0x2029: 'P',
};

// writeDouble mirrors yaml_emitter_write_double_quoted, folding included.
function writeDouble(s: string, column: number, indent: number, allowBreaks: boolean): string {
  const cps = codePoints(s);
  let out = '"';
  let col = column + 1;
  let spaces = false;
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i];
    if (!isPrintable(c) || c === 0xfeff || isBreak(c) || c === 0x22 || c === 0x5c) {
      const short = SHORT_ESCAPES[c];
      let esc: string;
      if (short !== undefined) esc = '\\' + short;
      else if (c <= 0xff) esc = '\\x' + hex(c, 2);
      else if (c <= 0xffff) esc = '\\u' + hex(c, 4);
      else esc = '\\U' + hex(c, 8);
      out += esc;
      col += esc.length;
      spaces = false;
    } else if (c === 0x20) {
      if (allowBreaks && !spaces && col > BEST_WIDTH && i !== 0 && i !== cps.length - 1) {
        out += '\n' + ' '.repeat(indent);
        col = indent;
        if (cps[i + 1] === 0x20) {
          out += '\\';
          col++;
        }
      } else {
        out += ' ';
        col++;
      }
      spaces = true;
    } else {
      out += String.fromCodePoint(c);
      col++;
      spaces = false;
    }
  }
  return out + '"';
}

function hex(c: number, width: number): string {
  return c.toString(16).toUpperCase().padStart(width, '0');
}

// writeLiteral mirrors yaml_emitter_write_literal_scalar with its indentation and
// chomping hints; lines are indented to `indent`, empty lines stay empty.
function writeLiteral(s: string, indent: number): string {
  let header = '|';
  const first = s.codePointAt(0)!;
  if (first === 0x20 || isBreak(first)) header += String(INDENT);
  const last = s.charCodeAt(s.length - 1);
  if (!isBreak(last)) header += '-';
  else if (s.length === 1 || isBreak(s.charCodeAt(s.length - 2))) header += '+';
  const lines = s.split('\n');
  if (s.endsWith('\n')) lines.pop();
  const pad = ' '.repeat(indent);
  return header + '\n' + lines.map((l) => (l === '' ? '' : pad + l)).join('\n');
}

/**
 * compareKeys mirrors go-yaml v2 sorter.go keyList.Less for string keys: runs of digits
 * compare as numbers, a letter sorts after a non-letter, otherwise code point order.
 */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  return keyLess(a, b) ? -1 : 1;
}

function keyLess(a: string, b: string): boolean {
  const ar = codePoints(a);
  const br = codePoints(b);
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = isLetter(ar[i]);
    const bl = isLetter(br[i]);
    if (al && bl) return ar[i] < br[i];
    if (al || bl) return bl;
    let an = 0;
    let bn = 0;
    if (ar[i] === 0x30 || br[i] === 0x30) {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== 0x30) {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10 + (ar[ai] - 0x30);
    let bi = i;
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10 + (br[bi] - 0x30);
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return ar[i] < br[i];
  }
  return ar.length < br.length;
}

function isLetter(c: number): boolean {
  return /\p{L}/u.test(String.fromCodePoint(c));
}
function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
