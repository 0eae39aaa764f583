import { afterEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ChunkLoader, FILE_HEAD, FILE_TAIL } from './chunk-loader';

let dir = '';
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const define = (name: string, body: string) => `define(${JSON.stringify(name)},function(exports,require,module,__filename,__dirname){${body}\n});`;
/** file is a bundle file's text as the build writes it. */
const file = (...defines: string[]) => FILE_HEAD + defines.join('\n') + FILE_TAIL;

let bundles = 0;
/**
 * bundleDir writes a tiny packed bundle as the build does: main.js carries itself and the
 * shared chunk; split.js (loaded on demand) carries itself and the shared chunk again.
 */
function bundleDir(): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-chunks-'));
  // Distinct source text per bundle: V8 caches compilations per process and would otherwise
  // answer a second load itself, never looking at the cache file under test.
  const salt = `// bundle ${++bundles}\n`;
  const shared = define('chunk-shared.js', 'exports.count = 0; exports.bump = () => ++exports.count; exports.evaluations = (globalThis.__evals = (globalThis.__evals ?? 0) + 1);');
  fs.writeFileSync(path.join(dir, 'main.js'), file(
    salt + define('main.js', [
      'const s = require("./chunk-shared.js");',
      'const p = require("node:path");',
      'exports.first = () => s.bump();',
      'exports.split = () => require("./split.js").value();',
      'exports.sep = p.sep;',
      'exports.resolves = typeof require.resolve === "function";',
      'exports.data = () => require("./data.json");',
    ].join('\n')),
    shared,
  ));
  fs.writeFileSync(path.join(dir, 'split.js'), file(define('split.js', 'const s = require("./chunk-shared.js"); exports.value = () => s.bump();'), shared));
  fs.writeFileSync(path.join(dir, 'data.json'), '{"k": [1, 2]}');
  return dir;
}

const caches = (d: string) => fs.readdirSync(d).filter((f) => f.endsWith('.cache')).sort();
type Main = { first(): number; split(): number; sep: string; resolves: boolean; data(): unknown };

describe('ChunkLoader', () => {
  it('evaluates each module once, shares chunks between files, and passes other requires to Node', () => {
    const before = (globalThis as { __evals?: number }).__evals ?? 0;
    const loader = new ChunkLoader(bundleDir());
    const main = loader.load('main.js') as Main;
    expect(main.first()).toBe(1);
    expect(main.split()).toBe(2); // the split point sees the same shared chunk, though its file defines it again
    expect((globalThis as { __evals?: number }).__evals).toBe(before + 1);
    expect(loader.load('./main.js')).toBe(main);
    expect(main.sep).toBe(path.sep);
    expect(main.resolves).toBe(true);
    expect(main.data()).toEqual({ k: [1, 2] });
  });

  it('says which module a broken bundle lacks', () => {
    const d = bundleDir();
    fs.writeFileSync(path.join(d, 'split.js'), file(define('other.js', '')));
    const main = new ChunkLoader(d).load('main.js') as Main;
    expect(() => main.split()).toThrow(/split\.js: not defined/);
  });

  it('writes a code cache for the files it read, and uses it next time', () => {
    const d = bundleDir();
    const first = new ChunkLoader(d);
    (first.load('main.js') as Main).first();
    first.saveCaches();
    expect(caches(d).map((f) => f.split('.')[1])).toEqual(['main']); // split.js never read
    const mtimes = caches(d).map((f) => fs.statSync(path.join(d, f)).mtimeMs);
    const second = new ChunkLoader(d);
    expect((second.load('main.js') as Main).first()).toBe(1);
    second.saveCaches(); // accepted caches are not rewritten
    expect(caches(d).map((f) => fs.statSync(path.join(d, f)).mtimeMs)).toEqual(mtimes);
  });

  it('keeps the caches of each command apart, and each command uses its own next time', () => {
    const d = bundleDir();
    const run = (tag: string) => { const l = new ChunkLoader(d, tag); (l.load('main.js') as Main).first(); l.saveCaches(); };
    run('apply');
    run('get');
    run('');
    expect(caches(d).map((f) => f.split('.')[3])).toEqual(['apply', 'get', process.version.split('.')[0]]);
    // A command's second run accepts its cache: nothing is written again.
    const mtimes = caches(d).map((f) => fs.statSync(path.join(d, f)).mtimeMs);
    run('get');
    run('apply');
    expect(caches(d).map((f) => fs.statSync(path.join(d, f)).mtimeMs)).toEqual(mtimes);
  });

  it('reads a file bigger than its scratch buffer whole, and data files as UTF-8', () => {
    const d = bundleDir();
    const big = 'x'.repeat(3 << 20); // past the 2 MB scratch: the buffer grows
    fs.writeFileSync(path.join(d, 'split.js'), file(define('split.js', `exports.value = () => ${JSON.stringify(big)}.length;`)));
    fs.writeFileSync(path.join(d, 'data.json'), '{"k": ["Grüße", "名前"]}');
    const main = new ChunkLoader(d).load('main.js') as Main;
    expect(main.split()).toBe(3 << 20);
    expect(main.data()).toEqual({ k: ['Grüße', '名前'] });
  });

  it('compiles without complaint when a cache is corrupt, and replaces it', () => {
    const d = bundleDir();
    const source = fs.readFileSync(path.join(d, 'main.js'), 'utf8');
    const mainCache = path.join(d, `.main.js.${process.version}.${source.length}.cache`);
    fs.writeFileSync(mainCache, 'not a code cache');
    const loader = new ChunkLoader(d);
    expect((loader.load('main.js') as Main).first()).toBe(1);
    loader.saveCaches();
    expect(fs.readFileSync(mainCache, 'utf8')).not.toBe('not a code cache');
  });
});
