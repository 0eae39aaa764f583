/**
 * A write's line is printed only once it is committed: an apply of a multi-document file that
 * is killed or runs out of disk part-way has printed exactly the objects it stored — never a
 * `created` for a write that was rolled back. Large applies commit in batches, so what was
 * printed before the failure stays stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildOnce, cleanupBuild, clusterHome, kubemu, kubemuLimited, removeHome, writeFile } from './spawn-cli';

const BATCH = 100; // WRITE_BATCH_DOCS

/** configMaps renders n ConfigMaps named <prefix>-0000…, each with `bytes` of data. */
function configMaps(prefix: string, n: number, bytes = 0): string {
  const data = bytes ? `data:\n  k: ${'x'.repeat(bytes)}\n` : '';
  return Array.from({ length: n }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${prefix}-${String(i).padStart(4, '0')}\n${data}`).join('---\n');
}

function createdLines(stdout: string): string[] {
  return stdout.split('\n').filter((l) => l.endsWith(' created'));
}

function stored(home: string, prefix: string): string[] {
  return kubemu(home, ['get', 'configmaps', '-o', 'name']).stdout.split('\n').filter((l) => l.startsWith(`configmap/${prefix}-`));
}

describe('apply prints only what it committed', () => {
  const homes: string[] = [];
  beforeAll(() => buildOnce());
  afterAll(() => { for (const h of homes) removeHome(h); cleanupBuild(); });

  const cluster = () => {
    const home = clusterHome('commit', ['c', '--clock', 'manual', '--seed', '5']);
    homes.push(home);
    return home;
  };

  it('a kill before the first commit of a big apply printed nothing', () => {
    // 2 600 lines are over 64 KiB of output: enough to be flushed mid-apply if lines were printed as written.
    const home = cluster();
    const file = writeFile(home, 'many.yaml', configMaps('many', 2600));
    const killed = kubemu(home, ['apply', '-f', file], undefined, undefined, { KUBEMU_FAILPOINT: 'before-commit' });
    expect(killed.signal).toBe('SIGKILL');
    expect(createdLines(killed.stdout)).toEqual([]);
    expect(stored(home, 'many')).toEqual([]);
  }, 60_000);

  it('a kill in a later batch keeps exactly the batches it printed', () => {
    const home = cluster();
    const file = writeFile(home, 'some.yaml', configMaps('some', 250));
    const killed = kubemu(home, ['apply', '-f', file], undefined, undefined, { KUBEMU_FAILPOINT: 'before-commit@3' });
    expect(killed.signal).toBe('SIGKILL');
    const printed = createdLines(killed.stdout);
    expect(printed).toHaveLength(2 * BATCH);
    expect(stored(home, 'some')).toEqual(printed.map((l) => l.replace(/ created$/, '')));
    expect(kubemu(home, ['doctor']).code).toBe(0);
    // Re-running finishes the job: the stored ones are unchanged, the rest created.
    const again = kubemu(home, ['apply', '-f', file]);
    expect(again.code).toBe(0);
    expect(createdLines(again.stdout)).toHaveLength(50);
  }, 60_000);

  it('a full disk part-way leaves printed lines == stored objects, and says so in one line', () => {
    const home = cluster();
    // Small ConfigMaps fit; the big ones after them do not.
    const file = writeFile(home, 'mixed.yaml', `${configMaps('small', 1000)}---\n${configMaps('big', 100, 20_000)}`);
    const db = path.join(home, 'clusters', 'c', 'state.db');
    const r = kubemuLimited(home, ['apply', '-f', file], Math.ceil(fs.statSync(db).size / 1024) + 3000);
    expect(r.code).toBe(1);
    const printed = createdLines(r.stdout);
    expect(printed.length).toBeGreaterThan(0);
    expect(printed.length % BATCH).toBe(0);
    expect(r.stderr).toMatch(/^error: cannot write the cluster state \(.*is the disk full\?\); the objects listed above were written, the rest were not\n$/);
    expect([...stored(home, 'small'), ...stored(home, 'big')]).toEqual(printed.map((l) => l.replace(/ created$/, '')));
    expect(kubemu(home, ['doctor']).code).toBe(0);
  }, 60_000);
});
