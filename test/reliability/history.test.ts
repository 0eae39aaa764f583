/**
 * R1 history: 4 real kubemu processes × 12 random commands (apply, patch, scale, delete,
 * label, replace with fresh or stale resourceVersions, tick) on one manual cluster; the
 * pure checker (bench/lib/history-check.mjs) must count zero violations of every kind.
 * The checker itself is exercised on a synthetic lost update and silent overwrite.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM bench helpers without type declarations
import { ensureBuilt as copyBuilt, KUBEMU } from '../../bench/lib/cli.mjs';
import { ensureBuilt } from '../helpers/build-once';
// @ts-expect-error plain ESM bench helpers without type declarations
import { checkHistory, conflictText } from '../../bench/lib/history-check.mjs';
// @ts-expect-error plain ESM bench helpers without type declarations
import { runWorkload } from '../../bench/r1-history.mjs';

const zero = { lostUpdate: 0, rvOrder: 0, staleReplace: 0, generation: 0, busy: 0, debugCheck: 0, unexpectedExit: 0 };

describe('R1 history checker', () => {
  const cm = (uid: string, rv: number, data: Record<string, string>) => ({ uid, rv, labels: {}, data });
  const rec = (op: string, start: number, extra: object) => ({ kind: 'configmap', name: 'c', op, code: 0, err1: '', busy: false, start, end: start + 1, write: true, ...extra });
  const ok = { code: 0, stdout: 'ok: 1 objects, 9 checks\n' };

  it('accepts a consistent history', () => {
    const records = [
      rec('apply', 0, { value: 'a', obj: cm('u', 10, { k: 'a' }) }),
      rec('patch', 2, { value: 'b', obj: cm('u', 11, { k: 'a', p: 'b' }) }),
      rec('replace', 4, { value: 'c', rvRead: '11', obj: cm('u', 12, { k: 'c', p: 'b' }) }),
      rec('replace', 6, { value: 'd', rvRead: '11', stale: true, code: 1, obj: undefined,
        err1: conflictText('/f', 'configmaps', 'c'), file: '/f' }),
    ];
    const r = checkHistory({ records, final: { 'configmap/c': cm('u', 12, { k: 'c', p: 'b' }) }, check: ok });
    expect(r.counts).toEqual(zero);
  });

  it('counts a lost update, a silent overwrite and a busy text', () => {
    const records = [
      rec('apply', 0, { value: 'a', obj: cm('u', 10, { k: 'a' }) }),
      rec('patch', 2, { value: 'b', obj: cm('u', 11, { k: 'a', p: 'b' }) }),
      // This replace read rv 10 yet succeeded after rv 11 was acknowledged, and dropped p.
      rec('replace', 4, { value: 'c', rvRead: '10', obj: cm('u', 12, { k: 'c' }), busy: true }),
      rec('replace', 6, { value: 'd', rvRead: '11', stale: true, obj: cm('u', 13, { k: 'd' }) }),
    ];
    const r = checkHistory({ records, final: { 'configmap/c': cm('u', 13, { k: 'd' }) }, check: ok });
    expect(r.counts.lostUpdate).toBeGreaterThan(0);
    expect(r.counts.staleReplace).toBe(2);
    expect(r.counts.busy).toBe(1);
    expect(r.pass).toBe(false);
  });
});

describe('R1 history (4 processes × 12 commands)', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-rel-r1-'));
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

  it('has zero violations of every kind', { timeout: 600_000 }, async () => {
    // Build under the suite's lock (another test may be building or running dist/), then take a copy.
    ensureBuilt();
    copyBuilt(['--no-build']);
    const { records, result } = await runWorkload({ bin: KUBEMU, home, procs: 4, commands: 12, seed: 3 });
    expect(records.length).toBeGreaterThanOrEqual(48);
    expect(result.details).toEqual([]);
    expect(result.counts).toEqual(zero);
  });
});
