/**
 * configmap-model: the pure in-memory model of the API layer for R6 (BENCHMARKS §5), and the
 * fast-check commands that drive the real CLI (in-process) and compare every output with
 * what the model predicts. ConfigMaps are used because no controller touches them, so the
 * model is exactly "a map of name → object" with apimachinery's error texts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import type { TempHome } from '../helpers/run-cli';

/** ModelObject is what the model knows of one ConfigMap. */
export interface ModelObject { data: Record<string, string>; labels: Record<string, string> }

/** Model is the pure API-layer model: objects by name, in one namespace. */
export interface Model { objects: Map<string, ModelObject> }

/** Real is the system under test: one home, one namespace, and resourceVersions seen so far. */
export interface Real {
  home: TempHome;
  ns: string;
  /** Every resourceVersion each object has had, oldest first (stale ones are used for conflicts). */
  versions: Map<string, string[]>;
  /** log records the commands run (printed for a failing sequence). */
  log: string[];
}

// Upstream texts, as kubectl prints StatusErrors (apimachinery errors.go, kubectl cmdutil).
const notFound = (name: string) => `Error from server (NotFound): configmaps "${name}" not found`;
const conflict = (file: string, name: string) => `Error from server (Conflict): error when replacing "${file}": Operation cannot be fulfilled on configmaps "${name}": the object has been modified; please apply your changes to the latest version and try again`;

function manifest(name: string, o: ModelObject, rv?: string): string {
  return JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...(rv ? { resourceVersion: rv } : {}), ...(Object.keys(o.labels).length ? { labels: o.labels } : {}) }, data: o.data });
}

function run(r: Real, args: string[], file?: { name: string; text: string }): { stdout: string; stderr: string; code: number; file: string } {
  let p = '';
  if (file) p = r.home.file(path.join(r.ns, file.name), file.text);
  const res = r.home.run([...args, ...(p ? ['-f', p] : []), '-n', r.ns]);
  r.log.push(`kubemu ${args.join(' ')}${p ? ` -f <${file!.text.slice(0, 160)}>` : ''} → ${res.code} ${(res.stdout + res.stderr).trim().split('\n')[0]}`);
  return { ...res, file: p };
}

/** canonical is JSON with map keys sorted: Go prints maps in key order, so order carries no meaning. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x));
}

/** expectEq throws with both values when a real output differs from the model's. */
function expectEq(what: string, real: unknown, model: unknown): void {
  const a = canonical(real), b = canonical(model);
  if (a !== b) throw new Error(`${what}: real ${a} != model ${b}`);
}

/** currentRv reads an object's resourceVersion through `get -o jsonpath` and remembers it. */
function currentRv(r: Real, name: string): string {
  const res = run(r, ['get', 'configmap', name, '-o', 'jsonpath={.metadata.resourceVersion}']);
  if (res.code !== 0) throw new Error(`get ${name}: ${res.stderr}`);
  const seen = r.versions.get(name) ?? [];
  if (seen[seen.length - 1] !== res.stdout) seen.push(res.stdout);
  r.versions.set(name, seen);
  return res.stdout;
}

const NAMES = ['a', 'b', 'c'];
const name = fc.constantFrom(...NAMES);
const data = fc.dictionary(fc.constantFrom('k1', 'k2', 'k3'), fc.stringMatching(/^[a-z0-9]{0,6}$/), { maxKeys: 3 });

class Create implements fc.Command<Model, Real> {
  constructor(readonly name: string, readonly data: Record<string, string>) {}
  check(): boolean { return true; }
  run(m: Model, r: Real): void {
    const res = run(r, ['create'], { name: 'create.json', text: manifest(this.name, { data: this.data, labels: {} }) });
    if (m.objects.has(this.name)) {
      expectEq('create existing', [res.code, res.stderr.trim()], [1, `Error from server (AlreadyExists): error when creating "${res.file}": configmaps "${this.name}" already exists`]);
      return;
    }
    expectEq('create', [res.code, res.stdout], [0, `configmap/${this.name} created\n`]);
    m.objects.set(this.name, { data: { ...this.data }, labels: {} });
    r.versions.delete(this.name);
  }
  toString(): string { return `create(${this.name}, ${JSON.stringify(this.data)})`; }
}

class Get implements fc.Command<Model, Real> {
  constructor(readonly name: string) {}
  check(): boolean { return true; }
  run(m: Model, r: Real): void {
    const res = run(r, ['get', 'configmap', this.name, '-o', 'json']);
    const want = m.objects.get(this.name);
    if (!want) { expectEq('get missing', [res.code, res.stderr.trim()], [1, notFound(this.name)]); return; }
    expectEq('get code', res.code, 0);
    const o = JSON.parse(res.stdout);
    expectEq(`get ${this.name}`, { data: o.data ?? {}, labels: o.metadata.labels ?? {} }, { data: want.data, labels: want.labels });
  }
  toString(): string { return `get(${this.name})`; }
}

/** Replace is `kubectl replace -f`: with the current, a stale or no resourceVersion. */
class Replace implements fc.Command<Model, Real> {
  constructor(readonly name: string, readonly data: Record<string, string>, readonly rv: 'current' | 'stale' | 'none') {}
  check(m: Readonly<Model>): boolean { return this.rv === 'none' || m.objects.has(this.name); }
  run(m: Model, r: Real): void {
    const cur = m.objects.get(this.name);
    let rv: string | undefined;
    if (this.rv !== 'none') {
      const now = currentRv(r, this.name);
      // A stale version is one this object had before (or, if none was seen, one older than any object's).
      const seen = (r.versions.get(this.name) ?? []).filter((v) => v !== now);
      rv = this.rv === 'current' ? now : (seen[seen.length - 1] ?? '1');
    }
    const next: ModelObject = { data: { ...this.data }, labels: { ...(cur?.labels ?? {}) } };
    const res = run(r, ['replace'], { name: 'replace.json', text: manifest(this.name, next, rv) });
    if (!cur) {
      expectEq('replace missing', [res.code, res.stderr.trim()], [1, `Error from server (NotFound): error when replacing "${res.file}": configmaps "${this.name}" not found`]);
      return;
    }
    if (this.rv === 'stale') { expectEq('replace stale', [res.code, res.stderr.trim()], [1, conflict(res.file, this.name)]); return; }
    expectEq('replace', [res.code, res.stdout], [0, `configmap/${this.name} replaced\n`]);
    m.objects.set(this.name, next);
    currentRv(r, this.name);
  }
  toString(): string { return `replace(${this.name}, ${JSON.stringify(this.data)}, rv=${this.rv})`; }
}

class Delete implements fc.Command<Model, Real> {
  constructor(readonly name: string) {}
  check(): boolean { return true; }
  run(m: Model, r: Real): void {
    const res = run(r, ['delete', 'configmap', this.name]);
    if (!m.objects.has(this.name)) { expectEq('delete missing', [res.code, res.stderr.trim()], [1, notFound(this.name)]); return; }
    expectEq('delete', [res.code, res.stdout], [0, `configmap "${this.name}" deleted\n`]);
    m.objects.delete(this.name);
  }
  toString(): string { return `delete(${this.name})`; }
}

class List implements fc.Command<Model, Real> {
  check(): boolean { return true; }
  run(m: Model, r: Real): void {
    const res = run(r, ['get', 'configmaps', '-o', 'jsonpath={.items[*].metadata.name}']);
    expectEq('list code', res.code, 0);
    const names = res.stdout.split(' ').filter((n) => n && n !== 'kube-root-ca.crt');
    // kubectl lists in name order (the store's key order), so order is compared too.
    expectEq('list', names, [...m.objects.keys()].sort());
  }
  toString(): string { return 'list()'; }
}

class Label implements fc.Command<Model, Real> {
  constructor(readonly name: string, readonly key: string, readonly value: string) {}
  check(): boolean { return true; }
  run(m: Model, r: Real): void {
    const res = run(r, ['label', 'configmap', this.name, `${this.key}=${this.value}`, '--overwrite']);
    const cur = m.objects.get(this.name);
    if (!cur) { expectEq('label missing', [res.code, res.stderr.trim()], [1, notFound(this.name)]); return; }
    const unchanged = cur.labels[this.key] === this.value;
    expectEq('label', [res.code, res.stdout], [0, `configmap/${this.name} ${unchanged ? 'not labeled' : 'labeled'}\n`]);
    cur.labels[this.key] = this.value;
  }
  toString(): string { return `label(${this.name}, ${this.key}=${this.value})`; }
}

/** commands is the command alphabet for fc.commands. */
export const commands = [
  fc.tuple(name, data).map(([n, d]) => new Create(n, d)),
  name.map((n) => new Get(n)),
  fc.tuple(name, data, fc.constantFrom<'current' | 'stale' | 'none'>('current', 'stale', 'none')).map(([n, d, rv]) => new Replace(n, d, rv)),
  name.map((n) => new Delete(n)),
  fc.constant(new List()),
  fc.tuple(name, fc.constantFrom('tier', 'env'), fc.constantFrom('x', 'y')).map(([n, k, v]) => new Label(n, k, v)),
];

/** freshNamespace makes an empty namespace for one sequence (cheaper than a cluster each). */
export function freshNamespace(home: TempHome, n: number): string {
  const ns = `model-${n}`;
  const res = home.run(['create', 'namespace', ns]);
  if (res.code !== 0) throw new Error(`create namespace: ${res.stderr}`);
  fs.mkdirSync(path.join(home.dir, ns), { recursive: true });
  return ns;
}
