/**
 * hash: the --append-hash suffix (kubectl pkg/util/hash): sha256 of a canonical JSON of the
 * object, first ten hex digits with vowel-like digits mapped to consonants.
 */
import { goJsonMarshal, sortedMap } from './go-json';

// encodeHash's substitutions keep the suffix free of vowels, so no words form by accident.
const SUBSTITUTE: Record<string, string> = { '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' };

function encodeHash(encoded: string): string {
  // Required on use: `create` loads this file, and node:crypto takes ~7 ms to load.
  const hex = (require('node:crypto') as typeof import('node:crypto')).createHash('sha256').update(encoded, 'utf8').digest('hex');
  return [...hex.slice(0, 10)].map((c) => SUBSTITUTE[c] ?? c).join('');
}

/** configMapHash is the suffix kubectl appends for `create configmap --append-hash`. */
export function configMapHash(name: string, data: Record<string, string>, binaryData: Record<string, Buffer>): string {
  const m: Record<string, unknown> = { data: sortedMap(data), kind: 'ConfigMap', name };
  if (Object.keys(binaryData).length > 0) m.binaryData = sortedMap(binaryData);
  return encodeHash(goJsonMarshal(sortedMap(m)));
}

/** secretHash is the suffix kubectl appends for `create secret … --append-hash`. */
export function secretHash(name: string, type: string, data: Record<string, Buffer>): string {
  return encodeHash(goJsonMarshal(sortedMap({ data: sortedMap(data), kind: 'Secret', name, type })));
}
