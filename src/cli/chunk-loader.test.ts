import { afterEach, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ChunkLoader } from './chunk-loader';

let dir = '';
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** bundleDir writes a tiny bundle: main requires a shared chunk and loads a split point on demand. */
let bundles = 0;
function bundleDir(): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-chunks-'));
  // Distinct source text per bundle: V8 caches compilations per process and would otherwise
  // answer a second load itself, never looking at the cache file under test.
  const salt = `// bundle ${++bundles}\n`;
  fs.writeFileSync(path.join(dir, 'chunk-shared.js'), 'exports.count = 0; exports.bump = () => ++exports.count;');
  fs.writeFileSync(path.join(dir, 'split.js'), 'const s = require("./chunk-shared.js"); exports.value = () => s.bump();');
  fs.writeFileSync(path.join(dir, 'main.js'), salt + [
    'const s = require("./chunk-shared.js");',
    'const p = require("node:path");',
    'exports.first = () => s.bump();',
    'exports.split = () => require("./split.js").value();',
    'exports.sep = p.sep;',
    'exports.resolves = typeof require.resolve === "function";',
  ].join('\n'));
  return dir;
}

const caches = (d: string) => fs.readdirSync(d).filter((f) => f.endsWith('.cache')).sort();

describe('ChunkLoader', () => {
  it('evaluates each file once, shares chunks between files, and passes other requires to Node', () => {
    const loader = new ChunkLoader(bundleDir());
    const main = loader.load('main.js') as { first(): number; split(): number; sep: string; resolves: boolean };
    expect(main.first()).toBe(1);
    expect(main.split()).toBe(2); // the split point sees the same shared chunk instance
    expect(loader.load('./main.js')).toBe(main);
    expect(main.sep).toBe(path.sep);
    expect(main.resolves).toBe(true);
  });

  it('writes a code cache for the files it loaded, and uses it next time', () => {
    const d = bundleDir();
    const first = new ChunkLoader(d);
    (first.load('main.js') as { first(): number }).first();
    first.saveCaches();
    expect(caches(d).map((f) => f.split('.')[1])).toEqual(['chunk-shared', 'main']); // split.js never loaded
    const mtimes = caches(d).map((f) => fs.statSync(path.join(d, f)).mtimeMs);
    const second = new ChunkLoader(d);
    expect((second.load('main.js') as { first(): number }).first()).toBe(1);
    second.saveCaches(); // accepted caches are not rewritten
    expect(caches(d).map((f) => fs.statSync(path.join(d, f)).mtimeMs)).toEqual(mtimes);
  });

  it('compiles without complaint when a cache is corrupt, and replaces it', () => {
    const d = bundleDir();
    const source = fs.readFileSync(path.join(d, 'main.js'), 'utf8');
    const mainCache = path.join(d, `.main.js.${process.version}.${source.length}.cache`);
    fs.writeFileSync(mainCache, 'not a code cache');
    const loader = new ChunkLoader(d);
    expect((loader.load('main.js') as { first(): number }).first()).toBe(1);
    loader.saveCaches();
    expect(fs.readFileSync(mainCache, 'utf8')).not.toBe('not a code cache');
  });
});
