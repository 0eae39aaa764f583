// Reads the Kubernetes v1.32 API's Go sources (k8s.io/api, apimachinery's meta/v1,
// apiextensions and kube-aggregator) from bare git mirrors, for the generators that turn them
// into data kubemu ships: scripts/gen-decode-schema.mjs (struct layout, patch tags) and
// scripts/gen-openapi-schemas.mjs (the OpenAPI documents `explain` reads).
//
// It is a line parser for the API packages' regular style (gofmt'd type declarations, one
// field per line), not a Go parser; it throws on a line it cannot read, so a new upstream
// style fails the generator instead of producing wrong data.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** TAG is the staging mirrors' tag for Kubernetes v1.32.13. */
export const TAG = 'v0.32.13';

const API_GROUPS = ['admissionregistration/v1', 'apps/v1', 'authentication/v1', 'authorization/v1',
  'autoscaling/v1', 'autoscaling/v2', 'batch/v1', 'certificates/v1', 'coordination/v1', 'core/v1',
  'discovery/v1', 'events/v1', 'flowcontrol/v1', 'networking/v1', 'node/v1', 'policy/v1', 'rbac/v1',
  'scheduling/v1', 'storage/v1'];
/** PACKAGES: package id (our short import path; its last segment is Go's package name) → where it lives. */
export const PACKAGES = [
  ...API_GROUPS.map((g) => ({ id: g, repo: 'kubernetes+api', dir: g, importPath: `k8s.io/api/${g}` })),
  { id: 'meta/v1', repo: 'kubernetes+apimachinery', dir: 'pkg/apis/meta/v1', importPath: 'k8s.io/apimachinery/pkg/apis/meta/v1' },
  { id: 'types', repo: 'kubernetes+apimachinery', dir: 'pkg/types', importPath: 'k8s.io/apimachinery/pkg/types' },
  { id: 'apiextensions/v1', repo: 'kubernetes+apiextensions-apiserver', dir: 'pkg/apis/apiextensions/v1',
    importPath: 'k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1' },
  { id: 'apiregistration/v1', repo: 'kubernetes+kube-aggregator', dir: 'pkg/apis/apiregistration/v1',
    importPath: 'k8s.io/kube-aggregator/pkg/apis/apiregistration/v1' },
];
/** EXTRA_PACKAGES hold value types with their own JSON form; only their doc comments are read. */
const EXTRA_PACKAGES = [
  { id: 'resource', repo: 'kubernetes+apimachinery', dir: 'pkg/api/resource', importPath: 'k8s.io/apimachinery/pkg/api/resource', files: ['quantity.go'] },
  { id: 'intstr', repo: 'kubernetes+apimachinery', dir: 'pkg/util/intstr', importPath: 'k8s.io/apimachinery/pkg/util/intstr', files: ['intstr.go'] },
  { id: 'runtime', repo: 'kubernetes+apimachinery', dir: 'pkg/runtime', importPath: 'k8s.io/apimachinery/pkg/runtime', files: ['types.go'] },
];
const KNOWN_IMPORTS = Object.fromEntries([...PACKAGES, ...EXTRA_PACKAGES].map((p) => [p.importPath, p.id]));
export const BUILTIN = new Set(['string', 'bool', 'int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16',
  'uint32', 'uint64', 'float32', 'float64', 'byte', 'interface{}', 'any']);

/**
 * readApiSources parses every package: structs (doc lines, fields with json name, resolved Go
 * type, flags, struct tag and doc lines), named non-struct types (doc lines, underlying type)
 * and typed string constants (for enums). Ids are `<package id>.<Name>`.
 * @param {string} mirrors the directory holding kubernetes+api/repo etc.
 * @param {{ extra?: boolean }} [opts] extra: also read the value-type packages (resource, intstr, runtime)
 */
export function readApiSources(mirrors, opts = {}) {
  const git = (repo, ...args) => execFileSync('git', ['--git-dir', join(mirrors, repo, 'repo'), ...args],
    { encoding: 'utf8', maxBuffer: 64 << 20 });
  const out = { structs: new Map(), named: new Map(), consts: [] };
  for (const pkg of opts.extra ? [...PACKAGES, ...EXTRA_PACKAGES] : PACKAGES) {
    const files = pkg.files ?? git(pkg.repo, 'ls-tree', '--name-only', `${TAG}:${pkg.dir}`).split('\n')
      .filter((f) => f.endsWith('.go') && !f.endsWith('_test.go') && !f.startsWith('zz_generated') && !f.startsWith('generated'));
    for (const f of files) parseFile(pkg, git(pkg.repo, 'show', `${TAG}:${pkg.dir}/${f}`), out);
  }
  return out;
}

/**
 * docLines is Go's CommentGroup.Text() for the `//` lines ending just above line i: markers and
 * one following space removed, trailing blanks trimmed, blank runs collapsed, directives dropped.
 */
function docLines(raw, i) {
  let start = i;
  while (start > 0 && /^\s*\/\//.test(raw[start - 1])) start--;
  const lines = [];
  for (let k = start; k < i; k++) {
    let c = raw[k].trim().slice(2);
    if (c.startsWith(' ')) c = c.slice(1);
    else if (/^(go:|line )/.test(c)) continue;
    lines.push(c.replace(/\s+$/, ''));
  }
  const collapsed = lines.filter((l, n) => l !== '' || (n > 0 && lines[n - 1] !== ''));
  while (collapsed.length && collapsed[collapsed.length - 1] === '') collapsed.pop();
  return collapsed;
}

function parseFile(pkg, src, out) {
  // Block comments open a line in these files (license headers, commented-out code); blank
  // them line for line, so line numbers and `//` comments that mention `/*` stay intact.
  src = src.replace(/^[ \t]*\/\*[\s\S]*?\*\//gm, (m) => m.replace(/[^\n]/g, ''));
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
  const raw = src.split('\n');
  const lines = raw.map((l) => l.replace(/\s*\/\/.*$/, ''));
  let constBlock = false;
  let iotaType;
  for (let i = 0; i < lines.length; i++) {
    if (/^const\s*\($/.test(lines[i])) { constBlock = true; iotaType = undefined; continue; }
    if (constBlock) {
      if (/^\)/.test(lines[i])) { constBlock = false; continue; }
      const c = /^\s*([A-Z]\w*)\s+([\w.]+)\s*=\s*("(?:[^"\\]|\\.)*")\s*$/.exec(lines[i]);
      if (c) out.consts.push({ pkg: pkg.id, name: c[1], type: resolve(c[2]), value: JSON.parse(c[3]), doc: docLines(raw, i) });
      continue;
    }
    const single = /^const\s+([A-Z]\w*)\s+([\w.]+)\s*=\s*("(?:[^"\\]|\\.)*")\s*$/.exec(lines[i]);
    if (single) { out.consts.push({ pkg: pkg.id, name: single[1], type: resolve(single[2]), value: JSON.parse(single[3]), doc: docLines(raw, i) }); continue; }
    const s = /^type\s+(\w+)\s+struct\s*\{\s*(\})?\s*$/.exec(lines[i]);
    if (s) {
      const id = `${pkg.id}.${s[1]}`;
      const doc = docLines(raw, i);
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
          fields.push({ name: fieldName, type: resolve(type), flags, tag, jsonOpts: opts, doc: docLines(raw, i) });
        }
      }
      if (!out.structs.has(id)) out.structs.set(id, { doc, fields });
      continue;
    }
    const n = /^type\s+(\w+)\s+(\S.*)$/.exec(lines[i]);
    if (n && !/^(interface|func)\b/.test(n[2]) && !n[2].startsWith('=')) {
      const id = `${pkg.id}.${n[1]}`;
      if (!out.named.has(id)) out.named.set(id, { doc: docLines(raw, i), underlying: resolve(n[2]) });
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
