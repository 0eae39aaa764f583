/**
 * cli: runs the built kubemu binary (bin/kubemu) against a temporary KUBEMU_HOME, the
 * way a user's shell would — benchmarks measure only the real CLI end to end.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** REPO is the repository root (bench/lib/../..). */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * KUBEMU is the built CLI's shim. After ensureBuilt it points at a private copy of bin/ and
 * dist/ (node_modules linked back), so a rebuild of dist/ by someone else during a long
 * benchmark cannot hand a process a half-written bundle.
 */
export let KUBEMU = path.join(REPO, 'bin', 'kubemu');

/** ensureBuilt builds dist/ unless --no-build was given, then snapshots bin/ and dist/. */
export function ensureBuilt(argv = process.argv) {
  if (!argv.includes('--no-build')) {
    const r = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'build.mjs')], { cwd: REPO, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build failed');
  }
  KUBEMU = snapshotBuild(REPO);
}

/**
 * snapshotBuild copies a built tree's bin/ and dist/ (node_modules linked back) into a
 * temporary folder removed at exit, and returns the copy's kubemu shim: a rebuild of the tree
 * during a long benchmark cannot hand a process a half-written bundle.
 */
export function snapshotBuild(dir) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-bench-bin-'));
  fs.cpSync(path.join(dir, 'bin'), path.join(copy, 'bin'), { recursive: true });
  fs.cpSync(path.join(dir, 'dist'), path.join(copy, 'dist'), { recursive: true });
  fs.symlinkSync(fs.realpathSync(path.join(dir, 'node_modules')), path.join(copy, 'node_modules'));
  fs.copyFileSync(path.join(dir, 'package.json'), path.join(copy, 'package.json'));
  process.on('exit', () => fs.rmSync(copy, { recursive: true, force: true }));
  return path.join(copy, 'bin', 'kubemu');
}

/**
 * cpuTimed runs cmd under GNU time with KUBEMU_HOME=home and returns { cpuMs (user + system,
 * in GNU time's 10 ms steps), wallMs, stdout }; throws on a non-zero exit.
 */
export function cpuTimed(cmd, home) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', ...cmd], { env: envFor(home), encoding: 'utf8', maxBuffer: 512 << 20 });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const lines = r.stderr.trimEnd().split('\n');
  const [user, sys] = lines.pop().split(' ').map(Number);
  if (r.status !== 0) throw new Error(`${cmd.slice(1).join(' ')} exited ${r.status}: ${lines.join('\n').slice(-500)}`);
  return { cpuMs: (user + sys) * 1000, wallMs, stdout: r.stdout };
}

/** tempHome makes a fresh KUBEMU_HOME; the caller removes it with removeHome. */
export function tempHome(tag = 'bench') {
  return fs.mkdtempSync(path.join(os.tmpdir(), `kubemu-${tag}-`));
}

/** removeHome deletes a temporary home. */
export function removeHome(home) {
  fs.rmSync(home, { recursive: true, force: true });
}

/** envFor is the environment every kubemu invocation of a benchmark runs with. */
export function envFor(home) {
  return { ...process.env, KUBEMU_HOME: home, NO_COLOR: '1', KUBECONFIG: '' };
}

/** km runs `kubemu ...args` to completion and returns { code, stdout, stderr, ms }; throws unless the exit code is allowed. */
export function km(home, args, { input, allow = [0], nodeArgs = [] } = {}) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [...nodeArgs, KUBEMU, ...args], {
    env: envFor(home), input, encoding: 'utf8', maxBuffer: 256 << 20,
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (!allow.includes(r.status)) {
    throw new Error(`kubemu ${args.join(' ')} exited ${r.status}: ${(r.stderr || '').slice(0, 500)}`);
  }
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, ms };
}

/** manualCluster creates and selects a manual-clock cluster in home. */
export function manualCluster(home, name = 'bench', extra = []) {
  km(home, ['cluster', 'create', name, '--clock', 'manual', '--seed', '7', ...extra]);
  return name;
}

/** writeTemp writes a file under home and returns its path. */
export function writeTemp(home, name, text) {
  const p = path.join(home, name);
  fs.writeFileSync(p, text);
  return p;
}
