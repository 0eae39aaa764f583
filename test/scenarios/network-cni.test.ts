import { afterEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { NETWORK_NOT_READY_MESSAGE } from '../../src/network/cni';

const AGENT = `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      tolerations: [{operator: Exists}]
      containers: [{name: agent, image: nginx}]
`;

const HOST_PORT_POD = (name: string) => `apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec:
  containers: [{name: web, image: nginx, ports: [{containerPort: 80, hostPort: 8080}]}]
`;

describe('pod networking (CNI)', () => {
  let home: TempHome;
  afterEach(() => home.cleanup());

  it('a cluster made with --cni none has NotReady nodes and Pending coredns until calico is enabled', () => {
    home = manualCluster('nocni', 7, '--cni none');
    expect(home.run('get nodes')).toEqual({
      stdout: [
        'NAME        STATUS     ROLES           AGE   VERSION',
        'control01   NotReady   control-plane   5m    v1.32.2',
        'worker01    NotReady   <none>          5m    v1.32.2',
        'worker02    NotReady   <none>          5m    v1.32.2',
        '',
      ].join('\n'),
      stderr: '', code: 0,
    });
    const ready = home.run('describe node worker01').stdout.split('\n').find((l) => l.startsWith('  Ready '));
    expect(ready).toBe(`  Ready            False   Thu, 01 Jan 2026 00:05:00 +0000   Thu, 01 Jan 2026 00:00:00 +0000   KubeletNotReady              ${NETWORK_NOT_READY_MESSAGE}`);
    expect(NETWORK_NOT_READY_MESSAGE).toBe('container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized');
    expect(home.run(['get', 'node', 'worker01', '-o', 'jsonpath={range .spec.taints[*]}{.key}:{.effect} {end}']).stdout)
      .toBe('node.kubernetes.io/not-ready:NoSchedule node.kubernetes.io/not-ready:NoExecute ');
    expect(home.run('get pods -n kube-system -l k8s-app=kube-dns --no-headers -o custom-columns=STATUS:.status.phase,NODE:.spec.nodeName').stdout)
      .toBe('Pending   <none>\nPending   <none>\n');
    expect(home.run(['get', 'pods', '-n', 'kube-system', '-l', 'k8s-app=kube-dns', '-o', 'jsonpath={.items[0].status.conditions[0].message}']).stdout)
      .toBe('0/3 nodes are available: 3 node(s) had untolerated taint {node.kubernetes.io/not-ready: }. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..');

    // A pod that tolerates the taint is scheduled, but the runtime cannot give it a sandbox.
    expect(home.run(['apply', '-f', home.file('agent.yaml', AGENT)]).code).toBe(0);
    home.run('tick 30s');
    expect(home.run('get pods -l app=agent --no-headers -o custom-columns=REASON:.status.containerStatuses[0].state.waiting.reason').stdout)
      .toBe('ContainerCreating\nContainerCreating\nContainerCreating\n');
    expect(home.run(['get', 'events', '--field-selector', 'reason=NetworkNotReady', '-o', 'jsonpath={.items[0].type} {.items[0].source.component}: {.items[0].message}']).stdout)
      .toBe(`Warning kubelet: network is not ready: ${NETWORK_NOT_READY_MESSAGE}`);

    const enabled = home.run('addon enable calico');
    expect(enabled).toEqual({
      stdout: [
        'configmap/calico-config created',
        'serviceaccount/calico-kube-controllers created',
        'serviceaccount/calico-node created',
        'serviceaccount/calico-cni-plugin created',
        'daemonset.apps/calico-node created',
        'deployment.apps/calico-kube-controllers created',
        'addon/calico enabled',
        '',
      ].join('\n'),
      stderr: '', code: 0,
    });
    home.run('tick 2m');
    expect(home.run('get nodes --no-headers -o custom-columns=NAME:.metadata.name,READY:.status.conditions[3].status,TAINTS:.spec.taints[*].key').stdout)
      .toBe('control01   True   node-role.kubernetes.io/control-plane\nworker01    True   <none>\nworker02    True   <none>\n');
    const pods = home.run('get pods -n kube-system --no-headers -o custom-columns=NAME:.metadata.name,STATUS:.status.phase').stdout;
    expect(home.run('get pods -l app=agent --no-headers -o custom-columns=PHASE:.status.phase').stdout).toBe('Running\nRunning\nRunning\n');
    const apps = pods.trim().split('\n').map((l) => l.split(/ +/)).map(([name, phase]) => `${name!.replace(/(-[a-z0-9]{8,10})?-[a-z0-9]{5}$/, '')} ${phase}`);
    expect(apps.filter((l) => /^(calico|coredns)/.test(l))).toEqual([
      'calico-kube-controllers Running', 'calico-node Running', 'calico-node Running', 'calico-node Running', 'coredns Running', 'coredns Running',
    ]);
  });

  it('a cluster made with --cni calico is Ready after its warm-up, with calico-node on every node', () => {
    home = manualCluster('calico', 7, '--cni calico');
    expect(home.run('get nodes --no-headers -o custom-columns=NAME:.metadata.name,READY:.status.conditions[3].reason').stdout)
      .toBe('control01   KubeletReady\nworker01    KubeletReady\nworker02    KubeletReady\n');
    expect(home.run('get pods -n kube-system -l k8s-app=calico-node --sort-by=.status.hostIP --no-headers -o custom-columns=PHASE:.status.phase,IP:.status.podIP,NODE:.spec.nodeName').stdout)
      .toBe('Running   172.18.0.2   control01\nRunning   172.18.0.3   worker01\nRunning   172.18.0.4   worker02\n');
    expect(home.run('get deploy -n kube-system').stdout).toBe([
      'NAME                      READY   UP-TO-DATE   AVAILABLE   AGE',
      'calico-kube-controllers   1/1     1            1           5m',
      'coredns                   2/2     2            2           5m',
      '',
    ].join('\n'));
  });

  it('--cni rejects an unknown plugin', () => {
    home = manualCluster();
    expect(home.run('cluster create x --cni weave')).toEqual({ stdout: '', stderr: 'error: --cni must be one of builtin, none, calico, cilium, got "weave"\n', code: 1 });
  });

  it('hostNetwork pods use the node IP; a hostPort taken on every worker leaves the pod Pending', () => {
    home = manualCluster();
    expect(home.run('get pods -n kube-system -l k8s-app=kube-proxy --sort-by=.status.hostIP --no-headers -o custom-columns=IP:.status.podIP,HOST:.status.hostIP').stdout)
      .toBe('172.18.0.2   172.18.0.2\n172.18.0.3   172.18.0.3\n172.18.0.4   172.18.0.4\n');
    for (const n of ['hp1', 'hp2', 'hp3']) expect(home.run(['apply', '-f', home.file(`${n}.yaml`, HOST_PORT_POD(n))]).code).toBe(0);
    home.run('tick 30s');
    expect(home.run('get pods --no-headers -o custom-columns=NAME:.metadata.name,STATUS:.status.phase').stdout).toBe('hp1   Running\nhp2   Running\nhp3   Pending\n');
    expect(home.run(['get', 'pod', 'hp3', '-o', 'jsonpath={.status.conditions[0].reason}: {.status.conditions[0].message}']).stdout)
      .toBe("Unschedulable: 0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) didn't have free ports for the requested pod ports. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod..");
  });
});
