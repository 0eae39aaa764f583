/**
 * plaintext: `kubectl explain`'s default output, rendered from an OpenAPI v3 document the way
 * kubectl's built-in "plaintext" template does (kubectl pkg/explain/v2/templates/plaintext.tmpl):
 * the KIND/VERSION header, then either the field the path leads to (FIELD, ENUM, DESCRIPTION
 * and its FIELDS) or the kind itself; descriptions word-wrapped to 76/78 columns minus their
 * indent; references followed through allOf, array items and map values, with cycles cut.
 */
import { resolveRef, schemaForKind, type GVK, type OpenAPIDocument, type Schema } from '../../api/openapi/document';
import { wrapWords } from './word-wrap';

const indent = (amount: number, s: string): string => {
  const pad = ' '.repeat(amount);
  return pad + s.replaceAll('\n', `\n${pad}`);
};
const mapValue = (s: Schema): Schema | undefined =>
  (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);

/** typeGuess is the <type> hint: string, []Container, map[string]string, a referenced kind's name, Object. */
function typeGuess(s: Schema, doc: OpenAPIDocument): string {
  if (s.items) return `[]${typeGuess(s.items, doc)}`;
  const value = mapValue(s);
  if (value) return `map[string]${typeGuess(value, doc)}`;
  if (s.allOf && !s.properties && s.allOf.length === 1) return typeGuess(s.allOf[0]!, doc);
  if (s.$ref) {
    const target = resolveRef(s.$ref, doc);
    if (!target || !target.type || target.type === 'object') return s.$ref.split('/').pop()!.split('.').pop() || 'Object';
    return target.type;
  }
  return s.type === 'object' ? 'Object' : (s.type || 'Object');
}

/** extractEnum is "ENUM:" and one value per line (long view) or "enum: a, b, c, d, ...." (field lists). */
function extractEnum(s: Schema, longView: boolean, limit: number, indentAmount = 0): string {
  if (!s.enum?.length) return '';
  let out = longView ? 'ENUM:' : `\n${' '.repeat(indentAmount)}enum: `;
  for (const [i, v] of s.enum.entries()) {
    if (limit > -1 && i >= limit) { out += ', ....'; break; }
    if (i > 0 && !longView) out += ', ';
    else if (longView) out += '\n    ';
    out += v === '' ? '""' : String(v);
  }
  return out;
}

/** description joins a schema's description with those of what it refers to, one per line. */
function description(s: Schema, doc: OpenAPIDocument): string {
  const r = resolveRef(s.$ref, doc) ?? s;
  let out = r.description ? `${r.description}\n` : '';
  for (const a of r.allOf ?? []) out += description(a, doc);
  if (r.items) out += description(r.items, doc);
  const value = mapValue(r);
  if (value) out += description(value, doc);
  return out;
}

interface Walk { doc: OpenAPIDocument; recursive: boolean }

function fieldDetail(name: string, parent: Schema, short: boolean, level: number, w: Walk): string {
  const indentAmount = level * 2;
  const field = parent.properties![name]!;
  let out = `${indent(indentAmount, name)}\t<${typeGuess(field, w.doc)}>`;
  if (parent.required?.includes(name)) out += ' -required-';
  out += `${extractEnum(field, false, 4, indentAmount)}\n`;
  if (!short) out += `${indent(indentAmount + 2, wrapWords(field.description || '<no description>', 78 - indentAmount))}\n\n`;
  return out;
}

function fieldList(s: Schema, level: number, history: ReadonlySet<string>, w: Walk): string {
  const ref = s.$ref ?? '';
  if (ref && history.has(ref)) return '';
  const next = new Set(history).add(ref);
  const r = resolveRef(ref, w.doc) ?? s;
  let out = '';
  for (const name of Object.keys(r.properties ?? {}).sort()) {
    out += fieldDetail(name, r, w.recursive, level, w);
    if (w.recursive) out += fieldList(r.properties![name]!, level + 1, next, w);
  }
  for (const a of r.allOf ?? []) out += fieldList(a, level, next, w);
  if (r.items) out += fieldList(r.items, level, next, w);
  const value = mapValue(r);
  if (value) out += fieldList(value, level, next, w);
  return out;
}

/** output follows path from schema s; '' when the path leads nowhere. */
function output(s: Schema, path: readonly string[], history: ReadonlySet<string>, w: Walk): string {
  const ref = s.$ref ?? '';
  const next = new Set(history).add(ref);
  const r = resolveRef(ref, w.doc) ?? s;
  if (!path.length) {
    let out = `DESCRIPTION:\n${indent(4, wrapWords(description(r, w.doc) || '<empty>', 76))}\n`;
    const fields = fieldList(r, 1, new Set(), w);
    if (fields) out += `FIELDS:\n${fields}`;
    return out;
  }
  if (ref && history.has(ref)) return '';
  const sub = r.properties?.[path[0]!];
  if (sub) {
    let out = '';
    if (path.length === 1) out += `FIELD: ${path[0]} <${typeGuess(sub, w.doc)}>\n${extractEnum(sub, true, -1)}\n\n`;
    return out + output(sub, path.slice(1), new Set(), w);
  }
  if (r.items) return output(r.items, path, next, w);
  const value = mapValue(r);
  if (value) return output(value, path, next, w);
  for (const a of r.allOf ?? []) {
    const out = output(a, path, next, w);
    if (out) return out;
  }
  return '';
}

/** gvkString is apimachinery's GroupVersionKind.String(): "apps/v1, Kind=Deployment", "/v1, Kind=Pod". */
export const gvkString = (g: GVK): string => `${g.group}/${g.version}, Kind=${g.kind}`;

/**
 * renderPlaintext is the explain text for gvk's kind (or the field path within it) in doc. When
 * the template fails, text is what it wrote before failing (the header) and error its message.
 */
export function renderPlaintext(doc: OpenAPIDocument, gvk: GVK, path: readonly string[], recursive: boolean): { text: string; error?: string } {
  let text = gvk.group ? `GROUP:      ${gvk.group}\n` : '';
  text += `KIND:       ${gvk.kind}\nVERSION:    ${gvk.version}\n\n`;
  const schema = schemaForKind(doc, gvk);
  if (!schema) return { text, error: `error: GVK ${gvkString(gvk)} not found in OpenAPI schema` };
  const body = output(schema, path, new Set(), { doc, recursive });
  if (!body) return { text, error: `error: field "${path[path.length - 1]}" does not exist` };
  return { text: `${text}${body}\n` };
}
