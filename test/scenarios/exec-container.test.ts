/**
 * The container a learner pokes at with `kubectl exec`: files written by one exec are there
 * for the next while the container lives, and gone once it restarts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const PODS = `apiVersion: v1
kind: Pod
metadata: {name: box}
spec:
  containers:
  - {name: box, image: busybox:1.36, command: ["sleep", "3600"]}
---
apiVersion: v1
kind: Pod
metadata: {name: flaky}
spec:
  containers:
  - {name: c, image: busybox:1.36, command: ["sh", "-c", "sleep 60; exit 1"]}
`;

describe('exec: the container\'s writable filesystem', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('fs', 7);
    home.run(['apply', '-f', home.file('pods.yaml', PODS)]);
    home.run('tick 10s');
  });
  afterAll(() => home.cleanup());

  it('keeps what one exec wrote for the next', () => {
    expect(home.run(['exec', 'box', '--', 'sh', '-c', 'echo hi > /tmp/x; echo more >> /tmp/x'])).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(home.run('exec box -- cat /tmp/x')).toEqual({ stdout: 'hi\nmore\n', stderr: '', code: 0 });
    expect(home.run('exec box -- ls /tmp')).toEqual({ stdout: 'x\n', stderr: '', code: 0 });
    expect(home.run(['exec', 'box', '--', 'sh', '-c', 'rm /tmp/x'])).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(home.run('exec box -- cat /tmp/x')).toEqual({ stdout: '', stderr: "cat: can't open '/tmp/x': No such file or directory\ncommand terminated with exit code 1\n", code: 1 });
  });

  it('fails writes past the layer\'s size as a full disk does', () => {
    expect(home.run(['exec', 'box', '--', 'sh', '-c', 'seq 20000 > /tmp/big'])).toEqual({
      stdout: '', stderr: 'sh: write error: No space left on device\ncommand terminated with exit code 1\n', code: 1,
    });
    expect(home.run('exec box -- cat /tmp/big').code).toBe(1);
  });

  it('starts a restarted container with a fresh filesystem', () => {
    expect(home.run(['exec', 'flaky', '--', 'sh', '-c', 'echo keep > /tmp/k']).code).toBe(0);
    expect(home.run('exec flaky -- cat /tmp/k').stdout).toBe('keep\n');
    home.run('tick 75s');
    expect(home.run('get pod flaky -o jsonpath={.status.containerStatuses[0].restartCount}').stdout).toBe('1');
    expect(home.run('exec flaky -- cat /tmp/k')).toEqual({ stdout: '', stderr: "cat: can't open '/tmp/k': No such file or directory\ncommand terminated with exit code 1\n", code: 1 });
  });
});
