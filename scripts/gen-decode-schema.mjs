// Generates src/apiserver/schema/go-types.json: the Go struct layout of every built-in kind
// at Kubernetes v1.32, which the decode step (src/apiserver/decode.ts) needs to reproduce the
// API server's JSON decoding: Go struct names, json field names, omitempty/inline flags and
// Go types (named types keep their package-qualified names, as reflect prints them).
// From the same types it generates src/api/strategic-merge-schema.json: every field's
// patchMergeKey/patchStrategy struct tags, and the field types that lead to them, which the
// API server's apply and the CLI's strategic-merge patch both read.
//
// Usage: node scripts/gen-decode-schema.mjs <mirrors-dir>
//   <mirrors-dir> holds bare git copies named kubernetes+api, kubernetes+apimachinery,
//   kubernetes+apiextensions-apiserver and kubernetes+kube-aggregator (each with a repo/ git dir).
// The Go sources are read at tag v0.32.13 (the staging mirrors' tag for Kubernetes v1.32.13)
// with `git show`, so no work tree is needed.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TAG = 'v0.32.13';
const mirrors = process.argv[2];
if (!mirrors) { console.error('usage: gen-decode-schema.mjs <mirrors-dir>'); process.exit(2); }

/** Package id (our short import path) → { repo, dir }. The id's last segment is Go's package name. */
const API_GROUPS = ['admissionregistration/v1', 'apps/v1', 'authentication/v1', 'authorization/v1',
  'autoscaling/v1', 'autoscaling/v2', 'batch/v1', 'certificates/v1', 'coordination/v1', 'core/v1',
  'discovery/v1', 'events/v1', 'flowcontrol/v1', 'networking/v1', 'node/v1', 'policy/v1', 'rbac/v1',
  'scheduling/v1', 'storage/v1'];
const PACKAGES = [
  ...API_GROUPS.map((g) => ({ id: g, repo: 'kubernetes+api', dir: g, importPath: `k8s.io/api/${g}` })),
  { id: 'meta/v1', repo: 'kubernetes+apimachinery', dir: 'pkg/apis/meta/v1', importPath: 'k8s.io/apimachinery/pkg/apis/meta/v1' },
  { id: 'types', repo: 'kubernetes+apimachinery', dir: 'pkg/types', importPath: 'k8s.io/apimachinery/pkg/types' },
  { id: 'apiextensions/v1', repo: 'kubernetes+apiextensions-apiserver', dir: 'pkg/apis/apiextensions/v1',
    importPath: 'k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1' },
  { id: 'apiregistration/v1', repo: 'kubernetes+kube-aggregator', dir: 'pkg/apis/apiregistration/v1',
    importPath: 'k8s.io/kube-aggregator/pkg/apis/apiregistration/v1' },
];
/** Types with their own UnmarshalJSON: decode.ts implements each behaviour by name. */
const CUSTOM = {
  'resource.Quantity': 'quantity',
  'intstr.IntOrString': 'intOrString',
  'meta/v1.Time': 'time',
  'meta/v1.MicroTime': 'time',
  'meta/v1.Duration': 'duration',
  'meta/v1.FieldsV1': 'raw',
  'runtime.RawExtension': 'raw',
  'apiextensions/v1.JSON': 'raw',
  'apiextensions/v1.JSONSchemaPropsOrBool': 'raw',
  'apiextensions/v1.JSONSchemaPropsOrArray': 'raw',
  'apiextensions/v1.JSONSchemaPropsOrStringArray': 'raw',
};
const KNOWN_IMPORTS = {
  'k8s.io/apimachinery/pkg/api/resource': 'resource',
  'k8s.io/apimachinery/pkg/util/intstr': 'intstr',
  'k8s.io/apimachinery/pkg/runtime': 'runtime',
  ...Object.fromEntries(PACKAGES.map((p) => [p.importPath, p.id])),
};
const BUILTIN = new Set(['string', 'bool', 'int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16',
  'uint32', 'uint64', 'float32', 'float64', 'byte', 'interface{}', 'any']);

const git = (repo, ...args) => execFileSync('git', ['--git-dir', join(mirrors, repo, 'repo'), ...args],
  { encoding: 'utf8', maxBuffer: 64 << 20 });

const types = {};
/** `${structId}.${jsonName}` → [patchMergeKey, patchStrategy] from the struct tags. */
const patchTags = new Map();
for (const [id, custom] of Object.entries(CUSTOM)) types[id] = { k: 'c', n: display(id), c: custom };

function display(id) {
  const dot = id.lastIndexOf('.');
  const pkg = id.slice(0, dot);
  return `${pkg.slice(pkg.lastIndexOf('/') + 1)}.${id.slice(dot + 1)}`;
}

for (const pkg of PACKAGES) {
  const files = git(pkg.repo, 'ls-tree', '--name-only', `${TAG}:${pkg.dir}`).split('\n')
    .filter((f) => f.endsWith('.go') && !f.endsWith('_test.go') && !f.startsWith('zz_generated') && !f.startsWith('generated'));
  for (const f of files) parseFile(pkg, git(pkg.repo, 'show', `${TAG}:${pkg.dir}/${f}`));
}

function parseFile(pkg, src) {
  src = src.replace(/\/\*[\s\S]*?\*\//g, '');
  const imports = {};
  const importBlock = /^import\s*\(([\s\S]*?)^\)/m.exec(src);
  const importLines = importBlock ? importBlock[1].split('\n') : [];
  for (const m of src.matchAll(/^import\s+(\w+\s+)?"([^"]+)"/gm)) importLines.push(`${m[1] ?? ''}"${m[2]}"`);
  for (const line of importLines) {
    const m = /^\s*(\w+\s+)?"([^"]+)"/.exec(line);
    if (!m) continue;
    const path = m[2];
    const alias = m[1]?.trim() ?? path.slice(path.lastIndexOf('/') + 1);
    imports[alias] = KNOWN_IMPORTS[path] ?? `?${path}`;
  }
  const resolve = (t) => resolveType(t.trim(), pkg.id, imports);
  const lines = src.split('\n').map((l) => l.replace(/\s*\/\/.*$/, ''));
  for (let i = 0; i < lines.length; i++) {
    const s = /^type\s+(\w+)\s+struct\s*\{\s*(\})?\s*$/.exec(lines[i]);
    if (s) {
      const id = `${pkg.id}.${s[1]}`;
      const fields = [];
      if (!s[2]) {
        for (i++; i < lines.length && !/^\}/.test(lines[i]); i++) {
          const line = lines[i].trim();
          if (!line) continue;
          const m = /^(?:([A-Za-z_]\w*)\s+)?([^\s`]+)\s*(?:`([^`]*)`)?$/.exec(line);
          if (!m) throw new Error(`${id}: cannot parse field line: ${line}`);
          const [, name, type, tag = ''] = m;
          const json = /json:"([^"]*)"/.exec(tag)?.[1];
          if (json === '-') continue;
          const [jsonName = '', ...opts] = (json ?? '').split(',');
          const embedded = name === undefined;
          if (!embedded && !/^[A-Z]/.test(name)) continue; // unexported
          if (embedded && /^\*?[a-z]/.test(type.replace(/^\*?\w+\./, 'X'))) continue;
          let flags = opts.includes('omitempty') ? 1 : 0;
          let fieldName = jsonName;
          if (embedded && !jsonName) flags |= 2; // embedded struct: its fields are promoted (inline)
          else if (!fieldName) fieldName = embedded ? type.replace(/^\*/, '').replace(/^\w+\./, '') : name;
          fields.push([fieldName, resolve(type), flags]);
          const mergeKey = /patchMergeKey:"([^"]*)"/.exec(tag)?.[1];
          const strategy = /patchStrategy:"([^"]*)"/.exec(tag)?.[1];
          if (mergeKey || strategy) patchTags.set(`${id}.${fieldName}`, [mergeKey ?? '', strategy ?? '']);
        }
      }
      if (!types[id]) types[id] = { k: 's', n: display(id).replace(/^.*\./, ''), f: fields };
      continue;
    }
    const n = /^type\s+(\w+)\s+(\S.*)$/.exec(lines[i]);
    if (n && !/^(interface|func)\b/.test(n[2]) && !n[2].startsWith('=')) {
      const id = `${pkg.id}.${n[1]}`;
      if (!types[id]) types[id] = { k: 'n', n: display(id), u: resolve(n[2]) };
    }
  }
}

function resolveType(t, pkgId, imports) {
  if (t.startsWith('*')) return `*${resolveType(t.slice(1), pkgId, imports)}`;
  if (t.startsWith('[]')) return `[]${resolveType(t.slice(2), pkgId, imports)}`;
  if (t.startsWith('map[')) {
    const close = t.indexOf(']');
    return `map[${resolveType(t.slice(4, close), pkgId, imports)}]${resolveType(t.slice(close + 1), pkgId, imports)}`;
  }
  if (BUILTIN.has(t)) return t === 'any' ? 'interface{}' : t;
  const dot = t.indexOf('.');
  if (dot > 0) {
    const imp = imports[t.slice(0, dot)];
    if (!imp) throw new Error(`unknown import alias in ${t} (${pkgId})`);
    return `${imp}.${t.slice(dot + 1)}`;
  }
  return `${pkgId}.${t}`;
}

// Prune to the types reachable from a kind (a struct with TypeMeta inline) so the file stays small.
const reachable = new Set();
const visit = (expr) => {
  const m = /^(?:\*|\[\]|map\[[^\]]*\])*(.*)$/.exec(expr);
  for (const key of expr.match(/map\[([^\]]*)\]/g) ?? []) visit(key.slice(4, -1));
  const id = m[1];
  if (BUILTIN.has(id) || reachable.has(id)) return;
  const t = types[id];
  if (!t) throw new Error(`unresolved type ${id}`);
  reachable.add(id);
  if (t.k === 's') for (const f of t.f) visit(f[1]);
  if (t.k === 'n') visit(t.u);
};
const kinds = {};
for (const [id, t] of Object.entries(types)) {
  if (t.k === 's' && t.f.some((f) => f[1] === 'meta/v1.TypeMeta') && !id.startsWith('meta/v1.')
    && !id.endsWith('List')) {
    kinds[id] = true;
    visit(id);
  }
}
const out = {
  comment: `Generated by scripts/gen-decode-schema.mjs from the Go API types at ${TAG} (Kubernetes v1.32); do not edit.`,
  kinds: Object.keys(kinds).sort(),
  types: Object.fromEntries([...reachable].sort().map((id) => [id, types[id]])),
};
writeFileSync(new URL('../src/apiserver/schema/go-types.json', import.meta.url), `${JSON.stringify(out)}\n`);
console.log(`${out.kinds.length} kinds, ${reachable.size} types`);

// The strategic-merge table: per struct, the fields that carry patch tags or lead to a struct
// that does (embedded structs' fields promoted), as [element type or '', merge key, strategy].
const elemOf = (expr) => /^(?:\*|\[\]|map\[[^\]]*\])*(.*)$/.exec(expr)[1];
const structOf = (id) => {
  for (let t = types[id]; t; t = types[elemOf(t.u)]) {
    if (t.k === 's') return id;
    if (t.k !== 'n') return undefined;
    id = elemOf(t.u);
  }
  return undefined;
};
function fieldsOf(id) {
  const out = [];
  for (const [name, type, flags] of types[id].f) {
    const child = structOf(elemOf(type));
    if (flags & 2) { if (child) out.push(...fieldsOf(child)); continue; }
    out.push([name, child ?? '', ...(patchTags.get(`${id}.${name}`) ?? ['', ''])]);
  }
  return out;
}
const structs = [...reachable].filter((id) => types[id].k === 's');
const relevant = new Set();
for (let changed = true; changed;) {
  changed = false;
  for (const id of structs) {
    if (relevant.has(id)) continue;
    if (fieldsOf(id).some(([, child, key, strategy]) => key || strategy || relevant.has(child))) { relevant.add(id); changed = true; }
  }
}
const mergeTable = {};
for (const id of [...relevant].sort()) {
  mergeTable[id] = Object.fromEntries(fieldsOf(id)
    .filter(([, child, key, strategy]) => key || strategy || relevant.has(child))
    .map(([name, child, key, strategy]) => [name, [relevant.has(child) ? child : '', key, strategy]]));
}
writeFileSync(new URL('../src/api/strategic-merge-schema.json', import.meta.url), `${JSON.stringify({
  comment: `Generated by scripts/gen-decode-schema.mjs from the Go API types at ${TAG} (Kubernetes v1.32); do not edit. `
    + 'Per struct, the fields whose patchMergeKey/patchStrategy tags shape a strategic merge, or whose type leads to such '
    + "fields: [element struct or '', patchMergeKey or '', patchStrategy or ''].",
  structs: mergeTable,
}, null, 1)}\n`);
console.log(`${relevant.size} structs in the strategic-merge schema`);
