// Bundles the CLI with esbuild into dist/:
// - entry.js: the first code that runs. It answers `version --client`, --help and flag errors
//   itself (from surface/*.json, written last) and otherwise loads main.js through its chunk
//   loader (src/cli/chunk-loader.ts).
// - main.js plus one file per split point (`require('./m') as typeof import('./m')` in src/) and the
//   chunks they share. esbuild splits only ES modules, and only at dynamic import(); so the
//   split points become import() here, and each output file is then turned into a CommonJS
//   module whose import() of a split point is a plain synchronous require — kubemu's code is
//   synchronous throughout.
// For start-up work: KUBEMU_BUILD_READABLE=1 (unminified), KUBEMU_BUILD_META=FILE (esbuild's
// metafile: which module went into which file), --report (file sizes).
import { build, transform } from 'esbuild';
import { copyFileSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';

const SPLIT_MARK = '__kubemuSplit';
// A split point is a typed relative require in src/, `require('./m') as typeof import('./m')`
// (the verb registry, get's -o printers, the API server's write path, the controllers);
// vitest.config.mts reads the same calls as static imports.
const SPLIT_POINT = /\brequire\((['"])(\.\.?\/[^'"]+)\1\)( as typeof import\(\1\2\1\))/g;

/**
 * splitPointsPlugin makes each split point a dynamic import, which esbuild puts in a file of
 * its own (and, below, back into a synchronous require of that file).
 */
const splitPointsPlugin = {
  name: 'split-points',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
      const src = readFileSync(args.path, 'utf8');
      const contents = src.replace(SPLIT_POINT, (_call, _q, spec, cast) => `${SPLIT_MARK}(import(${JSON.stringify(spec)}))${cast}`);
      return contents === src ? undefined : { contents, loader: 'ts' };
    });
  },
};

/**
 * dataFilesPlugin keeps JSON files that code require()s on demand out of the bundle: each is
 * copied beside it and read only when required (the chunk loader parses it), instead of
 * being read and compiled with the code at every start.
 */
const dataFiles = new Map();
const dataFilesPlugin = {
  name: 'data-files',
  setup(b) {
    b.onResolve({ filter: /\.json$/ }, (args) => {
      if (args.kind !== 'require-call') return undefined;
      const file = path.resolve(args.resolveDir, args.path);
      const name = path.basename(file);
      if (dataFiles.has(name) && dataFiles.get(name) !== file) throw new Error(`two data files named ${name}`);
      dataFiles.set(name, file);
      return { path: `./${name}`, external: true };
    });
  },
};

/**
 * jsYamlParserStatePlugin: js-yaml's CommonJS build makes parseEvents' state object with Babel's
 * _objectSpread2 (a defineProperty per key), ~10 us a call, and kubemu calls it once per document
 * of a stream: a fifth of reading T6's 1 938 documents. Object.assign makes the same object (the
 * same keys, in the same order) as a plain one. js-yaml is pinned; the build fails if it changes.
 */
const JS_YAML_STATE = 'const state = _objectSpread2(_objectSpread2(_objectSpread2({}, DEFAULT_PARSER_OPTIONS), options), {}, {';
const jsYamlParserStatePlugin = {
  name: 'js-yaml-parser-state',
  setup(b) {
    b.onLoad({ filter: /[\\/]js-yaml[\\/]dist[\\/]js-yaml\.cjs\.js$/ }, (args) => {
      const src = readFileSync(args.path, 'utf8');
      if (src.split(JS_YAML_STATE).length !== 2) throw new Error(`${args.path}: parseEvents no longer starts with \`${JS_YAML_STATE}\`; update or drop jsYamlParserStatePlugin`);
      return { contents: src.replace(JS_YAML_STATE, 'const state = Object.assign({}, DEFAULT_PARSER_OPTIONS, options, {'), loader: 'js' };
    });
  },
};

const minify = (on) => ({ minifyWhitespace: on, minifySyntax: on, minifyIdentifiers: on });

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  // Fully minified: every byte is read, kept in the heap and copied by the first garbage
  // collections of every start. User-facing errors never show code names (error classes
  // carry their name as a field), so only KUBEMU_DEBUG stack traces get harder to read.
  // KUBEMU_BUILD_READABLE=1 builds readable files, for CPU profiles that name lines.
  ...minify(!process.env.KUBEMU_BUILD_READABLE),
  logLevel: 'warning',
  // better-sqlite3's JavaScript is bundled too (it gets the code cache; a dozen separate require()s cost ~6 ms); its native addon is loaded by path (src/store/sqlite/sqlite-store.ts).
  external: [],
  // yargs is ESM-only and calls createRequire(import.meta.url); in a CommonJS bundle
  // import.meta is empty, so it stands for a URL built from the bundle file's name.
  define: { 'import.meta.url': 'importMetaUrl' },
  inject: ['scripts/import-meta-url.js'],
  // js-yaml's CommonJS build, not its ES module: the ES module builds the parser's state object
  // with object spread, and every access to that object is slower; its parseEvents reads T6's
  // 1 938 documents in twice the time (~130 ms against ~60 ms, the same code otherwise).
  alias: { 'js-yaml': createRequire(import.meta.url).resolve('js-yaml') },
};

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist');

// `import * as fs from 'node:fs'` would become a copy of the module (esbuild's __toESM: a
// getter per export, ~100 for node:fs) in every module that imports it, each start; a Node
// built-in's module object already has every named export, so it is used as it is.
const BUILTIN_NAMESPACE = /\bimport\s*\*\s*as\s*([\w$]+)\s*from\s*"(node:[\w/]+)";?/g;

/** commonJS turns one ES module of the build's output into a CommonJS module. */
const commonJS = async (code) => (await transform(code.replace(BUILTIN_NAMESPACE, 'var $1=require("$2");'), { format: 'cjs', platform: 'node', target: 'node20', ...minify(!process.env.KUBEMU_BUILD_READABLE) })).code;

const entry = await build({ ...common, format: 'esm', entryPoints: ['src/cli/entry.ts'], outdir: 'dist', write: false });
writeFileSync('dist/entry.js', `"use strict";${await commonJS(entry.outputFiles[0].text)}`); // as tsconfig's strict made it
// Each bundle file is one function of `define`, as the chunk loader compiles it.
const { FILE_HEAD, FILE_TAIL } = createRequire(import.meta.url)('../dist/entry.js');

const out = await build({
  ...common,
  format: 'esm',
  splitting: true,
  entryPoints: { main: 'src/cli/main.ts' },
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  outdir: 'dist',
  write: false,
  metafile: true,
  plugins: [splitPointsPlugin, dataFilesPlugin, jsYamlParserStatePlugin],
});

const modules = new Map(); // output file name -> its CommonJS code
for (const file of out.outputFiles) {
  let code = file.text.replace(new RegExp(`${SPLIT_MARK}\\(import\\(("\\./[^"]+")\\)\\)`, 'g'), 'require($1)');
  // Comments set aside: a readable build keeps JSDoc types such as {import('./x').T} (re2js has them).
  if (code.includes(SPLIT_MARK) || /\bimport\(/.test(code.replace(/\/\*[\s\S]*?\*\//g, ''))) throw new Error(`${path.basename(file.path)}: a split point was not turned into require()`);
  modules.set(path.basename(file.path), await commonJS(code));
}

// Packing: main.js and each split point's file also carry the chunks they import statically
// (minus those main.js carries), as define(name, factory) calls the chunk loader reads: a
// start reads a few files, not one per chunk. A chunk two split points share is in both files
// and evaluated once, by name.
const outputs = Object.fromEntries(Object.entries(out.metafile.outputs).map(([f, o]) => [path.basename(f), o]));
const staticClosure = (root) => {
  const seen = new Set();
  const walk = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const i of outputs[name].imports) if (i.kind === 'import-statement' && !i.external) walk(path.basename(i.path));
  };
  walk(root);
  return seen;
};
const roots = ['main.js', ...new Set(Object.values(outputs).flatMap((o) => o.imports.filter((i) => i.kind === 'dynamic-import').map((i) => path.basename(i.path))))];
const inMain = staticClosure('main.js');
// A split point runs only from the chunks that import() it, and a file that defines a chunk
// defines its static closure too: the chunks every importer's closure holds are already
// defined when the split point's file is read, so its file leaves them out (a per-kind
// printer file then carries the printer, not again the cell helpers `get` already read).
const loadedBefore = (root) => {
  const closures = Object.entries(outputs)
    .filter(([, o]) => o.imports.some((i) => i.kind === 'dynamic-import' && path.basename(i.path) === root))
    .map(([f]) => staticClosure(f));
  return new Set([...closures[0] ?? []].filter((m) => closures.every((c) => c.has(m))));
};
for (const root of roots) {
  const before = root === 'main.js' ? new Set() : loadedBefore(root);
  const members = [...staticClosure(root)].filter((m) => root === 'main.js' || m === root || (!inMain.has(m) && !before.has(m)));
  const defines = members.map((m) => `define(${JSON.stringify(m)},function(exports,require,module,__filename,__dirname){${modules.get(m)}\n});`);
  const written = FILE_HEAD + defines.join('\n') + FILE_TAIL;
  // The chunk loader decodes bundle files as Latin-1; esbuild's default charset escapes the rest,
  // but a readable build keeps comments as they were written: their other characters are escaped.
  const text = process.env.KUBEMU_BUILD_READABLE ? written.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : written;
  if (/[^\x00-\x7f]/.test(text)) throw new Error(`dist/${root}: not ASCII; the chunk loader would misread it`);
  writeFileSync(`dist/${root}`, text);
}

for (const [name, file] of dataFiles) copyFileSync(file, `dist/${name}`);
// yargs' English strings, where its locale lookup looks from import.meta.url (scripts/import-meta-url.js).
mkdirSync('dist/locales', { recursive: true });
copyFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('yargs/package.json')), 'locales', 'en.json'), 'dist/locales/en.json');

if (process.env.KUBEMU_BUILD_META) writeFileSync(process.env.KUBEMU_BUILD_META, JSON.stringify(out.metafile));
if (process.argv.includes('--report')) {
  const sizes = Object.entries(out.metafile.outputs).map(([f, o]) => [path.basename(f), o.bytes]).sort((a, b) => b[1] - a[1]);
  for (const [f, n] of sizes) console.log(`${String(n).padStart(9)}  ${f}`);
}

// The command table as files, for entry's front end (src/cli/surface.ts): help and flag
// errors are answered without loading the bundle.
const { ChunkLoader } = createRequire(import.meta.url)('../dist/entry.js');
const { surface } = new ChunkLoader(path.resolve('dist')).load('main.js');
mkdirSync('dist/surface');
for (const [name, text] of surface()) writeFileSync(`dist/surface/${name}`, text);
