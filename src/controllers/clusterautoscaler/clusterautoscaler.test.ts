import { describe, expect, it } from 'vitest';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import type { Cluster } from '../../cluster/cluster';
import type { KubeObject } from '../../api/meta';
import { addInstances, autoscalerProfile, BOOT_DELAY_MS, listPools, saveAutoscalerProfile, savePools, scaleSetId } from '../../cluster/node-pools';
import { poolOfNode, type NodePool } from './cloud-provider';
import { STATUS_CONFIGMAP } from './status';

const FM = { fieldManager: 'test' };
const MIN = 60_000;

function pool(name: string, vmSize: string, max: number, extra: Partial<NodePool> = {}): NodePool {
  return { name, vmSize, mode: 'User', count: 0, maxPods: 110, enableAutoscaler: true, minCount: 0, maxCount: max, labels: {}, taints: [], zones: [], id: scaleSetId(name, 1), nextInstance: 0, ...extra };
}

function withPools(cluster: Cluster, ...pools: [NodePool, number][]): void {
  cluster.write(() => {
    const all = listPools(cluster.api);
    for (const [p, n] of pools) { all.push(p); addInstances({ api: cluster.api, clock: cluster.clock, rand: cluster.rand }, p, n, { booted: true }); }
    savePools(cluster.api, all);
  });
}

function deployment(name: string, replicas: number, cpu: string, extra: { ns?: string; podSpec?: Record<string, unknown>; annotations?: Record<string, string> } = {}): KubeObject {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: extra.ns ?? 'default' },
    spec: {
      replicas, selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name }, ...(extra.annotations ? { annotations: extra.annotations } : {}) },
        spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu, memory: '256Mi' } } }], ...extra.podSpec },
      },
    },
  };
}

const poolNodes = (cluster: Cluster, name: string) => cluster.api.list({ kind: 'Node' }).filter((n) => poolOfNode(n) === name).map((n) => n.metadata.name!).sort();
const events = (cluster: Cluster, reason: string) => cluster.api.list({ kind: 'Event' }).filter((e) => e.reason === reason).map((e) => e.message as string);
const ready = (n: KubeObject) => n.status.conditions.find((c: { type: string }) => c.type === 'Ready').status;

describe('cluster autoscaler', () => {
  it('looks at pending pods once per --scan-interval, at its instants on the cluster clock', () => {
    for (const scan of [10_000, 30_000]) {
      const cluster = newTestCluster({ workers: 0 });
      withPools(cluster, [pool('user', 'Standard_D4s_v5', 5), 1]);
      if (scan !== 10_000) cluster.write(() => saveAutoscalerProfile(cluster.api, { ...autoscalerProfile(cluster.api), scanIntervalMs: scan }));
      // Off the scan grid, so the pods turn unschedulable between two loops.
      cluster.advance(scan - (cluster.clock.nowMs() % scan) + 3_000);
      cluster.write(() => cluster.api.create(deployment('web', 6, '1'), FM));
      const nextScan = Math.ceil(cluster.clock.nowMs() / scan) * scan;
      cluster.advance(nextScan - cluster.clock.nowMs() - 100);
      expect(poolNodes(cluster, 'user')).toHaveLength(1);
      expect(events(cluster, 'FailedScheduling')).not.toHaveLength(0);
      cluster.advance(100);
      expect(poolNodes(cluster, 'user')).toHaveLength(2);
    }
  });

  it('adds a node to the pool whose template fits the pending pods, NotReady until the VM has booted', () => {
    const cluster = newTestCluster({ workers: 0 });
    withPools(cluster, [pool('small', 'Standard_B2s', 3), 0], [pool('user', 'Standard_D4s_v5', 5), 1]);
    cluster.write(() => cluster.api.create(deployment('web', 6, '1'), FM));
    cluster.advance(5_000);
    // 3 fit on the first D4s_v5 (3860m allocatable); the rest need one more D4s_v5 (least waste; a B2s takes one each).
    expect(poolNodes(cluster, 'user')).toEqual(['aks-user-12183318-vmss000000', 'aks-user-12183318-vmss000001']);
    expect(poolNodes(cluster, 'small')).toEqual([]);
    expect(events(cluster, 'TriggeredScaleUp')).toContain('pod triggered scale-up: [{aks-user-12183318-vmss 1->2 (max: 5)}]');
    expect(ready(cluster.api.get({ kind: 'Node', name: 'aks-user-12183318-vmss000001' }))).toBe('False');
    cluster.advance(BOOT_DELAY_MS);
    expect(ready(cluster.api.get({ kind: 'Node', name: 'aks-user-12183318-vmss000001' }))).toBe('True');
    const pods = cluster.api.list({ kind: 'Pod', namespace: 'default' });
    expect(pods.filter((p) => p.status!.phase === 'Running')).toHaveLength(6);
    const status = cluster.api.get({ kind: 'ConfigMap', namespace: 'kube-system', name: STATUS_CONFIGMAP }).data!.status;
    expect(status).toContain('- name: aks-user-12183318-vmss');
    expect(status).toContain('cloudProviderTarget: 2');
  });

  it('says per pool why a pod that fits no template did not trigger a scale-up', () => {
    const cluster = newTestCluster({ workers: 0 });
    withPools(cluster, [pool('full', 'Standard_D2s_v5', 1), 1], [pool('user', 'Standard_D4s_v5', 5), 1]);
    cluster.write(() => cluster.api.create(deployment('huge', 1, '6'), FM));
    cluster.advance(5_000);
    expect(events(cluster, 'NotTriggerScaleUp')).toEqual(["pod didn't trigger scale-up: 1 Insufficient cpu, 1 max node group size reached"]);
    expect(poolNodes(cluster, 'user')).toHaveLength(1);
  });

  it('removes a node unneeded for 10 minutes, not before', () => {
    const cluster = newTestCluster({ workers: 0 });
    withPools(cluster, [pool('user', 'Standard_D4s_v5', 5, { minCount: 1 }), 2]);
    cluster.advance(9 * MIN);
    expect(poolNodes(cluster, 'user')).toHaveLength(2);
    cluster.advance(2 * MIN);
    expect(poolNodes(cluster, 'user')).toEqual(['aks-user-12183318-vmss000001']);
    expect(events(cluster, 'ScaleDownEmpty')).toEqual(['Scale-down: removing empty node "aks-user-12183318-vmss000000"']);
    expect(listPools(cluster.api)[0]!.count).toBe(1);
  });

  it('moves pods through the eviction API before deleting a node whose pods fit elsewhere', () => {
    const cluster = newTestCluster({ workers: 0 });
    withPools(cluster, [pool('user', 'Standard_D4s_v5', 5, { minCount: 1 }), 2]);
    cluster.write(() => cluster.api.create(deployment('web', 2, '500m'), FM));
    cluster.advance(12 * MIN);
    expect(poolNodes(cluster, 'user')).toHaveLength(1);
    expect(events(cluster, 'ScaleDown')).toEqual(expect.arrayContaining(['marked the node as toBeDeleted/unschedulable', 'deleting pod for node scale down', 'node removed by cluster autoscaler']));
    expect(cluster.api.list({ kind: 'Pod', namespace: 'default' }).filter((p) => p.status!.phase === 'Running' && !p.metadata.deletionTimestamp)).toHaveLength(2);
  });

  const blockers: [string, (c: Cluster) => void][] = [
    ['nothing', (c) => c.api.create(deployment('keep', 1, '100m'), FM)],
    ['safe-to-evict: "false"', (c) => c.api.create(deployment('keep', 1, '100m', { annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict': 'false' } }), FM)],
    ['a pod with local storage', (c) => c.api.create(deployment('keep', 1, '100m', { podSpec: { volumes: [{ name: 'scratch', emptyDir: {} }] } }), FM)],
    ['a kube-system pod without a PodDisruptionBudget', (c) => c.api.create(deployment('keep', 1, '100m', { ns: 'kube-system' }), FM)],
    ['a PodDisruptionBudget that allows no disruption', (c) => {
      c.api.create(deployment('keep', 1, '100m'), FM);
      c.api.create({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'keep', namespace: 'default' }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'keep' } } } }, FM);
    }],
  ];
  for (const [what, make] of blockers) {
    it(`${what === 'nothing' ? 'removes' : 'keeps'} a node running ${what === 'nothing' ? 'only pods that can move' : what}`, () => {
      const cluster = newTestCluster({ workers: 0 });
      withPools(cluster, [pool('user', 'Standard_D4s_v5', 5, { minCount: 0 }), 1]);
      cluster.write(() => make(cluster));
      cluster.advance(5_000);
      // Somewhere for the pod to go: a pool the autoscaler does not manage.
      withPools(cluster, [pool('other', 'Standard_D4s_v5', 1, { enableAutoscaler: false }), 1]);
      cluster.advance(12 * MIN);
      expect(poolNodes(cluster, 'user')).toHaveLength(what === 'nothing' ? 0 : 1);
    });
  }

  it('a local-storage pod annotated safe-to-evict: "true" does not keep its node', () => {
    const cluster = newTestCluster({ workers: 0 });
    withPools(cluster, [pool('user', 'Standard_D4s_v5', 5, { minCount: 1 }), 2]);
    cluster.write(() => cluster.api.create(deployment('web', 1, '100m', { annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict': 'true' }, podSpec: { volumes: [{ name: 'scratch', emptyDir: {} }] } }), FM));
    cluster.advance(12 * MIN);
    expect(poolNodes(cluster, 'user')).toHaveLength(1);
  });
});
