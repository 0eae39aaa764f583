/**
 * R1-light: 8 real kubemu processes at once, 10 creates each (KUBEMU_CONCURRENT_CREATES for
 * more), against one manual cluster.
 * Every acknowledged create must be stored, no process may see a lock/busy error, all
 * resourceVersions stay unique, and the invariant checker passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce, cleanupBuild, configMap, clusterHome, kubemu, kubemuAsync, removeHome, writeFile, type ProcResult } from './spawn-cli';

const PROCS = 8;
// Eight processes keep the write lock contended throughout; each create is a process start
// (about 0.3 CPU-seconds), and 25 each made this the suite's slowest file.
const PER_PROC = Number(process.env.KUBEMU_CONCURRENT_CREATES ?? 10);

describe('concurrent writers', () => {
  let home: string;
  beforeAll(() => {
    buildOnce();
    home = clusterHome('conc', ['f', '--clock', 'manual', '--seed', '7']);
  });
  afterAll(() => { removeHome(home); cleanupBuild(); });

  it(`stores ${PROCS * PER_PROC}/${PROCS * PER_PROC} creates from ${PROCS} processes with no lock errors`, { timeout: 600_000 }, async () => {
    // One kubemu invocation per object, so PROCS x PER_PROC separate transactions race for the write lock.
    const runs: Promise<ProcResult[]>[] = [];
    for (let p = 0; p < PROCS; p++) {
      const files: string[] = [];
      for (let i = 0; i < PER_PROC; i++) files.push(writeFile(home, `cm-${p}-${i}.yaml`, configMap(`cm-${p}-${i}`, `${p}.${i}`)));
      runs.push((async () => {
        const out: ProcResult[] = [];
        for (const f of files) out.push(await kubemuAsync(home, ['apply', '-f', f]));
        return out;
      })());
    }
    const results = (await Promise.all(runs)).flat();
    const failed = results.filter((r) => r.code !== 0);
    expect(failed.map((r) => r.stderr)).toEqual([]);
    for (const r of results) expect(`${r.stdout}${r.stderr}`).not.toMatch(/locked|busy/i);

    const list = kubemu(home, ['get', 'configmaps', '-o', 'json']);
    expect(list.code).toBe(0);
    const items = JSON.parse(list.stdout).items as { metadata: { name: string; resourceVersion: string } }[];
    const ours = items.filter((o) => o.metadata.name.startsWith('cm-'));
    expect(ours).toHaveLength(PROCS * PER_PROC);
    const rvs = ours.map((o) => o.metadata.resourceVersion);
    expect(new Set(rvs).size).toBe(rvs.length);

    const check = kubemu(home, ['doctor']);
    expect(check.stdout).toMatch(/^ok: \d+ objects, \d+ checks\n$/);
    expect(check.code).toBe(0);
  });
});
