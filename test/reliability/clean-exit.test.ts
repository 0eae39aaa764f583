/**
 * A command ends without Node's teardown (src/cli/entry.ts), so the state file must be closed
 * before process.exit, not by the driver's cleanup at teardown: checked here on the built
 * binary, as users run it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildOnce, cleanupBuild, clusterHome, kubemu, removeHome } from './spawn-cli';

let home = '';
beforeAll(() => {
  buildOnce();
  home = clusterHome('exit', ['c', '--clock', 'manual', '--seed', '3']);
}, 120_000);
afterAll(() => { cleanupBuild(); removeHome(home); });

/** sideFiles lists what SQLite left beside the state file. */
function sideFiles(): string[] {
  return fs.readdirSync(path.join(home, 'clusters', 'c')).filter((n) => /^state\.db-(wal|shm)$/.test(n)).sort();
}

describe('a command ends with its state file closed', () => {
  it('a write checkpoints its log into the state file before the process ends', () => {
    const r = kubemu(home, ['create', 'deployment', 'web', '--image=nginx', '--replicas=2']);
    expect(r).toMatchObject({ code: 0, stdout: 'deployment.apps/web created\n', stderr: '' });
    expect(sideFiles()).toEqual([]);
    expect(kubemu(home, ['get', 'deploy', 'web', '-o', 'jsonpath={.status.replicas}']).stdout).toBe('2');
  });

  it("a failing command keeps kubectl's exit code", () => {
    const r = kubemu(home, ['get', 'deployment', 'nope']);
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: 'Error from server (NotFound): deployments.apps "nope" not found\n' });
    expect(sideFiles()).toEqual([]);
  });
});
