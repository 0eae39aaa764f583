import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const MOST_ALLOCATED = `apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: MostAllocated
`;

const small = (name: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests:
        cpu: 500m
        memory: 256Mi
`;

const nodesOf = (home: TempHome, names: string[]) =>
  names.map((n) => home.run(['get', 'pod', n, '-o', 'jsonpath={.spec.nodeName}']).stdout);

describe('scheduling: scheduler configuration', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('cfg', 7); });
  afterEach(() => home.cleanup());

  it('MostAllocated packs pods onto one node', () => {
    expect(home.run(['scheduler', 'config', '-f', home.file('sched.yaml', MOST_ALLOCATED)])).toEqual({ stdout: 'scheduler configured\n', stderr: '', code: 0 });
    const names = ['p1', 'p2', 'p3', 'p4'];
    for (const n of names) home.run(['apply', '-f', home.file(`${n}.yaml`, small(n))]);
    const nodes = nodesOf(home, names);
    expect(new Set(nodes).size).toBe(1);
    expect(nodes[0]).toMatch(/^worker0[12]$/);
  });

  it('LeastAllocated (the default) spreads them', () => {
    const names = ['p1', 'p2', 'p3', 'p4'];
    for (const n of names) home.run(['apply', '-f', home.file(`${n}.yaml`, small(n))]);
    expect(new Set(nodesOf(home, names))).toEqual(new Set(['worker01', 'worker02']));
  });

  it('prints, rejects and resets configurations', () => {
    expect(home.run('scheduler config').stdout).toBe('no scheduler configuration stored (defaults in use)\n');
    const bad = MOST_ALLOCATED.replace('MostAllocated', 'Tightest');
    expect(home.run(['scheduler', 'config', '-f', home.file('bad.yaml', bad)])).toEqual({
      stdout: '',
      stderr: 'error: invalid scheduler configuration: profiles[0].pluginConfig[0].args.scoringStrategy.type: Unsupported value: "Tightest": supported values: "LeastAllocated", "MostAllocated", "RequestedToCapacityRatio"\n',
      code: 1,
    });
    home.run(['scheduler', 'config', '-f', home.file('sched.yaml', MOST_ALLOCATED)]);
    expect(home.run('scheduler config').stdout).toContain('"type": "MostAllocated"');
    expect(home.run('scheduler config --reset').stdout).toBe('scheduler configuration reset to defaults\n');
    expect(home.run('get configmap -n kube-system kubemu-scheduler-config').code).toBe(1);
  });
});

const pri = (name: string, cls: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  priorityClassName: ${cls}
  preemptionPolicy: Never
  containers:
  - name: app
    image: nginx
    resources:
      requests:
        cpu: "3"
`;

describe('scheduling: queue', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('queue', 7); });
  afterEach(() => home.cleanup());

  it('schedules the higher-priority pod first, whatever the names', () => {
    home.run(['apply', '-f', home.file('pc.yaml', 'apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata:\n  name: high\nvalue: 1000\n---\napiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata:\n  name: low\nvalue: 10\n')]);
    home.run('cordon worker02');
    home.run('scheduler stop');
    home.run(['apply', '-f', home.file('a.yaml', pri('a-low', 'low'))]);
    home.run(['apply', '-f', home.file('z.yaml', pri('z-high', 'high'))]);
    home.run('scheduler start');
    home.run('tick 1s');
    expect(nodesOf(home, ['a-low', 'z-high'])).toEqual(['', 'worker01']);
    expect(home.run(['get', 'pod', 'a-low', '-o', 'jsonpath={.status.conditions[?(@.type=="PodScheduled")].reason}']).stdout).toBe('Unschedulable');
  });

  it('retries an unschedulable pod when a node is added', () => {
    home.run(['apply', '-f', home.file('big.yaml', small('big').replace('cpu: 500m', 'cpu: "6"'))]);
    const ev = () => home.run(['get', 'events', '--field-selector', 'involvedObject.name=big', '-o', 'jsonpath={range .items[*]}{.reason}:{.count} {end}']).stdout;
    expect(ev()).toBe('FailedScheduling:1 ');
    home.run('tick 2m');
    expect(ev()).toBe('FailedScheduling:1 '); // nothing changed: no retry before 5 minutes
    home.run('node add big01 --cpu 8 --memory 16Gi');
    home.run('tick 1m');
    expect(home.run(['get', 'pod', 'big', '-o', 'jsonpath={.spec.nodeName}']).stdout).toBe('big01');
  });
});

describe('scheduling: volumes', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('vol', 7); });
  afterEach(() => home.cleanup());

  it('a pod with an unbound Immediate claim waits with the PreFilter message', () => {
    const manifests = `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: manual
provisioner: example.com/nobody
volumeBindingMode: Immediate
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  storageClassName: manual
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: Pod
metadata:
  name: db
spec:
  containers:
  - name: app
    image: nginx
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: data
`;
    home.run(['apply', '-f', home.file('db.yaml', manifests)]);
    expect(home.run(['get', 'events', '--field-selector', 'involvedObject.name=db,reason=FailedScheduling', '-o', 'jsonpath={.items[*].message}']).stdout).toBe(
      '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..');
  });

  it('a WaitForFirstConsumer claim gets the chosen node and is provisioned there', () => {
    const manifests = `apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: Pod
metadata:
  name: db
spec:
  containers:
  - name: app
    image: nginx
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: data
`;
    home.run(['apply', '-f', home.file('db.yaml', manifests)]);
    home.run('tick 10s');
    const node = home.run(['get', 'pod', 'db', '-o', 'jsonpath={.spec.nodeName}']).stdout;
    expect(node).toMatch(/^worker0[12]$/);
    expect(home.run(['get', 'pvc', 'data', '-o', 'jsonpath={.metadata.annotations.volume\\.kubernetes\\.io/selected-node} {.status.phase}']).stdout).toBe(`${node} Bound`);
  });
});
