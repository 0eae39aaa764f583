/**
 * content-hash: the suffix kustomize appends to a generated ConfigMap's or Secret's name —
 * its hasher's sha256 of a canonical JSON encoding, the first ten hex digits with
 * 0 1 3 a e swapped for g h k m t (so no suffix spells a word or reads as a number).
 *
 * The encoding keeps a quirk of kustomize v5's hasher: it looks the name up as one field
 * literally called "metadata/name", which never exists, so the name is always "".
 */
import { createHash } from 'node:crypto';
import { isObj, kindOf, type Obj } from './resource';

const SWAP: Record<string, string> = { 0: 'g', 1: 'h', 3: 'k', a: 'm', e: 't' };

/** goJson is Go's json.Marshal of a JSON value: sorted map keys, HTML-safe escapes. */
export function goJson(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(goJson).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o).sort().map((k) => `${goString(k)}:${goJson(o[k])}`).join(',')}}`;
}

function goString(s: string): string {
  return JSON.stringify(s)
    .replace(/\\[bf]/g, (m) => (m === '\\b' ? '\\u0008' : '\\u000c'))
    .replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// field: a map field's value, or "" when absent (kustomize's getNodeValues); scalars as text.
function field(obj: Obj, key: string): unknown {
  const v = obj[key];
  if (v === undefined || v === null) return '';
  return v;
}

/** contentHash is the ten-character suffix for a ConfigMap or Secret. */
export function contentHash(obj: Obj): string {
  let encoded: Record<string, unknown>;
  if (kindOf(obj) === 'Secret') {
    encoded = { kind: 'Secret', type: field(obj, 'type'), name: '', data: field(obj, 'data') };
    if (isObj(obj.stringData)) encoded.stringData = obj.stringData;
  } else {
    encoded = { kind: 'ConfigMap', name: '', data: field(obj, 'data') };
    if (isObj(obj.binaryData)) encoded.binaryData = obj.binaryData;
  }
  const hex = createHash('sha256').update(goJson(encoded)).digest('hex');
  return [...hex.slice(0, 10)].map((c) => SWAP[c] ?? c).join('');
}
