/**
 * byte-string: arbitrary bytes carried in a JS string, for a container's files and streams.
 * Text that is valid UTF-8 is its characters; each byte that is not part of a valid sequence
 * is the lone surrogate U+DC80+(byte-0x80), as Python's "surrogateescape" does, so any file
 * round-trips byte for byte (kubectl cp, tar, exec's stdin and stdout, base64, md5sum) while
 * UTF-8 text stays readable to the shell's applets. Such strings survive JSON (a lone
 * surrogate is written as `\udcXX`), so the writable layer keeps them in its annotation.
 */
import { isUtf8 } from 'node:buffer';

const ESCAPE_BASE = 0xdc00;
/** ESCAPED matches a code unit that may be an escaped byte (or the low half of a pair). */
const ESCAPED = /[\udc80-\udcff]/;

/** escapedByte is the string for one byte that is not part of valid UTF-8. */
export const escapedByte = (b: number): string => String.fromCharCode(ESCAPE_BASE + b);

/** bytesToText decodes bytes: valid UTF-8 as text, every other byte escaped. */
export function bytesToText(bytes: Uint8Array): string {
  if (isUtf8(bytes)) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  let out = '';
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i]!;
    const len = sequenceLength(bytes, i);
    if (len === 0) { out += escapedByte(b); i++; continue; }
    let cp = len === 1 ? b : b & (0xff >> (len + 1));
    for (let k = 1; k < len; k++) cp = (cp << 6) | (bytes[i + k]! & 0x3f);
    out += String.fromCodePoint(cp);
    i += len;
  }
  return out;
}

/**
 * sequenceLength is the length of the well-formed UTF-8 sequence at i (Unicode's table 3-7:
 * no overlong forms, no surrogates, nothing past U+10FFFF), or 0 if there is none.
 */
function sequenceLength(b: Uint8Array, i: number): number {
  const c = b[i]!;
  if (c < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => i + k < b.length && b[i + k]! >= lo && b[i + k]! <= hi;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const lo = c === 0xe0 ? 0xa0 : 0x80;
    const hi = c === 0xed ? 0x9f : 0xbf;
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const lo = c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xf4 ? 0x8f : 0xbf;
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/** textToBytes encodes a byte string: its escaped bytes as themselves, the rest as UTF-8. */
export function textToBytes(text: string): Buffer {
  if (!ESCAPED.test(text)) return Buffer.from(text, 'utf8');
  const out = Buffer.allocUnsafe(text.length * 3);
  let at = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    if (u < 0xdc80 || u > 0xdcff) continue;
    // The low half of a surrogate pair is part of its character, not an escape.
    const prev = i > 0 ? text.charCodeAt(i - 1) : 0;
    if (prev >= 0xd800 && prev <= 0xdbff) continue;
    at += out.write(text.slice(from, i), at, 'utf8');
    out[at++] = u - ESCAPE_BASE;
    from = i + 1;
  }
  at += out.write(text.slice(from), at, 'utf8');
  return out.subarray(0, at);
}

/**
 * joinBytes reads a byte string's escaped bytes again, so bytes that were written one at a
 * time (printf's `\303\251`) become the character they encode.
 */
export function joinBytes(text: string): string {
  return ESCAPED.test(text) ? bytesToText(textToBytes(text)) : text;
}

/** byteLength is how many bytes a byte string holds. */
export function byteLength(text: string): number {
  return ESCAPED.test(text) ? textToBytes(text).length : Buffer.byteLength(text, 'utf8');
}
