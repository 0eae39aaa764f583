import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { CONTROLLER_REVISION_HASH, newDaemonSetController } from './index';

const ds = (): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'default' },
  spec: {
    selector: { matchLabels: { app: 'agent' } },
    template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a', image: 'nginx:1.27' }] } },
  },
});

describe('daemonset controller', () => {
  it('is woken by a node\'s labels or taints changing, not by its status', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(ds(), { fieldManager: 'test' }));
    const nodeWatch = newDaemonSetController().watches!.find((w) => w.kind === 'Node')!;
    const ctx = { api: cluster.api, clock: cluster.clock, rand: cluster.rand };
    const agent = { namespace: 'default', name: 'agent' };
    const node = cluster.api.get({ kind: 'Node', name: 'worker01' });
    expect(nodeWatch.map(node, ctx, 'MODIFIED')).toContainEqual(agent);
    const withImages = { ...node, status: { ...node.status, images: [{ names: ['busybox:1.36'], sizeBytes: 1 }] } };
    expect(nodeWatch.map(withImages, ctx, 'MODIFIED')).toEqual([]);
    const labelled = { ...withImages, metadata: { ...node.metadata, labels: { ...node.metadata.labels, disk: 'ssd' } } };
    expect(nodeWatch.map(labelled, ctx, 'MODIFIED')).toContainEqual(agent);
    const tainted = { ...labelled, spec: { ...node.spec, taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] } };
    expect(nodeWatch.map(tainted, ctx, 'MODIFIED')).toContainEqual(agent);
    expect(nodeWatch.map(tainted, ctx, 'DELETED')).toContainEqual(agent);
    cluster.close();
  });

  it('runs one pod per schedulable worker and records a ControllerRevision', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(ds(), { fieldManager: 'test' }));
    cluster.advance(30_000);
    const pods = cluster.api.list({ kind: 'Pod', namespace: 'default' });
    const workers = cluster.api.list({ kind: 'Node' }).filter((n) => !n.spec?.taints?.length).map((n) => n.metadata.name).sort();
    expect(pods.map((p) => p.spec!.nodeName).sort()).toEqual(workers);
    const revs = cluster.api.list({ kind: 'ControllerRevision', namespace: 'default' });
    expect(revs.map((r) => r.metadata.name)).toEqual([`agent-${pods[0]!.metadata.labels?.[CONTROLLER_REVISION_HASH]}`]);
    const status = cluster.api.get({ kind: 'DaemonSet', namespace: 'default', name: 'agent' }).status;
    expect(status).toMatchObject({ desiredNumberScheduled: workers.length, currentNumberScheduled: workers.length, numberReady: workers.length, updatedNumberScheduled: workers.length });
  });

  it('labels its ControllerRevisions controller-revision-hash like its pods and copies its annotations', () => {
    const cluster = newTestCluster();
    const d = ds();
    d.metadata.annotations = { 'kubernetes.io/change-cause': 'first' };
    cluster.write(() => cluster.api.create(d, { fieldManager: 'test' }));
    cluster.advance(30_000);
    const hash = cluster.api.list({ kind: 'Pod', namespace: 'default' })[0]!.metadata.labels?.[CONTROLLER_REVISION_HASH];
    const [rev] = cluster.api.list({ kind: 'ControllerRevision', namespace: 'default' });
    expect(rev!.metadata).toMatchObject({ name: `agent-${hash}`, labels: { app: 'agent', [CONTROLLER_REVISION_HASH]: hash }, annotations: { 'kubernetes.io/change-cause': 'first' } });
    expect(Object.keys(rev!.metadata.labels!)).toEqual(['app', CONTROLLER_REVISION_HASH]);
    expect(rev!.revision).toBe(1);
    expect(rev!.data).toEqual({ spec: { template: { ...cluster.api.get({ kind: 'DaemonSet', namespace: 'default', name: 'agent' }).spec!.template, $patch: 'replace' } } });
  });

  it('rolls a template change one node at a time', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(ds(), { fieldManager: 'test' }));
    cluster.advance(30_000);
    cluster.write(() => {
      const d = cluster.api.get({ kind: 'DaemonSet', namespace: 'default', name: 'agent' });
      d.spec!.template.spec!.containers[0].image = 'nginx:1.26';
      cluster.api.update(d, { fieldManager: 'test' });
    });
    // Right after the change only one pod is being replaced.
    const images = () => cluster.api.list({ kind: 'Pod', namespace: 'default' }).filter((p) => !p.metadata.deletionTimestamp).map((p) => p.spec!.containers[0].image).sort();
    expect(images().filter((i) => i === 'nginx:1.26')).toHaveLength(1);
    cluster.advance(120_000);
    expect(new Set(images())).toEqual(new Set(['nginx:1.26']));
    expect(cluster.api.list({ kind: 'ControllerRevision', namespace: 'default' })).toHaveLength(2);
  });
});
