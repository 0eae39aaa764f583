/**
 * plaintext-openapiv2: `kubectl explain -o plaintext-openapiv2`, the layout kubectl printed
 * before 1.27 (KIND/VERSION, RESOURCE or FIELD, DESCRIPTION, FIELDS with `-required-`),
 * rendered from the same schemas as the default output, read as their OpenAPI v2 form: a
 * single-ref allOf is the ref, a oneOf of primitives (IntOrString, Quantity) is a string.
 * Descriptions wrap at 80 columns with kubectl's old formatter's rules (wrapDescription).
 */
import { resolveRef, type OpenAPIDocument, type Schema } from '../../api/openapi/document';

/** WRAP is the old formatter's line width. */
const WRAP = 80;

/** Node is a schema read as the v2 model kubectl's old explain walks: a kind, array, map, primitive or arbitrary value. */
type Node = (
  | { t: 'kind'; s: Schema }
  | { t: 'array' | 'map'; of: Node }
  | { t: 'primitive'; type: string }
  | { t: 'arbitrary' }
) & { descriptions: string[] };

/** nodeOf reads a schema, following its reference; the descriptions met on the way are kept in order. */
function nodeOf(s: Schema, doc: OpenAPIDocument, seen: string[] = []): Node {
  const own = s.description ? [s.description] : [];
  const ref = s.$ref ?? (s.allOf?.length === 1 ? s.allOf[0]!.$ref : undefined);
  if (ref) {
    const target = resolveRef(ref, doc);
    if (!target || seen.includes(ref)) return { t: 'arbitrary', descriptions: own };
    const inner = nodeOf(target, doc, [...seen, ref]);
    return { ...inner, descriptions: [...own, ...inner.descriptions] };
  }
  const type = s.type ?? (s.oneOf?.length ? 'string' : undefined);
  if (type === 'array' && s.items) return { t: 'array', of: nodeOf(s.items, doc, seen), descriptions: own };
  if (type === 'object' || (!type && s.properties)) {
    if (s.properties) return { t: 'kind', s, descriptions: own };
    // An object of unknown fields (FieldsV1, RawExtension-like) is a map of arbitrary values: <map[string]>.
    const values = s.additionalProperties && typeof s.additionalProperties === 'object' ? nodeOf(s.additionalProperties, doc, seen) : { t: 'arbitrary' as const, descriptions: [] };
    return { t: 'map', of: values, descriptions: own };
  }
  if (type) return { t: 'primitive', type, descriptions: own };
  return { t: 'arbitrary', descriptions: own };
}

/** typeName is the `<…>` of a field: Object, []T, map[string]T, a primitive's type, or nothing. */
function typeName(n: Node): string {
  switch (n.t) {
    case 'kind': return 'Object';
    case 'array': return `[]${typeName(n.of)}`;
    case 'map': return `map[string]${typeName(n.of)}`;
    case 'primitive': return n.type;
    default: return '';
  }
}

/** element is what an array or map holds, all the way down; a field path steps through it. */
const element = (n: Node): Node => (n.t === 'array' || n.t === 'map' ? element(n.of) : n);

/** descriptionsOf are a node's descriptions with those of what it holds. */
const descriptionsOf = (n: Node): string[] => (n.t === 'array' || n.t === 'map' ? [...n.descriptions, ...descriptionsOf(n.of)] : n.descriptions);

const BULLET = /^(\d+\.?|-|\*)\s/;

/**
 * wrapDescription breaks text into lines of at most width characters, as kubectl's old
 * formatter does: words joined by one space; a source line starting with two spaces is kept as
 * it is; an empty line (after the first output line) is kept; a new line starts after a word
 * ending in ':' and before a line that looks like a list item; a word longer than the width
 * gets a line of its own.
 */
export function wrapDescription(text: string, width: number): string[] {
  const out: string[] = [];
  let words: string[] = [];
  let lastWord = '';
  const flush = () => { if (words.length) { out.push(words.join(' ')); words = []; lastWord = ''; } };
  for (const src of text.split('\n')) {
    if (src.startsWith('  ')) { flush(); out.push(src); continue; }
    // An empty line is kept once a line has been written (a first paragraph's blank is not).
    if (out.length > 0 && !src.trim()) { flush(); out.push(''); continue; }
    const trimmed = src.trim();
    if (lastWord.endsWith(':') || !trimmed || BULLET.test(trimmed)) flush();
    for (const w of src.split(/\s+/).filter(Boolean)) {
      lastWord = w;
      if (words.length && [...words, w].join(' ').length > width) { out.push(words.join(' ')); words = []; }
      words.push(w);
    }
  }
  flush();
  return out;
}

const indented = (text: string, indent: number): string => wrapDescription(text, WRAP - indent).map((l) => `${' '.repeat(indent)}${l}`.trimEnd()).map((l) => `${l}\n`).join('');

/** fields lists a kind's fields sorted by name: with their descriptions, or (recursive) their own fields below them. */
function fields(s: Schema, doc: OpenAPIDocument, recursive: boolean, indent: number, seen: Schema[]): string {
  const required = new Set(s.required ?? []);
  let out = '';
  for (const name of Object.keys(s.properties ?? {}).sort()) {
    const field = s.properties![name]!;
    const n = nodeOf(field, doc);
    // The recursive listing names types only: no -required-, no descriptions.
    out += `${' '.repeat(indent)}${name}\t<${typeName(n)}>${!recursive && required.has(name) ? ' -required-' : ''}\n`;
    if (recursive) {
      const inner = element(n);
      if (inner.t === 'kind' && !seen.includes(inner.s)) out += fields(inner.s, doc, true, indent + 3, [...seen, inner.s]);
      continue;
    }
    if (field.description) out += indented(field.description, indent + 2);
    out += '\n';
  }
  return out;
}

/** Explained is the text, or the error kubectl's old explain gives for a path that leads nowhere. */
export interface ExplainedV2 { text: string; error?: string }

/** renderPlaintextOpenAPIV2 explains kind (its schema) along path (field names) in the pre-1.27 layout. */
export function renderPlaintextOpenAPIV2(doc: OpenAPIDocument, root: Schema, gvk: { group: string; version: string; kind: string }, path: readonly string[], recursive: boolean): ExplainedV2 {
  let node = nodeOf(root, doc);
  for (const name of path) {
    const holder = element(node);
    const next = holder.t === 'kind' ? holder.s.properties?.[name] : undefined;
    if (!next) return { text: '', error: `field "${name}" does not exist` };
    node = nodeOf(next, doc);
  }
  let out = `KIND:     ${gvk.kind}\nVERSION:  ${gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version}\n\n`;
  const last = element(node);
  // A kind is a RESOURCE, a typed value a FIELD; a value of no type gets no line.
  if (path.length && last.t !== 'arbitrary') out += `${last.t === 'kind' ? 'RESOURCE:' : 'FIELD:   '} ${path[path.length - 1]} <${typeName(node)}>\n\n`;
  const descriptions = descriptionsOf(node);
  out += 'DESCRIPTION:\n';
  out += descriptions.length ? descriptions.map((d) => indented(d, 5)).join('\n') : '     <empty>\n';
  if (last.t === 'kind') out += `\nFIELDS:\n${fields(last.s, doc, recursive, 3, [last.s])}`;
  return { text: out };
}
