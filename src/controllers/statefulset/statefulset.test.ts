import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import type { Cluster } from '../../cluster/cluster';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { MAX_PARALLEL_CREATES_PER_SYNC, createClaimMessage, createPodMessage, deletePodMessage, statefulSetController } from './index';
import { Simulation } from '../../sim/runtime';
import { CONTROLLER_REVISION_HASH_LABEL, newRevision, revisionData, templateHash } from './revision';

function sts(spec: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas: 3, serviceName: 'nginx', selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
      volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      ...spec,
    },
  };
}

function stsEvents(cluster: Cluster): string[] {
  return cluster.api.list({ kind: 'Event', namespace: 'default' }).filter((e) => e.involvedObject?.kind === 'StatefulSet')
    .sort((a, b) => Number(a.metadata.resourceVersion) - Number(b.metadata.resourceVersion)).map((e) => e.message!);
}

describe('statefulset controller', () => {
  it('creates claims and pods in ordinal order, each after the previous is ready', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(sts(), { fieldManager: 'test' }));
    expect(cluster.api.list({ kind: 'Pod', namespace: 'default' }).map((p) => p.metadata.name)).toEqual(['web-0']);
    cluster.advance(60_000);
    const pods = cluster.api.list({ kind: 'Pod', namespace: 'default' });
    expect(pods.map((p) => p.metadata.name).sort()).toEqual(['web-0', 'web-1', 'web-2']);
    const web1 = pods.find((p) => p.metadata.name === 'web-1')!;
    expect(web1.spec!.hostname).toBe('web-1');
    expect(web1.spec!.subdomain).toBe('nginx');
    expect(web1.spec!.volumes![0]).toEqual({ name: 'www', persistentVolumeClaim: { claimName: 'www-web-1' } });
    expect(web1.metadata.labels).toMatchObject({ 'statefulset.kubernetes.io/pod-name': 'web-1', 'apps.kubernetes.io/pod-index': '1' });
    expect(cluster.api.list({ kind: 'PersistentVolumeClaim', namespace: 'default' }).map((c) => c.metadata.name).sort()).toEqual(['www-web-0', 'www-web-1', 'www-web-2']);
    expect(stsEvents(cluster)).toEqual([
      createClaimMessage('www-web-0', 'web-0', 'web'), createPodMessage('web-0', 'web'),
      createClaimMessage('www-web-1', 'web-1', 'web'), createPodMessage('web-1', 'web'),
      createClaimMessage('www-web-2', 'web-2', 'web'), createPodMessage('web-2', 'web'),
    ]);
    const s = cluster.api.get({ kind: 'StatefulSet', namespace: 'default', name: 'web' });
    expect(s.status).toMatchObject({ replicas: 3, readyReplicas: 3, currentReplicas: 3, updatedReplicas: 3, availableReplicas: 3 });
    expect(s.status!.currentRevision).toBe(s.status!.updateRevision);
  });

  it('rolls a template change from the highest ordinal down to the partition', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(sts({ volumeClaimTemplates: undefined, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } } }), { fieldManager: 'test' }));
    cluster.advance(60_000);
    const before = cluster.api.get({ kind: 'StatefulSet', namespace: 'default', name: 'web' }).status!.currentRevision;
    cluster.write(() => {
      const s = cluster.api.get({ kind: 'StatefulSet', namespace: 'default', name: 'web' });
      s.spec!.template.spec!.containers[0].image = 'nginx:1.26';
      cluster.api.update(s, { fieldManager: 'test' });
    });
    cluster.advance(180_000);
    const s = cluster.api.get({ kind: 'StatefulSet', namespace: 'default', name: 'web' });
    const revs = Object.fromEntries(cluster.api.list({ kind: 'Pod', namespace: 'default' }).map((p) => [p.metadata.name, p.metadata.labels?.[CONTROLLER_REVISION_HASH_LABEL]]));
    expect(revs).toEqual({ 'web-0': before, 'web-1': s.status!.updateRevision, 'web-2': s.status!.updateRevision });
    expect(s.status).toMatchObject({ currentRevision: before, currentReplicas: 1, updatedReplicas: 2 });
    expect(stsEvents(cluster).filter((m) => m.startsWith('delete'))).toEqual([deletePodMessage('web-2', 'web'), deletePodMessage('web-1', 'web')]);
    expect(cluster.api.list({ kind: 'ControllerRevision', namespace: 'default' })).toHaveLength(2);
  });

  it('records each template as a ControllerRevision carrying the set\'s annotations; going back renumbers the old one', () => {
    const cluster = newTestCluster();
    const set = sts({ volumeClaimTemplates: undefined });
    set.metadata.annotations = { 'kubernetes.io/change-cause': 'first' };
    cluster.write(() => cluster.api.create(set, { fieldManager: 'test' }));
    cluster.advance(60_000);
    const setImage = (image: string, cause: string) => cluster.write(() => {
      const s = cluster.api.get({ kind: 'StatefulSet', namespace: 'default', name: 'web' });
      s.metadata.annotations = { 'kubernetes.io/change-cause': cause };
      s.spec!.template.spec!.containers[0].image = image;
      cluster.api.update(s, { fieldManager: 'test' });
    });
    setImage('nginx:1.26', 'second');
    cluster.advance(180_000);
    setImage('nginx:1.27', 'third');
    cluster.advance(180_000);
    const revs = cluster.api.list({ kind: 'ControllerRevision', namespace: 'default' }) as unknown as Array<KubeObject & { revision: number; data: any }>;
    const summary = revs.map((r) => [r.revision, r.metadata.annotations?.['kubernetes.io/change-cause'], r.data.spec.template.spec.containers[0].image, r.data.spec.template.$patch]).sort();
    // Going back to 1.27 reuses the first revision (now number 3), annotations as first recorded.
    expect(summary).toEqual([[2, 'second', 'nginx:1.26', 'replace'], [3, 'first', 'nginx:1.27', 'replace']]);
    const first = revs.find((r) => r.revision === 3)!;
    expect(first.metadata.labels).toEqual({ app: 'nginx', 'controller.kubernetes.io/hash': first.metadata.name!.slice('web-'.length) });
    expect(cluster.api.get({ kind: 'StatefulSet', namespace: 'default', name: 'web' }).status).toMatchObject({ currentRevision: first.metadata.name, updateRevision: first.metadata.name });
  });

  it('Parallel creates every pod at once; whenScaled Delete removes claims of removed ordinals', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(sts({ podManagementPolicy: 'Parallel', persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Delete' } }), { fieldManager: 'test' }));
    expect(cluster.api.list({ kind: 'Pod', namespace: 'default' }).map((p) => p.metadata.name).sort()).toEqual(['web-0', 'web-1', 'web-2']);
    cluster.advance(60_000);
    cluster.write(() => {
      const s = cluster.api.get({ kind: 'StatefulSet', namespace: 'default', name: 'web' });
      s.spec!.replicas = 1;
      cluster.api.update(s, { fieldManager: 'test' });
    });
    cluster.advance(60_000);
    expect(cluster.api.list({ kind: 'PersistentVolumeClaim', namespace: 'default' }).map((c) => c.metadata.name)).toEqual(['www-web-0']);
  });

  it('scales down from the highest ordinal', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(sts({ volumeClaimTemplates: undefined }), { fieldManager: 'test' }));
    cluster.advance(60_000);
    cluster.write(() => {
      const s = cluster.api.get({ kind: 'StatefulSet', namespace: 'default', name: 'web' });
      s.spec!.replicas = 1;
      cluster.api.update(s, { fieldManager: 'test' });
    });
    cluster.advance(120_000);
    expect(cluster.api.list({ kind: 'Pod', namespace: 'default' }).map((p) => p.metadata.name)).toEqual(['web-0']);
    expect(stsEvents(cluster).filter((m) => m.startsWith('delete'))).toEqual([deletePodMessage('web-2', 'web'), deletePodMessage('web-1', 'web')]);
  });
});

describe('statefulset controller at scale', () => {
  it('creates at most MAX_PARALLEL_CREATES_PER_SYNC pods of a Parallel set in one sync', () => {
    const cluster = newTestCluster();
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [statefulSetController] });
    cluster.store.transaction(() => {
      sim.settle();
      cluster.api.create(sts({ replicas: 2147483647, podManagementPolicy: 'Parallel', volumeClaimTemplates: undefined }), { fieldManager: 't' });
      sim.settle(1);
    });
    expect(cluster.api.list({ kind: 'Pod', namespace: 'default' }).filter((p) => p.metadata.name!.startsWith('web-'))).toHaveLength(MAX_PARALLEL_CREATES_PER_SYNC);
    cluster.close();
  }, 60_000);
});

describe('revisionData', () => {
  it("keeps its keys in Go's map order, the bytes kubectl's rollout undo compares", () => {
    const data = revisionData({ spec: { containers: [{ name: 'a', image: 'x' }], restartPolicy: 'Always' }, metadata: { labels: { b: '1', a: '2' } } });
    expect(JSON.stringify(data)).toBe('{"spec":{"template":{"$patch":"replace","metadata":{"creationTimestamp":null,"labels":{"a":"2","b":"1"}},"spec":{"containers":[{"image":"x","name":"a"}],"restartPolicy":"Always"}}}}');
  });

  it('names the revision as HashControllerRevision does: FNV-1 over those bytes and the collision count', () => {
    // Worked out apart from kubemu: FNV-1 32 of the compact sorted JSON + "0", digits in the safe alphabet.
    const set = { metadata: { name: 'web' }, spec: { template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } } } };
    expect(templateHash(set)).toBe('6d7fd66cf8');
    expect(newRevision(set, 'StatefulSet', 1).metadata.name).toBe('web-6d7fd66cf8');
    expect(templateHash({ ...set, status: { collisionCount: 1 } })).not.toBe('6d7fd66cf8');
  });
});
