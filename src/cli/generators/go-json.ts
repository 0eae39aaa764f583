/**
 * go-json: Go encoding/json's spelling of a value, for the bytes kubectl hashes (--append-hash)
 * and the .dockerconfigjson it writes. Maps must be passed with sorted keys (sortedMap) since
 * Go sorts map keys and keeps struct fields in declaration order.
 */

/** goJsonMarshal renders `v` like Go's json.Marshal: compact, `<`, `>`, `&`, U+2028/9 escaped; Buffers as base64. */
export function goJsonMarshal(v: unknown): string {
  const text = JSON.stringify(v, (_k, x: unknown) => {
    // JSON.stringify calls Buffer#toJSON before the replacer; undo that into Go's []byte → base64.
    if (x && typeof x === 'object' && (x as { type?: string }).type === 'Buffer' && Array.isArray((x as { data?: unknown }).data)) {
      return Buffer.from((x as { data: number[] }).data).toString('base64');
    }
    return x;
  });
  return text.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** sortedMap copies a map with its keys in Go's sorted order (byte order of the UTF-8 keys). */
export function sortedMap<V>(m: Record<string, V>): Record<string, V> {
  const out: Record<string, V> = {};
  for (const k of Object.keys(m).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))) out[k] = m[k]!;
  return out;
}
