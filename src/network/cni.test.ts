import { describe, expect, it } from 'vitest';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { calicoObjects } from '../cluster/calico';
import { CNI_CONFIG_KEY, NETWORK_NOT_READY_MESSAGE, nodeReachable, syncCniConfig } from './cni';

const readyOf = (cluster: ReturnType<typeof newTestCluster>, name: string) =>
  cluster.api.get({ kind: 'Node', name }).status!.conditions!.find((c: { type: string }) => c.type === 'Ready');

describe('cni', () => {
  it('a default cluster has no CNI record and its nodes are ready', () => {
    const cluster = newTestCluster();
    expect(cluster.api.nodeLocalState('worker01', CNI_CONFIG_KEY)).toBeUndefined();
    expect(syncCniConfig('worker01', cluster.api)).toBe(true);
    expect(nodeReachable(cluster.api.get({ kind: 'Node', name: 'worker01' }))).toBe(true);
  });

  it('--cni none: nodes stay NotReady with the runtime message until calico-node runs on them', () => {
    const cluster = newTestCluster({ cni: 'none' });
    cluster.advance(10 * 60_000);
    expect(readyOf(cluster, 'worker01')).toMatchObject({ status: 'False', reason: 'KubeletNotReady', message: NETWORK_NOT_READY_MESSAGE });
    expect(nodeReachable(cluster.api.get({ kind: 'Node', name: 'worker01' }))).toBe(false);
    expect(cluster.api.nodeLocalState('worker01', CNI_CONFIG_KEY)).toEqual({ plugin: null });

    cluster.write(() => { for (const obj of calicoObjects()) cluster.api.create(obj, { fieldManager: 'test' }); });
    cluster.advance(2 * 60_000);
    for (const node of ['control01', 'worker01', 'worker02']) {
      expect(readyOf(cluster, node)).toMatchObject({ status: 'True', reason: 'KubeletReady' });
      expect(cluster.api.nodeLocalState(node, CNI_CONFIG_KEY)).toEqual({ plugin: 'calico' });
    }
    // The config file outlives its agent: deleting calico-node does not take the network down.
    cluster.write(() => cluster.api.delete({ kind: 'DaemonSet', namespace: 'kube-system', name: 'calico-node' }, { fieldManager: 'test' }));
    cluster.advance(10 * 60_000);
    expect(readyOf(cluster, 'worker01')!.status).toBe('True');
  });
});
