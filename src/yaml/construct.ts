/**
 * Building the JSON-able value of one YAML document from js-yaml parser events, with the
 * semantics of sigs.k8s.io/yaml YAMLToJSON (go-yaml v2 Unmarshal into interface{}, then
 * key conversion, then encoding/json Marshal).
 *
 * Why our own constructor over js-yaml's events instead of `load` with a schema: we need
 * go-yaml's alias budget (CVE-2019-11253), last-wins duplicate keys *with* their line
 * numbers, go-yaml's key stringification (`1.0` → "1", `true` → "true", null keys
 * rejected), go-yaml v2's order-based merge keys, and the error texts. js-yaml 5's
 * `parseEvents` gives positions and raw scalars; the rest is cheap to do here, and it
 * keeps js-yaml's speed (~6x the `yaml` package) for the 1 MB apply stream.
 */
import { EVENT_ID, SCALAR_STYLE, getScalarValue, type Event, type ScalarEvent } from 'js-yaml';
import { mayResolve, resolveScalar } from './go-resolve';
import { goFormatFloat, goSharpV } from './go-syntax';

// The bundle reaches js-yaml's CommonJS build through getters (esbuild's interop), one call per
// read of an export: the event ids, the plain style and the scalar reader are read once here.
const { SCALAR, ALIAS, SEQUENCE, MAPPING, POP, DOCUMENT } = EVENT_ID;
const PLAIN = SCALAR_STYLE.PLAIN;
const scalarValue = getScalarValue;

/** EXCESSIVE_ALIASING is go-yaml's billion-laughs rejection text. */
export const EXCESSIVE_ALIASING = 'yaml: document contains excessive aliasing';

/** DuplicateKey is one key set twice in the same mapping (kubectl keeps the last value). */
export interface DuplicateKey {
  /** 1-based line in the document's chunk, as go-yaml strict mode reports it. */
  line: number;
  /** go-yaml strict-mode finding text: `line 26: key "imagePullPolicy" already set in map`. */
  message: string;
}

/** ConstructResult is a document's value plus the duplicate keys that were collapsed. */
export interface ConstructResult {
  value: unknown;
  duplicates: DuplicateKey[];
}

/** DecodeError is a go-yaml/sigs.k8s.io/yaml failure after parsing; message is Go's text. */
export class DecodeError extends Error {
  override readonly name = 'DecodeError';
}

// Mirrors go-yaml v2 decode.go allowedAliasRatio: 99 % of decode work may come from
// alias expansion up to 400k decodes, scaling down to 10 % at 4M.
const ALIAS_RATIO_LOW = 400000;
const ALIAS_RATIO_HIGH = 4000000;
function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= ALIAS_RATIO_LOW) return 0.99;
  if (decodeCount >= ALIAS_RATIO_HIGH) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - ALIAS_RATIO_LOW) / (ALIAS_RATIO_HIGH - ALIAS_RATIO_LOW));
}

interface Anchored {
  value: unknown;
  /** Nodes go-yaml would decode when expanding this anchor (aliases inside expanded). */
  size: number;
  isCollection: boolean;
}

/** Marks a key that must be rejected after decoding (null key). */
interface BadKey {
  key: unknown;
  value: unknown;
}

const YAML12_BOOLEANS = new Set(['true', 'True', 'TRUE', 'false', 'False', 'FALSE']);

/** constructDocument builds the first document found in `events` (parsed from `source`). */
export function constructDocument(events: Event[], source: string, yaml12Booleans = false): ConstructResult | undefined {
  const c = new Constructor(events, source, yaml12Booleans);
  return c.run();
}

class Constructor {
  private i = 0;
  private decodeCount = 0;
  private aliasCount = 0;
  private readonly anchors = new Map<string, Anchored>();
  private readonly duplicates: DuplicateKey[] = [];
  private badKey: BadKey | undefined;
  private sawNonFinite = false;
  private lineStarts: number[] | undefined;
  // What node() leaves beside the value it returns (no tuple per node): the nodes go-yaml
  // would decode for it (aliases expanded), and a scalar's resolved tag ('' for the others).
  private size = 0;
  private tag = '';

  constructor(private readonly events: Event[], private readonly src: string, private readonly yaml12Booleans: boolean) {}

  run(): ConstructResult | undefined {
    const ev = this.events;
    while (this.i < ev.length && ev[this.i].type !== DOCUMENT) this.i++;
    if (this.i >= ev.length) return undefined;
    this.i++;
    this.decodeCount++; // the document node
    if (this.i >= ev.length || ev[this.i].type === POP) return { value: null, duplicates: [] };
    const value = this.node();
    // sigs.k8s.io/yaml converts keys before json.Marshal sees any value.
    if (this.badKey) {
      throw new DecodeError(
        `unsupported map key of type: %!s(<nil>), key: <nil>, value: ${goSharpV(this.badKey.value, false)}`,
      );
    }
    const bad = this.sawNonFinite ? firstNonFinite(value) : undefined;
    if (bad !== undefined) throw new DecodeError(`json: unsupported value: ${goFormatFloat(bad, 64)}`);
    return { value, duplicates: this.duplicates };
  }

  private tick(aliasWork: number): void {
    this.decodeCount += 1 + aliasWork;
    this.aliasCount += aliasWork;
    if (
      this.aliasCount > 100 &&
      this.decodeCount > 1000 &&
      this.aliasCount / this.decodeCount > allowedAliasRatio(this.decodeCount)
    ) {
      throw new DecodeError(EXCESSIVE_ALIASING);
    }
  }

  // node constructs the node at the cursor and returns its value; this.size and this.tag say the rest.
  private node(): unknown {
    const e = this.events[this.i++];
    switch (e.type) {
      case SCALAR: {
        this.tick(0);
        const value = this.scalar(e);
        if (typeof value === 'number' && !Number.isFinite(value)) this.sawNonFinite = true;
        if (e.anchorStart >= 0) this.anchor(e.anchorStart, e.anchorEnd, value, 1, false);
        this.size = 1;
        return value;
      }
      case ALIAS: {
        const name = this.src.slice(e.anchorStart, e.anchorEnd);
        const a = this.anchors.get(name);
        if (!a) throw new DecodeError(`yaml: unknown anchor '${name}' referenced`);
        this.tick(a.size);
        // Copies keep documents independent, as go-yaml re-decodes the node each time;
        // the alias budget above bounds the copying.
        const value = a.isCollection ? structuredClone(a.value) : a.value;
        this.size = 1 + a.size;
        this.tag = '';
        return value;
      }
      case SEQUENCE: {
        this.tick(0);
        const out: unknown[] = [];
        let size = 1;
        while (this.events[this.i].type !== POP) {
          out.push(this.node());
          size += this.size;
        }
        this.i++;
        this.anchor(e.anchorStart, e.anchorEnd, out, size, true);
        this.size = size;
        this.tag = '';
        return out;
      }
      case MAPPING: {
        this.tick(0);
        const out = this.mapping();
        this.anchor(e.anchorStart, e.anchorEnd, out, this.size, true);
        this.tag = '';
        return out;
      }
      default:
        throw new DecodeError('yaml: unexpected event');
    }
  }

  // mapping constructs the mapping whose events start at the cursor; this.size is its size.
  private mapping(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    let size = 1;
    while (this.events[this.i].type !== POP) {
      const key = this.node();
      size += this.size;
      const ktag = this.tag;
      const valueEvent = this.events[this.i];
      const value = this.node();
      size += this.size;
      if (ktag === 'merge') {
        this.merge(out, value);
        continue;
      }
      if (key !== null && typeof key === 'object') {
        throw new DecodeError(`yaml: invalid map key: ${goSharpV(key)}`);
      }
      if (key === null) {
        this.badKey ??= { key, value };
        continue;
      }
      const k = typeof key === 'string' ? key : stringKey(key, ktag);
      if (Object.prototype.hasOwnProperty.call(out, k)) {
        const line = this.lineOf(valueEvent) + 1;
        const shown = typeof key === 'string' ? goSharpV(key) : String(key);
        this.duplicates.push({ line, message: `line ${line}: key ${shown} already set in map` });
      }
      defineKey(out, k, value);
    }
    this.i++;
    this.size = size;
    return out;
  }

  // Mirrors go-yaml v2 decoder.merge: a map, or a list of maps applied last to first,
  // written into the mapping at the point where `<<` appears.
  private merge(out: Record<string, unknown>, value: unknown): void {
    const apply = (m: unknown): void => {
      if (m === null || typeof m !== 'object' || Array.isArray(m)) {
        throw new DecodeError('yaml: map merge requires map or sequence of maps as the value');
      }
      for (const [k, v] of Object.entries(m)) defineKey(out, k, v);
    };
    if (Array.isArray(value)) for (let j = value.length - 1; j >= 0; j--) apply(value[j]);
    else apply(value);
  }

  // scalar returns a scalar's value and leaves its resolved tag in this.tag.
  private scalar(e: ScalarEvent): unknown {
    const text = scalarValue(this.src, e);
    const tag = e.tagStart >= 0 ? this.src.slice(e.tagStart, e.tagEnd) : '';
    if (tag === '' || tag === '!') {
      if (e.style !== PLAIN || tag === '!' || !mayResolve(text)) {
        this.tag = 'str';
        return text;
      }
      const r = resolveScalar(text);
      // go-yaml v3 (kustomize's reader) knows only true/false spellings as booleans: yes, on, y stay text.
      if (this.yaml12Booleans && r.tag === 'bool' && !YAML12_BOOLEANS.has(text)) {
        this.tag = 'str';
        return text;
      }
      // go-yaml v2 keeps timestamps as their text when decoding into interface{}.
      this.tag = r.tag;
      return r.value;
    }
    const r = explicitTag(tag, text);
    this.tag = r.tag;
    return r.value;
  }

  private anchor(start: number, end: number, value: unknown, size: number, isCollection: boolean): void {
    if (start < 0) return;
    this.anchors.set(this.src.slice(start, end), { value, size, isCollection });
  }

  private lineOf(e: Event): number {
    const pos = 'valueStart' in e ? e.valueStart : 'start' in e ? e.start : 'anchorStart' in e ? e.anchorStart : 0;
    if (!this.lineStarts) {
      const starts = [0];
      for (let j = this.src.indexOf('\n'); j >= 0; j = this.src.indexOf('\n', j + 1)) starts.push(j + 1);
      this.lineStarts = starts;
    }
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

interface ScalarInfo {
  tag: string;
  value: unknown;
}

const LONG_TAG = 'tag:yaml.org,2002:';

// explicitTag applies a `!!type` tag the way resolve.go does: the text must resolve to
// that type (ints widen to floats), otherwise "cannot decode !!str `x` as a !!int".
function explicitTag(rawTag: string, text: string): ScalarInfo {
  let tag = rawTag;
  if (tag.startsWith('!<') && tag.endsWith('>')) tag = tag.slice(2, -1);
  if (tag.startsWith(LONG_TAG)) tag = '!!' + tag.slice(LONG_TAG.length);
  if (!tag.startsWith('!!')) return { tag: 'str', value: text }; // local tags keep the text
  const want = tag.slice(2);
  if (want === 'str') return { tag: 'str', value: text };
  if (want === 'binary') return { tag: 'str', value: Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8') };
  if (!['bool', 'int', 'float', 'null', 'timestamp', 'merge'].includes(want)) return { tag: 'str', value: text };
  const r = resolveScalar(text);
  if (r.tag === want) return { tag: r.tag, value: r.value };
  if (want === 'float' && r.tag === 'int') return { tag: 'float', value: r.value };
  throw new DecodeError(`yaml: cannot decode !!${r.tag} \`${text}\` as a !!${want}`);
}

// stringKey mirrors sigs.k8s.io/yaml convertToJSONableObject's key rules.
function stringKey(key: unknown, tag: string): string {
  if (typeof key === 'string') return key;
  if (typeof key === 'boolean') return key ? 'true' : 'false';
  if (typeof key === 'number') {
    if (tag === 'int') return BigInt(Math.trunc(key)).toString();
    // float keys use FormatFloat(f, 'g', -1, 32) with go-yaml's names for the specials.
    if (key === Infinity) return '.inf';
    if (key === -Infinity) return '-.inf';
    if (Number.isNaN(key)) return '.nan';
    return goFormatFloat(key, 32);
  }
  return String(key);
}

// defineKey sets a key even when it is "__proto__", which plain assignment would not.
function defineKey(out: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  else out[k] = v;
}

// firstNonFinite returns the first NaN/±Inf in json.Marshal order (sorted map keys).
function firstNonFinite(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? undefined : v;
  if (v === null || typeof v !== 'object') return undefined;
  if (Array.isArray(v)) {
    for (const x of v) {
      const r = firstNonFinite(x);
      if (r !== undefined) return r;
    }
    return undefined;
  }
  for (const k of Object.keys(v).sort()) {
    const r = firstNonFinite((v as Record<string, unknown>)[k]);
    if (r !== undefined) return r;
  }
  return undefined;
}
