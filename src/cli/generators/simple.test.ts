import { describe, expect, it } from 'vitest';
import { createCronJob, type CreateCronJobOptions } from './cronjob';
import { GeneratorError } from './generator-error';
import { createJob, createJobFromCronJob, type CreateJobOptions, FROM_MUST_BE_CRONJOB } from './job';
import { createNamespace } from './namespace';
import { createServiceAccount } from './serviceaccount';
import { expectSameAsKubectl } from './oracle.test-helper';

describe('namespace and serviceaccount match kubectl', () => {
  it('namespace', () => expectSameAsKubectl('namespace', ['create', 'namespace', 'dev'], () => createNamespace('dev')));
  it('serviceaccount', () => expectSameAsKubectl('serviceaccount', ['create', 'serviceaccount', 'builder'], () => createServiceAccount('builder')));
  it('serviceaccount with namespace', () =>
    expectSameAsKubectl('serviceaccount-ns', ['create', 'serviceaccount', 'builder', '-n', 'ci'], () => createServiceAccount('builder', { namespace: 'ci' })));
});

const jobs: { name: string; args: string[]; o: CreateJobOptions }[] = [
  { name: 'image', args: ['--image=busybox'], o: { image: 'busybox' } },
  { name: 'image and command', args: ['--image=busybox', '--', 'echo', 'hi'], o: { image: 'busybox', command: ['echo', 'hi'] } },
  { name: 'neither image nor from', args: [], o: {} },
  { name: 'both image and from', args: ['--image=x', '--from=cronjob/y'], o: { image: 'x', from: 'cronjob/y' } },
];

describe('createJob matches kubectl create job', () => {
  for (const tc of jobs) {
    it(tc.name, () => expectSameAsKubectl(`job-${tc.name}`, ['create', 'job', 'once', ...tc.args], () => createJob('once', tc.o)));
  }
});

const cronjobs: { name: string; args: string[]; o: CreateCronJobOptions }[] = [
  { name: 'with command', args: ['--image=busybox', '--schedule=*/5 * * * *', '--', 'date'], o: { image: 'busybox', schedule: '*/5 * * * *', command: ['date'] } },
  { name: 'restart never', args: ['--image=busybox', '--schedule=@daily', '--restart=Never'], o: { image: 'busybox', schedule: '@daily', restart: 'Never' } },
  { name: 'restart unchecked', args: ['--image=busybox', '--schedule=@daily', '--restart=Bogus'], o: { image: 'busybox', schedule: '@daily', restart: 'Bogus' } },
  { name: 'missing both required flags', args: [], o: {} },
  { name: 'missing schedule', args: ['--image=busybox'], o: { image: 'busybox' } },
  { name: 'image given empty', args: ['--image=', '--schedule=@daily'], o: { image: '', schedule: '@daily' } },
  { name: 'schedule given empty', args: ['--image=busybox', '--schedule='], o: { image: 'busybox', schedule: '' } },
];

describe('createCronJob matches kubectl create cronjob', () => {
  for (const tc of cronjobs) {
    it(tc.name, () => expectSameAsKubectl(`cronjob-${tc.name}`, ['create', 'cronjob', 'tick', ...tc.args], () => createCronJob('tick', tc.o)));
  }
});

describe('createJobFromCronJob', () => {
  // The stored CronJob as the API server would hold it (fields in arbitrary order, server defaults set).
  const cronJob = {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name: 'tick', namespace: 'default', uid: '5f311ecf-d384-4169-9482-131fae404c93' },
    spec: {
      schedule: '*/5 * * * *',
      jobTemplate: {
        metadata: { labels: { team: 'a' }, annotations: { zz: '1', 'cronjob.kubernetes.io/instantiate': 'scheduled' } },
        spec: {
          backoffLimit: 6,
          template: { spec: { restartPolicy: 'OnFailure', containers: [{ image: 'busybox', command: ['date'], name: 'tick' }] } },
        },
      },
    },
  };
  it('copies the job template and points back at the CronJob, in kubectl key order', () => {
    const job = createJobFromCronJob('from-cj', cronJob);
    expect(JSON.stringify(job)).toBe(JSON.stringify({
      kind: 'Job',
      apiVersion: 'batch/v1',
      metadata: {
        name: 'from-cj',
        creationTimestamp: null,
        labels: { team: 'a' },
        annotations: { 'cronjob.kubernetes.io/instantiate': 'scheduled', zz: '1' },
        ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'tick', uid: '5f311ecf-d384-4169-9482-131fae404c93', controller: true }],
      },
      spec: {
        backoffLimit: 6,
        template: {
          metadata: { creationTimestamp: null },
          spec: { containers: [{ name: 'tick', image: 'busybox', command: ['date'], resources: {} }], restartPolicy: 'OnFailure' },
        },
      },
      status: {},
    }));
  });
  it('matches the capture in kubectl-generators.md for a minimal CronJob', () => {
    const minimal = { ...cronJob, spec: { schedule: '*/5 * * * *', jobTemplate: { spec: cronJob.spec.jobTemplate.spec } } };
    const job = createJobFromCronJob('from-cj', minimal);
    expect(job.metadata).toEqual({
      name: 'from-cj', creationTimestamp: null, annotations: { 'cronjob.kubernetes.io/instantiate': 'manual' },
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'tick', uid: '5f311ecf-d384-4169-9482-131fae404c93', controller: true }],
    });
  });
  it('does not alias the CronJob', () => {
    const job = createJobFromCronJob('j', cronJob);
    job.spec.template.spec.containers[0].image = 'changed';
    expect(cronJob.spec.jobTemplate.spec.template.spec.containers[0]!.image).toBe('busybox');
  });
  it('refuses anything but a CronJob', () => {
    expect(() => createJobFromCronJob('j', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' } }))
      .toThrow(new GeneratorError(FROM_MUST_BE_CRONJOB));
  });
});
