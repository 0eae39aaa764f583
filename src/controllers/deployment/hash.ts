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

/**
 * computeHash returns the pod-template-hash of a template and collision count. A template's
 * `creationTimestamp: null` is left out: upstream hashes the Go struct, where it is the zero
 * time either way, so templates written with and without it hash alike.
 */
export function computeHash(template: unknown, collisionCount?: number): string {
  const base = toCompactJson(withoutNullCreation(template ?? {}));
  return safeEncode(String(fnv32a(collisionCount ? `${base}${collisionCount}` : base)));
}

function withoutNullCreation(template: unknown): unknown {
  const t = template as { metadata?: Record<string, unknown> };
  if (t.metadata?.creationTimestamp !== null) return template;
  const { creationTimestamp: _zero, ...metadata } = t.metadata;
  return { ...t, metadata };
}
