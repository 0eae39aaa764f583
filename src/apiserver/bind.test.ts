import { afterAll, describe, expect, it } from 'vitest';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { ApiError } from './errors';

describe('pods/binding', () => {
  const cluster = newTestCluster();
  afterAll(() => cluster.close());
  const ref = { kind: 'Pod', namespace: 'default', name: 'unsched' };
  cluster.api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'unsched', namespace: 'default' }, spec: { schedulerName: 'none', containers: [{ name: 'c', image: 'nginx' }] } }, { fieldManager: 'test' });

  it('refuses a Node that does not exist, leaving the pod as it was', () => {
    const before = cluster.api.get(ref);
    let err: unknown;
    try { cluster.api.bind(ref, 'ghost', { fieldManager: 'test' }); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(ApiError);
    expect([(err as ApiError).code, (err as ApiError).message]).toEqual([404, 'nodes "ghost" not found']);
    expect(cluster.api.get(ref)).toEqual(before);
  });

  it('binds to a Node that exists and marks the pod scheduled', () => {
    cluster.api.bind(ref, 'worker01', { fieldManager: 'test' });
    const pod = cluster.api.get(ref);
    expect(pod.spec.nodeName).toBe('worker01');
    expect(pod.status.conditions.find((c: { type: string }) => c.type === 'PodScheduled')?.status).toBe('True');
  });
});
