/**
 * What init containers leave in an emptyDir is there for the containers after them: the
 * next init container and the app's own command read it as they start. The documentation's
 * Indexed Job hands its input over this way, picked from a bash array by the pod's index.
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

const INDEXED_JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: 'indexed-job'
spec:
  completions: 5
  parallelism: 3
  completionMode: Indexed
  template:
    spec:
      restartPolicy: Never
      initContainers:
      - name: 'input'
        image: 'docker.io/library/bash'
        command:
        - "bash"
        - "-c"
        - |
          items=(foo bar baz qux xyz)
          echo \${items[\$JOB_COMPLETION_INDEX]} > /input/data.txt
        volumeMounts:
        - mountPath: /input
          name: input
      containers:
      - name: 'worker'
        image: 'docker.io/library/busybox'
        command:
        - "rev"
        - "/input/data.txt"
        volumeMounts:
        - mountPath: /input
          name: input
      volumes:
      - name: input
        emptyDir: {}
`;

describe('the documentation\'s Indexed Job', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('indexed', 7);
    home.run(['apply', '-f', home.file('job.yaml', INDEXED_JOB)]);
    home.run('tick 2m');
  });
  afterAll(() => home.cleanup());

  it('completes, each worker reversing the item its index picked', () => {
    expect(home.run('get job indexed-job -o jsonpath={.status.succeeded}').stdout).toBe('5');
    const pods = home.run(['get', 'pods', '-o', 'jsonpath={range .items[*]}{.metadata.name}{"\\n"}{end}']).stdout.trim().split('\n');
    const byIndex = pods.map((p) => [p.split('-')[2], home.run(`logs ${p} -c worker`).stdout] as const).sort();
    expect(byIndex).toEqual([['0', 'oof\n'], ['1', 'rab\n'], ['2', 'zab\n'], ['3', 'xuq\n'], ['4', 'zyx\n']]);
  });

  it('runs bash for `bash` in the bash image, whose sh is busybox\'s', () => {
    const pod = home.run(['run', 'b', '--image=bash', '--restart=Never', '-i', '--rm', '--', 'bash', '-c', 'a=(x y); echo ${#a[@]}; sh -c "b=(1)"']);
    expect(pod.stdout).toBe('2\nsh: syntax error: unexpected "("\npod "b" deleted\n');
  });
});
