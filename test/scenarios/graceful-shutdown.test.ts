/**
 * A shell as a container's PID 1 and the kubelet's SIGTERM: ignored unless the script traps it,
 * and a trap runs only when the shell next has control (after the foreground command, at once
 * in `wait`), as busybox's ash does. Deleted pods go when their shells end; a liveness kill of
 * a trapping shell ends with the trap's status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const pod = (name: string, script: string, extra = '') => `apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec:
  containers:
  - name: app
    image: busybox
    command: ["sh", "-c", ${JSON.stringify(script)}]${extra}
`;
const PODS = [
  pod('loops', "trap 'echo got SIGTERM; exit 0' TERM; while true; do echo working; sleep 7; done"),
  pod('ignores', 'while true; do echo working; sleep 5; done'),
  pod('waits', "trap 'exit 0' TERM; sleep 3600 & wait"),
  pod('blocked', "trap 'exit 0' TERM; sleep 3600"),
  pod('forwards', `trap 'kill -TERM "$child"; wait "$child"; exit 0' TERM; sleep 3600 & child=$!; wait "$child"`),
].join('---\n');

const PROBED = pod('probed', "trap 'exit 0' TERM; while true; do sleep 1; done", `
    livenessProbe: {exec: {command: ["cat", "/tmp/healthy"]}, periodSeconds: 5, failureThreshold: 1}`);

describe('a shell as PID 1 and SIGTERM', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('graceful', 7);
    home.run(['apply', '-f', home.file('pods.yaml', PODS)]);
    home.run('tick 30s');
  });
  afterAll(() => home.cleanup());

  it('ends a deleted pod when its trap ends the shell: at once in wait (forwarding the signal to a child too), after the running sleep in a loop', () => {
    const started = Date.parse(home.run('get pod loops -o jsonpath={.status.containerStatuses[0].state.running.startedAt}').stdout);
    const now = Date.parse(home.run('get pod loops -o jsonpath={.metadata.creationTimestamp}').stdout) + 30_000;
    // The loop's sleep 7 running when the signal comes ends at the next multiple of 7s from the start: 5s from now.
    expect(Math.ceil((now - started) / 7000) * 7000 - (now - started)).toBe(5000);
    const left = () => home.run('get pods --no-headers -o custom-columns=N:.metadata.name').stdout;
    expect(home.run('delete pod loops ignores waits blocked forwards --wait=false').code).toBe(0);
    home.run('tick 1s');
    expect(left()).toBe('blocked\nignores\nloops\n');
    home.run('tick 3s');
    expect(left()).toBe('blocked\nignores\nloops\n');
    home.run('tick 1s');
    // Without a trap, or with its foreground command still running, the grace period ends it.
    expect(left()).toBe('blocked\nignores\n');
    home.run('tick 25s');
    expect(left()).toBe('');
  });

  it("ends a liveness-killed container with its trap's status, without waiting out the grace period", () => {
    home.run(['apply', '-f', home.file('probed.yaml', PROBED)]);
    home.run('tick 20s');
    const last = home.run(['get', 'pod', 'probed', '-o', 'jsonpath={.status.containerStatuses[0].lastState.terminated.exitCode} {.status.containerStatuses[0].lastState.terminated.reason}']).stdout;
    expect(last).toBe('0 Completed');
  });
});
