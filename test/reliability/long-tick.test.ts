/**
 * A long tick advances in committed steps: another process can write while it runs (it gets
 * the write lock between two steps instead of failing with "the cluster is busy"), and a kill
 * keeps the progress committed so far, in a consistent state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  EVERY_MINUTE_CRONJOB, buildOnce, cleanupBuild, clusterHome, kubemu, kubemuStart, processState, removeHome, untilStopped, writeFile,
} from './spawn-cli';

/** START is the new cluster's clock (bootstrap warms up 5 minutes); the tick below aims 30 days past it. */
const START = Date.parse('2026-01-01T00:05:00Z');
const TARGET = START + 720 * 3_600_000;

describe('long tick', () => {
  const homes: string[] = [];
  beforeAll(() => buildOnce());
  afterAll(() => { for (const h of homes) removeHome(h); cleanupBuild(); });

  const cluster = () => {
    // clusterHome's create exits 0 with nothing on stderr.
    const home = clusterHome('tick', ['c', '--clock', 'manual', '--seed', '5']);
    homes.push(home);
    expect(kubemu(home, ['apply', '-f', writeFile(home, 'cj.yaml', EVERY_MINUTE_CRONJOB)]).code).toBe(0);
    return home;
  };

  const lastSchedule = (home: string) =>
    Date.parse(kubemu(home, ['get', 'cronjob', 'every-minute', '-o', 'jsonpath={.status.lastScheduleTime}']).stdout);

  it('lets another process write between two of its steps', async () => {
    const home = cluster();
    // Held inside its second step (and every later one), with the write lock.
    const tick = kubemuStart(home, ['tick', '720h'], { KUBEMU_FAILPOINT: 'in-tick-step@2:stop' });
    try {
      await untilStopped(tick);
      const writer = kubemuStart(home, ['create', 'configmap', 'during-tick']);
      // The writer queues for the lock (and says so) before the tick goes on.
      const dir = path.join(home, 'clusters', 'c');
      while (!fs.readdirSync(dir).some((n) => n.startsWith('state.db.waiting-'))) {
        expect(processState(writer.pid), writer.stderr()).not.toBe('');
        await new Promise((r) => setTimeout(r, 20));
      }
      process.kill(tick.pid, 'SIGCONT');
      // The tick commits its second step and is held again inside its third: the writer got in between.
      await untilStopped(tick);
      expect(kubemu(home, ['get', 'configmap', 'during-tick', '--ignore-not-found', '-o', 'name']).stdout).toBe('configmap/during-tick\n');
      expect(await writer.done).toMatchObject({ code: 0, stdout: 'configmap/during-tick created\n', stderr: '' });
    } finally {
      process.kill(tick.pid, 'SIGKILL');
      await tick.done;
    }
    expect(kubemu(home, ['doctor']).code).toBe(0);
  }, 120_000);

  it('keeps its committed progress when killed', async () => {
    const home = cluster();
    const killed = kubemu(home, ['tick', '720h'], undefined, undefined, { KUBEMU_FAILPOINT: 'after-tick-step@3' }, 90_000);
    expect(killed.signal).toBe('SIGKILL');
    // Three committed steps: the clock stands somewhere between the start and the target.
    const reached = lastSchedule(home);
    expect(reached).toBeGreaterThan(START);
    expect(reached).toBeLessThan(TARGET);
    const check = kubemu(home, ['doctor']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    // History limits hold at every committed step: 3 succeeded Jobs kept, at most one running.
    const jobs = kubemu(home, ['get', 'jobs', '--no-headers']).stdout.trim().split('\n');
    expect(jobs.length).toBeLessThanOrEqual(4);
    // The next tick goes on from there.
    expect(kubemu(home, ['tick', '1m']).code).toBe(0);
    expect(lastSchedule(home)).toBeGreaterThan(reached);
  }, 120_000);
});
