import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { DEFAULT_COREFILE, parseCorefile, type Corefile } from './corefile';
import type { ClusterView, EndpointAddress } from './kubernetes-zone';
import { serveQuery } from './server';
import type { RecordType } from './message';

const svc = (name: string, spec: Record<string, unknown>, namespace = 'default'): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace }, spec });

const SERVICES = [
  svc('web', { clusterIP: '10.96.5.6', clusterIPs: ['10.96.5.6'], ports: [{ name: 'http', port: 80, protocol: 'TCP' }, { name: 'metrics', port: 9090, protocol: 'TCP' }] }),
  svc('nginx', { clusterIP: 'None', ports: [{ name: 'web', port: 80, protocol: 'TCP' }] }),
  svc('empty', { clusterIP: 'None', ports: [{ port: 80 }] }),
  svc('db', { type: 'ExternalName', externalName: 'db.example.com' }),
  svc('kubernetes', { clusterIP: '10.96.0.1', clusterIPs: ['10.96.0.1'], ports: [{ name: 'https', port: 443, protocol: 'TCP' }] }),
];
const ADDRESSES: Record<string, EndpointAddress[]> = {
  nginx: [
    { ip: '10.244.1.4', hostname: 'web-0', ports: [{ name: 'web', port: 80, protocol: 'TCP' }] },
    { ip: '10.244.2.4', ports: [{ name: 'web', port: 80, protocol: 'TCP' }] },
  ],
};

const VIEW: ClusterView = {
  service: (ns, name) => SERVICES.find((s) => s.metadata.namespace === ns && s.metadata.name === name),
  namespaceExists: (ns) => ['default', 'kube-system'].includes(ns),
  readyAddresses: (s) => ADDRESSES[s.metadata.name!] ?? [],
  services: () => SERVICES,
  podsWithIP: (ip) => (ip === '10.244.1.9' ? [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, status: { podIP: ip } }] : []),
};

const ask = (name: string, type: RecordType, corefile: Corefile = DEFAULT_COREFILE) => {
  const r = serveQuery(name, type, corefile, VIEW);
  return [r.rcode, r.aa, r.answers.map((a) => `${a.name} ${a.type} ${a.data}`)];
};
const Z = '.svc.cluster.local.';

describe('CoreDNS kubernetes plugin answers', () => {
  it.each<[string, string, RecordType, unknown[]]>([
    ['a ClusterIP Service is its ClusterIP', 'web.default.svc.cluster.local', 'A', ['NOERROR', true, [`web.default${Z} A 10.96.5.6`]]],
    ['names are case-insensitive', 'WEB.Default.svc.cluster.local.', 'A', ['NOERROR', true, [`web.default${Z} A 10.96.5.6`]]],
    ['a headless Service is its ready endpoints', 'nginx.default.svc.cluster.local', 'A', ['NOERROR', true, [`nginx.default${Z} A 10.244.1.4`, `nginx.default${Z} A 10.244.2.4`]]],
    ['a headless Service without ready endpoints does not exist', 'empty.default.svc.cluster.local', 'A', ['NXDOMAIN', true, []]],
    ['a pod with hostname and subdomain has its own name', 'web-0.nginx.default.svc.cluster.local', 'A', ['NOERROR', true, [`web-0.nginx.default${Z} A 10.244.1.4`]]],
    ['an endpoint without hostname answers to its dashed address', '10-244-2-4.nginx.default.svc.cluster.local', 'A', ['NOERROR', true, [`10-244-2-4.nginx.default${Z} A 10.244.2.4`]]],
    ['an unknown endpoint name does not exist', 'web-7.nginx.default.svc.cluster.local', 'A', ['NXDOMAIN', true, []]],
    ['pods insecure answers any dashed address', '10-244-7-7.default.pod.cluster.local', 'A', ['NOERROR', true, ['10-244-7-7.default.pod.cluster.local. A 10.244.7.7']]],
    ['a pod name that is no address does not exist', 'web.default.pod.cluster.local', 'A', ['NXDOMAIN', true, []]],
    ['an unknown Service does not exist', 'nope.default.svc.cluster.local', 'A', ['NXDOMAIN', true, []]],
    ['a namespace that exists has no records', 'default.svc.cluster.local', 'A', ['NOERROR', true, []]],
    ['a namespace that does not exist does not exist', 'nope.svc.cluster.local', 'A', ['NXDOMAIN', true, []]],
    ['a name missing svc or pod does not exist', 'web.cluster.local', 'A', ['NXDOMAIN', true, []]],
    ['a Service has no IPv6 address', 'web.default.svc.cluster.local', 'AAAA', ['NOERROR', true, []]],
    ['an ExternalName is a CNAME (its target does not resolve: no internet)', 'db.default.svc.cluster.local', 'A', ['NOERROR', true, [`db.default${Z} CNAME db.example.com.`]]],
    ['SRV of a named port', '_http._tcp.web.default.svc.cluster.local', 'SRV', ['NOERROR', true, [`_http._tcp.web.default${Z} SRV 0 100 80 web.default${Z}`]]],
    ['SRV of every port shares the weight', 'web.default.svc.cluster.local', 'SRV', ['NOERROR', true, [`web.default${Z} SRV 0 50 80 web.default${Z}`, `web.default${Z} SRV 0 50 9090 web.default${Z}`]]],
    ['SRV of a headless Service names each endpoint', '_web._tcp.nginx.default.svc.cluster.local', 'SRV', ['NOERROR', true, [`_web._tcp.nginx.default${Z} SRV 0 50 80 web-0.nginx.default${Z}`, `_web._tcp.nginx.default${Z} SRV 0 50 80 10-244-2-4.nginx.default${Z}`]]],
    ['SRV of a port the Service lacks does not exist', '_grpc._tcp.web.default.svc.cluster.local', 'SRV', ['NXDOMAIN', true, []]],
    ['PTR of a ClusterIP names the Service', '6.5.96.10.in-addr.arpa', 'PTR', ['NOERROR', true, ['6.5.96.10.in-addr.arpa. PTR web.default.svc.cluster.local.']]],
    ['PTR of an endpoint names it under its Service', '4.1.244.10.in-addr.arpa', 'PTR', ['NOERROR', true, ['4.1.244.10.in-addr.arpa. PTR web-0.nginx.default.svc.cluster.local.']]],
    ['PTR of an unknown address falls through to forward', '9.9.9.10.in-addr.arpa', 'PTR', ['NXDOMAIN', false, []]],
    ['a name outside the cluster is forwarded (kubemu: NXDOMAIN)', 'example.com', 'A', ['NXDOMAIN', false, []]],
  ])('%s', (_n, name, type, want) => {
    expect(ask(name, type)).toEqual(want);
  });

  it('verified pods answer only for a pod with that address in the namespace', () => {
    const c = parseCorefile('.:53 {\n  kubernetes cluster.local {\n    pods verified\n  }\n}\n');
    expect(ask('10-244-1-9.default.pod.cluster.local', 'A', c)).toEqual(['NOERROR', true, ['10-244-1-9.default.pod.cluster.local. A 10.244.1.9']]);
    expect(ask('10-244-7-7.default.pod.cluster.local', 'A', c)).toEqual(['NXDOMAIN', true, []]);
    expect(ask('10-244-1-9.kube-system.pod.cluster.local', 'A', c)).toEqual(['NXDOMAIN', true, []]);
  });

  it('without forward, a name no plugin serves fails', () => {
    expect(ask('example.com', 'A', parseCorefile('.:53 {\n  kubernetes cluster.local\n}\n'))).toEqual(['SERVFAIL', false, []]);
  });
});

describe('Corefile stanzas', () => {
  const withHosts = (fallthrough: boolean) => parseCorefile(`.:53 {
    hosts {
      10.10.10.10 legacy.example.com
      ${fallthrough ? 'fallthrough' : ''}
    }
    kubernetes cluster.local in-addr.arpa ip6.arpa {
      pods insecure
      fallthrough in-addr.arpa ip6.arpa
    }
    forward . /etc/resolv.conf
}`);

  it('hosts answers its names, and its addresses in reverse', () => {
    expect(ask('legacy.example.com', 'A', withHosts(true))).toEqual(['NOERROR', true, ['legacy.example.com. A 10.10.10.10']]);
    expect(ask('legacy.example.com', 'AAAA', withHosts(true))).toEqual(['NOERROR', true, []]);
    expect(ask('10.10.10.10.in-addr.arpa', 'PTR', withHosts(true))).toEqual(['NOERROR', true, ['10.10.10.10.in-addr.arpa. PTR legacy.example.com.']]);
    expect(ask('web.default.svc.cluster.local', 'A', withHosts(true))).toEqual(['NOERROR', true, [`web.default${Z} A 10.96.5.6`]]);
  });

  it('hosts without fallthrough answers NXDOMAIN for every other name, cluster names too', () => {
    expect(ask('web.default.svc.cluster.local', 'A', withHosts(false))).toEqual(['NXDOMAIN', true, []]);
  });

  it('an ExternalName whose target is in hosts resolves through it', () => {
    const c = parseCorefile('.:53 {\n  hosts {\n    10.1.1.1 db.example.com\n    fallthrough\n  }\n  kubernetes cluster.local\n  forward . 8.8.8.8\n}\n');
    expect(ask('db.default.svc.cluster.local', 'A', c)).toEqual(['NOERROR', true, [`db.default${Z} CNAME db.example.com.`, 'db.example.com. A 10.1.1.1']]);
  });

  it('rewrite name exact serves another name and answers under the asked one', () => {
    const c = parseCorefile('.:53 {\n  rewrite name db.corp web.default.svc.cluster.local\n  kubernetes cluster.local\n  forward . 8.8.8.8\n}\n');
    expect(ask('db.corp', 'A', c)).toEqual(['NOERROR', true, ['db.corp. A 10.96.5.6']]);
  });

  it('rewrite name suffix without answer auto leaves the served name in the answer', () => {
    const c = parseCorefile('.:53 {\n  rewrite name suffix .corp. .default.svc.cluster.local.\n  kubernetes cluster.local\n  forward . 8.8.8.8\n}\n');
    expect(ask('web.corp', 'A', c)).toEqual(['NOERROR', true, [`web.default${Z} A 10.96.5.6`]]);
  });

  it('a stub-domain block serves its zone', () => {
    const c = parseCorefile('.:53 {\n  kubernetes cluster.local\n  forward . 8.8.8.8\n}\ncorp.local:53 {\n  hosts {\n    10.9.9.9 api.corp.local\n  }\n}\n');
    expect(ask('api.corp.local', 'A', c)).toEqual(['NOERROR', true, ['api.corp.local. A 10.9.9.9']]);
    expect(ask('other.corp.local', 'A', c)).toEqual(['NXDOMAIN', true, []]);
  });
});
