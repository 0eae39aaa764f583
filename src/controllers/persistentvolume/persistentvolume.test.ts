import { describe, expect, it } from 'vitest';
import type { PersistentVolume, PersistentVolumeClaim } from '../../api/types/kinds';
import type { Cluster } from '../../cluster/cluster';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { externalProvisioningMessage, SELECTED_NODE, WAIT_FOR_FIRST_CONSUMER_MESSAGE } from './annotations';
import { findMatchingVolume } from './matching';
import { provisionedMessage } from './provisioner';

const claim = (name: string, spec: PersistentVolumeClaim['spec'] = {}): PersistentVolumeClaim => ({
  apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'default', uid: `uid-${name}` },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec },
});
const volume = (name: string, storage: string, spec: PersistentVolume['spec'] = {}): PersistentVolume => ({
  apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name },
  spec: { accessModes: ['ReadWriteOnce', 'ReadOnlyMany'], capacity: { storage }, hostPath: { path: `/data/${name}` }, ...spec },
  status: { phase: 'Available' },
});

function claimEvents(cluster: Cluster, name: string): string[] {
  return cluster.api.list({ kind: 'Event', namespace: 'default' }).filter((e) => e.involvedObject?.name === name)
    .sort((a, b) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion)).map((e) => `${e.reason}: ${e.message}`);
}

describe('findMatchingVolume', () => {
  const cases: { name: string; claim: PersistentVolumeClaim; volumes: PersistentVolume[]; want?: string }[] = [
    { name: 'smallest that fits', claim: claim('c'), volumes: [volume('big', '10Gi'), volume('small', '2Gi'), volume('tiny', '500Mi')], want: 'small' },
    { name: 'class must match', claim: claim('c', { storageClassName: 'fast' }), volumes: [volume('a', '2Gi')] },
    { name: 'access modes must be offered', claim: claim('c', { accessModes: ['ReadWriteMany'] }), volumes: [volume('a', '2Gi')] },
    { name: 'pre-bound volume wins', claim: claim('c'), volumes: [volume('small', '1Gi'), volume('pre', '5Gi', { claimRef: { name: 'c', namespace: 'default' } })], want: 'pre' },
    { name: 'bound to someone else', claim: claim('c'), volumes: [volume('other', '1Gi', { claimRef: { name: 'd', namespace: 'default', uid: 'x' } })] },
    { name: 'selector', claim: claim('c', { selector: { matchLabels: { tier: 'gold' } } }), volumes: [volume('a', '1Gi'), { ...volume('b', '1Gi'), metadata: { name: 'b', labels: { tier: 'gold' } } }], want: 'b' },
  ];
  for (const tc of cases) it(tc.name, () => expect(findMatchingVolume(tc.claim, tc.volumes)?.metadata.name).toBe(tc.want));
});

describe('persistentvolume controller', () => {
  it('provisions a WaitForFirstConsumer claim once a pod using it is on a node', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(claim('data'), { fieldManager: 'test' }));
    let c = cluster.api.get({ kind: 'PersistentVolumeClaim', namespace: 'default', name: 'data' });
    // The default class applies (written to spec once the API allows setting a nil storageClassName).
    expect(c.status!.phase).toBe('Pending');
    expect(claimEvents(cluster, 'data')).toEqual([`WaitForFirstConsumer: ${WAIT_FOR_FIRST_CONSUMER_MESSAGE}`]);
    cluster.write(() => cluster.api.create({
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'app', namespace: 'default' },
      spec: { containers: [{ name: 'c', image: 'nginx' }], volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'data' } }] },
    }, { fieldManager: 'test' }));
    cluster.advance(10_000);
    c = cluster.api.get({ kind: 'PersistentVolumeClaim', namespace: 'default', name: 'data' });
    const pod = cluster.api.get({ kind: 'Pod', namespace: 'default', name: 'app' });
    const pvName = `pvc-${c.metadata.uid}`;
    expect(c.metadata.annotations?.[SELECTED_NODE]).toBe(pod.spec!.nodeName);
    expect(c.spec!.volumeName).toBe(pvName);
    expect(c.status).toEqual({ phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' } });
    const pv = cluster.api.get({ kind: 'PersistentVolume', name: pvName });
    expect(pv.status!.phase).toBe('Bound');
    expect(pv.spec!.persistentVolumeReclaimPolicy).toBe('Delete');
    expect(claimEvents(cluster, 'data').slice(1)).toEqual([
      `ExternalProvisioning: ${externalProvisioningMessage('rancher.io/local-path')}`,
      'Provisioning: External provisioner is provisioning volume for claim "default/data"',
      `ProvisioningSucceeded: ${provisionedMessage(pvName)}`,
    ]);
    // Deleting the claim releases the volume, and reclaim policy Delete removes it.
    cluster.write(() => cluster.api.delete({ kind: 'Pod', namespace: 'default', name: 'app' }, { fieldManager: 'test', gracePeriodSeconds: 0 }));
    cluster.write(() => cluster.api.delete({ kind: 'PersistentVolumeClaim', namespace: 'default', name: 'data' }, { fieldManager: 'test' }));
    cluster.advance(1_000);
    expect(cluster.api.tryGet({ kind: 'PersistentVolume', name: pvName })).toBeUndefined();
  });

  it('binds an Immediate claim without a class to a static volume; Retain leaves it Released', () => {
    const cluster = newTestCluster();
    cluster.write(() => {
      cluster.api.create({ ...volume('pv1', '5Gi', { persistentVolumeReclaimPolicy: 'Retain', storageClassName: '' }), status: undefined }, { fieldManager: 'test' });
      cluster.api.create(claim('static', { storageClassName: '' }), { fieldManager: 'test' });
    });
    cluster.advance(1_000);
    const c = cluster.api.get({ kind: 'PersistentVolumeClaim', namespace: 'default', name: 'static' });
    expect(c.spec!.volumeName).toBe('pv1');
    expect(c.status!.capacity).toEqual({ storage: '5Gi' });
    expect(cluster.api.get({ kind: 'PersistentVolume', name: 'pv1' }).status!.phase).toBe('Bound');
    cluster.write(() => cluster.api.delete({ kind: 'PersistentVolumeClaim', namespace: 'default', name: 'static' }, { fieldManager: 'test' }));
    cluster.advance(1_000);
    expect(cluster.api.get({ kind: 'PersistentVolume', name: 'pv1' }).status!.phase).toBe('Released');
  });
});
