/**
 * generators: configMapGenerator and secretGenerator — objects made from literals, files
 * and env files, with generatorOptions, and their behaviors against objects already
 * accumulated (create, merge, replace).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KustomizeError } from './kustomize-error';
import { hadName, isObj, kindOf, makeResource, metadataOf, namespaceOf, type Obj, type Resource } from './resource';

export interface GeneratorOptions { labels?: Record<string, string>; annotations?: Record<string, string>; disableNameSuffixHash?: boolean; immutable?: boolean }

export interface GeneratorArgs {
  name?: string; namespace?: string; behavior?: string; type?: string;
  literals?: string[]; files?: string[]; envs?: string[]; env?: string;
  options?: GeneratorOptions;
}

// removeQuotes strips one pair of matching quotes around a literal's value, as kustomize does.
function removeQuotes(v: string): string {
  if (v.length >= 2 && v[0] === v[v.length - 1] && (v[0] === '"' || v[0] === "'")) return v.slice(1, -1);
  return v;
}

/**
 * encodeBase64 is kyaml's: standard base64, broken into lines of 70 characters, each ended
 * by a newline, once the encoding is 70 characters or longer (it then prints as a `|` block).
 */
export function encodeBase64(bytes: Buffer): string {
  const enc = bytes.toString('base64');
  if (enc.length < 70) return enc;
  let out = '';
  for (let i = 0; i < enc.length; i += 70) out += `${enc.slice(i, i + 70)}\n`;
  return out;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

// A value is kept as its bytes: a ConfigMap file that is not UTF-8 goes to binaryData.
type Value = Buffer;

function readText(dir: string, file: string, kustFile: string): string {
  return readFile(dir, file, kustFile).toString('utf8');
}

function readFile(dir: string, file: string, kustFile: string): Buffer {
  const full = path.resolve(dir, file);
  try {
    return fs.readFileSync(full);
  } catch {
    throw new KustomizeError(`evalsym failure : trouble reading '${file}' relative to '${path.dirname(kustFile)}' : lstat ${full}: no such file or directory`);
  }
}

// envPairs reads an env file: KEY=VALUE lines, blank lines and # comments skipped.
function envPairs(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '').replace(/^\s+/, '');
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq < 0) {
      // A bare key takes its value from the environment, as kustomize does; unset keys are dropped.
      const v = process.env[line];
      if (v !== undefined) out.push([line, v]);
      continue;
    }
    out.push([line.slice(0, eq), line.slice(eq + 1)]);
  }
  return out;
}

function dataPairs(args: GeneratorArgs, dir: string, kustFile: string): [string, Value][] {
  const pairs: [string, Value][] = [];
  for (const env of [...(args.env ? [args.env] : []), ...(args.envs ?? [])]) pairs.push(...envPairs(readText(dir, env, kustFile)).map(([k, v]): [string, Value] => [k, Buffer.from(v, 'utf8')]));
  for (const lit of args.literals ?? []) {
    const eq = lit.indexOf('=');
    if (eq < 0) throw new KustomizeError(`invalid literal source ${lit}, expected key=value`);
    pairs.push([lit.slice(0, eq), Buffer.from(removeQuotes(lit.slice(eq + 1)), 'utf8')]);
  }
  for (const f of args.files ?? []) {
    const eq = f.indexOf('=');
    const [key, file] = eq < 0 ? [path.basename(f), f] : [f.slice(0, eq), f.slice(eq + 1)];
    pairs.push([key, readFile(dir, file, kustFile)]);
  }
  return pairs;
}

function mergedOptions(global: GeneratorOptions | undefined, local: GeneratorOptions | undefined): GeneratorOptions {
  return {
    labels: { ...(global?.labels ?? {}), ...(local?.labels ?? {}) },
    annotations: { ...(global?.annotations ?? {}), ...(local?.annotations ?? {}) },
    disableNameSuffixHash: !!(global?.disableNameSuffixHash || local?.disableNameSuffixHash),
    immutable: !!(global?.immutable || local?.immutable),
  };
}

/** generate makes one generated ConfigMap or Secret. */
export function generate(kind: 'ConfigMap' | 'Secret', args: GeneratorArgs, global: GeneratorOptions | undefined, dir: string, kustFile: string): Resource {
  const opts = mergedOptions(global, args.options);
  const meta: Obj = { name: args.name ?? '' };
  if (args.namespace) meta.namespace = args.namespace;
  if (Object.keys(opts.labels!).length) meta.labels = opts.labels;
  if (Object.keys(opts.annotations!).length) meta.annotations = opts.annotations;
  const obj: Obj = { apiVersion: 'v1', kind, metadata: meta };
  const data: Record<string, string> = {};
  const binaryData: Record<string, string> = {};
  for (const [k, v] of dataPairs(args, dir, kustFile)) {
    if (kind === 'Secret') { data[k] = encodeBase64(v); continue; }
    let text: string | undefined;
    try { text = UTF8.decode(v); } catch { text = undefined; }
    if (text === undefined) binaryData[k] = encodeBase64(v); else data[k] = text;
  }
  if (Object.keys(data).length) obj.data = data;
  if (Object.keys(binaryData).length) obj.binaryData = binaryData;
  if (kind === 'Secret') obj.type = args.type || 'Opaque';
  if (opts.immutable) obj.immutable = true;
  return makeResource(obj, { file: kustFile, line: 1 }, !opts.disableNameSuffixHash);
}

/** addGenerated adds a generated object by its behavior: create (the default), merge or replace. */
export function addGenerated(all: Resource[], made: Resource, behavior: string | undefined): void {
  const name = String(metadataOf(made.obj).name);
  const existing = all.find((r) => kindOf(r.obj) === kindOf(made.obj) && hadName(r, name) && (!namespaceOf(made) || namespaceOf(r) === namespaceOf(made)));
  const b = behavior || 'create';
  if (b === 'create') {
    if (existing) throw new KustomizeError(`cannot add resource: id ${kindOf(made.obj)} ${name} already exists`);
    all.push(made);
    return;
  }
  if (b !== 'merge' && b !== 'replace') throw new KustomizeError(`unknown generation behavior '${b}'`);
  if (!existing) throw new KustomizeError(`id ${kindOf(made.obj)} ${name} does not exist; cannot merge or replace`);
  const oldMeta = metadataOf(existing.obj);
  const newMeta = metadataOf(made.obj);
  if (b === 'merge') {
    for (const key of ['data', 'binaryData']) {
      if (isObj(made.obj[key])) existing.obj[key] = { ...(isObj(existing.obj[key]) ? existing.obj[key] : {}), ...made.obj[key] };
    }
    for (const key of ['labels', 'annotations']) {
      if (isObj(newMeta[key])) oldMeta[key] = { ...(isObj(oldMeta[key]) ? oldMeta[key] : {}), ...newMeta[key] };
    }
  } else {
    const keepName = oldMeta.name;
    const keepNs = oldMeta.namespace;
    existing.obj = made.obj;
    metadataOf(existing.obj).name = keepName;
    if (keepNs !== undefined) metadataOf(existing.obj).namespace = keepNs;
  }
  existing.needsHash = existing.needsHash && made.needsHash;
}
