/**
 * Reading a stream of concatenated JSON values the way kubectl does once it has decided
 * the input is JSON (the first non-space byte is `{`).
 *
 * Mirrors kubernetes/apimachinery pkg/util/yaml/decoder.go YAMLOrJSONDecoder over Go's
 * encoding/json Decoder: values may follow each other with only whitespace between, and a
 * syntax error is reported as `json: offset N: <encoding/json scanner message>`, N being
 * the 1-based byte offset of the offending character; a value cut short by the end of the
 * input is `unexpected EOF`. A validating scan finds each value's end and produces Go's
 * message; JSON.parse then builds the value (it is several times faster than a JS parser).
 */
import { goQuote } from '../api/go-quote';

/** UNEXPECTED_EOF is io.ErrUnexpectedEOF's text, for JSON cut off mid-value. */
export const UNEXPECTED_EOF = 'unexpected EOF';
/** EXCEEDED_MAX_DEPTH is encoding/json's scanner text for nesting past its limit. */
export const EXCEEDED_MAX_DEPTH = 'exceeded max depth';

/**
 * MAX_NESTING_DEPTH bounds how deep a manifest may nest. kubemu: encoding/json and go-yaml
 * allow 10000 levels; kubemu's recursive readers and printers stop earlier, and deeper
 * input is refused with upstream's wording instead of overflowing the JS stack.
 */
export const MAX_NESTING_DEPTH = 1000;

/** JsonValue is one top-level value of the stream with its trimmed source text. */
export interface JsonValue {
  value: unknown;
  raw: string;
  /** start is the offset in the stream where the value begins. */
  start: number;
  /** Text of a number too large for float64 (Go rejects it when decoding), if any. */
  overflow?: string;
}

/** JsonStreamResult holds the values read before any error, and that error's text. */
export interface JsonStreamResult {
  values: JsonValue[];
  error?: string;
}

class ScanError extends Error {
  constructor(readonly at: number, readonly what: string) {
    super(what);
  }
}

/** readJsonStream splits and parses a stream of JSON values with Go's error texts. */
export function readJsonStream(text: string): JsonStreamResult {
  const values: JsonValue[] = [];
  const s = new Scanner(text);
  for (;;) {
    s.skipWs();
    if (s.pos >= text.length) return { values };
    const start = s.pos;
    try {
      s.overflow = undefined;
      s.depth = 0;
      s.value();
    } catch (e) {
      if (!(e instanceof ScanError)) throw e;
      if (e.at >= text.length) return { values, error: UNEXPECTED_EOF };
      const offset = Buffer.byteLength(text.slice(0, e.at), 'utf8') + 1;
      return { values, error: `json: offset ${offset}: invalid character ${quoteChar(text, e.at)} ${e.what}` };
    }
    const raw = text.slice(start, s.pos);
    values.push({ value: JSON.parse(raw), raw, start, overflow: s.overflow });
  }
}

// quoteChar mirrors encoding/json quoteChar: the offending byte (a character's first UTF-8 byte), quoted Go-style.
function quoteChar(text: string, at: number): string {
  return quoteByte(Buffer.from(text.charAt(at), 'utf8')[0]!);
}

function quoteByte(b: number): string {
  if (b === 0x27) return "'\\''";
  if (b === 0x22) return `'"'`;
  return `'${goQuote(String.fromCharCode(b)).slice(1, -1)}'`;
}

/**
 * unmarshalSyntaxError is the syntax error json.Unmarshal reports for bytes (its checkValid
 * over the whole input), or undefined when they hold one JSON value.
 */
export function unmarshalSyntaxError(bytes: Uint8Array): string | undefined {
  // One character per byte, so an offending byte is quoted as Go quotes it.
  const text = Buffer.from(bytes).toString('latin1');
  const s = new Scanner(text);
  try {
    s.skipWs();
    s.value();
    s.skipWs();
    if (s.pos < text.length) return `invalid character ${quoteByte(text.charCodeAt(s.pos))} after top-level value`;
    return undefined;
  } catch (e) {
    if (!(e instanceof ScanError)) throw e;
    if (e.at >= text.length) return 'unexpected end of JSON input';
    return `invalid character ${quoteByte(text.charCodeAt(e.at))} ${e.what}`;
  }
}

class Scanner {
  pos = 0;
  depth = 0;
  overflow: string | undefined;

  constructor(private readonly t: string) {}

  skipWs(): void {
    const t = this.t;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) this.pos++;
      else break;
    }
  }

  private fail(what: string): never {
    throw new ScanError(this.pos, what);
  }

  value(): void {
    const c = this.t[this.pos];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === '-' || (c >= '0' && c <= '9')) return this.number();
    if (c === 't') return this.literal('true');
    if (c === 'f') return this.literal('false');
    if (c === 'n') return this.literal('null');
    this.fail('looking for beginning of value');
  }

  // enter mirrors pushParseState: the opening byte past the limit is the offending one.
  private enter(): void {
    if (++this.depth > MAX_NESTING_DEPTH) this.fail(EXCEEDED_MAX_DEPTH);
    this.pos++;
  }

  private object(): void {
    this.enter();
    this.skipWs();
    if (this.t[this.pos] === '}') { this.pos++; this.depth--; return; }
    for (;;) {
      if (this.t[this.pos] !== '"') this.fail('looking for beginning of object key string');
      this.string();
      this.skipWs();
      if (this.t[this.pos] !== ':') this.fail('after object key');
      this.pos++;
      this.skipWs();
      this.value();
      this.skipWs();
      const c = this.t[this.pos];
      if (c === ',') { this.pos++; this.skipWs(); continue; }
      if (c === '}') { this.pos++; this.depth--; return; }
      this.fail('after object key:value pair');
    }
  }

  private array(): void {
    this.enter();
    this.skipWs();
    if (this.t[this.pos] === ']') { this.pos++; this.depth--; return; }
    for (;;) {
      this.value();
      this.skipWs();
      const c = this.t[this.pos];
      if (c === ',') { this.pos++; this.skipWs(); continue; }
      if (c === ']') { this.pos++; this.depth--; return; }
      this.fail('after array element');
    }
  }

  private string(): void {
    const t = this.t;
    this.pos++;
    for (;;) {
      if (this.pos >= t.length) this.fail('in string literal');
      const c = t.charCodeAt(this.pos);
      if (c === 0x22) { this.pos++; return; }
      if (c < 0x20) this.fail('in string literal');
      if (c === 0x5c) {
        this.pos++;
        const e = t[this.pos];
        if (e === 'u') {
          for (let k = 0; k < 4; k++) {
            this.pos++;
            if (!/[0-9a-fA-F]/.test(t[this.pos] ?? '')) this.fail('in \\u hexadecimal character escape');
          }
        } else if (e === undefined || !'"\\/bfnrt'.includes(e)) {
          this.fail('in string escape code');
        }
      }
      this.pos++;
    }
  }

  private number(): void {
    const t = this.t;
    const start = this.pos;
    if (t[this.pos] === '-') {
      this.pos++;
      if (!(t[this.pos] >= '0' && t[this.pos] <= '9')) this.fail('in numeric literal');
    }
    if (t[this.pos] === '0') this.pos++;
    else while (t[this.pos] >= '0' && t[this.pos] <= '9') this.pos++;
    if (t[this.pos] === '.') {
      this.pos++;
      if (!(t[this.pos] >= '0' && t[this.pos] <= '9')) this.fail('after decimal point in numeric literal');
      while (t[this.pos] >= '0' && t[this.pos] <= '9') this.pos++;
    }
    if (t[this.pos] === 'e' || t[this.pos] === 'E') {
      this.pos++;
      if (t[this.pos] === '+' || t[this.pos] === '-') this.pos++;
      if (!(t[this.pos] >= '0' && t[this.pos] <= '9')) this.fail('in exponent of numeric literal');
      while (t[this.pos] >= '0' && t[this.pos] <= '9') this.pos++;
    }
    const text = t.slice(start, this.pos);
    if (this.overflow === undefined && !Number.isFinite(Number(text))) this.overflow = text;
  }

  private literal(word: string): void {
    for (let k = 1; k < word.length; k++) {
      this.pos++;
      if (this.t[this.pos] !== word[k]) {
        if (this.pos >= this.t.length) this.fail('');
        this.fail(`in literal ${word} (expecting ${goQuote(word[k]).replace(/^"|"$/g, "'")})`);
      }
    }
    this.pos++;
  }
}
