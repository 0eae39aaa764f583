import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster, tempHome } from '../helpers/run-cli';

const stamped = (out: string): { ms: number; line: string }[] =>
  out.split('\n').filter(Boolean).map((line) => ({ ms: Date.parse(line.slice(0, line.indexOf(' '))), line }));

describe('logs --since, --since-time and -f', () => {
  const home = manualCluster('logs', 7);
  afterAll(() => home.cleanup());

  it('--since-time keeps the lines at or after that time; --since counts back from the cluster\'s now', () => {
    expect(home.run(['run', 'loop', '--image=busybox', '--', 'sh', '-c', 'while true; do echo tick; sleep 10; done']).code).toBe(0);
    expect(home.run('tick 95s').code).toBe(0);
    const all = stamped(home.run('logs loop --timestamps').stdout);
    expect(all.length).toBeGreaterThanOrEqual(8);
    const third = all[2]!.line.split(' ')[0]!;
    expect(home.run(`logs loop --timestamps --since-time=${third}`)).toEqual({ stdout: all.slice(2).map((l) => `${l.line}\n`).join(''), stderr: '', code: 0 });
    expect(home.run(`logs loop --since-time=${third} --tail=2`).stdout).toBe('tick\ntick\n');
    // The cluster's now: a new object's creationTimestamp.
    expect(home.run('create configmap now').code).toBe(0);
    const now = Date.parse(home.run('get cm now -o jsonpath={.metadata.creationTimestamp}').stdout);
    const want = all.filter((l) => l.ms >= now - 25_000).map((l) => `${l.line}\n`).join('');
    expect(want.split('\n').length - 1).toBeGreaterThanOrEqual(2);
    expect(home.run('logs loop --timestamps --since=25s').stdout).toBe(want);
    expect(home.run('logs loop --since=1h').stdout.split('\n').length - 1).toBe(all.length);
  });

  it('--all-pods prints every pod of a workload, each line prefixed with its source; --pod-running-timeout must be above zero', () => {
    expect(home.run(['create', 'deployment', 'pair', '--image=busybox', '--replicas=2', '--', 'sh', '-c', 'echo up from $HOSTNAME; sleep 3600']).code).toBe(0);
    expect(home.run('tick 30s').code).toBe(0);
    const pods = home.run(['get', 'pods', '-l', 'app=pair', '-o', 'jsonpath={.items[*].metadata.name}']).stdout.split(' ');
    expect(pods).toHaveLength(2);
    const r = home.run('logs deploy/pair --all-pods');
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').filter(Boolean).sort()).toEqual(pods.map((p) => `[pod/${p}/busybox] up from ${p}`).sort());
    // Without it kubectl picks one pod and says so.
    expect(home.run('logs deploy/pair').stderr).toMatch(/^Found 2 pods, using pod\/pair-\w+-\w+\n$/);
    expect(home.run('logs deploy/pair --pod-running-timeout=0s')).toEqual({ stdout: '', stderr: 'error: --pod-running-timeout must be higher than zero\n', code: 1 });
  });

  it('--max-log-requests bounds only what -f follows at once: a selector\'s plain read prints every pod (kubectl 1.32 through serve)', () => {
    const one = home.run('logs -l app=pair --max-log-requests=1');
    expect(one.stdout.split('\n').filter(Boolean)).toHaveLength(2);
    expect(home.run('logs -l app=pair -f --max-log-requests=1')).toEqual({
      stdout: '', code: 1,
      stderr: 'error: you are attempting to follow 2 log streams, but maximum allowed concurrency is 1, use --max-log-requests to increase the limit\n',
    });
  });

  it('refuses bad --since and --since-time values with kubectl\'s texts', () => {
    expect(home.run('logs loop --since=abc')).toEqual({ stdout: '', stderr: 'error: invalid argument "abc" for "--since" flag: time: invalid duration "abc"\nSee \'kubectl logs --help\' for usage.\n', code: 1 });
    expect(home.run('logs loop --since=-5s')).toEqual({ stdout: '', stderr: 'error: --since must be greater than 0\n', code: 1 });
    expect(home.run('logs loop --since=5s --since-time=2026-01-01T00:00:00Z')).toEqual({ stdout: '', stderr: 'error: at most one of `sinceTime` or `sinceSeconds` may be specified\n', code: 1 });
    expect(home.run('logs loop --since-time=yesterday').stderr).toBe('error: parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"\n');
    expect(home.run('logs loop --since-time=2024-01-01').stderr).toBe('error: parsing time "2024-01-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"\n');
    expect(home.run('logs loop --since-time=2024-01-01T10:00:00Zjunk').stderr).toBe('error: parsing time "2024-01-01T10:00:00Zjunk": extra text: "junk"\n');
    expect(home.run('logs loop --since-time=2024-13-01T10:00:00Z').stderr).toBe('error: parsing time "2024-13-01T10:00:00Z": month out of range\n');
  });

  it('ends a stream\'s last line without a newline as containerd writes it: when the process ends, not before', () => {
    expect(home.run(['run', 'done', '--image=busybox', '--restart=Never', '--', 'sh', '-c', 'echo one; printf two']).code).toBe(0);
    expect(home.run(['run', 'typing', '--image=busybox', '--', 'sh', '-c', 'echo one; printf two; sleep 3600']).code).toBe(0);
    expect(home.run('tick 20s').code).toBe(0);
    expect(home.run('logs done')).toEqual({ stdout: 'one\ntwo', stderr: '', code: 0 });
    // Still running: containerd waits for the rest of "two" before it writes the line.
    expect(home.run('logs typing')).toEqual({ stdout: 'one\n', stderr: '', code: 0 });
    expect(home.run('logs done --timestamps').stdout).toMatch(/^\S+Z one\n\S+Z two$/);
  });

  it('-f on a manual-clock cluster prints the logs so far and returns (time cannot move while it waits)', () => {
    const r = home.run('logs loop -f');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(home.run('logs loop').stdout);
  });
});

describe('logs -f on a wall-clock cluster', () => {
  const home = tempHome();
  afterAll(() => home.cleanup());

  it('follows a running container until it stops', () => {
    expect(home.run('cluster create w --clock wall --seed 7').code).toBe(0);
    expect(home.run(['run', 'once', '--image=busybox', '--restart=Never', '--', 'sh', '-c', 'echo one; sleep 2; echo two']).code).toBe(0);
    expect(home.run('wait --for=condition=Ready pod/once').code).toBe(0);
    // The container is running and has written only "one": following prints "two" once it comes, then ends.
    expect(home.run('logs once -f')).toEqual({ stdout: 'one\ntwo\n', stderr: '', code: 0 });
    expect(home.run('get pod once -o jsonpath={.status.phase}').stdout).toBe('Succeeded');
  }, 20_000);
});
