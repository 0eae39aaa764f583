import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

/** nodesOf maps pod name → node for pods with a label. */
function nodesOf(home: ReturnType<typeof manualCluster>, selector: string): Record<string, string> {
  const out = home.run(['get', 'pods', '-l', selector, '-o', 'jsonpath={range .items[*]}{.metadata.name}={.spec.nodeName} {end}']).stdout.trim();
  return Object.fromEntries(out.split(' ').filter(Boolean).map((kv) => kv.split('=') as [string, string]));
}

const deployment = (name: string, replicas: number, podSpec: string) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
${podSpec}`;

describe('placement as kube-scheduler decides it', () => {
  const home = manualCluster('place', 5, '--workers 3');
  afterAll(() => home.cleanup());

  it('a toleration lets a pod onto the control plane; without it the taint keeps pods off', () => {
    home.run(['apply', '-f', home.file('cp.yaml', deployment('cp', 1, `      nodeSelector: {node-role.kubernetes.io/control-plane: ""}
      tolerations: [{key: node-role.kubernetes.io/control-plane, operator: Exists, effect: NoSchedule}]
      containers: [{name: c, image: nginx}]
`))]);
    home.run(['apply', '-f', home.file('nocp.yaml', deployment('nocp', 1, `      nodeSelector: {node-role.kubernetes.io/control-plane: ""}
      containers: [{name: c, image: nginx}]
`))]);
    home.run('tick 10s');
    expect(Object.values(nodesOf(home, 'app=cp'))).toEqual(['control01']);
    expect(Object.values(nodesOf(home, 'app=nocp'))).toEqual(['']);
    const pending = home.run(['get', 'pods', '-l', 'app=nocp', '-o', 'jsonpath={.items[0].status.conditions[0].message}']).stdout;
    expect(pending).toBe('0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 node(s) didn\'t match Pod\'s node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling..');
  });

  it('required anti-affinity puts each replica on its own node and leaves the extra one pending', () => {
    home.run(['apply', '-f', home.file('anti.yaml', deployment('anti', 4, `      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
          - labelSelector: {matchLabels: {app: anti}}
            topologyKey: kubernetes.io/hostname
      containers: [{name: c, image: nginx}]
`))]);
    home.run('tick 10s');
    const placed = Object.values(nodesOf(home, 'app=anti'));
    expect(placed.filter(Boolean).sort()).toEqual(['worker01', 'worker02', 'worker03']);
    expect(placed.filter((n) => !n)).toHaveLength(1);
  });

  const spread = (name: string, taintsPolicy: string) => deployment(name, 6, `      topologySpreadConstraints:
      - maxSkew: 1
        topologyKey: kubernetes.io/hostname
        whenUnsatisfiable: DoNotSchedule
        labelSelector: {matchLabels: {app: ${name}}}${taintsPolicy ? `\n        nodeTaintsPolicy: ${taintsPolicy}` : ''}
      containers: [{name: c, image: nginx}]
`);
  const counts = (selector: string) => {
    const c: Record<string, number> = {};
    for (const n of Object.values(nodesOf(home, selector))) c[n || 'pending'] = (c[n || 'pending'] ?? 0) + 1;
    return c;
  };

  it('topology spread counts the tainted control plane as an empty domain by default (nodeTaintsPolicy: Ignore)', () => {
    // control01 has a hostname too and stays at 0 pods, so with maxSkew 1 each worker takes only one.
    home.run(['apply', '-f', home.file('spread1.yaml', spread('spread1', ''))]);
    home.run('tick 10s');
    expect(counts('app=spread1')).toEqual({ pending: 3, worker01: 1, worker02: 1, worker03: 1 });
  });

  it('with nodeTaintsPolicy: Honor the control plane is not a domain and six replicas go two per worker', () => {
    home.run('delete deploy spread1');
    home.run(['apply', '-f', home.file('spread2.yaml', spread('spread2', 'Honor'))]);
    home.run('tick 10s');
    expect(counts('app=spread2')).toEqual({ worker01: 2, worker02: 2, worker03: 2 });
  });
});
