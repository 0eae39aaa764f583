// Bundles the CLI with esbuild. Two bundles: a tiny entry (argument fast paths such as
// `version --client` and `--help`, which must start as fast as node itself) and the full
// program, which the entry loads only when a command needs it.
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: false,
  // Minified: a third of the bytes to read and scan at every start (names are kept for error messages).
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  external: ['better-sqlite3', './main.js'],
};

await build({ ...common, entryPoints: ['src/cli/entry.ts'], outfile: 'dist/entry.js' });
await build({ ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/main.js' });

// Code caches belong to one bundle; drop those of earlier builds.
for (const f of readdirSync('dist')) if (f.startsWith('.main.') && f.endsWith('.cache')) rmSync(`dist/${f}`);
