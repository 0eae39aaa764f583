/**
 * chunk-loader: loads the bundle's files (main.js, one per split point, shared chunks) as
 * CommonJS modules, compiling each through a V8 code cache kept beside it, so that a start
 * mostly deserialises code instead of parsing it. Node's own require() has no code cache
 * on Node 20.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import { createRequire } from 'node:module';

interface Loaded { exports: unknown; script: vm.Script; cached: boolean; cacheFile: string }

/** ChunkLoader loads files of one directory; other specifiers go to Node's require. */
export class ChunkLoader {
  private readonly loaded = new Map<string, Loaded>();
  private readonly nodeRequire: NodeJS.Require;

  constructor(private readonly dir: string) {
    this.nodeRequire = createRequire(path.join(dir, 'main.js'));
  }

  /** load returns the exports of ./file (a .json file: its parsed data), evaluating it on first use. */
  load(file: string): unknown {
    const name = path.basename(file);
    const done = this.loaded.get(name);
    if (done) return done.exports;
    const full = path.join(this.dir, name);
    if (name.endsWith('.json')) return this.data(name, full);
    const source = fs.readFileSync(full, 'utf8');
    const cacheFile = path.join(this.dir, `.${name}.${process.version}.${source.length}.cache`);
    let cachedData: Buffer | undefined;
    try { cachedData = fs.readFileSync(cacheFile); } catch { /* first run */ }
    const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
    const script = new vm.Script(wrapped, { filename: full, cachedData });
    const mod = { exports: {} as unknown };
    const entry: Loaded = { exports: mod.exports, script, cached: !!cachedData && !script.cachedDataRejected, cacheFile };
    this.loaded.set(name, entry);
    const req = Object.assign((spec: string) => (spec.startsWith('./') ? this.load(spec) : this.nodeRequire(spec)), { resolve: this.nodeRequire.resolve });
    (script.runInThisContext() as (...a: unknown[]) => void)(mod.exports, req, mod, full, this.dir);
    entry.exports = mod.exports;
    return mod.exports;
  }

  private readonly json = new Map<string, unknown>();
  private data(name: string, full: string): unknown {
    if (!this.json.has(name)) this.json.set(name, JSON.parse(fs.readFileSync(full, 'utf8')));
    return this.json.get(name);
  }

  /** saveCaches writes a code cache for every file loaded without one (best effort: a read-only install just compiles). */
  saveCaches(): void {
    for (const l of this.loaded.values()) {
      if (l.cached) continue;
      try {
        const tmp = `${l.cacheFile}.${process.pid}`;
        fs.writeFileSync(tmp, l.script.createCachedData());
        fs.renameSync(tmp, l.cacheFile);
      } catch { /* not writable: fine */ }
    }
  }
}
