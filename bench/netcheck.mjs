#!/usr/bin/env node
/**
 * netcheck: `kubemu netcheck` on a 2 000-pod, 200-policy manual cluster (20 Deployments x 100
 * nginx replicas on 20 workers, a Service per Deployment, 200 NetworkPolicies in their
 * namespace: a default deny, then allow rules by podSelector, namespaceSelector, named and
 * ranged ports, ipBlock and egress), against `get pods` on the same cluster, interleaved.
 * Three netcheck shapes: one pod to a Service's 100 endpoints, a Deployment to a Service
 * (100 x 100 = 10 000 pairs, a 10 000-row table) and the same as JSON. The figure is each
 * command's median and its paired ratio to `get pods`.
 * Usage: node bench/netcheck.mjs [--quick] [--rounds N] [--keep] [--no-build]
 */
import { ensureBuilt, tempHome, removeHome, envFor, km, writeTemp, KUBEMU } from './lib/cli.mjs';
import { buildBig } from './lib/big-cluster.mjs';
import { interleave, printResults } from './lib/interleave.mjs';
import { note, roundsFor } from './lib/verdict.mjs';

ensureBuilt();
const DEPLOYMENTS = 20;
const REPLICAS = 100;
const POLICIES = 200;
const home = tempHome('netcheck');
const env = envFor(home);
const node = process.execPath;

const t0 = Date.now();
const big = buildBig(home, { workers: 20, deployments: DEPLOYMENTS, replicas: REPLICAS, log: () => {} });
note(`cluster: ${big.running} of ${big.pods} pods Running after apply + ${big.ticks.length} tick(s)`);

const services = [];
for (let i = 0; i < DEPLOYMENTS; i++) {
  services.push(`apiVersion: v1
kind: Service
metadata: {name: app-${i}}
spec:
  selector: {app: app-${i}}
  ports: [{name: http, port: 80, targetPort: 80}]
`);
}

/** policy i selects app-(i mod 20), so each pod is selected by 10 policies, two of each of five shapes. */
function policyYaml(i) {
  const self = `app-${i % DEPLOYMENTS}`;
  const peer = `app-${(i + 1) % DEPLOYMENTS}`;
  const head = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: np-${String(i).padStart(3, '0')}}
spec:
  podSelector: {matchLabels: {app: ${self}}}
`;
  switch (Math.floor(i / DEPLOYMENTS) % 5) {
    case 0: return `${head}  ingress:
  - from: [{podSelector: {matchLabels: {app: ${peer}}}}]
    ports: [{port: 80}]
`;
    case 1: return `${head}  ingress:
  - from:
    - namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: monitoring}}
      podSelector: {matchLabels: {app: prom}}
    ports: [{port: 9000, endPort: 9100}]
`;
    case 2: return `${head}  ingress:
  - from: [{ipBlock: {cidr: 10.0.0.0/8, except: [10.244.${i % 20}.0/24]}}]
    ports: [{port: 8443}]
`;
    case 3: return `${head}  policyTypes: [Ingress, Egress]
  ingress:
  - from: [{podSelector: {matchExpressions: [{key: app, operator: In, values: [${peer}, app-${(i + 2) % DEPLOYMENTS}]}]}}]
  egress:
  - to: [{namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: kube-system}}, podSelector: {matchLabels: {k8s-app: kube-dns}}}]
    ports: [{port: 53, protocol: UDP}]
  - to: [{podSelector: {}}]
`;
    default: return `${head}  ingress:
  - ports: [{port: 81}]
`;
  }
}
const policies = [`apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: default-deny-ingress}
spec:
  podSelector: {}
  policyTypes: [Ingress]
`];
for (let i = 1; i < POLICIES; i++) policies.push(policyYaml(i));
km(home, ['apply', '-f', writeTemp(home, 'services.yaml', services.join('---\n'))]);
km(home, ['apply', '-f', writeTemp(home, 'policies.yaml', policies.join('---\n'))]);
km(home, ['tick', '10s']);
const count = km(home, ['get', 'netpol', '--no-headers']).stdout.trim().split('\n').length;
const firstPod = km(home, ['get', 'pods', '-l', 'app=app-0', '-o', 'jsonpath={.items[0].metadata.name}']).stdout;
note(`policies: ${count}; setup took ${((Date.now() - t0) / 1000).toFixed(0)} s`);

const pairs = (args) => {
  const r = km(home, ['netcheck', ...args], { allow: [0, 1] });
  const rows = r.stdout.trim().split('\n').length - 1;
  const denied = r.stdout.split('\n').filter((l) => /\sdenied\s/.test(l)).length;
  return `${rows} pairs, ${denied} denied, exit ${r.code}, ${r.stdout.length} bytes`;
};
note(`netcheck pod/${firstPod} svc/app-1:80: ${pairs([`pod/${firstPod}`, 'svc/app-1:80'])}`);
note(`netcheck deploy/app-2 svc/app-1:80: ${pairs(['deploy/app-2', 'svc/app-1:80'])}`);
note(`netcheck deploy/app-0 svc/app-1:80: ${pairs(['deploy/app-0', 'svc/app-1:80'])}`);

const suite = [
  { name: `kubemu get pods (${big.pods} pods)`, cmd: [node, KUBEMU, 'get', 'pods'], env },
  { name: 'kubemu netcheck pod -> svc (100 pairs)', cmd: [node, KUBEMU, 'netcheck', `pod/${firstPod}`, 'svc/app-1:80'], env, allow: [0, 1] },
  { name: 'kubemu netcheck deploy -> svc (10 000 pairs)', cmd: [node, KUBEMU, 'netcheck', 'deploy/app-2', 'svc/app-1:80'], env, allow: [0, 1] },
  { name: 'kubemu netcheck deploy -> svc -o json', cmd: [node, KUBEMU, 'netcheck', 'deploy/app-2', 'svc/app-1:80', '-o', 'json'], env, allow: [0, 1] },
];
const rounds = roundsFor(10);
console.log(`netcheck vs get pods on ${big.pods} pods and ${count} NetworkPolicies (${rounds} interleaved rounds + 1 warm-up)`);
const res = interleave(suite, { rounds, warmup: 1 });
printResults(res);
for (const r of res.slice(1)) note(`${r.name} / get pods = ${r.ratio.toFixed(2)}x`);
if (process.argv.includes('--keep')) note(`kept KUBEMU_HOME=${home}`); else removeHome(home);
