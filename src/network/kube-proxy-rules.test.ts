import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import type { EndpointSlice } from '../api/types/kinds';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { iptablesRules, ipvsRules, savedProbability, kubeProxyProbability } from './kube-proxy-rules';

// The chain names computed here independently of the module: sha256, base32 by bit string, first 16 characters.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function chainHash(s: string): string {
  const bits = [...createHash('sha256').update(s).digest()].map((b) => b.toString(2).padStart(8, '0')).join('');
  let out = '';
  for (let i = 0; i < 80; i += 5) out += ALPHABET[parseInt(bits.slice(i, i + 5), 2)];
  return out;
}
const SVC = (spn: string, proto = 'tcp') => `KUBE-SVC-${chainHash(spn + proto)}`;
const SVL = (spn: string, proto = 'tcp') => `KUBE-SVL-${chainHash(spn + proto)}`;
const FW = (spn: string, proto = 'tcp') => `KUBE-FW-${chainHash(spn + proto)}`;
const EXT = (spn: string, proto = 'tcp') => `KUBE-EXT-${chainHash(spn + proto)}`;
const SEP = (spn: string, ep: string, proto = 'tcp') => `KUBE-SEP-${chainHash(spn + proto + ep)}`;

type Ep = { ip: string; node: string; ready?: boolean };
const slice = (svc: string, port: { name?: string; port: number }, eps: Ep[]): EndpointSlice => ({
  apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
  metadata: { name: `${svc}-abcde`, namespace: 'shop', labels: { 'kubernetes.io/service-name': svc } },
  addressType: 'IPv4',
  endpoints: eps.map((e) => ({ addresses: [e.ip], conditions: { ready: e.ready ?? true, serving: e.ready ?? true, terminating: false }, nodeName: e.node })),
  ports: [{ name: port.name ?? '', port: port.port, protocol: 'TCP' }],
});
const service = (name: string, clusterIP: string, spec: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'shop' },
  spec: { clusterIP, ports: [{ name: 'http', port: 80, targetPort: 8080 }], ...spec },
});

const cluster = newTestCluster({ workers: 2 }, { warmup: false });
beforeAll(() => {
  cluster.write(() => {
    cluster.api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } }, { fieldManager: 'test' });
    for (const o of [
      service('web', '10.96.100.1'),
      slice('web', { name: 'http', port: 8080 }, [{ ip: '10.244.1.2', node: 'worker01' }, { ip: '10.244.2.2', node: 'worker02' }, { ip: '10.244.1.3', node: 'worker01' }]),
      service('sticky', '10.96.100.2', { sessionAffinity: 'ClientIP', ports: [{ port: 80, targetPort: 80 }] }),
      slice('sticky', { port: 80 }, [{ ip: '10.244.1.4', node: 'worker01' }]),
      service('local', '10.96.100.3', { type: 'NodePort', externalTrafficPolicy: 'Local', ports: [{ port: 80, targetPort: 80, nodePort: 30080 }] }),
      slice('local', { port: 80 }, [{ ip: '10.244.1.5', node: 'worker01' }]),
      service('empty', '10.96.100.4', { type: 'NodePort', ports: [{ port: 80, targetPort: 80, nodePort: 30081 }] }),
      service('guarded', '10.96.100.5', { type: 'LoadBalancer', loadBalancerSourceRanges: [' 203.0.113.0/25'], ports: [{ port: 80, targetPort: 80, nodePort: 30082 }] }),
      slice('guarded', { port: 80 }, [{ ip: '10.244.2.6', node: 'worker02' }]),
    ]) cluster.api.create(o, { fieldManager: 'test' });
    const guarded = cluster.api.get({ kind: 'Service', namespace: 'shop', name: 'guarded' });
    cluster.api.updateStatus({ ...guarded, status: { loadBalancer: { ingress: [{ ip: '5.6.7.8', ipMode: 'VIP' }] } } }, { fieldManager: 'test' });
  });
});

const rulesFor = (node: string, needle: string) => iptablesRules(cluster.api, node).split('\n').filter((l) => l.includes(needle));

describe('iptables rules', () => {
  it('prints the probabilities iptables stores: 1/3 as 0.33333333349, 1/2 as 0.50000000000', () => {
    expect([kubeProxyProbability(3), savedProbability(3), savedProbability(2)]).toEqual(['0.3333333333', '0.33333333349', '0.50000000000']);
  });

  it('matches the well-known chain of default/kubernetes:https', () => {
    expect(SVC('default/kubernetes:https')).toBe('KUBE-SVC-NPX46M4PTMTKRN6Y');
    expect(iptablesRules(cluster.api, 'worker01')).toContain('-A KUBE-SERVICES -d 10.96.0.1/32 -p tcp -m comment --comment "default/kubernetes:https cluster IP" -m tcp --dport 443 -j KUBE-SVC-NPX46M4PTMTKRN6Y\n');
  });

  it('sends a ClusterIP through KUBE-SVC to one KUBE-SEP per endpoint, in endpoint order, with random statistics on all but the last', () => {
    const spn = 'shop/web:http';
    const [a, b, c] = ['10.244.1.2:8080', '10.244.1.3:8080', '10.244.2.2:8080'];
    // iptables-save prints chains in name order, so the KUBE-SEP chains come in their hashes' order.
    const seps = [a, b, c].map((ep) => [SEP(spn, ep), ep] as const).sort(([x], [y]) => (x < y ? -1 : 1));
    expect(rulesFor('worker01', '"shop/web:http')).toEqual([
      ...seps.flatMap(([chain, ep]) => [
        `-A ${chain} -s ${ep.split(':')[0]}/32 -m comment --comment "shop/web:http" -j KUBE-MARK-MASQ`,
        `-A ${chain} -p tcp -m comment --comment "shop/web:http" -m tcp -j DNAT --to-destination ${ep}`,
      ]),
      `-A KUBE-SERVICES -d 10.96.100.1/32 -p tcp -m comment --comment "shop/web:http cluster IP" -m tcp --dport 80 -j ${SVC(spn)}`,
      `-A ${SVC(spn)} ! -s 10.244.0.0/16 -d 10.96.100.1/32 -p tcp -m comment --comment "shop/web:http cluster IP" -m tcp --dport 80 -j KUBE-MARK-MASQ`,
      `-A ${SVC(spn)} -m comment --comment "shop/web:http -> ${a}" -m statistic --mode random --probability 0.33333333349 -j ${SEP(spn, a)}`,
      `-A ${SVC(spn)} -m comment --comment "shop/web:http -> ${b}" -m statistic --mode random --probability 0.50000000000 -j ${SEP(spn, b)}`,
      `-A ${SVC(spn)} -m comment --comment "shop/web:http -> ${c}" -j ${SEP(spn, c)}`,
    ]);
  });

  it('pins ClientIP affinity with the recent match', () => {
    const ep = '10.244.1.4:80';
    expect(rulesFor('worker01', '-m recent')).toEqual([
      `-A ${SEP('shop/sticky', ep)} -p tcp -m comment --comment "shop/sticky" -m recent --set --name ${SEP('shop/sticky', ep)} --mask 255.255.255.255 --rsource -m tcp -j DNAT --to-destination ${ep}`,
      `-A ${SVC('shop/sticky')} -m comment --comment "shop/sticky -> ${ep}" -m recent --rcheck --seconds 10800 --reap --name ${SEP('shop/sticky', ep)} --mask 255.255.255.255 --rsource -j ${SEP('shop/sticky', ep)}`,
    ]);
  });

  it('routes a Local NodePort to the local endpoint on its node and drops it on a node without one', () => {
    const spn = 'shop/local';
    expect(rulesFor('worker01', `${EXT(spn)}`)).toEqual([
      `:${EXT(spn)} - [0:0]`,
      `-A ${EXT(spn)} -s 10.244.0.0/16 -m comment --comment "pod traffic for shop/local external destinations" -j ${SVC(spn)}`,
      `-A ${EXT(spn)} -m comment --comment "masquerade LOCAL traffic for shop/local external destinations" -m addrtype --src-type LOCAL -j KUBE-MARK-MASQ`,
      `-A ${EXT(spn)} -m comment --comment "route LOCAL traffic for shop/local external destinations" -m addrtype --src-type LOCAL -j ${SVC(spn)}`,
      `-A ${EXT(spn)} -j ${SVL(spn)}`,
      `-A KUBE-NODEPORTS -p tcp -m comment --comment "shop/local" -m tcp --dport 30080 -j ${EXT(spn)}`,
    ]);
    expect(rulesFor('worker02', 'shop/local has no local endpoints')).toEqual([
      '-A KUBE-EXTERNAL-SERVICES -p tcp -m comment --comment "shop/local has no local endpoints" -m addrtype --dst-type LOCAL -m tcp --dport 30080 -j DROP',
    ]);
    expect(rulesFor('worker02', `-j ${SVL(spn)}`)).toEqual([]);
  });

  it('rejects a Service port with no endpoints in the filter table', () => {
    expect(rulesFor('worker01', 'shop/empty')).toEqual([
      '-A KUBE-EXTERNAL-SERVICES -p tcp -m comment --comment "shop/empty has no endpoints" -m addrtype --dst-type LOCAL -m tcp --dport 30081 -j REJECT --reject-with icmp-port-unreachable',
      '-A KUBE-SERVICES -d 10.96.100.4/32 -p tcp -m comment --comment "shop/empty has no endpoints" -m tcp --dport 80 -j REJECT --reject-with icmp-port-unreachable',
    ]);
  });
});

describe('loadBalancerSourceRanges in iptables mode', () => {
  it('sends the load-balancer IP through KUBE-FW, which admits the ranges, and drops the rest in KUBE-PROXY-FIREWALL', () => {
    const spn = 'shop/guarded';
    // upstream's TestOverallIPTablesRules names ns5/svc5:p80's firewall chain so.
    expect(FW('ns5/svc5:p80')).toBe('KUBE-FW-NUKIZ6OKUXPJNT4C');
    expect(rulesFor('worker01', '5.6.7.8')).toEqual([
      `-A KUBE-PROXY-FIREWALL -d 5.6.7.8/32 -p tcp -m comment --comment "shop/guarded traffic not accepted by ${FW(spn)}" -m tcp --dport 80 -j DROP`,
      `-A KUBE-SERVICES -d 5.6.7.8/32 -p tcp -m comment --comment "shop/guarded loadbalancer IP" -m tcp --dport 80 -j ${FW(spn)}`,
    ]);
    expect(rulesFor('worker01', `-A ${FW(spn)}`)).toEqual([
      `-A ${FW(spn)} -s 203.0.113.0/25 -m comment --comment "shop/guarded loadbalancer IP" -j ${EXT(spn)}`,
      `-A ${FW(spn)} -m comment --comment "other traffic to shop/guarded will be dropped by KUBE-PROXY-FIREWALL"`,
    ]);
  });
});

describe('ipvs rules', () => {
  it('lists virtual servers sorted by protocol, address and port, with node ports on this node\'s address only', () => {
    const out = ipvsRules(cluster.api, 'worker02').split('\n');
    expect(out.slice(0, 3)).toEqual([
      'IP Virtual Server version 1.2.1 (size=4096)',
      'Prot LocalAddress:Port Scheduler Flags',
      '  -> RemoteAddress:Port           Forward Weight ActiveConn InActConn',
    ]);
    const from = out.indexOf('TCP  10.96.100.1:80 rr');
    expect(out.slice(from, from + 8)).toEqual([
      'TCP  10.96.100.1:80 rr',
      '  -> 10.244.1.2:8080              Masq    1      0          0         ',
      '  -> 10.244.1.3:8080              Masq    1      0          0         ',
      '  -> 10.244.2.2:8080              Masq    1      0          0         ',
      'TCP  10.96.100.2:80 rr persistent 10800',
      '  -> 10.244.1.4:80                Masq    1      0          0         ',
      'TCP  10.96.100.3:80 rr',
      '  -> 10.244.1.5:80                Masq    1      0          0         ',
    ]);
    expect(out).toContain('TCP  172.18.0.4:30080 rr');
    expect(out[out.indexOf('TCP  172.18.0.4:30080 rr') + 1]).not.toMatch(/->/);
    expect(out).not.toContain('TCP  172.18.0.3:30080 rr');
  });
});
