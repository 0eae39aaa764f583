/**
 * container-tail-follow: busybox `tail -F FILE` (follow by name, retrying) on a file that does
 * not exist yet warns once and waits, as a log-tailing sidecar started before its app does;
 * `tail -f` prints what the file holds and keeps following. Neither exits, so neither crash-loops.
 * In exec, a file another container of the pod writes into a shared emptyDir is there to read:
 * `tail -f` prints what it holds so far and, on a manual clock, returns.
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

  it('exec in a sidecar reads what the app wrote into a shared emptyDir, at the sidecar\'s mount path', () => {
    const pod = `apiVersion: v1
kind: Pod
metadata: {name: pair}
spec:
  volumes: [{name: d, emptyDir: {}}]
  containers:
  - name: app
    image: busybox
    command: ["sh", "-c", "echo one > /data/app.log; sleep 20; echo two >> /data/app.log; sleep 3600"]
    volumeMounts: [{name: d, mountPath: /data}]
  - name: side
    image: busybox
    command: ["sleep", "3600"]
    volumeMounts: [{name: d, mountPath: /shared}]
`;
    expect(home.run(['apply', '-f', home.file('pair.yaml', pod)]).code).toBe(0);
    expect(home.run('tick 10s').code).toBe(0);
    expect(home.run('exec pair -c side -- cat /shared/app.log')).toEqual({ stdout: 'one\n', stderr: '', code: 0 });
    expect(home.run('tick 30s').code).toBe(0);
    expect(home.run('exec pair -c side -- tail -f /shared/app.log')).toEqual({ stdout: 'one\ntwo\n', stderr: '', code: 0 });
    // A path outside the shared volume stays the app's own.
    expect(home.run('exec pair -c side -- ls /data')).toEqual({ stdout: '', stderr: 'ls: /data: No such file or directory\ncommand terminated with exit code 1\n', code: 1 });
  });
});
