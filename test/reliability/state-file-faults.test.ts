/**
 * R4-light: a damaged or unusable state file gives one `error: …` line and exit 1, never a
 * stack trace — a corrupt middle, a truncated file, a read-only state directory, and a
 * file from a newer kubemu (PRAGMA user_version ahead of this build), an emptied file (refused,
 * not reinitialised), and a cluster created again after its state file was deleted under a
 * running watcher (the old write-ahead log must not be replayed into the new file).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { notAStateFile } from '../../src/cli/errors';
import { buildOnce, cleanupBuild, configMap, clusterHome, hasStackTrace, kubemu, kubemuShell, newHome, removeHome, writeFile, REPO } from './spawn-cli';
import { addonPath } from '../../src/store/sqlite/addon-path';

const homes: string[] = [];

/** freshCluster makes a home with a small cluster and returns it and its state file (checkpointed, no WAL left). */
function freshCluster(): { home: string; state: string } {
  const home = clusterHome('fault', ['f', '--clock', 'manual', '--seed', '7']);
  homes.push(home);
  expect(kubemu(home, ['apply', '-f', writeFile(home, 'cm.yaml', configMap('one', '1'))]).code).toBe(0);
  const state = path.join(home, 'clusters', 'f', 'state.db');
  return { home, state };
}

/** expectOneErrorLine asserts kubectl-style failure: exit 1, a single `error: ` line, no stack. */
function expectOneErrorLine(r: { stdout: string; stderr: string; code: number | null }): void {
  expect(r.code).toBe(1);
  expect(hasStackTrace(r.stderr + r.stdout)).toBe(false);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^error: /);
}

/** setUserVersion writes PRAGMA user_version with better-sqlite3 from this repo (test tooling, not kubemu code). */
function setUserVersion(file: string, v: number): void {
  const r = spawnSync(process.execPath, ['-e', `const D=require('better-sqlite3');const d=new D(process.argv[1],{nativeBinding:process.argv[2]});d.pragma('user_version = ${v}');d.close()`, file, addonPath() ?? ''], { cwd: REPO, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
}

describe('state file faults', { timeout: 300_000 }, () => {
  beforeAll(() => buildOnce());
  afterAll(() => cleanupBuild());
  afterEach(() => { while (homes.length) removeHome(homes.pop()!); });

  it('a corrupt middle gives one error line', () => {
    const { home, state } = freshCluster();
    const size = fs.statSync(state).size;
    const fd = fs.openSync(state, 'r+');
    // Overwrite the middle half of the file with garbage. (A single 4 KiB page in the
    // middle often lands on a free page, which SQLite never reads: no fault to see.)
    const n = Math.floor(size / 2);
    fs.writeSync(fd, Buffer.alloc(n, 0xa5), 0, n, Math.floor(size / 4));
    fs.closeSync(fd);
    const r = kubemu(home, ['get', 'pods', '-A']);
    expectOneErrorLine(r);
    const check = kubemu(home, ['doctor']);
    expect(check.code).toBe(1);
    expect(hasStackTrace(check.stderr + check.stdout)).toBe(false);
  });

  it('a truncated file gives one error line', () => {
    const { home, state } = freshCluster();
    fs.truncateSync(state, Math.floor(fs.statSync(state).size / 3));
    expectOneErrorLine(kubemu(home, ['get', 'configmaps']));
  });

  it('a read-only state directory gives one error line on write', () => {
    const { home, state } = freshCluster();
    const dir = path.dirname(state);
    fs.chmodSync(state, 0o444);
    fs.chmodSync(dir, 0o555);
    // root ignores permission bits, so as root run kubemu as "nobody", for whom the
    // (world-readable) state is read-only.
    const as = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
    if (as) for (const p of [home, path.dirname(dir)]) fs.chmodSync(p, 0o755);
    const manifest = writeFile(home, 'two.yaml', configMap('two', '2'));
    fs.chmodSync(manifest, 0o644);
    expectOneErrorLine(kubemu(home, ['apply', '-f', manifest], undefined, as));
  });

  it('a state file from a newer kubemu names the cause', () => {
    const { home, state } = freshCluster();
    setUserVersion(state, 999);
    const r = kubemu(home, ['get', 'pods']);
    expectOneErrorLine(r);
    expect(r.stderr).toMatch(/newer kubemu/);
  });

  it('an emptied state file is refused, not made into an empty cluster', () => {
    const { home, state } = freshCluster();
    const beside = fs.readdirSync(path.dirname(state)).sort();
    fs.truncateSync(state, 0);
    const line = `error: ${notAStateFile('f')}\n`;
    expect(kubemu(home, ['get', 'configmaps'])).toMatchObject({ stdout: '', stderr: line, code: 1 });
    const manifest = writeFile(home, 'two.yaml', configMap('two', '2'));
    expect(kubemu(home, ['apply', '-f', manifest])).toMatchObject({ stdout: '', stderr: line, code: 1 });
    // Nothing was written to it, nor beside it.
    expect(fs.statSync(state).size).toBe(0);
    expect(beside).toContain('state.db');
    expect(fs.readdirSync(path.dirname(state)).sort()).toEqual(beside);
  });

  it('a cluster created again after its state file was deleted under a watcher starts clean', async () => {
    const { home, state } = freshCluster();
    // A watcher holds the state file open, so the next command's log stays beside it.
    const watcher = kubemuShell(home, 'exec $KM get -w configmaps');
    const closed = new Promise<void>((resolve) => watcher.on('close', () => resolve()));
    try {
      // Its first lines say it has the file open (a watcher that died instead fails the next line).
      await Promise.race([new Promise<void>((resolve) => watcher.stdout!.once('data', () => resolve())), closed]);
      expect(watcher.exitCode).toBeNull();
      expect(kubemu(home, ['apply', '-f', writeFile(home, 'old.yaml', configMap('old', '1'))]).code).toBe(0);
      expect(fs.statSync(`${state}-wal`).size).toBeGreaterThan(0);
      fs.rmSync(state);
      expect(kubemu(home, ['cluster', 'create', 'f', '--clock', 'manual', '--seed', '7']).code).toBe(0);
      expect(kubemu(home, ['get', 'configmap', 'old', 'one', '--ignore-not-found', '-o', 'name'])).toMatchObject({ stdout: '', code: 0 });
      const check = kubemu(home, ['doctor']);
      expect(check.stdout + check.stderr).toMatch(/^ok: /);
      // Deleting the cluster takes its log and index with it.
      expect(kubemu(home, ['cluster', 'delete', 'f']).code).toBe(0);
      expect(fs.existsSync(path.dirname(state))).toBe(false);
    } finally {
      try { process.kill(-watcher.pid!, 'SIGKILL'); } catch { /* already gone */ }
      await closed;
    }
  });
});
