/**
 * decode-base64: the error Go's base64.StdEncoding gives for a []byte field's JSON string
 * (Secret data, CSR request, webhook caBundle). Only the position of the first bad byte
 * matters to the user, so this validates without producing the bytes.
 */

/** base64Error formats Go's CorruptInputError ("illegal base64 data at input byte 3"). */
export const base64Error = (offset: number): string => `illegal base64 data at input byte ${offset}`;

const ALPHABET = /^[A-Za-z0-9+/]$/;
const isNewline = (b: number) => b === 0x0a || b === 0x0d;

/**
 * stdBase64Error returns the CorruptInputError text for `text` (offsets count UTF-8 bytes), or
 * undefined if it decodes. Mirrors Go's encoding/base64 decodeQuantum: padded standard alphabet,
 * CR and LF ignored anywhere, non-strict (unused trailing bits allowed).
 */
export function stdBase64Error(text: string): string | undefined {
  const src = Buffer.from(text, 'utf8');
  let si = 0;
  while (si < src.length) {
    // Decode one quantum of four alphabet characters.
    let j = 0;
    for (; j < 4; j++) {
      if (si === src.length) {
        // Input ends inside a quantum: with padding required, any partial quantum is corrupt.
        return j === 0 ? undefined : base64Error(si - j);
      }
      const b = src[si++]!;
      if (ALPHABET.test(String.fromCharCode(b))) continue;
      if (isNewline(b)) { j--; continue; }
      if (b !== 0x3d /* = */ || j < 2) return base64Error(si - 1);
      if (j === 2) {
        // "xx=" must be followed by a second "=" (newlines may sit between).
        while (si < src.length && isNewline(src[si]!)) si++;
        if (si === src.length) return base64Error(src.length);
        if (src[si] !== 0x3d) return base64Error(si - 1);
        si++;
      }
      while (si < src.length && isNewline(src[si]!)) si++;
      // Padding ends the data; anything after it is trailing garbage.
      return si < src.length ? base64Error(si) : undefined;
    }
  }
  return undefined;
}
