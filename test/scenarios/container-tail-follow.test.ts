/**
 * container-tail-follow: busybox `tail -F FILE` (follow by name, retrying) on a file that does
 * not exist yet warns once and waits, as a log-tailing sidecar started before its app does;
 * `tail -f` prints what the file holds and keeps following. Neither exits, so neither crash-loops.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const home = manualCluster('tailf', 7);
afterAll(() => home.cleanup());

describe('tail -f and -F as a container command', () => {
  it('tail -F of a missing file waits instead of crash-looping', () => {
    expect(home.run('run waiter --image=busybox --command -- tail -F /var/log/app.log').code).toBe(0);
    expect(home.run('tick 2m').code).toBe(0);
    expect(home.run('get pod waiter -o jsonpath={.status.containerStatuses[0].state.running.startedAt}/{.status.containerStatuses[0].restartCount}'))
      .toEqual({ stdout: '2026-01-01T00:05:00Z/0', stderr: '', code: 0 });
    expect(home.run('logs waiter')).toEqual({ stdout: "tail: can't open '/var/log/app.log': No such file or directory\n", stderr: '', code: 0 });
  });

  it('tail -f prints the file and keeps running', () => {
    expect(home.run(['run', 'follower', '--image=busybox', '--command', '--', 'sh', '-c', 'printf "one\\ntwo\\n" > /tmp/x.log; tail -f /tmp/x.log']).code).toBe(0);
    expect(home.run('tick 1m').code).toBe(0);
    expect(home.run('logs follower')).toEqual({ stdout: 'one\ntwo\n', stderr: '', code: 0 });
    expect(home.run('get pod follower -o jsonpath={.status.phase}/{.status.containerStatuses[0].restartCount}')).toEqual({ stdout: 'Running/0', stderr: '', code: 0 });
  });
});
