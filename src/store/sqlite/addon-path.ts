/**
 * addon-path: where better-sqlite3's native addon for the running Node is. The addon is
 * built for one Node ABI; a checkout that runs under several Node lines (CI runs 20, 22
 * and 24) keeps one build per ABI in `build/node-v<ABI>/`, beside npm's own `build/Release/`.
 */
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import type { Options } from 'better-sqlite3';

/** ADDON_FILE is the addon's file name in either folder. */
const ADDON_FILE = 'better_sqlite3.node';

/**
 * addonPath is the addon for this process's ABI (process.versions.modules), handed to
 * better-sqlite3 directly: its own lookup (the `bindings` package) probes a dozen paths at
 * every start and stops at npm's build even when that is for another ABI. Undefined (its
 * own lookup) if neither folder has one.
 */
export function addonPath(): string | undefined {
  const build = nodePath.join(packageDir(), 'build');
  for (const dir of [`node-v${process.versions.modules}`, 'Release']) {
    const file = nodePath.join(build, dir, ADDON_FILE);
    if (fs.existsSync(file)) return file;
  }
  return undefined;
}

/**
 * packageDir is better-sqlite3's folder: the first node_modules up from here that has it, as
 * Node's lookup finds it, a stat per folder (require.resolve also reads the package's
 * package.json and resolves symlinks, ~1.5 ms of every start). Anywhere else (NODE_PATH, the
 * global folders), require.resolve.
 */
function packageDir(): string {
  for (let dir = __dirname; ; dir = nodePath.dirname(dir)) {
    const pkg = nodePath.join(dir, 'node_modules', 'better-sqlite3');
    if (fs.existsSync(pkg)) return pkg;
    if (nodePath.dirname(dir) === dir) return nodePath.dirname(require.resolve('better-sqlite3/package.json'));
  }
}

let loaded: object | undefined;

/**
 * nativeAddon is addonPath()'s addon, loaded once per process by process.dlopen (a require()
 * of the file resolves it and its symlinks first: ~0.7 ms of every start), for better-sqlite3's
 * nativeBinding, which takes the addon itself as well as a path (its typings name only the
 * path); undefined (its own lookup) without one.
 */
export function nativeAddon(): Options['nativeBinding'] {
  if (!loaded) {
    const file = addonPath();
    if (!file) return undefined;
    const addon = { exports: {} };
    process.dlopen(addon, file);
    loaded = addon.exports;
  }
  return loaded as unknown as Options['nativeBinding'];
}
