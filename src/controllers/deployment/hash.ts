/**
 * hash: the pod-template-hash — FNV-32a over the template (plus the collision count),
 * encoded with Kubernetes' safe alphabet, as controller.ComputeHash does.
 */
import { toCompactJson } from '../../yaml/write-json';
import { NAME_ALPHABET } from '../../sim/rand';
import { fnv32a } from '../../api/fnv32a';

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
