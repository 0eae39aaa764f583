/**
 * go-base64: Go's encoding/base64 decoding, for the places kubectl and kube-apiserver report
 * its CorruptInputError ("illegal base64 data at input byte 3"): a []byte field's JSON string
 * (Secret data, a CSR's request, a webhook's caBundle) and config set (StdEncoding), the
 * templates' base64decode (StdEncoding), and a list's continue token (RawURLEncoding).
 */

/** Base64Encoding is one of Go's encodings: the alphabet and whether padding is required. */
export interface Base64Encoding { readonly url: boolean; readonly padded: boolean }

/** STD_ENCODING is base64.StdEncoding; RAW_URL_ENCODING is base64.RawURLEncoding. */
export const STD_ENCODING: Base64Encoding = { url: false, padded: true };
export const RAW_URL_ENCODING: Base64Encoding = { url: true, padded: false };

/** base64Error formats Go's CorruptInputError. */
export const base64Error = (offset: number): string => `illegal base64 data at input byte ${offset}`;

const isNewline = (b: number) => b === 0x0a || b === 0x0d;

function inAlphabet(b: number, url: boolean): boolean {
  if ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || (b >= 0x30 && b <= 0x39)) return true;
  return url ? b === 0x2d || b === 0x5f : b === 0x2b || b === 0x2f;
}

/**
 * base64DecodeError returns the CorruptInputError text for `text` (offsets count UTF-8 bytes),
 * or undefined if it decodes. Mirrors Go's decodeQuantum: CR and LF ignored anywhere,
 * non-strict (unused trailing bits allowed); without padding a quantum may end after 2 or 3
 * characters, and "=" is not in the alphabet.
 */
export function base64DecodeError(text: string, enc: Base64Encoding = STD_ENCODING): string | undefined {
  const src = Buffer.from(text, 'utf8');
  let si = 0;
  while (si < src.length) {
    // Decode one quantum of four alphabet characters.
    for (let j = 0; j < 4; j++) {
      if (si === src.length) {
        // Input ends inside a quantum: one character is never enough; padded, no partial quantum is.
        if (j === 0) return undefined;
        return j === 1 || enc.padded ? base64Error(si - j) : undefined;
      }
      const b = src[si++]!;
      if (inAlphabet(b, enc.url)) continue;
      if (isNewline(b)) { j--; continue; }
      if (!enc.padded || b !== 0x3d /* = */ || j < 2) return base64Error(si - 1);
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

/** stdBase64Error is base64DecodeError for base64.StdEncoding. */
export const stdBase64Error = (text: string): string | undefined => base64DecodeError(text, STD_ENCODING);

/** decodeBase64 is Go's DecodeString: the bytes, or an Error with CorruptInputError's text. */
export function decodeBase64(text: string, enc: Base64Encoding = STD_ENCODING): Buffer {
  const err = base64DecodeError(text, enc);
  if (err) throw new Error(err);
  // Valid input: Node's lenient decoder gives the bytes Go's does (newlines dropped first).
  return Buffer.from(text.replace(/[\r\n]/g, ''), enc.url ? 'base64url' : 'base64');
}

/**
 * reencodedStdBase64 is a []byte field's JSON string once decoded and encoded again, as the API
 * server stores it: line breaks gone, trailing bits zeroed, padded. Only for text
 * stdBase64Error accepts.
 */
export function reencodedStdBase64(text: string): string {
  return decodeBase64(text).toString('base64');
}
