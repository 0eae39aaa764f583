import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const CRONJOB = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: hello
spec:
  schedule: "*/5 * * * *"
  successfulJobsHistoryLimit: 2
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
          - name: hello
            image: busybox
            command: ["sh", "-c", "date; echo Hello"]
`;

describe('workloads: CronJobs', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('cron', 7); });
  afterEach(() => home.cleanup());

  it('runs */5 jobs at their minutes across a 16m tick and keeps the history limit', () => {
    const f = home.file('cj.yaml', CRONJOB);
    expect(home.run(['apply', '-f', f]).stdout).toBe('cronjob.batch/hello created\n');
    // The cluster clock starts at 00:05:00 after warm-up: runs fall at 00:10, 00:15 and 00:20.
    expect(home.run('tick 16m').code).toBe(0);
    expect(home.run('get cronjob hello').stdout).toBe(
      'NAME    SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE\n'
      + 'hello   */5 * * * *   <none>     False     0        60s             16m\n');
    expect(home.run('get jobs').stdout).toBe(
      'NAME             STATUS     COMPLETIONS   DURATION   AGE\n'
      + 'hello-29453775   Complete   1/1           0s         6m\n'
      + 'hello-29453780   Complete   1/1           0s         60s\n');
    const cj = JSON.parse(home.run('get cronjob hello -o json').stdout);
    expect(cj.status).toEqual({ lastScheduleTime: '2026-01-01T00:20:00Z', lastSuccessfulTime: '2026-01-01T00:20:00Z' });
    const ev = JSON.parse(home.run('get events -o json').stdout).items
    .sort((a: { metadata: { resourceVersion: string } }, b: { metadata: { resourceVersion: string } }) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion))
      .filter((e: { involvedObject: { kind: string } }) => e.involvedObject.kind === 'CronJob')
      .map((e: { reason: string; message: string }) => `${e.reason} ${e.message}`);
    expect(ev).toEqual([
      'SuccessfulCreate Created job hello-29453770', 'SawCompletedJob Saw completed job: hello-29453770, status: Complete',
      'SuccessfulCreate Created job hello-29453775', 'SawCompletedJob Saw completed job: hello-29453775, status: Complete',
      'SuccessfulCreate Created job hello-29453780', 'SawCompletedJob Saw completed job: hello-29453780, status: Complete',
      'SuccessfulDelete Deleted job hello-29453770',
    ]);
    const job = JSON.parse(home.run('get job hello-29453780 -o json').stdout);
    expect(job.metadata.annotations['batch.kubernetes.io/cronjob-scheduled-timestamp']).toBe('2026-01-01T00:20:00Z');
    expect(job.metadata.ownerReferences[0]).toMatchObject({ kind: 'CronJob', name: 'hello', controller: true });
  });

  it('a suspended CronJob creates nothing', () => {
    home.run(['apply', '-f', home.file('cj.yaml', CRONJOB.replace('  schedule:', '  suspend: true\n  schedule:'))]);
    home.run('tick 16m');
    expect(home.run('get jobs')).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', code: 0 });
  });
});
