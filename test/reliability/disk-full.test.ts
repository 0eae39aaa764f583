/**
 * R4 disk full: a write that runs out of room (a file-size limit stands in for a full disk)
 * fails with one error line and exit 1, leaves nothing half-written, and once there is room
 * again the same command succeeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildOnce, cleanupBuild, kubemu, kubemuLimited, newHome, removeHome } from './spawn-cli';

describe('disk full', () => {
  let home: string;
  beforeAll(() => {
    buildOnce();
    home = newHome('full');
    expect(kubemu(home, ['cluster', 'create', 'd', '--clock', 'manual']).code).toBe(0);
  });
  afterAll(() => { removeHome(home); cleanupBuild(); });

  it('refuses the write in one line and changes nothing', () => {
    const db = path.join(home, 'clusters', 'd', 'state.db');
    const limitKiB = Math.ceil(fs.statSync(db).size / 1024) + 64;
    const r = kubemuLimited(home, ['create', 'deployment', 'big', '--image=nginx', '--replicas=400'], limitKiB);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: cannot write the cluster state \(.*is the disk full\?\); nothing was changed\n$/);
    expect(kubemu(home, ['get', 'deploy', 'big', '--ignore-not-found', '-o', 'name']).stdout).toBe('');
    expect(kubemu(home, ['doctor']).code).toBe(0);
    expect(kubemu(home, ['create', 'deployment', 'big', '--image=nginx', '--replicas=400']).stdout).toBe('deployment.apps/big created\n');
  });
});
