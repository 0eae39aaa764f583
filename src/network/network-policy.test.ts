/**
 * NetworkPolicy evaluation, table-driven on the topology upstream's e2e suite uses
 * (test/e2e/network/netpol/network_policy.go): pods a, b, c in namespaces x, y, z, each
 * serving 80 and 81 with container ports named serve-80-tcp and serve-81-tcp. Each case
 * names the upstream e2e case or the networking/v1 doc comment it checks.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { NetworkPolicyEvaluator, describeSide, ruleName, type Connection } from './network-policy';

const NAMESPACES = ['x', 'y', 'z'];
const POD_NAMES = ['a', 'b', 'c'];

function pod(ns: string, name: string, extra: { hostNetwork?: boolean } = {}): KubeObject {
  const n = NAMESPACES.indexOf(ns), i = POD_NAMES.indexOf(name);
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { namespace: ns, name, uid: `${ns}-${name}`, labels: { pod: name } },
    spec: {
      hostNetwork: extra.hostNetwork,
      containers: [{ name: 'c', image: 'agnhost', ports: [
        { name: 'serve-80-tcp', containerPort: 80, protocol: 'TCP' },
        { name: 'serve-81-tcp', containerPort: 81, protocol: 'TCP' },
        { name: 'serve-81-udp', containerPort: 81, protocol: 'UDP' },
      ] }],
    },
    status: { phase: 'Running', podIP: extra.hostNetwork ? '172.18.0.2' : `10.244.${n}.${10 + i}` },
  };
}

const PODS = Object.fromEntries(NAMESPACES.flatMap((ns) => POD_NAMES.map((p) => [`${ns}/${p}`, pod(ns, p)])));
const namespaces: KubeObject[] = NAMESPACES.map((name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name, ...(name === 'y' ? { team: 'blue' } : {}) } } }));

function np(ns: string, name: string, spec: any): KubeObject {
  return { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { namespace: ns, name }, spec };
}

const selectA = { matchLabels: { pod: 'a' } };
const nsY = { matchLabels: { 'kubernetes.io/metadata.name': 'y' } };
const notX = { matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: ['x'] }] };

interface Case {
  name: string;
  policies: KubeObject[];
  /** expect: "from->to:port[/proto]" → allowed? */
  expect: Record<string, boolean>;
}

const CASES: Case[] = [
  {
    name: "should support a 'default-deny-ingress' policy",
    policies: [np('x', 'deny-ingress', { podSelector: {}, policyTypes: ['Ingress'] })],
    expect: { 'x/b->x/a:80': false, 'y/a->x/a:80': false, 'x/a->y/a:80': true, 'y/a->y/b:80': true },
  },
  {
    name: "should support a 'default-deny-all' policy (egress from x is denied too)",
    policies: [np('x', 'deny-all', { podSelector: {}, policyTypes: ['Ingress', 'Egress'] })],
    expect: { 'x/a->y/a:80': false, 'y/a->x/a:80': false, 'x/a->x/b:80': false, 'y/a->y/b:80': true },
  },
  {
    name: 'policyTypes default: Ingress always, Egress only when egress rules are present',
    policies: [np('x', 'ingress-only', { podSelector: {} })],
    expect: { 'x/a->y/a:80': true, 'y/a->x/a:80': false },
  },
  {
    name: 'policyTypes default: a policy with egress rules isolates egress too',
    policies: [np('x', 'egress-rules', { podSelector: {}, egress: [{ to: [{ namespaceSelector: nsY }] }] })],
    expect: { 'x/a->y/a:80': true, 'x/a->z/a:80': false, 'y/a->x/a:80': false },
  },
  {
    name: 'should enforce policy to allow traffic from pods within server namespace based on PodSelector',
    policies: [np('x', 'x-a-allows-x-b', { podSelector: selectA, ingress: [{ from: [{ podSelector: { matchLabels: { pod: 'b' } } }] }] })],
    expect: { 'x/b->x/a:80': true, 'x/c->x/a:80': false, 'y/b->x/a:80': false, 'x/a->x/b:80': true },
  },
  {
    name: 'should enforce policy to allow traffic only from a different namespace, based on NamespaceSelector (kubernetes.io/metadata.name)',
    policies: [np('x', 'allow-client-a-via-ns-selector', { podSelector: selectA, ingress: [{ from: [{ namespaceSelector: nsY }] }] })],
    expect: { 'y/a->x/a:80': true, 'y/c->x/a:80': true, 'x/b->x/a:80': false, 'z/a->x/a:80': false },
  },
  {
    name: 'namespaceSelector by a namespace label other than its name',
    policies: [np('x', 'allow-team-blue', { podSelector: selectA, ingress: [{ from: [{ namespaceSelector: { matchLabels: { team: 'blue' } } }] }] })],
    expect: { 'y/b->x/a:80': true, 'z/b->x/a:80': false },
  },
  {
    name: 'should enforce policy based on PodSelector and NamespaceSelector (one peer: both must match)',
    policies: [np('x', 'allow-ns-y-podselector-and-nsselector', { podSelector: selectA, ingress: [{ from: [{ namespaceSelector: notX, podSelector: { matchLabels: { pod: 'b' } } }] }] })],
    expect: { 'y/b->x/a:80': true, 'z/b->x/a:80': true, 'x/b->x/a:80': false, 'y/a->x/a:80': false },
  },
  {
    name: 'should enforce policy based on PodSelector or NamespaceSelector (two peers: either may match)',
    policies: [np('x', 'allow-ns-y-match-selector', { podSelector: selectA, ingress: [{ from: [{ namespaceSelector: notX }, { podSelector: { matchLabels: { pod: 'b' } } }] }] })],
    expect: { 'y/a->x/a:80': true, 'z/c->x/a:80': true, 'x/b->x/a:80': true, 'x/c->x/a:80': false },
  },
  {
    name: 'should enforce policy based on any PodSelectors',
    policies: [np('x', 'allow-ns-x-pod-b-c', { podSelector: selectA, ingress: [{ from: [{ podSelector: { matchLabels: { pod: 'b' } } }, { podSelector: { matchLabels: { pod: 'c' } } }] }] })],
    expect: { 'x/b->x/a:80': true, 'x/c->x/a:80': true, 'y/b->x/a:80': false },
  },
  {
    name: 'should enforce policy to allow ingress traffic from pods in all namespaces (empty namespaceSelector)',
    policies: [np('x', 'allow-from-another-ns', { podSelector: selectA, ingress: [{ from: [{ namespaceSelector: {} }] }] })],
    expect: { 'x/b->x/a:80': true, 'y/a->x/a:80': true, 'z/a->x/a:81': true },
  },
  {
    name: 'should enforce policy based on Ports',
    policies: [np('x', 'allow-client-a-via-ns-selector', { podSelector: selectA, ingress: [{ from: [{ namespaceSelector: nsY }], ports: [{ port: 81, protocol: 'TCP' }] }] })],
    expect: { 'y/a->x/a:81': true, 'y/a->x/a:80': false, 'x/b->x/a:81': false, 'z/a->x/a:81': false },
  },
  {
    name: 'should enforce multiple, stacked policies with overlapping podSelectors (rules of all policies are ORed)',
    policies: [
      np('x', 'allow-81', { podSelector: selectA, ingress: [{ from: [{ namespaceSelector: nsY }], ports: [{ port: 81 }] }] }),
      np('x', 'allow-80', { podSelector: selectA, ingress: [{ from: [{ namespaceSelector: nsY }], ports: [{ port: 80 }] }] }),
    ],
    expect: { 'y/a->x/a:80': true, 'y/a->x/a:81': true, 'z/a->x/a:80': false },
  },
  {
    name: 'should support allow-all policy',
    policies: [np('x', 'allow-all', { podSelector: {}, ingress: [{}] })],
    expect: { 'y/a->x/a:80': true, 'x/b->x/a:81': true },
  },
  {
    name: 'should allow ingress access on one named port',
    policies: [np('x', 'allow-all', { podSelector: {}, ingress: [{ ports: [{ port: 'serve-81-tcp' }] }] })],
    expect: { 'y/a->x/a:81': true, 'y/a->x/a:80': false, 'x/b->x/a:81': true },
  },
  {
    name: 'should allow egress access on one named port (resolved on the destination pod)',
    policies: [np('x', 'allow-egress', { podSelector: {}, egress: [{ ports: [{ port: 'serve-80-tcp' }] }] })],
    expect: { 'x/a->y/a:80': true, 'x/a->y/a:81': false },
  },
  {
    name: 'a named port matches its protocol only',
    policies: [np('x', 'udp-81', { podSelector: {}, ingress: [{ ports: [{ port: 'serve-81-udp', protocol: 'UDP' }] }] })],
    expect: { 'y/a->x/a:81/UDP': true, 'y/a->x/a:81': false },
  },
  {
    name: 'should not allow access by TCP when a policy specifies only UDP',
    policies: [np('x', 'allow-only-udp-ingress-on-port-81', { podSelector: selectA, ingress: [{ ports: [{ port: 81, protocol: 'UDP' }] }] })],
    expect: { 'y/a->x/a:81': false, 'y/a->x/a:81/UDP': true },
  },
  {
    name: 'should enforce ingress policy allowing any port traffic to a server on a specific protocol (no port given)',
    policies: [np('x', 'allow-ingress-by-proto', { podSelector: selectA, ingress: [{ ports: [{ protocol: 'TCP' }] }] })],
    expect: { 'y/a->x/a:80': true, 'y/a->x/a:81': true, 'y/a->x/a:81/UDP': false },
  },
  {
    name: 'endPort: the port range is inclusive (NetworkPolicyPort.endPort)',
    policies: [np('x', 'range', { podSelector: {}, ingress: [{ ports: [{ port: 80, endPort: 81 }] }] })],
    expect: { 'y/a->x/a:80': true, 'y/a->x/a:81': true, 'y/a->x/a:82': false, 'y/a->x/a:79': false },
  },
  {
    name: 'should support denying of egress traffic on the client side (even if the server explicitly allows this traffic)',
    policies: [
      np('x', 'deny-egress-to-y', { podSelector: selectA, egress: [{ to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'z' } } }] }] }),
      np('y', 'allow-from-x', { podSelector: selectA, ingress: [{ from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'x' } } }] }] }),
    ],
    expect: { 'x/a->y/a:80': false, 'x/b->y/a:80': true, 'x/a->z/a:80': true },
  },
  {
    name: 'should enforce except clause while egress access to server in CIDR block (ipBlock matches pod IPs, as Calico does)',
    policies: [np('x', 'allow-client-a-via-cidr-egress-rule', { podSelector: selectA, egress: [{ to: [{ ipBlock: { cidr: '10.244.0.0/16', except: ['10.244.1.11/32'] } }] }] })],
    expect: { 'x/a->y/a:80': true, 'x/a->y/b:80': false, 'x/a->z/b:80': true },
  },
  {
    name: 'should ensure an IP overlapping both IPBlock.CIDR and IPBlock.Except is allowed (by another peer)',
    policies: [np('x', 'overlap', { podSelector: selectA, egress: [{ to: [{ ipBlock: { cidr: '10.244.0.0/16', except: ['10.244.1.0/24'] } }, { ipBlock: { cidr: '10.244.1.11/32' } }] }] })],
    expect: { 'x/a->y/a:80': false, 'x/a->y/b:80': true, 'x/a->z/a:80': true },
  },
  {
    name: 'should enforce policies to check ingress and egress policies can be controlled independently based on PodSelector',
    policies: [
      np('x', 'allow-egress-for-target', { podSelector: selectA, egress: [{}] }),
      np('x', 'deny-all-ingress-for-target', { podSelector: selectA, policyTypes: ['Ingress'] }),
    ],
    expect: { 'x/a->x/b:80': true, 'x/b->x/a:80': false },
  },
  {
    name: 'a policy in another namespace does not isolate a pod',
    policies: [np('y', 'deny-all', { podSelector: {}, policyTypes: ['Ingress', 'Egress'] })],
    expect: { 'x/a->x/b:80': true, 'z/a->x/a:80': true },
  },
];

function parseKey(key: string): Connection {
  const m = /^(\w\/\w)->(\w\/\w):(\d+)(?:\/(\w+))?$/.exec(key)!;
  const from = PODS[m[1]!]!, to = PODS[m[2]!]!;
  return { from: { pod: from }, to: { pod: to }, port: Number(m[3]), protocol: (m[4] ?? 'TCP') as Connection['protocol'] };
}

describe('NetworkPolicyEvaluator', () => {
  for (const tc of CASES) {
    it(tc.name, () => {
      const ev = new NetworkPolicyEvaluator(tc.policies, namespaces);
      const got = Object.fromEntries(Object.keys(tc.expect).map((k) => [k, ev.evaluate(parseKey(k)).allowed]));
      expect(got).toEqual(tc.expect);
    });
  }

  it('with no policies everything is allowed and no side is isolated', () => {
    const ev = new NetworkPolicyEvaluator([], namespaces);
    expect(ev.hasPolicies).toBe(false);
    const v = ev.evaluate(parseKey('x/a->y/b:80'));
    expect(v).toEqual({ allowed: true, egress: { allowed: true, isolating: [] }, ingress: { allowed: true, isolating: [] } });
  });

  it('names the policy and rule that decided, the first in name order', () => {
    const ev = new NetworkPolicyEvaluator([
      np('x', 'zz-allow-y', { podSelector: selectA, ingress: [{ from: [{ podSelector: {} }] }, { from: [{ namespaceSelector: nsY }] }] }),
      np('x', 'aa-deny', { podSelector: selectA, policyTypes: ['Ingress'] }),
    ], namespaces);
    const v = ev.evaluate(parseKey('y/a->x/a:80'));
    expect(v.ingress).toEqual({ allowed: true, isolating: ['aa-deny', 'zz-allow-y'], rule: { namespace: 'x', policy: 'zz-allow-y', direction: 'Ingress', index: 1 } });
    expect(ruleName(v.ingress.rule!)).toBe('x/zz-allow-y ingress[1]');
    expect(describeSide(v.egress, PODS['y/a'], 'Egress')).toBe('not isolated for egress');
    const denied = ev.evaluate(parseKey('z/a->x/a:80'));
    expect(describeSide(denied.ingress, PODS['x/a'], 'Ingress')).toBe('denied: isolated by x/aa-deny, x/zz-allow-y; no ingress rule matches');
  });

  it('judges an address outside the pod network by ipBlock only', () => {
    const ev = new NetworkPolicyEvaluator([
      np('x', 'from-lan', { podSelector: selectA, ingress: [{ from: [{ ipBlock: { cidr: '192.168.0.0/16', except: ['192.168.9.0/24'] } }, { podSelector: {} }] }] }),
    ], namespaces);
    const to = { pod: PODS['x/a'] };
    expect(ev.evaluate({ from: { ip: '192.168.1.5' }, to, port: 80 }).allowed).toBe(true);
    expect(ev.evaluate({ from: { ip: '192.168.9.5' }, to, port: 80 }).allowed).toBe(false);
    expect(ev.evaluate({ from: { ip: '8.8.8.8' }, to, port: 80 }).ingress.isolating).toEqual(['from-lan']);
    expect(ev.evaluate({ from: { ip: '8.8.8.8' }, to, port: 80 }).egress.subject).toBe('address');
  });

  it('tells apart pods with the same labels where an ipBlock or a named port reads more of them', () => {
    const twin = (name: string, ip: string, port: number): KubeObject => {
      const p = structuredClone(pod('y', 'a'));
      p.metadata.name = name; p.metadata.uid = name; p.status!.podIP = ip;
      p.spec!.containers[0].ports = [{ name: 'web', containerPort: port, protocol: 'TCP' }];
      return p;
    };
    const near = twin('near', '10.244.1.50', 80), far = twin('far', '10.244.1.200', 8080);
    const ev = new NetworkPolicyEvaluator([
      np('x', 'cidr', { podSelector: selectA, egress: [{ to: [{ ipBlock: { cidr: '10.244.1.0/25' } }] }] }),
      np('z', 'named', { podSelector: selectA, egress: [{ ports: [{ port: 'web' }] }] }),
    ], namespaces);
    const from = { pod: PODS['x/a'] };
    expect([near, far].map((to) => ev.evaluate({ from, to: { pod: to }, port: 80 }).allowed)).toEqual([true, false]);
    const zfrom = { pod: PODS['z/a'] };
    expect([near, far].map((to) => ev.evaluate({ from: zfrom, to: { pod: to }, port: 80 }).allowed)).toEqual([true, false]);
    expect([near, far].map((to) => ev.evaluate({ from: zfrom, to: { pod: to }, port: 8080 }).allowed)).toEqual([false, true]);
  });

  it('does not police host-network pods, and a podSelector does not take them as peers', () => {
    const host = pod('x', 'b', { hostNetwork: true });
    const ev = new NetworkPolicyEvaluator([np('x', 'deny-all', { podSelector: {}, ingress: [{ from: [{ podSelector: {} }] }], egress: [] , policyTypes: ['Ingress', 'Egress'] })], namespaces);
    expect(ev.evaluate({ from: { pod: host }, to: { pod: PODS['y/a'] }, port: 80 }).egress.subject).toBe('host-network');
    expect(ev.evaluate({ from: { pod: host }, to: { pod: PODS['x/a'] }, port: 80 }).allowed).toBe(false);
    expect(ev.evaluate({ from: { pod: PODS['x/c'] }, to: { pod: host }, port: 80 }).ingress.subject).toBe('host-network');
  });
});
