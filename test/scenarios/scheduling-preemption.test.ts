import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const CLASSES = `apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: low
value: 100
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high
value: 1000
`;

const pod = (name: string, cls: string, cpu: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  priorityClassName: ${cls}
  terminationGracePeriodSeconds: 30
  containers:
  - name: app
    image: nginx
    resources:
      requests:
        cpu: "${cpu}"
`;

const jp = (home: TempHome, what: string, path: string) => home.run(['get', what, '-o', `jsonpath=${path}`]).stdout;

describe('scheduling: preemption', () => {
  let home: TempHome;
  beforeEach(() => {
    home = manualCluster('preempt', 7);
    home.run(['apply', '-f', home.file('classes.yaml', CLASSES)]);
  });
  afterEach(() => home.cleanup());

  it('a high-priority pod on a full cluster evicts the most recently started low-priority pod', () => {
    home.run(['apply', '-f', home.file('low-1.yaml', pod('low-1', 'low', '3'))]);
    home.run('tick 10s');
    home.run(['apply', '-f', home.file('low-2.yaml', pod('low-2', 'low', '3'))]);
    home.run('tick 10s');
    const n1 = jp(home, 'pod/low-1', '{.spec.nodeName}');
    const n2 = jp(home, 'pod/low-2', '{.spec.nodeName}');
    expect([n1, n2].sort()).toEqual(['worker01', 'worker02']);

    home.run(['apply', '-f', home.file('high.yaml', pod('high', 'high', '3'))]);
    const uid = jp(home, 'pod/high', '{.metadata.uid}');
    // Both workers hold one low pod; they tie on every criterion but the start time: the later one goes.
    expect(jp(home, 'pod/high', '{.status.nominatedNodeName}')).toBe(n2);
    expect(jp(home, 'pod/high', '{.spec.nodeName}')).toBe('');
    expect(home.run('get pod low-2').stdout).toContain('Terminating');
    const victimEvents = home.run(['get', 'events', '--field-selector', 'involvedObject.name=low-2,reason=Preempted', '-o', 'jsonpath={.items[*].message}']).stdout;
    expect(victimEvents).toBe(`Preempted by pod ${uid} on node ${n2}`);
    expect(jp(home, 'pod/low-2', '{.status.conditions[?(@.type=="DisruptionTarget")].reason}')).toBe('PreemptionByScheduler');
    const failed = home.run(['get', 'events', '--field-selector', 'involvedObject.name=high,reason=FailedScheduling', '-o', 'jsonpath={.items[*].message}']).stdout;
    expect(failed).toBe('0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu.');

    // The victim terminates gracefully; then the preemptor is bound to the nominated node.
    home.run('tick 40s');
    expect(home.run('get pod low-2').stderr).toBe('Error from server (NotFound): pods "low-2" not found\n');
    expect(jp(home, 'pod/high', '{.spec.nodeName}')).toBe(n2);
    expect(jp(home, 'pod/low-1', '{.spec.nodeName}')).toBe(n1);
    const scheduled = home.run(['get', 'events', '--field-selector', 'involvedObject.name=high,reason=Scheduled', '-o', 'jsonpath={.items[*].message}']).stdout;
    expect(scheduled).toBe(`Successfully assigned default/high to ${n2}`);
  });

  it('does not preempt pods of equal or higher priority', () => {
    home.run(['apply', '-f', home.file('a.yaml', pod('a', 'high', '3'))]);
    home.run(['apply', '-f', home.file('b.yaml', pod('b', 'high', '3'))]);
    home.run(['apply', '-f', home.file('c.yaml', pod('c', 'low', '3'))]);
    expect(jp(home, 'pod/c', '{.status.nominatedNodeName}')).toBe('');
    expect(jp(home, 'pod/c', '{.status.conditions[?(@.type=="PodScheduled")].message}')).toBe(
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. '
      + 'preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod..');
  });

  it('spares a pod its PodDisruptionBudget protects when another victim will do', () => {
    const labelled = (name: string, app: string) => pod(name, 'low', '3').replace(`  name: ${name}\n`, `  name: ${name}\n  labels:\n    app: ${app}\n`);
    // "guarded" starts later, so without its PDB it would be the victim (latest start time).
    home.run(['apply', '-f', home.file('p2.yaml', labelled('plain', 'web'))]);
    home.run('tick 5s');
    home.run(['apply', '-f', home.file('p1.yaml', labelled('guarded', 'db'))]);
    home.run('tick 5s');
    const pdb = 'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: db\nspec:\n  minAvailable: 1\n  selector:\n    matchLabels:\n      app: db\n';
    expect(home.run(['apply', '-f', home.file('pdb.yaml', pdb)]).stdout).toBe('poddisruptionbudget.policy/db created\n');
    home.run('tick 5s');
    const plainNode = jp(home, 'pod/plain', '{.spec.nodeName}');
    expect(jp(home, 'pdb/db', '{.status.disruptionsAllowed}')).toBe('0');
    home.run(['apply', '-f', home.file('high.yaml', pod('high', 'high', '3'))]);
    expect(jp(home, 'pod/high', '{.status.nominatedNodeName}')).toBe(plainNode);
    expect(home.run('get pod guarded').stdout).not.toContain('Terminating');
  });
});
