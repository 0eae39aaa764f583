/**
 * ipam: the pod network sized for a new cluster, node CIDRs handed out as the range allocator
 * does (after the last one held, wrapping round, none when all are taken), and pod addresses.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { allocatePodIP, DEFAULT_POD_NETWORK, inPodNetwork, nextPodCIDR, podCIDRAt, podNetworkFor, podNetworkOf } from './ipam';

const node = (podCIDR?: string): KubeObject => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, spec: podCIDR ? { podCIDR } : {} } as KubeObject);

describe('pod network', () => {
  it('is 10.244.0.0/16 up to 256 nodes, then the smallest aligned network around it with a /24 for each', () => {
    expect([1, 256, 257, 512, 513, 1000, 5000, 32_768, 100_000].map(podNetworkFor)).toEqual([
      '10.244.0.0/16', '10.244.0.0/16', '10.244.0.0/15', '10.244.0.0/15', '10.244.0.0/14', '10.244.0.0/14',
      '10.224.0.0/11', '10.128.0.0/9', '10.128.0.0/9',
    ]);
  });

  it('gives node i the ith /24, none past the end', () => {
    expect(podCIDRAt(DEFAULT_POD_NETWORK, 0)).toBe('10.244.0.0/24');
    expect(podCIDRAt(DEFAULT_POD_NETWORK, 255)).toBe('10.244.255.0/24');
    expect(podCIDRAt(DEFAULT_POD_NETWORK, 256)).toBeUndefined();
    expect(podCIDRAt('10.224.0.0/11', 4999)).toBe('10.243.135.0/24');
    expect(podCIDRAt('10.244.0.0/14', 300)).toBe('10.245.44.0/24');
  });

  it('hands a new node the CIDR after the last one held, wrapping round to a free one, none when all are taken', () => {
    const net = '10.244.0.0/23';
    expect(nextPodCIDR(net, [])).toBe('10.244.0.0/24');
    expect(nextPodCIDR(net, [node('10.244.0.0/24')])).toBe('10.244.1.0/24');
    expect(nextPodCIDR(net, [node('10.244.1.0/24')])).toBe('10.244.0.0/24');
    expect(nextPodCIDR(net, [node('10.244.0.0/24'), node('10.244.1.0/24'), node()])).toBeUndefined();
    // A CIDR outside the network (a node of another range) takes none of it.
    expect(nextPodCIDR(net, [node('10.244.0.0/24'), node('10.244.7.0/24')])).toBe('10.244.1.0/24');
    expect(nextPodCIDR(DEFAULT_POD_NETWORK, [node('10.244.0.0/24'), node('10.244.1.0/24'), node('10.244.5.0/24')])).toBe('10.244.6.0/24');
  });

  it('knows its addresses', () => {
    expect(inPodNetwork('10.244.3.7', DEFAULT_POD_NETWORK)).toBe(true);
    expect(inPodNetwork('10.245.3.7', DEFAULT_POD_NETWORK)).toBe(false);
    expect(inPodNetwork('10.245.3.7', '10.244.0.0/15')).toBe(true);
    expect(inPodNetwork('172.18.0.2', DEFAULT_POD_NETWORK)).toBe(false);
    expect(inPodNetwork(undefined, DEFAULT_POD_NETWORK)).toBe(false);
  });

  it('is kubeadm\'s podSubnet, else kube-proxy\'s clusterCIDR, else the default', () => {
    const cluster = newTestCluster({ workers: 1 }, { warmup: false });
    expect(podNetworkOf(cluster.api)).toBe(DEFAULT_POD_NETWORK);
    const set = (name: string, key: string, text: string | undefined) => cluster.write(() => {
      const cm = cluster.api.get({ kind: 'ConfigMap', namespace: 'kube-system', name });
      cluster.api.update({ ...cm, data: text === undefined ? {} : { [key]: text } }, { fieldManager: 'test' });
    });
    const kubeadm = (text: string | undefined) => set('kubeadm-config', 'ClusterConfiguration', text);
    const proxy = (text: string) => set('kube-proxy', 'config.conf', text);
    proxy('kind: KubeProxyConfiguration\nclusterCIDR: 10.244.0.0/14\nmode: iptables\n');
    expect(podNetworkOf(cluster.api)).toBe(DEFAULT_POD_NETWORK);
    kubeadm('kind: ClusterConfiguration\nnetworking: {podSubnet: "10.32.0.0/12", serviceSubnet: 10.96.0.0/12}\n');
    expect(podNetworkOf(cluster.api)).toBe('10.32.0.0/12');
    // No podSubnet, one that is no IPv4 network with room for /24s, no YAML: kube-proxy's.
    for (const text of ['networking:\n  serviceSubnet: 10.96.0.0/12\n', 'networking:\n  podSubnet: 10.244.0.0/25\n', 'networking: [\n', undefined]) {
      kubeadm(text);
      expect(podNetworkOf(cluster.api)).toBe('10.244.0.0/14');
    }
    proxy('clusterCIDR: "10.1.0.0/16"\n');
    expect(podNetworkOf(cluster.api)).toBe('10.1.0.0/16');
    proxy('clusterCIDR: not-a-cidr\n');
    expect(podNetworkOf(cluster.api)).toBe(DEFAULT_POD_NETWORK);
    cluster.close();
  });
});

describe('pod addresses', () => {
  it('take the lowest free address of the node\'s /24 from .2; none without a CIDR', () => {
    const n = node('10.244.3.0/24');
    expect(allocatePodIP(n, [])).toBe('10.244.3.2');
    expect(allocatePodIP(n, ['10.244.3.2', '10.244.3.4'])).toBe('10.244.3.3');
    expect(allocatePodIP(node(), [])).toBeUndefined();
  });
});
