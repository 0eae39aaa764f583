/**
 * Reading a manifest stream (a file or stdin) with bounded memory.
 *
 * kubectl reads `-f` input as a stream, one document at a time, and the API server refuses a
 * request body over 3 MiB; so a single document past that bound can never be created, and
 * reading on (from /dev/zero, or an endless pipe) only costs memory. The reader scans bytes
 * as they arrive for document boundaries — `---` lines in YAML, the end of each top-level
 * value in a JSON stream — and stops as soon as the open document passes the bound. A
 * stream of small documents is read whole, up to MAX_STREAM_BYTES in total.
 */
import * as fs from 'node:fs';
import { MAX_DOCUMENT_BYTES } from './read-manifests';

/**
 * MAX_STREAM_BYTES and MAX_STREAM_DOCUMENTS bound a whole stream of small documents.
 * kubemu: kubectl has no such bound (it sends each document as it is read); kubemu parses a
 * stream before writing it, at some 0.3 ms a document, so an endless one must stop somewhere.
 */
export const MAX_STREAM_BYTES = 64 * 1024 * 1024;
export const MAX_STREAM_DOCUMENTS = 100_000;

/** streamTooLongMessage is kubemu's one-line refusal of a stream past those bounds. */
export const streamTooLongMessage = (source: string): string =>
  `error reading ${source}: the stream is larger than ${MAX_STREAM_BYTES} bytes or ` +
  `${MAX_STREAM_DOCUMENTS} documents; split it into smaller files`;

/** Why reading stopped before the end of the input. */
export type BoundedStop = 'document-too-large' | 'stream-too-long';

/**
 * BoundedText is what was read. When `stop` is set, `text` holds only the documents before
 * the one that passed a bound, and `index` is that document's 0-based position.
 */
export interface BoundedText {
  text: string;
  stop?: BoundedStop;
  index: number;
}

const READ_CHUNK = 64 * 1024;
/** PAUSE is slept on (5 ms at a time) while a non-blocking input has nothing to read. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));
// The open document's count includes its `---` line, which the document's own size does not:
// reading stops a little past the bound so the document cut off is surely over it.
const STOP_AFTER = MAX_DOCUMENT_BYTES + 64 * 1024;

// Bytes (all ASCII, so never part of a multi-byte UTF-8 sequence).
const LF = 0x0a;
const DASH = 0x2d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === LF || b === 0x0d;
}

/** BoundaryScanner follows document boundaries byte by byte across chunks. */
class BoundaryScanner {
  private mode: 'unknown' | 'json' | 'yaml' = 'unknown';
  private offset = 0;
  /** docStart is the byte offset where the open document began. */
  docStart = 0;
  /** docs counts documents begun before the open one. */
  docs = 0;
  // YAML: column in the current line (capped) and whether it has been all dashes so far.
  private col = 0;
  private dashes = true;
  // JSON: nesting depth of the open top-level value, and string state.
  private depth = 0;
  private inString = false;
  private escaped = false;
  private bom = 0;

  /** feed scans one chunk; it returns true when the open document passed the bound. */
  feed(chunk: Uint8Array): boolean {
    for (let i = 0; i < chunk.length; i++, this.offset++) {
      if (this.mode === 'yaml' && this.col >= 3) {
        // Only a line's first bytes can begin a document: jump to the line's end (memchr, not
        // a byte at a time — a 100 MB one-document file is refused after its first 3 MiB).
        const lf = chunk.indexOf(LF, i);
        const end = lf < 0 ? chunk.length : lf;
        this.offset += end - i;
        i = end;
        if (this.offset - 1 - this.docStart > STOP_AFTER) return true;
        if (i === chunk.length) return false;
      }
      const b = chunk[i]!;
      if (this.mode === 'unknown') {
        // A UTF-8 byte order mark counts as space, as it does for GuessJSONStream.
        if (this.offset === this.bom && this.bom < 3 && b === [0xef, 0xbb, 0xbf][this.bom]) { this.bom++; continue; }
        if (isSpace(b)) { this.yamlByte(b); continue; }
        this.mode = b === OPEN_BRACE ? 'json' : 'yaml';
      }
      if (this.mode === 'yaml') this.yamlByte(b);
      else this.jsonByte(b);
      if (this.offset - this.docStart > STOP_AFTER && this.openDocument()) return true;
    }
    return false;
  }

  private openDocument(): boolean {
    return this.mode !== 'json' || this.depth > 0;
  }

  // A line starting with `---` ends a YAML document (split-documents.ts decides the rest).
  private yamlByte(b: number): void {
    if (b === LF) { this.col = 0; this.dashes = true; return; }
    if (this.col < 3) {
      this.dashes = this.dashes && b === DASH;
      this.col++;
      if (this.col === 3 && this.dashes) { this.docs++; this.docStart = this.offset - 2; }
    }
  }

  private jsonByte(b: number): void {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (b === BACKSLASH) this.escaped = true;
      else if (b === QUOTE) this.inString = false;
      return;
    }
    if (b === QUOTE) { this.inString = true; return; }
    if (b === OPEN_BRACE || b === OPEN_BRACKET) {
      if (this.depth === 0) this.docStart = this.offset;
      this.depth++;
    } else if ((b === CLOSE_BRACE || b === CLOSE_BRACKET) && this.depth > 0) {
      this.depth--;
      if (this.depth === 0) this.docs++;
    }
  }
}

/** readBounded reads chunks from next() (undefined at the end) within the bounds. */
export function readBounded(next: () => Uint8Array | undefined): BoundedText {
  const scanner = new BoundaryScanner();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (let chunk = next(); chunk !== undefined; chunk = next()) {
    chunks.push(chunk);
    total += chunk.length;
    if (scanner.feed(chunk)) return cut(chunks, scanner.docStart, 'document-too-large', scanner.docs);
    if (total > MAX_STREAM_BYTES || scanner.docs > MAX_STREAM_DOCUMENTS) return cut(chunks, scanner.docStart, 'stream-too-long', scanner.docs);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), index: 0 };
}

// cut keeps the documents before the one refused: only their bytes are copied.
function cut(chunks: Uint8Array[], end: number, stop: BoundedStop, index: number): BoundedText {
  const kept: Uint8Array[] = [];
  for (let at = 0, k = 0; at < end; at += chunks[k]!.length, k++) kept.push(chunks[k]!.subarray(0, end - at));
  return { text: Buffer.concat(kept).toString('utf8'), stop, index };
}

/**
 * readBoundedFd reads an open file descriptor (a file, a device, a pipe) within the bounds. A
 * regular file no larger than one document's bound is read whole, in one read: none of its
 * documents can pass that bound, and only the document count is left to check.
 */
export function readBoundedFd(fd: number): BoundedText {
  let first: Uint8Array | undefined;
  const size = regularFileSize(fd);
  if (size !== undefined && size <= MAX_DOCUMENT_BYTES) {
    // One byte more than its size tells a file that grew since from one that did not.
    const buf = Buffer.allocUnsafe(size + 1);
    let n = 0;
    for (let r = -1; n < buf.length && r !== 0; n += r) r = fs.readSync(fd, buf, n, buf.length - n, null);
    if (n <= size) return wholeText(buf.subarray(0, n));
    first = buf; // it grew (or is a /proc file, sized 0): read on within the bounds
  }
  return readBounded(() => {
    if (first !== undefined) {
      const c = first;
      first = undefined;
      return c;
    }
    const buf = Buffer.allocUnsafe(READ_CHUNK);
    for (;;) {
      let n: number;
      try {
        n = fs.readSync(fd, buf, 0, READ_CHUNK, null);
      } catch (e) {
        // A non-blocking stdin has nothing yet: wait for it as a blocking read would.
        if ((e as NodeJS.ErrnoException).code === 'EAGAIN') { Atomics.wait(PAUSE, 0, 0, 5); continue; }
        throw e;
      }
      return n === 0 ? undefined : buf.subarray(0, n);
    }
  });
}

function regularFileSize(fd: number): number | undefined {
  try {
    const st = fs.fstatSync(fd);
    return st.isFile() ? st.size : undefined;
  } catch {
    return undefined;
  }
}

// wholeText is what readBounded would make of bytes no document of which can pass the bound:
// YAML's documents are counted by their `---` lines, and a stream over the count (or JSON,
// whose values only the scanner counts) takes the scanner's way, which decides where it stops.
function wholeText(bytes: Buffer): BoundedText {
  const text = bytes.toString('utf8');
  if (!JSON_START.test(text) && yamlSeparators(text) <= MAX_STREAM_DOCUMENTS) return { text, index: 0 };
  let at = 0;
  return readBounded(() => {
    if (at >= bytes.length) return undefined;
    const chunk = bytes.subarray(at, at + READ_CHUNK);
    at += READ_CHUNK;
    return chunk;
  });
}

// The scanner's JSON mode: the first byte past a byte order mark and spaces is `{`.
const JSON_START = /^\uFEFF?[ \t\r\n]*\{/;

// yamlSeparators counts the lines that begin with `---`, as BoundaryScanner does, up to one past the bound.
function yamlSeparators(text: string): number {
  let n = text.startsWith('---') || text.startsWith('\uFEFF---') ? 1 : 0;
  for (let i = text.indexOf('\n---'); i >= 0 && n <= MAX_STREAM_DOCUMENTS; i = text.indexOf('\n---', i + 4)) n++;
  return n;
}

/** readBoundedText applies the same bounds to text already in memory. */
export function readBoundedText(text: string): BoundedText {
  let chunk: Uint8Array | undefined = Buffer.from(text, 'utf8');
  return readBounded(() => { const c = chunk; chunk = undefined; return c; });
}
