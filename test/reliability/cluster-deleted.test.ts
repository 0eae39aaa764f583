/**
 * `cluster delete` while another command is using the cluster: the delete waits for the write
 * in progress to commit, removes the cluster, and the other command fails at its next write
 * with one line and exit 1 — it does not go on printing `created` into a cluster that no
 * longer exists, nor exit 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_MINUTE_CRONJOB, buildOnce, cleanupBuild, clusterHome, kubemu, kubemuStart, removeHome, untilStopped, writeFile } from './spawn-cli';

const DELETED = 'error: cluster "c" was deleted while the command ran\n';

function configMaps(n: number): string {
  return Array.from({ length: n }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-${String(i).padStart(4, '0')}\n`).join('---\n');
}

describe('cluster delete during a command', () => {
  const homes: string[] = [];
  beforeAll(() => buildOnce());
  afterAll(() => { for (const h of homes) removeHome(h); cleanupBuild(); });

  const cluster = () => {
    const home = clusterHome('gone', ['c', '--clock', 'manual', '--seed', '5']);
    homes.push(home);
    return home;
  };

  it('an apply stops at its next batch with one error line and exit 1', async () => {
    const home = cluster();
    const file = writeFile(home, 'many.yaml', configMaps(3000));
    // Held just after its first batch is committed and printed.
    const apply = kubemuStart(home, ['apply', '-f', file], { KUBEMU_FAILPOINT: 'after-batch-printed:stop' });
    await untilStopped(apply);
    expect(kubemu(home, ['cluster', 'delete', 'c'])).toMatchObject({ code: 0, stdout: 'cluster/c deleted\nSwitched to cluster "kubemu".\n', stderr: '' });
    process.kill(apply.pid, 'SIGCONT');
    const r = await apply.done;
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(DELETED);
    // Only the batch committed before the delete was reported.
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(100);
    expect(kubemu(home, ['cluster', 'list']).stderr).toBe('No resources found\n');
  }, 120_000);

  it('a long tick stops at its next step with one error line and exit 1', async () => {
    const home = cluster();
    expect(kubemu(home, ['apply', '-f', writeFile(home, 'cj.yaml', EVERY_MINUTE_CRONJOB)]).code).toBe(0);
    const tick = kubemuStart(home, ['tick', '720h'], { KUBEMU_FAILPOINT: 'after-tick-step:stop' });
    await untilStopped(tick);
    expect(kubemu(home, ['cluster', 'delete', 'c']).code).toBe(0);
    process.kill(tick.pid, 'SIGCONT');
    const r = await tick.done;
    expect(r).toMatchObject({ code: 1, stdout: '', stderr: DELETED });
  }, 120_000);
});
