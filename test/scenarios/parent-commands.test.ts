/**
 * Commands that only group others, and flags kubectl does not have, answered as kubectl 1.32
 * answers them (each expectation checked against kubectl 1.32).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/run-cli';

describe('parent commands and the flags kubectl lacks', () => {
  const home = tempHome();
  afterAll(() => home.cleanup());

  it('a parent without a subcommand prints its help and exits 1 (rollout on stdout, the others on stderr)', () => {
    const set = home.run('set');
    expect(set.code).toBe(1);
    expect(set.stdout).toBe('');
    expect(set.stderr.split('\n')[0]).toBe('Configure application resources.');
    expect(set.stderr).toContain('\nAvailable Commands:\n  env              Update environment variables on a pod template\n');
    const rollout = home.run('rollout');
    expect(rollout.code).toBe(1);
    expect(rollout.stderr).toBe('');
    expect(rollout.stdout.split('\n')[0]).toBe('Manage the rollout of one or many resources.');
    for (const cmd of ['top', 'auth', 'config', 'create secret', 'create service']) {
      const r = home.run(cmd);
      expect(r.code, cmd).toBe(1);
      expect(r.stderr, cmd).toContain('\nUsage:\n  kubectl ');
    }
  });

  it('words that name no subcommand are one unknown command, with the -h hint', () => {
    expect(home.run('set foo bar')).toEqual({ stdout: '', code: 1, stderr: 'error: unknown command "foo bar"\nSee \'kubectl set -h\' for help and examples\n' });
    expect(home.run('create secret foo')).toEqual({ stdout: '', code: 1, stderr: 'error: unknown command "foo"\nSee \'kubectl create secret -h\' for help and examples\n' });
    expect(home.run('rollout foo').stderr).toBe('error: unknown command "foo"\nSee \'kubectl rollout -h\' for help and examples\n');
    // certificate has no run of its own: cobra prints its help, exit 0.
    const cert = home.run('certificate foo');
    expect(cert.code).toBe(0);
    expect(cert.stdout.split('\n')[0]).toBe('Modify certificate resources.');
  });

  it('a generator two words deep parses its own flags only', () => {
    expect(home.run('create secret generic s1 --cert=x --dry-run=client')).toEqual({ stdout: '', code: 1, stderr: "error: unknown flag: --cert\nSee 'kubectl create secret generic --help' for usage.\n" });
    expect(home.run('create secret --from-literal=a=b')).toEqual({ stdout: '', code: 1, stderr: "error: unknown flag: --from-literal\nSee 'kubectl create secret --help' for usage.\n" });
    expect(home.run('create secret generic s1 --from-literal=a=b --dry-run=client -o name')).toEqual({ stdout: 'secret/s1\n', stderr: '', code: 0 });
    expect(home.run('create svc clusterip s --tcp=80 --dry-run=client -o name').stdout).toBe('service/s\n');
  });

  it('refuses flags kubectl does not have on those commands', () => {
    for (const [cmd, flag] of [['scale deploy/x --replicas=1', '-A'], ['expose deploy/x --port=80', '-A'], ['autoscale deploy/x --max=2', '-A'], ['set image deploy/x a=b', '-A'], ['edit deploy/x', '-l']] as const) {
      expect(home.run(`${cmd} ${flag}`).stderr, cmd).toMatch(new RegExp(`^error: unknown shorthand flag: '${flag[1]}' in ${flag}\n`));
    }
    expect(home.run('drain n1 --delete-local-data').stderr).toBe("error: unknown flag: --delete-local-data\nSee 'kubectl drain --help' for usage.\n");
    expect(home.run('edit deploy/x -o wide')).toEqual({ stdout: '', code: 1, stderr: 'error: unable to match a printer suitable for the output format "wide", allowed formats are: json,yaml\n' });
  });
});
