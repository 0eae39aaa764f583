import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

// Three pods of 1 CPU fill a Standard_D4s_v5 (3860m allocatable under AKS's reservation).
const WEB = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: nginx, resources: {requests: {cpu: "1"}}}]}
`;
// Requests 3 CPUs, uses 10m.
const GREEDY = `apiVersion: apps/v1
kind: Deployment
metadata: {name: greedy}
spec:
  selector: {matchLabels: {app: greedy}}
  template:
    metadata: {labels: {app: greedy}, annotations: {kubemu.io/cpu-usage: 10m}}
    spec: {containers: [{name: greedy, image: nginx, resources: {requests: {cpu: "3"}}}]}
`;

const NODE0 = 'aks-user-46791800-vmss000000';
const NODE1 = 'aks-user-46791800-vmss000001';

describe('node pools and the cluster autoscaler', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('pools', 7, '--workers 0');
    home.file('web.yaml', WEB);
    home.file('greedy.yaml', GREEDY);
  });
  afterAll(() => home.cleanup());

  const nodes = () => home.run('get nodes --no-headers -o custom-columns=NAME:.metadata.name,READY:.status.conditions[?(@.type=="Ready")].status').stdout;
  const podNode = (app: string) => home.run(['get', 'pods', '-l', `app=${app}`, '-o', 'jsonpath={range .items[*]}{.status.phase} {.spec.nodeName}{"\\n"}{end}']).stdout;

  it('adds an autoscaled pool whose nodes carry AKS names and labels', () => {
    expect(home.run('nodepool add --name user --node-vm-size Standard_D4s_v5 --node-count 1 --enable-cluster-autoscaler --min-count 1 --max-count 3 --zones 1,2').stdout).toBe('nodepool/user created\n');
    expect(home.run('nodepool list').stdout).toBe(
      'NAME   MODE   VM SIZE           NODES   TARGET   AUTOSCALE   ZONES   PRICE/H   SCALE SET\n'
      + 'user   User   Standard_D4s_v5   1       1        1-3         1,2     $0.1920   aks-user-46791800-vmss\n');
    expect(home.run(['get', 'node', NODE0, '-o', 'jsonpath={.metadata.labels.agentpool} {.metadata.labels.kubernetes\\.azure\\.com/mode} {.metadata.labels.topology\\.kubernetes\\.io/zone} {.status.allocatable.cpu}']).stdout)
      .toBe('user user eastus-1 3860m');
  });

  it('If no node passes filtering, the pod stays unscheduled. A node autoscaler reacts to such pending pods and can add a node with room for their requests.', () => {
    home.run(['apply', '-f', `${home.dir}/web.yaml`]);
    home.run('tick 10s');
    expect(podNode('web')).toBe(`Running ${NODE0}\n`.repeat(3));
  });

  it('Node autoscalers add nodes with room for pending pods\' requests, and don\'t directly look at the pods\' real use. So a pod that requests far more than it uses still gets a node with room for its full request.', () => {
    home.run(['apply', '-f', `${home.dir}/greedy.yaml`]);
    home.run('tick 5s');
    const events = home.run(['get', 'events', '-o', 'jsonpath={range .items[?(@.involvedObject.kind=="Pod")]}{.reason}: {.message}{"\\n"}{end}']).stdout;
    expect(events).toContain('TriggeredScaleUp: pod triggered scale-up: [{aks-user-46791800-vmss 1->2 (max: 3)}]\n');
    // The VM's node has joined, NotReady until it has booted; the pod waits for it.
    expect(nodes()).toBe(`${NODE0}   True\n${NODE1}   False\ncontrol01                      True\n`);
    expect(podNode('greedy')).toBe('Pending \n');
    home.run('tick 2m');
    expect(nodes()).toBe(`${NODE0}   True\n${NODE1}   True\ncontrol01                      True\n`);
    expect(podNode('greedy')).toBe(`Running ${NODE1}\n`);
    expect(home.run(['get', 'node', NODE1, '-o', 'jsonpath={.metadata.labels.topology\\.kubernetes\\.io/zone}']).stdout).toBe('eastus-2');
  });

  it('removes the node 10 minutes after its last pod is gone', () => {
    home.run('scale deployment greedy --replicas=0');
    home.run('tick 9m');
    expect(nodes()).toContain(NODE1);
    home.run('tick 2m');
    expect(nodes()).toBe(`${NODE0}   True\ncontrol01                      True\n`);
    const status = home.run(['get', 'configmap', '-n', 'kube-system', 'cluster-autoscaler-status', '-o', 'jsonpath={.data.status}']).stdout;
    expect(status).toContain('    cloudProviderTarget: 1\n    minSize: 1\n    maxSize: 3\n');
    const ev = home.run(['get', 'events', '-A', '-o', 'jsonpath={range .items[?(@.reason=="ScaleDownEmpty")]}{.involvedObject.name}: {.message}{"\\n"}{end}']).stdout;
    expect(ev).toBe(`cluster-autoscaler-status: Scale-down: removing empty node "${NODE1}"\n`);
  });

  it('On AKS, each node is charged as a standard VM: cost is node-hours × the VM size\'s price', () => {
    // The hand computation: each node's hours from its RegisteredNode event to its removal (or now).
    const at = (reason: string, node: string) => Date.parse(home.run(['get', 'events', '-A', '-o', `jsonpath={range .items[?(@.reason=="${reason}")]}{.involvedObject.name} {.lastTimestamp}{"\\n"}{end}`]).stdout
      .split('\n').find((l) => l.startsWith(`${node} `))!.split(' ')[1]!);
    const now = Date.parse('2026-01-01T00:18:15Z');
    const since = Date.parse('2026-01-01T00:05:00Z');
    const removed = Date.parse(home.run(['get', 'events', '-A', '-o', 'jsonpath={range .items[?(@.message=="node removed by cluster autoscaler")]}{.lastTimestamp}{end}']).stdout);
    const h0 = (now - Math.max(since, at('RegisteredNode', NODE0))) / 3_600_000;
    const h1 = (removed - at('RegisteredNode', NODE1)) / 3_600_000;
    expect(h1).toBeGreaterThan(0.15);
    const csv = home.run('cost --by node -o csv --since 2026-01-01T00:05:00Z').stdout;
    const rows = Object.fromEntries(csv.trim().split('\n').slice(1).map((l) => l.split(',')).map((c) => [c[0], c]));
    expect(Number(rows[NODE0]![1])).toBeCloseTo(h0, 4);
    expect(Number(rows[NODE1]![1])).toBeCloseTo(h1, 4);
    expect(Number(rows.TOTAL![4])).toBeCloseTo((h0 + h1) * 0.192, 6);
    const table = home.run('cost --by namespace --since 2026-01-01T00:05:00Z').stdout;
    expect(table).toMatch(/^default +\d/m);
    expect(table).toMatch(/^__idle__ /m);
    expect(table).toContain('Month   $140.1600 at the current rate ($0.1920/h × 730h)');
  });
});

describe('the AKS-shaped profile with a system pool', () => {
  let home: TempHome;
  beforeAll(() => { home = manualCluster('akssys', 7, '--node-profile aks --system-pool --workers 2'); });
  afterAll(() => home.cleanup());

  it('On AKS, system node pools host critical system pods such as CoreDNS and konnectivity-agent.', () => {
    expect(home.run('nodepool list').stdout).toBe(
      'NAME        MODE     VM SIZE           NODES   TARGET   AUTOSCALE   ZONES   PRICE/H   SCALE SET\n'
      + 'nodepool1   System   Standard_D4s_v5   2       2        -           -       $0.1920   aks-nodepool1-73723688-vmss\n');
    const placed = home.run(['get', 'pods', '-n', 'kube-system', '-l', 'k8s-app in (kube-dns)', '-o', 'jsonpath={range .items[*]}{.spec.nodeName}{"\\n"}{end}']).stdout
      + home.run(['get', 'pods', '-n', 'kube-system', '-l', 'app=konnectivity-agent', '-o', 'jsonpath={range .items[*]}{.status.phase} {.spec.nodeName}{"\\n"}{end}']).stdout;
    expect(placed.trim().split('\n')).toHaveLength(4);
    for (const line of placed.trim().split('\n')) expect(line).toMatch(/aks-nodepool1-73723688-vmss00000[01]$/);
    expect(home.run(['get', 'nodes', '-l', 'kubernetes.azure.com/mode=system', '-o', 'name']).stdout)
      .toBe('node/aks-nodepool1-73723688-vmss000000\nnode/aks-nodepool1-73723688-vmss000001\n');
  });
});
