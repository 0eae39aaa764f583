import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { optionsText } from '../../src/cli/commands/options';

// kubemu's own verbs parse with yargs: generated help with examples, strict options, "did
// you mean", and the global flags kubectl's verbs take.
describe('own verbs on yargs', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('own', 7); });
  afterEach(() => home.cleanup());

  it('generate help with options, examples and the options hint', () => {
    const r = home.run('cluster create --help');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^kubemu cluster create <name>\n\nCreate a cluster and make it current\n\nOptions:\n/);
    expect(r.stdout).toMatch(/\n {6}--workers +Number of worker nodes\. +\[number\] \[default: 2\]\n/);
    expect(r.stdout).toContain('\nExamples:\n  kubemu cluster create dev --clock manual --seed 7 ');
    expect(r.stdout.endsWith('\nUse "kubemu options" for a list of global command-line options (applies to all commands).\n')).toBe(true);
    expect(home.run('node --help').stdout).toMatch(/\n  kubemu node partition <name> +Cut a node off from the control plane/);
  });

  it('refuse unknown flags in one line with kubectl\'s hint', () => {
    expect(home.run('cluster create x --wokers 3')).toEqual({ stdout: '', stderr: "error: unknown flag: --wokers\nSee 'kubemu cluster create --help' for usage.\n", code: 1 });
    expect(home.run('tick 5s -z')).toEqual({ stdout: '', stderr: "error: unknown shorthand flag: 'z' in -z\nSee 'kubemu tick --help' for usage.\n", code: 1 });
  });

  it('refuse a number option that is not a number, as pflag does', () => {
    expect(home.run('node add w9 --max-pods abc')).toEqual({ stdout: '', stderr: 'error: invalid argument "abc" for "--max-pods" flag: strconv.ParseInt: parsing "abc": invalid syntax\n', code: 1 });
    expect(home.run('node add w9 --max-pods 2.5').stderr).toBe('error: invalid argument "2.5" for "--max-pods" flag: strconv.ParseInt: parsing "2.5": invalid syntax\n');
    expect(home.run('node add w9 --max-pods=-3')).toEqual({ stdout: '', stderr: 'error: invalid configuration: maxPods (--max-pods) -3 must not be a negative number\n', code: 1 });
    expect(home.run('get node w9').code).toBe(1);
    expect(home.run('cluster create x --workers=many').stderr).toBe('error: invalid argument "many" for "--workers" flag: strconv.ParseInt: parsing "many": invalid syntax\n');
    expect(home.run('get node w9').code).toBe(1);
  });

  it('suggest the subcommand a typo meant', () => {
    expect(home.run('cluster craete x')).toEqual({ stdout: '', stderr: 'error: unknown command "craete" for "kubemu cluster"; did you mean "create"?\n', code: 1 });
    expect(home.run('node stpo worker01').stderr).toBe('error: unknown command "stpo" for "kubemu node"; did you mean "stop"?\n');
    expect(home.run('cluster zzzzzz').stderr).toBe('error: unknown command "zzzzzz" for "kubemu cluster"\n');
  });

  it('say what is missing', () => {
    expect(home.run('node')).toEqual({ stdout: '', stderr: "error: specify a subcommand: add, remove, stop, start, partition, heal, pressure, manifests, proxy-rules\nSee 'kubemu node --help' for usage.\n", code: 1 });
    expect(home.run('tick 5s 6s')).toEqual({ stdout: '', stderr: "error: unexpected arguments for 'kubemu tick': 6s\n", code: 1 });
  });

  it('take the global flags, before or after the verb', () => {
    expect(home.run('cluster create other --clock manual').code).toBe(0);
    expect(home.run('cluster use own').code).toBe(0);
    expect(home.run('--cluster other tick 1s').stdout).toBe('2026-01-01T00:05:00Z -> 2026-01-01T00:05:01Z: no events\n');
    expect(home.run('tick 2s --cluster=other').stdout).toBe('2026-01-01T00:05:01Z -> 2026-01-01T00:05:03Z: no events\n');
    expect(home.run('tick 1s').stdout).toBe('2026-01-01T00:05:00Z -> 2026-01-01T00:05:01Z: no events\n');
    expect(home.run('tick 1s -q')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(home.run('tick --quiet 1s')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(home.run('tick 1s').stdout).toBe('2026-01-01T00:05:03Z -> 2026-01-01T00:05:04Z: no events\n');
    expect(home.run('why pod/x -n kube-system').stderr).toBe('Error from server (NotFound): pods "x" not found\n');
    expect(home.run('--cluster nope node stop worker01').stderr).toBe("error: cluster \"nope\" does not exist; create it with 'kubemu cluster create nope'\n");
  });
});

describe('kubemu options', () => {
  it('lists the global flags as kubectl options does', () => {
    const home = manualCluster('opts', 1);
    try {
      const r = home.run('options');
      expect(r).toEqual({ stdout: optionsText(), stderr: '', code: 0 });
      expect(r.stdout).toMatch(/^The following options can be passed to any command:\n\n {4}--as='':\n\tUsername to impersonate/);
      expect(r.stdout).toContain("\n    -n, --namespace='':\n\tIf present, the namespace scope for this CLI request\n");
      expect(r.stdout).toContain('\n    -v, --v=0:\n\tnumber for the log level verbosity\n');
      expect(r.stdout).not.toContain('--help');
      expect(r.stdout.endsWith('\n\n')).toBe(true);
    } finally { home.cleanup(); }
  });
});

describe('__complete', () => {
  it('answers in cobra\'s protocol: candidates, then the directive', () => {
    const home = manualCluster('comp', 1);
    try {
      expect(home.run(['__complete', 'cluster', 'c'])).toEqual({ stdout: 'create\tCreate a cluster and make it current\n:4\n', stderr: 'Completion ended with directive: ShellCompDirectiveNoFileComp\n', code: 0 });
      // A command's own flags, then kubectl's global ones.
      expect(home.run(['__complete', 'cluster', 'create', '--wo']).stdout).toBe('--workers\tNumber of worker nodes.\n:4\n');
      expect(home.run(['__complete', 'cluster', 'create', '--w']).stdout).toBe('--workers\tNumber of worker nodes.\n--warnings-as-errors\tTreat warnings received from the server as errors and exit with a non-zero exit code\n:4\n');
      expect(home.run(['__complete', 'ti']).stdout).toBe("tick\tAdvance the cluster's simulated clock (kubemu)\n:4\n");
      expect(home.run(['__complete', 'rollout', 'his']).stdout).toMatch(/^history\t.+\n:4\n$/);
      expect(home.run(['__complete', 'get', '--namesp']).stdout).toBe('--namespace\tIf present, the namespace scope for this CLI request\n:4\n');
    } finally { home.cleanup(); }
  });
});
