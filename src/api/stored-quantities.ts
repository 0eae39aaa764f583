/**
 * stored-quantities: does a stored object's every resource.Quantity parse? The store asks this
 * of each body it decodes, because a quantity is what components parse (the scheduler's node
 * capacity, a pod's requests): one that does not parse would make every pass that reads the
 * object fail. The paths come from quantity-paths.json (scripts/gen-quantity-paths.mjs, from
 * the decoder's Go types), so this needs neither the decoder nor its schema loaded.
 */
import type QuantityPathsData from './quantity-paths.json';
import { quantityJsonError, quantityParseError, storedQuantityText } from './quantity';

/** PathTrie is a kind's quantity paths merged: named fields, "[]"/"*" items, and whether a quantity sits here. */
interface PathTrie { fields?: Map<string, PathTrie>; fieldList?: [string, PathTrie][]; items?: PathTrie; leaf?: boolean; anchors?: string[] }

const tries = new Map<string, PathTrie | null>();
// Read on first use, beside the bundle (not inlined): commands that read no object never load it.
let quantityPaths: Record<string, string[]> | undefined;

/** trieOf compiles the paths of one apiVersion/kind once per process; null when it holds no quantity. */
function trieOf(apiVersion: string, kind: string): PathTrie | null {
  const key = `${apiVersion}/${kind}`;
  let trie = tries.get(key);
  if (trie !== undefined) return trie;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  quantityPaths ??= require('./quantity-paths.json') as typeof QuantityPathsData as Record<string, string[]>;
  const paths = quantityPaths[key];
  trie = paths ? {} : null;
  const anchors = new Set<string>();
  for (const path of paths ?? []) {
    let at = trie!;
    const segs = path.split(/\.|(?=\[\])/);
    // The last named field on the path is a JSON key every quantity there sits under.
    const anchor = segs.filter((seg) => seg !== '[]' && seg !== '*').pop();
    if (anchor) anchors.add(`"${anchor}"`);
    for (const seg of segs) {
      if (seg === '[]' || seg === '*') at = at.items ??= {};
      else {
        at.fields ??= new Map();
        let next = at.fields.get(seg);
        if (!next) at.fields.set(seg, (next = {}));
        at = next;
      }
    }
    at.leaf = true;
  }
  if (trie) { listFields(trie); trie.anchors = [...anchors]; }
  tries.set(key, trie);
  return trie;
}

/** listFields turns each trie node's field map into an array, which the hot walk iterates faster. */
function listFields(t: PathTrie): void {
  if (t.fields) t.fieldList = [...t.fields];
  for (const [, sub] of t.fieldList ?? []) listFields(sub);
  if (t.items) listFields(t.items);
}

// Quantity texts repeat ("100m", "128Mi"): each distinct one is parsed once per process.
const valid = new Set<string>();

/** quantityError is the decoder's error for one stored value, or undefined when it decodes. */
function quantityError(v: unknown): string | undefined {
  if (typeof v === 'string' && valid.has(v)) return undefined;
  const err = quantityJsonError(v === undefined ? 'null' : JSON.stringify(v));
  if (!err && typeof v === 'string') valid.add(v);
  return err;
}

/**
 * walk reports the first quantity under `v` (shaped by `t`) that does not decode, as
 * [path segments, error]; the path is built only on the way back from an error (reads are hot).
 */
function walk(v: unknown, t: PathTrie): [string[], string] | undefined {
  if (t.leaf) {
    const err = quantityError(v);
    if (err) return [[], err];
  }
  if (v === null || typeof v !== 'object') return undefined;
  if (t.items) {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const bad = walk(v[i], t.items);
        if (bad) { bad[0].unshift(`[${i}]`); return bad; }
      }
    } else {
      for (const k in v) {
        const bad = walk((v as Record<string, unknown>)[k], t.items);
        if (bad) { bad[0].unshift(`.${k}`); return bad; }
      }
    }
  }
  if (t.fieldList && !Array.isArray(v)) {
    for (let i = 0; i < t.fieldList.length; i++) {
      const [name, sub] = t.fieldList[i]!;
      const x = (v as Record<string, unknown>)[name];
      if (x === undefined) continue;
      const bad = walk(x, sub);
      if (bad) { bad[0].unshift(`.${name}`); return bad; }
    }
  }
  return undefined;
}

/**
 * storedQuantityError returns why a stored object's quantities do not decode ("status.capacity.pods:
 * quantities must match …"), or undefined when they all do (or the kind stores none).
 */
export function storedQuantityError(obj: { apiVersion?: unknown; kind?: unknown; [field: string]: unknown }, json?: string): string | undefined {
  if (typeof obj.apiVersion !== 'string' || typeof obj.kind !== 'string') return undefined;
  const trie = trieOf(obj.apiVersion, obj.kind);
  // Given the JSON text, a body none of whose quantity fields' keys appear holds no quantity: a
  // few native substring scans spare the walk, which in a short-lived process is mostly cold code.
  if (trie && json !== undefined && !trie.anchors!.some((a) => json.includes(a))) return undefined;
  const bad = trie && walk(obj, trie);
  return bad ? `${bad[0].join('').replace(/^\./, '')}: ${bad[1]}` : undefined;
}

/** restore rewrites, in place, each well-formed quantity under `v` (shaped by `t`) in its stored form. */
function restore(v: unknown, t: PathTrie, holder: Record<string, unknown> | unknown[] | undefined, key: string | number): void {
  if (t.leaf && holder !== undefined && (typeof v === 'string' || typeof v === 'number')) {
    // storedQuantityText remembers its answers; a malformed text is left for the checks above.
    const text = typeof v === 'string' ? v.trim() : JSON.stringify(v);
    const stored = storedQuantityText(text);
    if (stored !== v && quantityParseError(text) === undefined) (holder as Record<string | number, unknown>)[key] = stored;
    return;
  }
  if (v === null || typeof v !== 'object') return;
  if (t.items) {
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) restore(v[i], t.items, v, i);
    else for (const k in v) restore((v as Record<string, unknown>)[k], t.items, v as Record<string, unknown>, k);
  }
  if (t.fieldList && !Array.isArray(v)) {
    for (let i = 0; i < t.fieldList.length; i++) {
      const [name, sub] = t.fieldList[i]!;
      const x = (v as Record<string, unknown>)[name];
      if (x !== undefined) restore(x, sub, v as Record<string, unknown>, name);
    }
  }
}

/**
 * storeQuantitiesAsServed rewrites an object's quantities, in place, as the API server stores
 * them once decoded into its Go types (storedQuantityText: "1000m" → "1", a number → its text),
 * for writes that skip the full decoder. Malformed ones are left for the checks above.
 */
export function storeQuantitiesAsServed(obj: { apiVersion?: unknown; kind?: unknown }): void {
  if (typeof obj.apiVersion !== 'string' || typeof obj.kind !== 'string') return;
  const trie = trieOf(obj.apiVersion, obj.kind);
  if (trie) restore(obj, trie, undefined, '');
}
