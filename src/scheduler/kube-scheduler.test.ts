import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { newTestCluster } from '../../test/helpers/test-cluster';

const pod = (name: string): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
  spec: {
    nodeSelector: { 'kubernetes.io/hostname': 'worker01' },
    containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '3' } } }],
  },
});

describe('kube-scheduler', () => {
  it('retries unschedulable pods once a bound pod is deleted (after their back-off), not at its updates', () => {
    const cluster = newTestCluster();
    const nodeOf = (name: string) => cluster.api.get({ kind: 'Pod', namespace: 'default', name }).spec?.nodeName;
    cluster.write(() => cluster.api.create(pod('first'), { fieldManager: 't' }));
    cluster.write(() => cluster.api.create(pod('second'), { fieldManager: 't' }));
    expect([nodeOf('first'), nodeOf('second')]).toEqual(['worker01', undefined]);
    const first = () => cluster.api.get({ kind: 'Pod', namespace: 'default', name: 'first' });
    // A bound pod updated (not deleted) frees nothing: the second pod waits for the unschedulable
    // pods' periodic flush (five minutes), not its one-second back-off.
    cluster.write(() => cluster.api.update({ ...first(), metadata: { ...first().metadata, labels: { touched: 'yes' } } }, { fieldManager: 't' }));
    cluster.advance(10_000);
    expect(nodeOf('second')).toBeUndefined();
    cluster.write(() => cluster.api.delete({ kind: 'Pod', namespace: 'default', name: 'first' }, { fieldManager: 't', gracePeriodSeconds: 0 }));
    cluster.advance(10_000);
    expect(nodeOf('second')).toBe('worker01');
    cluster.close();
  });
});
