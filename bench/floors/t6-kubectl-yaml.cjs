#!/usr/bin/env node
/**
 * T6 equal-work floor: read a manifest stream as kubectl must read it, and nothing else.
 *
 * The cold js-yaml floor (`require('js-yaml').loadAll(text)`) parses the stream with js-yaml's
 * default schema. kubectl cannot: its reader (apimachinery's YAMLOrJSONDecoder over
 * sigs.k8s.io/yaml and its go-yaml v2 fork) splits the stream at `---` lines before any YAML is
 * parsed (a `---` line inside a block scalar ends the document there), parses each document on
 * its own, and builds JSON values with go-yaml's rules: YAML 1.1 booleans (yes/no/on/off/y/n),
 * Go base-0 integers (010 is 8, 0x1F, 0o17, 0b101, underscores dropped), floats only in YAML's
 * forms, timestamps kept as text, keys stringified (true -> "true", 1.0 -> "1"), null keys
 * refused, a duplicate key's last value kept and its line reported (strict validation refuses
 * it), and aliases counted against go-yaml's budget (billion laughs) and copied per use.
 * This script does exactly that over js-yaml's event parser (the tokenizer the cold floor uses
 * too), in the simplest form: no schema objects, no error texts, no decoding into API types. It
 * is the least any implementation with kubectl's semantics must do on the same parser, so it
 * says how much of 1.5x the cold floor is left for the server's work (decode, defaults,
 * validation, admission) after reading.
 * Written on its own (it imports nothing of kubemu). Usage: node t6-kubectl-yaml.cjs FILE
 */
'use strict';
const fs = require('fs');
const { parseEvents, getScalarValue, EVENT_ID, SCALAR_STYLE } = require('js-yaml');

const text = fs.readFileSync(process.argv[2], 'utf8');

// Split at lines that begin with `---`, as the Go YAML reader does (the separator line is dropped).
function splitDocuments(s) {
  const next = (from) => { const i = s.indexOf('\n---', from); return i < 0 ? -1 : i + 1; };
  const out = [];
  let start = 0;
  for (let p = s.startsWith('---') ? 0 : next(0); p >= 0; p = next(start - 1)) {
    out.push(s.slice(start, p));
    const eol = s.indexOf('\n', p);
    start = eol < 0 ? s.length : eol + 1;
  }
  out.push(s.slice(start));
  return out;
}

const SPECIAL = new Map();
for (const w of ['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON']) SPECIAL.set(w, true);
for (const w of ['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF']) SPECIAL.set(w, false);
for (const w of ['', '~', 'null', 'Null', 'NULL']) SPECIAL.set(w, null);
const INT = /^[-+]?(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/;
const FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
const TIMESTAMP = /^\d{4}-\d\d?-\d\d?([Tt ]\d\d?:\d\d?:\d\d?(\.\d+)?(Z|[+-]\d\d:\d\d)?)?$/;

// resolve gives a plain scalar go-yaml v2's value; tag is 'int' for integers (keys print them whole).
let tag = '';
function resolve(s) {
  tag = 'str';
  if (SPECIAL.has(s)) { const v = SPECIAL.get(s); tag = v === null ? 'null' : 'bool'; return v; }
  const c = s.charCodeAt(0);
  const numberLike = (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46;
  if (!numberLike) return s;
  if (TIMESTAMP.test(s)) return s;
  const plain = s.includes('_') ? s.replace(/_/g, '') : s;
  if (INT.test(plain)) {
    const neg = plain[0] === '-';
    const body = plain.replace(/^[-+]/, '');
    const digits = /^0[0-7]/.test(body) ? `0o${body.slice(1)}` : body;
    tag = 'int';
    const v = Number(BigInt(digits));
    return neg ? -v : v;
  }
  if (FLOAT.test(plain)) { tag = 'float'; return Number(plain); }
  if (/^[-+]?\.(inf|Inf|INF)$/.test(s)) { tag = 'float'; return s[0] === '-' ? -Infinity : Infinity; }
  if (/^\.(nan|NaN|NAN)$/.test(s)) { tag = 'float'; return NaN; }
  return s;
}

function buildDocument(src, events) {
  let i = 1; // past the document event
  let nodes = 0;
  let aliased = 0;
  const anchors = new Map();
  const duplicates = [];
  const node = () => {
    const e = events[i++];
    nodes++;
    let value;
    if (e.type === EVENT_ID.SCALAR) {
      const s = getScalarValue(src, e);
      value = e.style === SCALAR_STYLE.PLAIN && e.tagStart < 0 ? resolve(s) : (tag = 'str', s);
    } else if (e.type === EVENT_ID.ALIAS) {
      const a = anchors.get(src.slice(e.anchorStart, e.anchorEnd));
      if (!a) throw new Error('unknown anchor');
      aliased += a.size;
      nodes += a.size;
      if (aliased > 100 && nodes > 1000 && aliased / nodes > 0.99) throw new Error('excessive aliasing');
      tag = '';
      return typeof a.value === 'object' && a.value !== null ? structuredClone(a.value) : a.value;
    } else if (e.type === EVENT_ID.SEQUENCE) {
      const first = nodes;
      value = [];
      while (events[i].type !== EVENT_ID.POP) value.push(node());
      i++;
      tag = '';
      if (e.anchorStart >= 0) anchors.set(src.slice(e.anchorStart, e.anchorEnd), { value, size: nodes - first });
      return value;
    } else {
      const first = nodes;
      value = {};
      while (events[i].type !== EVENT_ID.POP) {
        let key = node();
        const keyTag = tag;
        const at = events[i];
        const v = node();
        if (key === null) throw new Error('null key');
        if (typeof key !== 'string') key = keyTag === 'int' || typeof key === 'boolean' ? String(key) : String(Math.fround(key));
        if (Object.hasOwn(value, key)) duplicates.push(src.slice(0, at.start ?? at.valueStart ?? 0).split('\n').length);
        if (key === '__proto__') Object.defineProperty(value, key, { value: v, enumerable: true, writable: true, configurable: true });
        else value[key] = v;
      }
      i++;
      tag = '';
      if (e.anchorStart >= 0) anchors.set(src.slice(e.anchorStart, e.anchorEnd), { value, size: nodes - first });
      return value;
    }
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('json: unsupported value');
    if (e.anchorStart >= 0) anchors.set(src.slice(e.anchorStart, e.anchorEnd), { value, size: 1 });
    return value;
  };
  if (events.length < 2 || events[1].type === EVENT_ID.POP) return { value: null, duplicates };
  return { value: node(), duplicates };
}

const out = [];
for (const chunk of splitDocuments(text)) {
  const events = parseEvents(chunk);
  if (events.length === 0) continue;
  const { value, duplicates } = buildDocument(chunk, events);
  if (value !== null) out.push({ value, duplicates });
}
if (process.env.T6_FLOOR_PRINT) process.stdout.write(JSON.stringify(out.map((d) => d.value)));
