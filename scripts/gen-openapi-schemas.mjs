// Generates src/api/openapi/schemas.json: the OpenAPI v3 component schemas kube-apiserver
// v1.32 serves for its built-in kinds (what `kubectl explain` reads), built from the same Go
// sources and by the same rules as upstream's openapi-gen (k8s.io/kube-openapi): a type's or
// field's description is its doc comment (generator tags, TODO lines and everything after a
// `---` line dropped; indented lines kept on lines of their own); a field is required unless
// it is `omitempty` or `+optional`; a field whose type is a `+enum` string type lists the
// values and appends "Possible enum values:" with each constant's comment; structs are
// referenced through `allOf`; kinds carry x-kubernetes-group-version-kind.
// Only what explain and discovery need is kept (no defaults, list/map extensions or formats
// beyond the few that change a type's shape), so the file stays small.
//
// Usage: node scripts/gen-openapi-schemas.mjs <mirrors-dir>   (the same mirrors as gen-decode-schema.mjs)
import { writeFileSync } from 'node:fs';
import { BUILTIN, TAG, readApiSources } from './go-api-source.mjs';

const mirrors = process.argv[2];
if (!mirrors) { console.error('usage: gen-openapi-schemas.mjs <mirrors-dir>'); process.exit(2); }

/** Package id → OpenAPI definition prefix, and the API group its kinds belong to. */
const PACKAGE_NAMES = {
  'meta/v1': ['io.k8s.apimachinery.pkg.apis.meta.v1'],
  resource: ['io.k8s.apimachinery.pkg.api.resource'],
  intstr: ['io.k8s.apimachinery.pkg.util.intstr'],
  runtime: ['io.k8s.apimachinery.pkg.runtime'],
  'apiextensions/v1': ['io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1', 'apiextensions.k8s.io'],
  'apiregistration/v1': ['io.k8s.kube-aggregator.pkg.apis.apiregistration.v1', 'apiregistration.k8s.io'],
};
const GROUPS = {
  core: '', apps: 'apps', autoscaling: 'autoscaling', batch: 'batch', policy: 'policy',
  admissionregistration: 'admissionregistration.k8s.io', authentication: 'authentication.k8s.io',
  authorization: 'authorization.k8s.io', certificates: 'certificates.k8s.io', coordination: 'coordination.k8s.io',
  discovery: 'discovery.k8s.io', events: 'events.k8s.io', flowcontrol: 'flowcontrol.apiserver.k8s.io',
  networking: 'networking.k8s.io', node: 'node.k8s.io', rbac: 'rbac.authorization.k8s.io',
  scheduling: 'scheduling.k8s.io', storage: 'storage.k8s.io',
};
function packageNames(pkg) {
  if (PACKAGE_NAMES[pkg]) return PACKAGE_NAMES[pkg];
  const [group, version] = pkg.split('/');
  if (!(group in GROUPS)) throw new Error(`no OpenAPI name for package ${pkg}`);
  return [`io.k8s.api.${group}.${version}`, GROUPS[group]];
}
const defName = (id) => { const dot = id.lastIndexOf('.'); return `${packageNames(id.slice(0, dot))[0]}.${id.slice(dot + 1)}`; };

/**
 * Value types with their own OpenAPI form (OpenAPISchemaType/OpenAPIV3OneOfTypes methods
 * upstream): their definitions are this shape plus their doc comment; fields reference them.
 */
const VALUE_TYPES = {
  'resource.Quantity': { oneOf: [{ type: 'string' }, { type: 'number' }] },
  'intstr.IntOrString': { format: 'int-or-string', oneOf: [{ type: 'integer' }, { type: 'string' }] },
  'meta/v1.Time': { type: 'string', format: 'date-time' },
  'meta/v1.MicroTime': { type: 'string', format: 'date-time' },
  'meta/v1.Duration': { type: 'string' },
  'meta/v1.FieldsV1': { type: 'object' },
  'runtime.RawExtension': { type: 'object' },
  'apiextensions/v1.JSON': { 'x-kubernetes-preserve-unknown-fields': true },
  'apiextensions/v1.JSONSchemaPropsOrBool': { 'x-kubernetes-preserve-unknown-fields': true },
  'apiextensions/v1.JSONSchemaPropsOrArray': { 'x-kubernetes-preserve-unknown-fields': true },
  'apiextensions/v1.JSONSchemaPropsOrStringArray': { 'x-kubernetes-preserve-unknown-fields': true },
};
const PRIMITIVES = {
  string: { type: 'string' }, bool: { type: 'boolean' }, byte: { type: 'integer', format: 'byte' },
  int: { type: 'integer' }, int8: { type: 'integer', format: 'byte' }, int16: { type: 'integer', format: 'int32' },
  int32: { type: 'integer', format: 'int32' }, int64: { type: 'integer', format: 'int64' },
  uint: { type: 'integer', format: 'int32' }, uint8: { type: 'integer', format: 'byte' }, uint16: { type: 'integer', format: 'int32' },
  uint32: { type: 'integer', format: 'int64' }, uint64: { type: 'integer', format: 'int64' },
  float32: { type: 'number', format: 'float' }, float64: { type: 'number', format: 'double' },
  'interface{}': { type: 'object' },
};

const source = readApiSources(mirrors, { extra: true });
const hasTag = (doc, tag) => doc.some((l) => l.trimStart().startsWith(`+${tag}`));

// Enum types: string types tagged +enum; their values are the typed constants (first of each value wins).
const enums = new Map();
for (const [id, n] of source.named) if (n.underlying === 'string' && hasTag(n.doc, 'enum')) enums.set(id, { name: id, values: [] });
for (const c of source.consts) {
  const e = enums.get(c.type);
  if (e && !e.values.some((v) => v.value === c.value)) e.values.push(c);
}
/** enumLines is kube-openapi's DescriptionLines: a paragraph, the header, then one sorted line per value. */
function enumLines(e) {
  if (!e.values.length) return [];
  const lines = e.values.map((v) => {
    const comment = v.doc.join(' ').trim().replace(new RegExp(`^${v.name}`), '').trim().replace(/\s+/g, ' ');
    return ` - \`${JSON.stringify(v.value)}\` ${comment}`;
  }).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return ['', 'Possible enum values:', ...lines];
}

/** description is kube-openapi's generateDescription over a doc comment's lines. */
function description(lines) {
  let buf = '';
  for (let line of lines) {
    if (line === '---') break;
    line = line.replace(/ +$/, '');
    const leading = line.replace(/^ +/, '');
    if (line.length === 0) { buf = buf.slice(0, -1) + '\n\n'; continue; }
    if (leading.startsWith('TODO') || leading.startsWith('+')) continue;
    if (line.startsWith(' ') || line.startsWith('\t')) { buf = buf.slice(0, -1) + `\n${line}\n`; continue; }
    buf += `${line} `;
  }
  return buf.replace(/\n+$/, '').replaceAll('\\"', '"').replace(/^ +| +$/g, '');
}

const defs = {};
const pending = [];
const ref = (id) => { if (!defs[defName(id)] && !pending.includes(id)) pending.push(id); return { $ref: `#/components/schemas/${defName(id)}` }; };

/** schemaOf is a field's schema for Go type expr (pointers are transparent, as in JSON). */
function schemaOf(expr) {
  expr = expr.replace(/^\*/, '');
  if (expr === '[]byte') return { type: 'string', format: 'byte' };
  if (expr.startsWith('[]')) return { type: 'array', items: schemaOf(expr.slice(2)) };
  if (expr.startsWith('map[')) return { type: 'object', additionalProperties: schemaOf(expr.slice(expr.indexOf(']') + 1)) };
  if (BUILTIN.has(expr)) return { ...PRIMITIVES[expr === 'any' ? 'interface{}' : expr] };
  if (VALUE_TYPES[expr] || source.structs.has(expr)) return { allOf: [ref(expr)] };
  const named = source.named.get(expr);
  if (!named) throw new Error(`unresolved type ${expr}`);
  const e = enums.get(expr);
  if (e) return { type: 'string', ...(e.values.length ? { enum: e.values.map((v) => v.value).sort() } : {}) };
  return schemaOf(named.underlying);
}

function structSchema(id) {
  const s = source.structs.get(id);
  const properties = {};
  const required = [];
  const addFields = (fields) => {
    for (const f of fields) {
      if (hasTag(f.doc, 'k8s:openapi-gen=false')) continue;
      if (f.flags & 2) { addFields(source.structs.get(f.type.replace(/^\*/, '')).fields); continue; }
      if (!(f.flags & 1) && !hasTag(f.doc, 'optional')) required.push(f.name);
      const e = enums.get(f.type.replace(/^\*/, ''));
      const schema = f.jsonOpts.includes('string') ? { type: 'string' } : schemaOf(f.type);
      const desc = description(e ? [...f.doc, ...enumLines(e)] : f.doc);
      properties[f.name] = desc ? { description: desc, ...schema } : schema;
    }
  };
  addFields(s.fields);
  const out = { ...(description(s.doc) ? { description: description(s.doc) } : {}), type: 'object', properties };
  if (required.length) out.required = required;
  const pkg = id.slice(0, id.lastIndexOf('.'));
  if (pkg !== 'meta/v1' && s.fields.some((f) => f.type === 'meta/v1.TypeMeta' && f.flags & 2)) {
    out['x-kubernetes-group-version-kind'] = [{ group: packageNames(pkg)[1], kind: id.slice(id.lastIndexOf('.') + 1), version: pkg.split('/')[1] }];
  }
  return out;
}

// Every kind (and its List) in the API packages, and everything they reference.
for (const [id, s] of source.structs) {
  const pkg = id.slice(0, id.lastIndexOf('.'));
  if (pkg !== 'meta/v1' && s.fields.some((f) => f.type === 'meta/v1.TypeMeta' && f.flags & 2)) pending.push(id);
}
while (pending.length) {
  const id = pending.shift();
  if (defs[defName(id)]) continue;
  if (VALUE_TYPES[id]) {
    const doc = source.structs.get(id)?.doc ?? source.named.get(id)?.doc ?? [];
    defs[defName(id)] = { ...(description(doc) ? { description: description(doc) } : {}), ...VALUE_TYPES[id] };
  } else defs[defName(id)] = structSchema(id);
}

const sorted = Object.fromEntries(Object.keys(defs).sort().map((k) => [k, defs[k]]));
writeFileSync(new URL('../src/api/openapi/schemas.json', import.meta.url), `${JSON.stringify({
  comment: `Generated by scripts/gen-openapi-schemas.mjs from the Go API types at ${TAG} (Kubernetes v1.32); do not edit.`,
  schemas: sorted,
})}\n`);
console.log(`${Object.keys(sorted).length} definitions`);
