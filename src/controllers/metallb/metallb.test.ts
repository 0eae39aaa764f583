import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { metallbObjects } from '../../cluster/metallb-addon';
import { poolAddresses } from './index';

const pool = (name: string, addresses: string[], autoAssign?: boolean): KubeObject => ({
  apiVersion: 'metallb.io/v1beta1', kind: 'IPAddressPool', metadata: { name, namespace: 'metallb-system' },
  spec: { addresses, ...(autoAssign === undefined ? {} : { autoAssign }) },
});
const lb = (name: string, extra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' },
  spec: { type: 'LoadBalancer', ports: [{ port: 80 }], ...extra },
});

describe('poolAddresses', () => {
  it('expands ranges and CIDRs in order', () => {
    expect(poolAddresses(pool('p', ['192.168.1.240-192.168.1.242', '10.0.0.4/31']))).toEqual(['192.168.1.240', '192.168.1.241', '192.168.1.242', '10.0.0.4', '10.0.0.5']);
  });
});

describe('metallb controller', () => {
  it('assigns the lowest free address of an auto-assign pool, honours a requested one, and reports exhaustion', () => {
    const cluster = newTestCluster({ workers: 1 }, { warmup: false });
    const fm = { fieldManager: 'test' };
    cluster.write(() => { for (const o of metallbObjects()) cluster.api.create(o, fm); });
    cluster.write(() => {
      cluster.api.create(pool('a-manual', ['192.168.2.10/32'], false), fm);
      cluster.api.create(pool('b-auto', ['192.168.1.240-192.168.1.241']), fm);
      cluster.api.create(lb('one'), fm);
      cluster.api.create(lb('pinned', { loadBalancerIP: '192.168.2.10' }), fm);
      cluster.api.create(lb('two'), fm);
      cluster.api.create(lb('three'), fm);
    });
    const ip = (name: string) => cluster.api.get({ kind: 'Service', namespace: 'default', name }).status?.loadBalancer?.ingress?.[0]?.ip;
    // One settle reconciles the Services in name order: three before two.
    expect(['one', 'pinned', 'three', 'two'].map(ip)).toEqual(['192.168.1.240', '192.168.2.10', '192.168.1.241', undefined]);
    const failed = cluster.api.list({ kind: 'Event', namespace: 'default' }).filter((e) => e.involvedObject?.name === 'two').map((e) => `${e.type} ${e.reason} ${e.message}`);
    expect(failed).toEqual(['Warning AllocationFailed Failed to allocate IP for "default/two": no available IPs']);
    // Deleting a Service frees its address for the one left pending.
    cluster.write(() => cluster.api.delete({ kind: 'Service', namespace: 'default', name: 'one' }, fm));
    expect(ip('two')).toBe('192.168.1.240');
  });
});
