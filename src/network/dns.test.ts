import { beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../cluster/cluster';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { CLUSTER_DNS_IP, clusterCorefile, queryCluster, readyAddresses, resolve, servesDns } from './dns';
import { DEFAULT_COREFILE } from './dns/corefile';

const STS = [
  { apiVersion: 'v1', kind: 'Service', metadata: { name: 'nginx', namespace: 'default' }, spec: { clusterIP: 'None', selector: { app: 'nginx' }, ports: [{ name: 'web', port: 80 }] } },
  {
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'web', namespace: 'default' },
    spec: { serviceName: 'nginx', replicas: 1, selector: { matchLabels: { app: 'nginx' } }, template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } },
  },
];

describe('cluster DNS over the API', () => {
  let cluster: Cluster;
  beforeAll(() => {
    cluster = newTestCluster();
    cluster.write(() => { for (const o of STS) cluster.api.create(o, { fieldManager: 'test' }); });
    cluster.advance(60_000);
  });
  const svc = (name: string, namespace = 'default') => cluster.api.get({ kind: 'Service', namespace, name });

  it("reads a StatefulSet pod's hostname into its endpoint, as the endpoints controller sets it", () => {
    const ip = cluster.api.get({ kind: 'Pod', namespace: 'default', name: 'web-0' }).status!.podIP;
    expect(readyAddresses(svc('nginx'), cluster.api)).toEqual([{ ip, hostname: 'web-0', ports: [{ name: 'web', port: 80, protocol: 'TCP' }] }]);
    expect(resolve('web-0.nginx', 'default', cluster.api)).toMatchObject({ fqdn: 'web-0.nginx.default.svc.cluster.local', addresses: [ip] });
  });

  it('answers from EndpointSlices, as CoreDNS 1.11 does: a selectorless Service whose only endpoints are a slice the user wrote resolves', () => {
    // Mirroring runs Endpoints → slices only, so here no Endpoints object ever exists; a CoreDNS
    // reading Endpoints (1.8 and before) answers NXDOMAIN for this name.
    cluster.write(() => {
      cluster.api.create({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'db', namespace: 'default' }, spec: { clusterIP: 'None', ports: [{ name: 'pg', port: 5432 }] } }, { fieldManager: 'test' });
      cluster.api.create({
        apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
        metadata: { name: 'db-1', namespace: 'default', labels: { 'kubernetes.io/service-name': 'db' } },
        addressType: 'IPv4', ports: [{ name: 'pg', port: 5432, protocol: 'TCP' }],
        endpoints: [
          { addresses: ['192.168.10.5'], hostname: 'primary' },
          { addresses: ['192.168.10.6'], conditions: { ready: false } },
          { addresses: ['192.168.10.7'], conditions: { ready: true } },
        ],
      }, { fieldManager: 'test' });
    });
    cluster.advance(5_000);
    expect(cluster.api.tryGet({ kind: 'Endpoints', namespace: 'default', name: 'db' })).toBeUndefined();
    expect(readyAddresses(svc('db'), cluster.api).map((a) => a.ip)).toEqual(['192.168.10.5', '192.168.10.7']);
    expect(resolve('db', 'default', cluster.api)).toMatchObject({ fqdn: 'db.default.svc.cluster.local', addresses: ['192.168.10.5', '192.168.10.7'] });
    expect(resolve('primary.db', 'default', cluster.api)?.addresses).toEqual(['192.168.10.5']);
  });

  it('answers at the kube-dns address while CoreDNS has a ready endpoint the caller reaches', () => {
    expect(servesDns(CLUSTER_DNS_IP, cluster.api)).toBe(true);
    expect(servesDns('10.96.0.99', cluster.api)).toBe(false);
    expect(servesDns(CLUSTER_DNS_IP, cluster.api, (_ip, port, proto) => !(port === 53 && proto === 'UDP'))).toBe(false);
    expect(queryCluster(CLUSTER_DNS_IP, 'kubernetes.default.svc.cluster.local', 'A', cluster.api, () => false)).toBe('timeout');
    expect(resolve('kubernetes.default', 'default', cluster.api)?.addresses).toEqual(['10.96.0.1']);
    expect(resolve('kubernetes.default', 'default', cluster.api, undefined, () => false)).toBeUndefined();
  });

  it("serves kubeadm's Corefile when the ConfigMap's does not load, and says why", () => {
    expect(clusterCorefile(cluster.api)).toEqual({ corefile: expect.objectContaining({ blocks: [expect.objectContaining({ zones: ['.'] })] }) });
    const cm = cluster.api.get({ kind: 'ConfigMap', namespace: 'kube-system', name: 'coredns' });
    cluster.write(() => cluster.api.update({ ...cm, data: { Corefile: '.:53 {\n  kubernetes cluster.local {\n' } }, { fieldManager: 'test' }));
    expect(clusterCorefile(cluster.api)).toEqual({ corefile: DEFAULT_COREFILE, error: 'Unexpected EOF' });
  });

  it('stops answering when CoreDNS is scaled to 0', () => {
    const d = cluster.api.get({ kind: 'Deployment', namespace: 'kube-system', name: 'coredns' });
    cluster.write(() => cluster.api.update({ ...d, spec: { ...d.spec, replicas: 0 } }, { fieldManager: 'test' }));
    cluster.advance(40_000);
    expect(readyAddresses(svc('kube-dns', 'kube-system'), cluster.api)).toEqual([]);
    expect(queryCluster(CLUSTER_DNS_IP, 'kubernetes.default.svc.cluster.local', 'A', cluster.api)).toBe('refused');
    expect(resolve('kubernetes.default', 'default', cluster.api)).toBeUndefined();
  });
});
