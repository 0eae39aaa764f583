import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import type { Pod } from '../../api/types/kinds';
import type { ContainerStatus } from '../../api/types/core-v1';
import type { Cluster } from '../../cluster/cluster';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { backoffDelayMs } from './backoff';
import { BACKOFF_LIMIT_EXCEEDED, COMPLETE, COMPLETIONS_REACHED, FAILED, FAILURE_TARGET, SUCCESS_CRITERIA_MET } from './conditions';
import { formatIndexes, parseIndexes } from './indexes';
import { matchPodFailurePolicy } from './pod-failure-policy';
import { COMPLETION_INDEX_ANNOTATION, JOB_TRACKING_FINALIZER } from './pods';
import { Simulation } from '../../sim/runtime';
import { MAX_POD_CREATE_DELETE_PER_SYNC, jobController } from './index';

function job(name: string, spec: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'batch/v1', kind: 'Job', metadata: { name, namespace: 'default' },
    spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox', command: ['sleep', '3600'] }] } }, ...spec },
  };
}

function jobPods(cluster: Cluster, name: string): KubeObject[] {
  return cluster.api.list({ kind: 'Pod', namespace: 'default' })
    .filter((p) => p.metadata.ownerReferences?.[0]?.name === name)
    .sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!));
}

/** finish plays the kubelet's part: the container exits with code. */
function finish(cluster: Cluster, pod: KubeObject, code: number): void {
  cluster.write(() => {
    const fresh = cluster.api.get({ kind: 'Pod', namespace: 'default', name: pod.metadata.name! });
    const at = cluster.clock.nowISO();
    fresh.status = {
      ...fresh.status, phase: code === 0 ? 'Succeeded' : 'Failed',
      containerStatuses: [{ name: 'c', ready: false, restartCount: 0, image: 'busybox', imageID: '', state: { terminated: { exitCode: code, reason: code ? 'Error' : 'Completed', startedAt: at, finishedAt: at } } }],
    };
    cluster.api.updateStatus(fresh, { fieldManager: 'kubelet' });
  });
}

function getJob(cluster: Cluster, name: string): KubeObject {
  return cluster.api.get({ kind: 'Job', namespace: 'default', name });
}

function condTypes(j: KubeObject): string[] {
  return (j.status?.conditions ?? []).map((c: { type: string }) => c.type);
}

describe('job controller', () => {
  it('runs parallelism pods at a time until completions succeed', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(job('pi', { completions: 3, parallelism: 2 }), { fieldManager: 'test' }));
    cluster.advance(5000);
    let pods = jobPods(cluster, 'pi');
    expect(pods).toHaveLength(2);
    expect(pods[0]!.metadata.finalizers).toEqual([JOB_TRACKING_FINALIZER]);
    expect(getJob(cluster, 'pi').status.active).toBe(2);
    finish(cluster, pods[0]!, 0);
    finish(cluster, pods[1]!, 0);
    pods = jobPods(cluster, 'pi');
    expect(pods).toHaveLength(3);
    expect(pods.filter((p) => p.metadata.finalizers).length).toBe(1);
    let j = getJob(cluster, 'pi');
    expect(j.status).toMatchObject({ active: 1, succeeded: 2, ready: expect.any(Number), terminating: 0, uncountedTerminatedPods: {} });
    cluster.advance(3000);
    finish(cluster, pods.find((p) => p.status?.phase !== 'Succeeded')!, 0);
    j = getJob(cluster, 'pi');
    expect(condTypes(j)).toEqual([SUCCESS_CRITERIA_MET, COMPLETE]);
    expect(j.status.conditions[1].reason).toBe(COMPLETIONS_REACHED);
    expect(j.status.succeeded).toBe(3);
    expect(j.status.active).toBeUndefined();
    expect(j.status.completionTime).toBe(cluster.clock.nowISO());
    const events = cluster.api.list({ kind: 'Event', namespace: 'default' }).filter((e) => e.involvedObject?.name === 'pi').map((e) => `${e.reason} ${e.message}`);
    expect(events.filter((e) => e.startsWith('SuccessfulCreate'))).toHaveLength(3);
    expect(events).toContain('Completed Job completed');
  });

  it('backs off 10s after a failure and fails past backoffLimit', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(job('bad', { backoffLimit: 1 }), { fieldManager: 'test' }));
    cluster.advance(1000);
    finish(cluster, jobPods(cluster, 'bad')[0]!, 1);
    expect(jobPods(cluster, 'bad')).toHaveLength(1);
    expect(getJob(cluster, 'bad').status.failed).toBe(1);
    cluster.advance(9000);
    expect(jobPods(cluster, 'bad')).toHaveLength(1);
    cluster.advance(1000);
    expect(jobPods(cluster, 'bad')).toHaveLength(2);
    finish(cluster, jobPods(cluster, 'bad').find((p) => !p.status?.phase || p.status.phase !== 'Failed')!, 1);
    const j = getJob(cluster, 'bad');
    expect(condTypes(j)).toEqual([FAILURE_TARGET, FAILED]);
    expect(j.status.conditions[1]).toMatchObject({ reason: BACKOFF_LIMIT_EXCEEDED, message: 'Job has reached the specified backoff limit' });
    expect(j.status.failed).toBe(2);
    expect(j.status.completionTime).toBeUndefined();
  });

  it('fails a job active longer than activeDeadlineSeconds, stopping its pods first', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(job('slow', { activeDeadlineSeconds: 30 }), { fieldManager: 'test' }));
    cluster.advance(29_000);
    expect(condTypes(getJob(cluster, 'slow'))).toEqual([]);
    cluster.advance(120_000);
    const j = getJob(cluster, 'slow');
    expect(condTypes(j)).toEqual([FAILURE_TARGET, FAILED]);
    expect(j.status.conditions[1].reason).toBe('DeadlineExceeded');
    expect(jobPods(cluster, 'slow')).toHaveLength(0);
  });

  it('fails at once on a podFailurePolicy FailJob exit code, and ignores Ignore-matched failures', () => {
    const cluster = newTestCluster();
    const podFailurePolicy = { rules: [
      { action: 'FailJob', onExitCodes: { containerName: 'c', operator: 'In', values: [42] } },
      { action: 'Ignore', onExitCodes: { operator: 'In', values: [3] } },
    ] };
    cluster.write(() => cluster.api.create(job('pfp', { backoffLimit: 0, podFailurePolicy }), { fieldManager: 'test' }));
    cluster.advance(1000);
    finish(cluster, jobPods(cluster, 'pfp')[0]!, 3);
    expect(getJob(cluster, 'pfp').status.failed).toBeUndefined();
    cluster.advance(20_000);
    const second = jobPods(cluster, 'pfp').find((p) => p.status?.phase !== 'Failed')!;
    finish(cluster, second, 42);
    const j = getJob(cluster, 'pfp');
    expect(condTypes(j)).toEqual([FAILURE_TARGET, FAILED]);
    expect(j.status.conditions[1]).toMatchObject({ reason: 'PodFailurePolicy', message: `Container c for pod default/${second.metadata.name} failed with exit code 42 matching FailJob rule at index 0` });
  });

  it('names Indexed pods by index and tracks completedIndexes', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(job('ix', { completions: 3, parallelism: 3, completionMode: 'Indexed' }), { fieldManager: 'test' }));
    cluster.advance(1000);
    const pods = jobPods(cluster, 'ix');
    expect(pods.map((p) => p.metadata.name!.replace(/-[a-z0-9]{5}$/, ''))).toEqual(['ix-0', 'ix-1', 'ix-2']);
    expect(pods.map((p) => p.metadata.annotations?.[COMPLETION_INDEX_ANNOTATION])).toEqual(['0', '1', '2']);
    expect(pods[1]!.spec.hostname).toBe('ix-1');
    finish(cluster, pods[0]!, 0);
    finish(cluster, pods[2]!, 0);
    expect(getJob(cluster, 'ix').status.completedIndexes).toBe('0,2');
  });

  it('suspends by deleting active pods', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(job('s', { parallelism: 2, completions: 4 }), { fieldManager: 'test' }));
    cluster.advance(1000);
    cluster.write(() => {
      const j = getJob(cluster, 's');
      j.spec.suspend = true;
      cluster.api.update(j, { fieldManager: 'test' });
    });
    cluster.advance(60_000);
    const j = getJob(cluster, 's');
    expect(j.status.conditions[0]).toMatchObject({ type: 'Suspended', status: 'True', reason: 'JobSuspended', message: 'Job suspended' });
    expect(jobPods(cluster, 's')).toHaveLength(0);
  });
});

describe('completed indexes text', () => {
  const cases: [number[], string][] = [[[], ''], [[0], '0'], [[0, 1], '0,1'], [[1, 3, 4, 5, 7], '1,3-5,7'], [[0, 1, 2, 3], '0-3']];
  for (const [ix, text] of cases) {
    it(`${JSON.stringify(ix)} ↔ "${text}"`, () => {
      expect(formatIndexes(ix)).toBe(text);
      expect([...parseIndexes(text, 100)]).toEqual(ix);
    });
  }
});

describe('pod failure back-off', () => {
  it.each([[0, 0], [1, 10_000], [2, 20_000], [3, 40_000], [6, 320_000], [7, 600_000], [20, 600_000]])('%i failures → %i ms', (n, ms) => {
    expect(backoffDelayMs(n)).toBe(ms);
  });
});

describe('pod failure policy', () => {
  // Only what the policy reads: a container status without its other fields.
  const pod = (code: number): Pod => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns' },
    status: { phase: 'Failed', containerStatuses: [{ name: 'main', state: { terminated: { exitCode: code } } } as ContainerStatus] },
  });
  const policy = { rules: [
    { action: 'FailJob', onExitCodes: { containerName: 'main', operator: 'In', values: [42] } },
    { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] },
  ] };
  it('FailJob on a matching exit code', () => {
    expect(matchPodFailurePolicy(policy as never, pod(42))).toEqual({
      action: 'FailJob', countFailed: true, message: 'Container main for pod ns/p failed with exit code 42 matching FailJob rule at index 0',
    });
  });
  it('no rule matches: the failure counts', () => {
    expect(matchPodFailurePolicy(policy as never, pod(1))).toEqual({ countFailed: true });
  });
  it('Ignore on a pod condition', () => {
    const p = pod(137);
    p.status!.conditions = [{ type: 'DisruptionTarget', status: 'True' }];
    expect(matchPodFailurePolicy(policy as never, p)).toEqual({ action: 'Ignore', countFailed: false });
  });
});

describe('job controller at scale', () => {
  it.each([['NonIndexed'], ['Indexed']])('creates at most MAX_POD_CREATE_DELETE_PER_SYNC pods in one sync (%s)', (mode) => {
    const cluster = newTestCluster();
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [jobController] });
    const spec = mode === 'Indexed' ? { parallelism: 2147483647, completions: 2147483647, completionMode: 'Indexed' } : { parallelism: 2147483647 };
    cluster.store.transaction(() => {
      sim.settle();
      cluster.api.create(job('wide', spec), { fieldManager: 't' });
      sim.settle(1);
    });
    expect(jobPods(cluster, 'wide')).toHaveLength(MAX_POD_CREATE_DELETE_PER_SYNC);
    cluster.close();
  }, 60_000);
});
