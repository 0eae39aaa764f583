/**
 * R1-light: 8 real kubemu processes at once, 25 creates each, against one manual cluster.
 * Every acknowledged create must be stored, no process may see a lock/busy error, all
 * resourceVersions stay unique, and the invariant checker passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce, cleanupBuild, configMap, kubemu, kubemuAsync, newHome, removeHome, writeFile, type ProcResult } from './spawn-cli';

const PROCS = 8;
const PER_PROC = 25;

describe('concurrent writers', () => {
  let home: string;
  beforeAll(() => {
    buildOnce();
    home = newHome('conc');
    expect(kubemu(home, ['cluster', 'create', 'c', '--clock', 'manual', '--seed', '7']).code).toBe(0);
  });
  afterAll(() => { removeHome(home); cleanupBuild(); });

  it('stores 200/200 creates from 8 processes with no lock errors', { timeout: 600_000 }, async () => {
    // One kubemu invocation per object, so 200 separate transactions race for the write lock.
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
