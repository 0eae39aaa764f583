/**
 * fnv32a: Go's hash/fnv New32a over a string's UTF-8 bytes — the hash behind the
 * pod-template-hash (controllers) and a static pod's config hash (kubelet) — and the same
 * over its UTF-16 units, where no Go hash need be matched and no byte copy is wanted; and
 * New32 (FNV-1, multiply before xor), which names a StatefulSet's ControllerRevisions.
 */

/** fnv32a hashes a string's UTF-16 code units as bytes of its UTF-8 form. */
export function fnv32a(s: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(s, 'utf8')) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h >>> 0;
}

/** fnv32aOfUnits is FNV-1a over a string's UTF-16 code units (one step each): kubemu's own keys, not Go's. */
export function fnv32aOfUnits(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** fnv32 is Go's hash/fnv New32 (FNV-1) over a string's UTF-8 bytes. */
export function fnv32(s: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(s, 'utf8')) h = (Math.imul(h, 0x01000193) ^ byte) >>> 0;
  return h >>> 0;
}
