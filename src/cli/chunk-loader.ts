/**
 * chunk-loader: loads the bundle's modules (main.js, one per split point, the chunks they
 * share) as CommonJS modules. The build packs each file with the chunks it always needs:
 * a file is a list of `define(name, factory)` calls, so a start reads a few files instead of
 * one per chunk, and each module is still evaluated once, when first required. Every file is
 * compiled through a V8 code cache kept beside it, so a start mostly deserialises code
 * instead of parsing it (Node's own require() has no code cache on Node 20).
 *
 * A file's cache is kept per command (the loader's cacheTag). V8 writes into a cache the
 * functions compiled by the run that made it, so main.js's cache made by `get pods` held none
 * of apply's: every apply compiled them again (~6 ms of T5's 110), and a cache made by apply
 * was bigger to read for every get.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { createRequire } from 'node:module';

/**
 * FILE_HEAD and FILE_TAIL enclose each bundle file (the build writes them): a file is one
 * function of `define`, compiled from the text as read. Wrapping it here would copy every
 * file's text once more at each start (main.js: 160 KB more for the first garbage collection).
 */
export const FILE_HEAD = '(function (define) {';
export const FILE_TAIL = '\n})';

/** Factory is one module's code, as a CommonJS wrapper function. */
type Factory = (exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void;

interface LoadedFile { script: vm.Script; cached: boolean; cacheFile: string }

/**
 * A start reads every file (code, code cache, data) into one scratch buffer, which only keeps
 * the bytes until they are decoded or compiled. On the virtual machines kubemu is measured on,
 * the first touch of a page of memory costs ~11 us, more than reading the page: a buffer per
 * file, and readFileSync's text reads (8 KB at a time into a growing buffer), touched ~2 MB
 * more per apply. Pages of the scratch a run never fills are never touched.
 */
const SCRATCH_BYTES = 2 << 20;
let scratch: Buffer | undefined;

/** readWhole returns a file's bytes as a view of the scratch buffer, valid until the next read. */
function readWhole(file: string): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    if (!scratch || scratch.length < size) scratch = Buffer.allocUnsafeSlow(Math.max(size, SCRATCH_BYTES));
    let n = 0;
    for (let got = -1; n < size && got !== 0; n += got) got = fs.readSync(fd, scratch, n, size - n, n);
    return scratch.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/** ChunkLoader loads the modules of one directory; other specifiers go to Node's require. */
export class ChunkLoader {
  private readonly modules = new Map<string, { exports: unknown }>();
  private readonly factories = new Map<string, Factory>();
  private readonly files: LoadedFile[] = [];
  private readonly json = new Map<string, unknown>();
  private readonly nodeRequire: NodeJS.Require;
  private readonly require: NodeJS.Require;
  /** base is dir with its separator: a module's filename is base + name (path.join per module cost ~1 ms of an apply's start). */
  private readonly base: string;

  /** cacheTag names the command whose code caches this loader reads and writes ('' : the shared ones). */
  constructor(private readonly dir: string, private readonly cacheTag = '') {
    this.base = path.join(path.resolve(dir), path.sep);
    this.nodeRequire = createRequire(path.join(dir, 'main.js'));
    // What bundled code uses of require: relative modules, Node's modules, and require.resolve.
    const req = (spec: string) => (spec.startsWith('./') ? this.load(spec) : this.nodeRequire(spec));
    this.require = Object.assign(req, { resolve: this.nodeRequire.resolve }) as unknown as NodeJS.Require;
  }

  /** load returns the exports of module ./name (a .json file: its parsed data), evaluating it on first use. */
  load(file: string): unknown {
    const name = path.basename(file);
    const done = this.modules.get(name);
    if (done) return done.exports;
    if (name.endsWith('.json')) return this.data(name);
    if (!this.factories.has(name)) this.readFile(name);
    const factory = this.factories.get(name);
    if (!factory) throw new Error(`${name}: not defined by ${name} (a broken build?)`);
    const mod = { exports: {} as unknown };
    this.modules.set(name, mod);
    factory(mod.exports, this.require, mod, this.base + name, this.dir);
    return mod.exports;
  }

  /** readFile runs one file of the bundle: it defines the modules packed in it (the first definition of a name wins). */
  private readFile(name: string): void {
    const full = path.join(this.dir, name);
    // The build writes ASCII only (scripts/build.mjs checks), so Latin-1 decodes it as UTF-8 would, faster.
    const source = readWhole(full).toString('latin1');
    const cacheFile = path.join(this.dir, `.${name}.${this.cacheTag ? `${this.cacheTag}.` : ''}${process.version}.${source.length}.cache`);
    let cachedData: Buffer | undefined;
    try { cachedData = readWhole(cacheFile); } catch { /* first run */ }
    const script = new vm.Script(source, { filename: full, cachedData });
    this.files.push({ script, cached: !!cachedData && !script.cachedDataRejected, cacheFile });
    (script.runInThisContext() as (define: (n: string, f: Factory) => void) => void)((n, f) => {
      if (!this.factories.has(n)) this.factories.set(n, f);
    });
  }

  private data(name: string): unknown {
    if (!this.json.has(name)) this.json.set(name, JSON.parse(readWhole(path.join(this.dir, name)).toString('utf8')));
    return this.json.get(name);
  }

  /**
   * saveCaches writes a code cache for every file read without an accepted one (best effort:
   * a read-only install just compiles). A cache V8 rejects — made by another Node, or after a
   * V8 flag changed mid-run (a big settle's heap setting, sim/batch-heap.ts) — is replaced
   * by the next run that reads its file: one extra compile, not a lasting cost.
   */
  saveCaches(): void {
    for (const f of this.files) {
      if (f.cached) continue;
      try {
        const tmp = `${f.cacheFile}.${process.pid}`;
        fs.writeFileSync(tmp, f.script.createCachedData());
        fs.renameSync(tmp, f.cacheFile);
      } catch { /* not writable: fine */ }
    }
  }
}
