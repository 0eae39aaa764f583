/**
 * build-once: builds dist/ (scripts/build.mjs) once per test run, however many test files and
 * workers need the real binary. Each file building for itself cost a few seconds per file and,
 * with two workers, two builds raced over dist/. The first caller in a run takes a lock
 * directory and builds; the others wait for its verdict. A run is named by KUBEMU_TEST_RUN,
 * which vitest.config.mts sets in the main process, so every worker of one run shares it.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..');
const WAIT_MS = 300_000;

/** ensureBuilt returns once this run's build of dist/ has finished, and throws if it failed. */
export function ensureBuilt(): void {
  const lock = path.join(os.tmpdir(), `kubemu-test-build-${process.env.KUBEMU_TEST_RUN ?? process.pid}`);
  let mine = false;
  try { fs.mkdirSync(lock); mine = true; } catch (e) { if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; }
  if (mine) {
    const r = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'build.mjs')], { cwd: REPO, encoding: 'utf8' });
    fs.writeFileSync(path.join(lock, r.status === 0 ? 'done' : 'failed'), r.stderr ?? '');
  }
  const deadline = Date.now() + WAIT_MS;
  const nap = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    if (fs.existsSync(path.join(lock, 'done'))) return;
    const failed = path.join(lock, 'failed');
    if (fs.existsSync(failed)) throw new Error(`build failed: ${fs.readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`build did not finish within ${WAIT_MS / 1000}s (${lock})`);
    Atomics.wait(nap, 0, 0, 100);
  }
}
