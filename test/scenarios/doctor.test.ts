/**
 * doctor: kubemu's invariant checker is `kubemu doctor` (kubectl's `debug` is another verb);
 * the old `kubemu debug check` still runs for one release, with a warning.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const home = manualCluster('doc', 7);
afterAll(() => home.cleanup());

describe('kubemu doctor', () => {
  it('checks the state file and says ok', () => {
    const r = home.run('doctor');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ok: \d+ objects, \d+ checks\n$/);
  });

  it('keeps debug check as a deprecated spelling', () => {
    const doctor = home.run('doctor');
    expect(home.run('debug check')).toEqual({
      stdout: doctor.stdout,
      stderr: "Warning: 'kubemu debug check' is deprecated and will be removed; use 'kubemu doctor'\n",
      code: 0,
    });
    const help = home.run('--help').stdout;
    expect(help).toMatch(/\n {2}doctor {2,}Check the cluster state against kubemu's \d+ invariants \(kubemu\)\n/);
    // `debug` itself is kubectl's verb now (debug.test.ts).
    expect(help).toMatch(/\n {2}debug {2,}Create debugging sessions for troubleshooting workloads and nodes\n/);
  });

  it('refuses arguments with the spelling the user typed', () => {
    expect(home.run('doctor extra')).toEqual({ stdout: '', stderr: "error: unexpected arguments for 'kubemu doctor': extra\n", code: 1 });
  });
});
