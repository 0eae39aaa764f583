/**
 * go-base32: Go's base32.StdEncoding without padding, the encoding kube-proxy's chain names
 * and kube-apiserver's identity take from a sha256.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** base32 is base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(bytes). */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}
