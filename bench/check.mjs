#!/usr/bin/env node
/**
 * check: how long `kubemu check` takes on what CI feeds it — the whole valid corpus
 * (../shared/corpus/valid, every file in one run) and a generated 1 000-object bundle (100
 * Deployments with a Service each, 400 ConfigMaps, 400 Secrets) — to ready and to admitted,
 * against a schema-only pass over the same files (js-yaml load + kubemu's strict decode, no
 * cluster: what a schema checker does), interleaved, medians in seconds.
 * Usage: node bench/check.mjs [--quick] [--rounds N] [--keep] [--no-build]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import { ensureBuilt, tempHome, removeHome, envFor, REPO, KUBEMU } from './lib/cli.mjs';
import { interleave, printResults } from './lib/interleave.mjs';
import { note, roundsFor } from './lib/verdict.mjs';

ensureBuilt();
const home = tempHome('check');
const env = envFor(home);
const node = process.execPath;

const corpus = path.resolve(REPO, '..', 'shared', 'corpus', 'valid');
if (!fs.existsSync(corpus)) throw new Error(`the corpus is absent: ${corpus}`);
const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : /\.(ya?ml|json)$/.test(e.name) ? [path.join(dir, e.name)] : []));
const corpusFiles = walk(corpus).sort();

/** bundle1000 is 100 × (Deployment + Service) + 400 ConfigMaps + 400 Secrets in one file. */
function bundle1000() {
  const docs = [];
  for (let i = 0; i < 100; i++) {
    docs.push(`apiVersion: apps/v1
kind: Deployment
metadata: {name: app-${i}}
spec:
  replicas: 1
  selector: {matchLabels: {app: app-${i}}}
  template:
    metadata: {labels: {app: app-${i}}}
    spec:
      containers:
      - {name: web, image: nginx:1.27, ports: [{containerPort: 80}], resources: {requests: {cpu: 10m, memory: 16Mi}}}`);
    docs.push(`apiVersion: v1
kind: Service
metadata: {name: app-${i}}
spec:
  selector: {app: app-${i}}
  ports: [{port: 80}]`);
  }
  for (let i = 0; i < 400; i++) docs.push(`apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm-${i}}\ndata: {key: value-${i}}`);
  for (let i = 0; i < 400; i++) docs.push(`apiVersion: v1\nkind: Secret\nmetadata: {name: s-${i}}\nstringData: {password: p-${i}}`);
  return `${docs.join('\n---\n')}\n`;
}
const big = path.join(home, 'bundle-1000.yaml');
fs.writeFileSync(big, bundle1000());

// The schema-only pass: kubemu's own decoder (strict unknown fields, types), bundled once with js-yaml.
const entry = path.join(home, 'schema-only.ts');
fs.writeFileSync(entry, `
import { readFileSync } from 'node:fs';
import { loadAll } from 'js-yaml';
import { builtinRegistry } from ${JSON.stringify(path.join(REPO, 'src/api/registry'))};
import { decodeObject } from ${JSON.stringify(path.join(REPO, 'src/apiserver/decode'))};
let objects = 0, refused = 0;
for (const f of process.argv.slice(2)) {
  let docs: unknown[] = [];
  try { docs = loadAll(readFileSync(f, 'utf8')) as unknown[]; } catch { refused++; continue; }
  for (const d of docs) {
    if (!d || typeof d !== 'object') continue;
    const items = (d as any).kind?.endsWith?.('List') && Array.isArray((d as any).items) ? (d as any).items : [d];
    for (const o of items) {
      objects++;
      try { decodeObject(o, builtinRegistry.forKind(String(o.apiVersion), String(o.kind)), { fieldValidation: 'Strict' }); } catch { refused++; }
    }
  }
}
console.log(objects + ' objects, ' + refused + ' refused');
`);
const schemaOnly = path.join(home, 'schema-only.cjs');
buildSync({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', outfile: schemaOnly, nodePaths: [path.join(REPO, 'node_modules')], logLevel: 'error' });

const check = (files, extra = []) => [node, KUBEMU, 'check', ...files, '-o', 'json', ...extra];
const any = [0, 1];
const suite = [
  { name: 'schema-only: valid corpus', cmd: [node, schemaOnly, ...corpusFiles] },
  { name: 'check --until admitted: valid corpus', cmd: check(corpusFiles, ['--until', 'admitted']), env, allow: any },
  { name: 'check (ready): valid corpus', cmd: check(corpusFiles), env, allow: any },
  { name: 'schema-only: 1 000 objects', cmd: [node, schemaOnly, big] },
  { name: 'check --until admitted: 1 000 objects', cmd: check([big], ['--until', 'admitted']), env, allow: any },
  { name: 'check (ready): 1 000 objects', cmd: check([big]), env, allow: any },
];

note(`${corpusFiles.length} valid corpus files; a 1 000-object bundle`);
const t0 = Date.now();
const results = interleave(suite, { rounds: roundsFor(5), warmup: 1 });
printResults(results);
note(`medians: ${results.map((r) => `${r.name} ${(r.median / 1000).toFixed(2)}s`).join('; ')}`);
note(`wall ${((Date.now() - t0) / 1000).toFixed(0)}s`);
if (!process.argv.includes('--keep')) removeHome(home);
