/**
 * hash: the pod-template-hash — FNV-32a over the template (plus the collision count),
 * encoded with Kubernetes' safe alphabet, as controller.ComputeHash does.
 */
import { toCompactJson } from '../../yaml/write-json';
import { NAME_ALPHABET } from '../../sim/rand';

/** fnv32a hashes a string's UTF-16 code units as bytes of its UTF-8 form. */
export function fnv32a(s: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(s, 'utf8')) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h >>> 0;
}

/** safeEncode maps each character to the name alphabet (rand.SafeEncodeString). */
export function safeEncode(s: string): string {
  let out = '';
  for (const ch of s) out += NAME_ALPHABET[ch.charCodeAt(0) % NAME_ALPHABET.length];
  return out;
}

/** computeHash returns the pod-template-hash of a template and collision count. */
export function computeHash(template: unknown, collisionCount?: number): string {
  const base = toCompactJson(template ?? {});
  return safeEncode(String(fnv32a(collisionCount ? `${base}${collisionCount}` : base)));
}
