import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { describeCronJob } from './cronjob';
import { describeDaemonSet } from './daemonset';
import { describeDeployment, deploymentReplicaSets } from './deployment';
import { describeJob, capIndexesListOrNone } from './job';
import { describeReplicaSet } from './replicaset';
import { describeStatefulSet } from './statefulset';
import { event, golden, makeCtx } from './test-helpers';

const NOW = new Date('2026-11-30T01:26:46Z');
const nginxTemplate = (labels: Record<string, string>, image = 'nginx:1.27'): any => ({
  metadata: { labels },
  spec: { containers: [{ name: 'nginx', image, ports: [{ containerPort: 80, protocol: 'TCP' }] }] },
});
const owner = (kind: string, name: string, uid: string): any => [{ apiVersion: 'apps/v1', kind, name, uid, controller: true }];
const scaling = (message: string, secondsAgo: number) => event(NOW, { reason: 'ScalingReplicaSet', from: 'deployment-controller', message, first: secondsAgo });

const deployment: KubeObject = {
  apiVersion: 'apps/v1', kind: 'Deployment',
  metadata: { name: 'web', namespace: 'default', uid: 'dep-uid', creationTimestamp: '2026-11-29T22:22:17Z', labels: { app: 'web' }, annotations: { 'deployment.kubernetes.io/revision': '2' } },
  spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: nginxTemplate({ app: 'web' }), strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } }, minReadySeconds: 0 },
  status: {
    replicas: 3, updatedReplicas: 3, availableReplicas: 2, unavailableReplicas: 1,
    conditions: [{ type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable' }, { type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated' }],
  },
};
const rs = (name: string, hash: string, replicas: number, created: string, image: string): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'ReplicaSet',
  metadata: {
    name, namespace: 'default', uid: `uid-${name}`, creationTimestamp: created, labels: { app: 'web', 'pod-template-hash': hash },
    annotations: { 'deployment.kubernetes.io/desired-replicas': '3', 'deployment.kubernetes.io/max-replicas': '4', 'deployment.kubernetes.io/revision': '2' },
    ownerReferences: owner('Deployment', 'web', 'dep-uid'),
  },
  spec: { replicas, selector: { matchLabels: { app: 'web', 'pod-template-hash': hash } }, template: nginxTemplate({ app: 'web', 'pod-template-hash': hash }, image) },
  status: { replicas },
});
const newRS = rs('web-7c5ddbdf54', '7c5ddbdf54', 3, '2026-11-30T01:16:17Z', 'nginx:1.27');
const oldRS = rs('web-5d6b8f7c49', '5d6b8f7c49', 0, '2026-11-29T22:22:17Z', 'nginx:1.26');
const rsPod = (name: string, phase: string, ownerUid = 'uid-web-7c5ddbdf54'): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name, namespace: 'default', labels: { app: 'web', 'pod-template-hash': '7c5ddbdf54' }, ownerReferences: owner('ReplicaSet', 'web-7c5ddbdf54', ownerUid) },
  spec: { containers: [] }, status: { phase },
});

describe('describeDeployment', () => {
  it('rolling deployment with old and new ReplicaSets', () => {
    const events = [
      scaling('Scaled up replica set web-5d6b8f7c49 from 0 to 3', 11040),
      scaling('Scaled up replica set web-7c5ddbdf54 from 0 to 1', 629),
      scaling('Scaled down replica set web-5d6b8f7c49 from 3 to 2', 628),
      scaling('Scaled up replica set web-7c5ddbdf54 from 1 to 2', 627),
      scaling('Scaled down replica set web-5d6b8f7c49 from 2 to 1', 626),
      scaling('Scaled up replica set web-7c5ddbdf54 from 2 to 3', 625),
      scaling('Scaled down replica set web-5d6b8f7c49 from 1 to 0', 590),
    ];
    expect(describeDeployment(deployment, makeCtx(NOW, events, [newRS, oldRS]))).toBe(golden('deployment-web'));
  });

  it('finds the new ReplicaSet by template, ignoring pod-template-hash', () => {
    const foreign = { ...rs('other-1', '1', 1, '2026-11-29T00:00:00Z', 'nginx:1.27'), metadata: { ...newRS.metadata, name: 'other-1', ownerReferences: owner('Deployment', 'x', 'x') } };
    const { oldRSs, newRS: found } = deploymentReplicaSets(deployment, makeCtx(NOW, [], [newRS, oldRS, foreign]));
    expect(found?.metadata.name).toBe('web-7c5ddbdf54');
    expect(oldRSs.map((r) => r.metadata.name)).toEqual(['web-5d6b8f7c49']);
  });

  it('omits the ReplicaSet lines when it controls none', () => {
    expect(describeDeployment(deployment, makeCtx(NOW))).not.toContain('NewReplicaSet');
  });
});

describe('describeReplicaSet', () => {
  it('counts only the pods it controls', () => {
    const pods = [rsPod('a', 'Running'), rsPod('b', 'Running'), rsPod('c', 'Pending'), rsPod('orphan', 'Running', 'someone-else')];
    const ev = (reason: string, message: string, s: number) => event(NOW, { reason, from: 'replicaset-controller', message, first: s });
    const events = [
      ev('SuccessfulCreate', 'Created pod: web-7c5ddbdf54-2xkqp', 629), ev('SuccessfulCreate', 'Created pod: web-7c5ddbdf54-8mfzt', 627),
      ev('SuccessfulDelete', 'Deleted pod: web-7c5ddbdf54-zz9tx', 96), ev('SuccessfulCreate', 'Created pod: web-7c5ddbdf54-q9wtr', 95),
    ];
    expect(describeReplicaSet(newRS, makeCtx(NOW, events, pods))).toBe(golden('rs-web-7c5ddbdf54'));
  });
});

describe('describeJob', () => {
  const uid = '6f1e2d3c-4b5a-4968-8778-695a4b3c2d1e';
  const labels = { 'batch.kubernetes.io/controller-uid': uid, 'batch.kubernetes.io/job-name': 'pi', 'controller-uid': uid, 'job-name': 'pi' };
  const job: KubeObject = {
    apiVersion: 'batch/v1', kind: 'Job',
    metadata: { name: 'pi', namespace: 'default', uid, labels },
    spec: {
      parallelism: 1, completions: 1, completionMode: 'NonIndexed', suspend: false, backoffLimit: 4,
      selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } },
      template: { metadata: { labels }, spec: { containers: [{ name: 'pi', image: 'perl:5.34.0', command: ['perl', '-Mbignum=bpi', '-wle', 'print bpi(2000)'] }], restartPolicy: 'Never' } },
    },
    status: { startTime: '2026-11-30T01:16:17Z', completionTime: '2026-11-30T01:16:54Z', succeeded: 1, ready: 0, terminating: 0 },
  };

  it('completed job with duration and ready counts', () => {
    const events = [
      event(NOW, { reason: 'SuccessfulCreate', from: 'job-controller', message: 'Created pod: pi-x7k2p', first: 629 }),
      event(NOW, { reason: 'Completed', from: 'job-controller', message: 'Job completed', first: 596 }),
    ];
    expect(describeJob(job, makeCtx(NOW, events))).toBe(golden('job-pi'));
  });

  it('drops "(N Ready)" when status.ready is unset', () => {
    const j = structuredClone(job);
    delete j.status.ready;
    expect(describeJob(j, makeCtx(NOW))).toContain('Pods Statuses:    0 Active / 1 Succeeded / 0 Failed\n');
  });

  it.each([
    ['', 5, '<none>'],
    ['1,3-5', 50, '1,3-5'],
    ['1,2,3,4,5,6', 3, '1,2,...'],
  ])('capIndexesListOrNone(%s, %i) = %s', (indexes, limit, want) => {
    expect(capIndexesListOrNone(indexes, limit)).toBe(want);
  });
});

describe('other workloads', () => {
  it('StatefulSet with a partition and no claims', () => {
    const sts: KubeObject = {
      apiVersion: 'apps/v1', kind: 'StatefulSet',
      metadata: { name: 'db', namespace: 'default', uid: 'sts', creationTimestamp: '2026-11-29T23:26:17Z' },
      spec: {
        replicas: 3, selector: { matchLabels: { app: 'db' } }, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
        template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'postgres', image: 'postgres:16' }] } },
      },
      status: { replicas: 3 },
    };
    expect(describeStatefulSet(sts, makeCtx(NOW))).toBe(golden('sts-db'));
  });

  it('DaemonSet counters are not tab-aligned', () => {
    const ds: KubeObject = {
      apiVersion: 'apps/v1', kind: 'DaemonSet',
      metadata: { name: 'kube-proxy', namespace: 'kube-system', uid: 'ds', labels: { 'k8s-app': 'kube-proxy' } },
      spec: {
        selector: { matchLabels: { 'k8s-app': 'kube-proxy' } },
        template: { metadata: { labels: { 'k8s-app': 'kube-proxy' } }, spec: { nodeSelector: { 'kubernetes.io/os': 'linux' }, containers: [{ name: 'kube-proxy', image: 'registry.k8s.io/kube-proxy:v1.32.2' }] } },
      },
      status: { desiredNumberScheduled: 3, currentNumberScheduled: 3, updatedNumberScheduled: 3, numberAvailable: 2, numberMisscheduled: 0 },
    };
    const pod: KubeObject = {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'kube-proxy-1', namespace: 'kube-system', labels: { 'k8s-app': 'kube-proxy' }, ownerReferences: owner('DaemonSet', 'kube-proxy', 'ds') },
      status: { phase: 'Running' },
    };
    expect(describeDaemonSet(ds, makeCtx(NOW, [], [pod]))).toBe(golden('ds-kube-proxy'));
  });

  it('CronJob with unset limits and its job template', () => {
    const cj: KubeObject = {
      apiVersion: 'batch/v1', kind: 'CronJob',
      metadata: { name: 'tick', namespace: 'default', uid: 'cj' },
      spec: {
        schedule: '*/5 * * * *', concurrencyPolicy: 'Allow', suspend: false,
        jobTemplate: { spec: { template: { spec: { containers: [{ name: 'tick', image: 'busybox', command: ['date'] }], restartPolicy: 'OnFailure' } } } },
      },
      status: { lastScheduleTime: '2026-11-30T01:24:12Z' },
    };
    expect(describeCronJob(cj, makeCtx(NOW))).toBe(golden('cronjob-tick'));
  });
});
