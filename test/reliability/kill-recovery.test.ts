/**
 * R2-light: SIGKILL a shell loop of `kubemu apply` / `kubemu tick` at a random moment after
 * its first acknowledged command, a few times. After each kill the next command must work,
 * `doctor` must pass, and every create the loop saw acknowledged must be stored.
 * (Randomness here is the test's own, not the cluster's: kill timing is what varies.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce, cleanupBuild, configMap, clusterHome, kubemu, kubemuShell, removeHome, writeFile } from './spawn-cli';

const ROUNDS = Number(process.env.KUBEMU_KILL_ROUNDS ?? 3);
const PER_LOOP = 30;

describe('kill -9 during apply/tick', () => {
  let home: string;
  beforeAll(() => {
    buildOnce();
    home = clusterHome('kill', ['f', '--clock', 'manual', '--seed', '7']);
  });
  afterAll(() => { removeHome(home); cleanupBuild(); });

  it(`survives ${ROUNDS} kills with acknowledged creates intact`, { timeout: 600_000 }, async () => {
    const acked: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const lines: string[] = [];
      for (let i = 0; i < PER_LOOP; i++) {
        const name = `k-${round}-${i}`;
        const f = writeFile(home, `${name}.yaml`, configMap(name, String(i)));
        // Print the name only after kubemu exited 0: that is the acknowledgement.
        lines.push(`$KM apply -f '${f}' >/dev/null 2>&1 && echo ${name}`);
        if (i % 5 === 4) lines.push('$KM tick 10s >/dev/null 2>&1');
      }
      const child = kubemuShell(home, lines.join('\n'));
      let out = '';
      const first = new Promise<void>((resolve) => child.stdout!.on('data', (d) => { out += d; resolve(); }));
      const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
      await Promise.race([first, closed]);
      await new Promise((r) => setTimeout(r, Math.random() * 1500));
      // Kill the loop's whole process group: bash and the kubemu it is running.
      try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already finished */ }
      await closed;
      acked.push(...out.split('\n').filter(Boolean));

      const next = kubemu(home, ['get', 'configmaps', '-o', 'json']);
      expect(next.code, next.stderr).toBe(0);
      const stored = new Set((JSON.parse(next.stdout).items as { metadata: { name: string } }[]).map((o) => o.metadata.name));
      expect(acked.filter((n) => !stored.has(n))).toEqual([]);
      const check = kubemu(home, ['doctor']);
      expect(check.stdout + check.stderr).toMatch(/^ok: /);
      expect(check.code).toBe(0);
    }
    expect(acked.length).toBeGreaterThan(0);
  });
});
