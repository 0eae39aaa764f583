/**
 * What init containers leave in an emptyDir is there for the containers after them: the
 * next init container and the app's own command read it as they start (the documentation's
 * Indexed Job hands its input over this way). A running sibling's later writes are not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const POD = `apiVersion: v1
kind: Pod
metadata: {name: handoff}
spec:
  restartPolicy: Never
  initContainers:
  - name: fetch
    image: busybox
    command: ["sh", "-c", "echo hello > /input/data.txt"]
    volumeMounts: [{mountPath: /input, name: input}]
  - name: check
    image: busybox
    command: ["sh", "-c", "cat /in/data.txt; echo world >> /in/data.txt"]
    volumeMounts: [{mountPath: /in, name: input}]
  containers:
  - name: worker
    image: busybox
    command: ["rev", "/work/data.txt"]
    volumeMounts: [{mountPath: /work, name: input}]
  volumes:
  - {name: input, emptyDir: {}}
`;

describe('files init containers hand over in an emptyDir', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('handoff', 7);
    home.run(['apply', '-f', home.file('pod.yaml', POD)]);
    home.run('tick 30s');
  });
  afterAll(() => home.cleanup());

  it('are read by the next init container and by the app\'s command, at their own mount paths', () => {
    expect(home.run('logs handoff -c check')).toEqual({ stdout: 'hello\n', stderr: '', code: 0 });
    expect(home.run('logs handoff -c worker')).toEqual({ stdout: 'olleh\ndlrow\n', stderr: '', code: 0 });
    expect(home.run('get pod handoff -o jsonpath={.status.phase}').stdout).toBe('Succeeded');
  });
});
