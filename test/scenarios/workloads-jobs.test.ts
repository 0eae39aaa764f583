import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const JOB = (name: string, spec: string, command: string) => `apiVersion: batch/v1
kind: Job
metadata:
  name: ${name}
spec:
${spec}
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox
        command: ["sh", "-c", "${command}"]
`;

function events(home: TempHome, kind: string, name: string): string[] {
  const list = JSON.parse(home.run('get events -o json').stdout).items
    .sort((a: { metadata: { resourceVersion: string } }, b: { metadata: { resourceVersion: string } }) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion))
    .filter((e: { involvedObject: { kind: string; name: string } }) => e.involvedObject.kind === kind && e.involvedObject.name === name);
  return list.map((e: { type: string; reason: string; message: string }) => `${e.type} ${e.reason} ${e.message}`);
}

describe('workloads: Jobs', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('jobs', 7); });
  afterEach(() => home.cleanup());

  it('runs a 3-completion, parallelism-2 Job to Complete', () => {
    const f = home.file('pi.yaml', JOB('pi', '  completions: 3\n  parallelism: 2', 'sleep 5; echo done'));
    expect(home.run(['apply', '-f', f])).toEqual({ stdout: 'job.batch/pi created\n', stderr: '', code: 0 });
    expect(home.run('get pods --no-headers').stdout.trim().split('\n')).toHaveLength(2);
    home.run('tick 1m');
    expect(home.run('get job pi').stdout).toBe(
      'NAME   STATUS     COMPLETIONS   DURATION   AGE\n'
      + 'pi     Complete   3/3           10s        60s\n');
    const job = JSON.parse(home.run('get job pi -o json').stdout);
    expect(job.status.conditions.map((c: { type: string; reason: string }) => `${c.type}/${c.reason}`)).toEqual([
      'SuccessCriteriaMet/CompletionsReached', 'Complete/CompletionsReached']);
    expect(job.status).toMatchObject({ succeeded: 3, ready: 0, terminating: 0, uncountedTerminatedPods: {} });
    const pods = JSON.parse(home.run('get pods -o json').stdout).items;
    expect(pods.map((p: { status: { phase: string } }) => p.status.phase)).toEqual(['Succeeded', 'Succeeded', 'Succeeded']);
    expect(pods.every((p: { metadata: { finalizers?: string[] } }) => !p.metadata.finalizers)).toBe(true);
    const ev = events(home, 'Job', 'pi');
    expect(ev.filter((e) => e.startsWith('Normal SuccessfulCreate Created pod: pi-'))).toHaveLength(3);
    expect(ev.at(-1)).toBe('Normal Completed Job completed');
  });

  it('fails a Job past its backoffLimit with back-off between retries', () => {
    const f = home.file('bad.yaml', JOB('bad', '  backoffLimit: 2', 'exit 1'));
    home.run(['apply', '-f', f]);
    home.run('tick 15s');
    expect(home.run('get pods --no-headers').stdout.trim().split('\n')).toHaveLength(2);
    home.run('tick 2m');
    expect(home.run('get job bad --no-headers').stdout).toBe('bad   Failed   0/1   2m15s   2m15s\n');
    const job = JSON.parse(home.run('get job bad -o json').stdout);
    expect(job.status.failed).toBe(3);
    expect(job.status.conditions.map((c: { type: string; reason: string }) => `${c.type}/${c.reason}`)).toEqual([
      'FailureTarget/BackoffLimitExceeded', 'Failed/BackoffLimitExceeded']);
    expect(job.status.completionTime).toBeUndefined();
    expect(events(home, 'Job', 'bad').at(-1)).toBe('Warning BackoffLimitExceeded Job has reached the specified backoff limit');
    // Pod ages show the 10s then 20s back-off between attempts.
    const ages = home.run('get pods --no-headers --sort-by=.metadata.creationTimestamp').stdout.trim().split('\n').map((l) => l.split(/ +/).slice(2).join(' '));
    expect(ages).toEqual(['Error 0 2m15s', 'Error 0 2m5s', 'Error 0 105s']);
  });

  it('names Indexed Job pods by completion index', () => {
    const f = home.file('ix.yaml', JOB('ix', '  completions: 3\n  parallelism: 3\n  completionMode: Indexed', 'echo $JOB_COMPLETION_INDEX'));
    home.run(['apply', '-f', f]);
    home.run('tick 30s');
    const pods = JSON.parse(home.run('get pods -o json').stdout).items;
    expect(pods.map((p: { metadata: { name: string } }) => p.metadata.name.replace(/-[^-]+$/, '')).sort()).toEqual(['ix-0', 'ix-1', 'ix-2']);
    expect(home.run(['get', 'job', 'ix', '-o', 'jsonpath={.status.completedIndexes} {.status.succeeded}']).stdout).toBe('0-2 3');
  });
});
