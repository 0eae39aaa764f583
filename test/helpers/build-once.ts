/**
 * build-once: builds dist/ (scripts/build.mjs) when the sources changed since it was last built,
 * however many test files and workers need the real binary. Each file building for itself cost
 * a few seconds per file and, with two workers, two builds raced over dist/. The run's folder
 * (runDir, named by KUBEMU_TEST_RUN, which vitest.config.mts sets) holds the private copies
 * of the binary tests run, removed when the run ends.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..');
const WAIT_MS = 300_000;

/** runDir is this run's folder for the private copies of the binary (made on first use). */
export function runDir(): string {
  const dir = path.join(os.tmpdir(), `kubemu-test-run-${process.env.KUBEMU_TEST_RUN ?? process.pid}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * removeRunDir is vitest's global teardown (vitest.config.mts): the run's copies go with the
 * run, not with each file, as a kubemu a test started may still be reading its copy.
 */
export function removeRunDir(): void {
  fs.rmSync(path.join(os.tmpdir(), `kubemu-test-run-${process.env.KUBEMU_TEST_RUN ?? process.pid}`), { recursive: true, force: true });
}

/**
 * ensureBuilt returns once dist/ is built from the current sources, building it if not. One
 * process builds at a time (a lock directory beside the other test folders: vitest may load
 * its config, and so name a run, in more than one process); the others wait, then find the
 * build stamp fresh and go on.
 */
export function ensureBuilt(): void {
  const lock = path.join(os.tmpdir(), 'kubemu-test-build.lock');
  const deadline = Date.now() + WAIT_MS;
  const nap = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    if (isFresh()) return;
    let mine = false;
    try { fs.mkdirSync(lock); mine = true; } catch (e) { if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; }
    if (mine) {
      try {
        if (isFresh()) return;
        const sources = sourceStamp();
        const r = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'build.mjs')], { cwd: REPO, encoding: 'utf8' });
        if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
        fs.writeFileSync(STAMP, sources);
        return;
      } finally {
        fs.rmSync(lock, { recursive: true, force: true });
      }
    }
    // A lock left by a killed run is broken once it is older than any build takes.
    try { if (Date.now() - fs.statSync(lock).mtimeMs > WAIT_MS) fs.rmSync(lock, { recursive: true, force: true }); } catch { /* gone */ }
    if (Date.now() > deadline) throw new Error(`dist/ was not built within ${WAIT_MS / 1000}s (${lock})`);
    Atomics.wait(nap, 0, 0, 100);
  }
}

/** STAMP records the sources dist/ was built from (the build writes dist/ afresh, removing it). */
const STAMP = path.join(REPO, 'dist', '.built-from');

function isFresh(): boolean {
  try { return fs.readFileSync(STAMP, 'utf8') === sourceStamp(); } catch { return false; }
}

/** sourceStamp names the newest change to what the build reads: src/, scripts/, package-lock.json. */
function sourceStamp(): string {
  let newest = 0;
  let count = 0;
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else { count++; newest = Math.max(newest, fs.statSync(full).mtimeMs); }
    }
  };
  for (const d of ['src', 'scripts']) walk(path.join(REPO, d));
  newest = Math.max(newest, fs.statSync(path.join(REPO, 'package-lock.json')).mtimeMs);
  return `${count} files, newest ${newest}`;
}
