import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

describe('cordon, uncordon and taint', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('ops', 7); });
  afterEach(() => home.cleanup());

  it('prints kubectl\'s cordon messages and taints the node unschedulable', () => {
    expect(home.run('cordon worker01')).toEqual({ stdout: 'node/worker01 cordoned\n', stderr: '', code: 0 });
    expect(home.run('cordon worker01')).toEqual({ stdout: 'node/worker01 already cordoned\n', stderr: '', code: 0 });
    expect(home.run('get node worker01 --no-headers').stdout).toBe('worker01   Ready,SchedulingDisabled   <none>   5m    v1.32.2\n');
    expect(home.run(['get', 'node', 'worker01', '-o', 'jsonpath={.spec.taints[*].key}']).stdout).toBe('node.kubernetes.io/unschedulable');
    expect(home.run('uncordon worker01')).toEqual({ stdout: 'node/worker01 uncordoned\n', stderr: '', code: 0 });
    expect(home.run('uncordon worker01').stdout).toBe('node/worker01 already uncordoned\n');
    expect(home.run(['get', 'node', 'worker01', '-o', 'jsonpath={.spec.taints}']).stdout).toBe('');
    expect(home.run('cordon nosuch')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): nodes "nosuch" not found\n', code: 1 });
  });

  it('adds, refuses, overwrites and removes taints like kubectl', () => {
    expect(home.run('taint nodes worker01 dedicated=gpu:NoSchedule')).toEqual({ stdout: 'node/worker01 tainted\n', stderr: '', code: 0 });
    expect(home.run('taint nodes worker01 dedicated=gpu:NoSchedule')).toEqual({
      stdout: '', stderr: 'error: node worker01 already has dedicated taint(s) with same effect(s) and --overwrite is false\n', code: 1,
    });
    expect(home.run('taint nodes worker01 dedicated=cpu:NoSchedule --overwrite').stdout).toBe('node/worker01 modified\n');
    expect(home.run(['get', 'node', 'worker01', '-o', 'jsonpath={.spec.taints[0].value}']).stdout).toBe('cpu');
    expect(home.run('taint nodes worker01 dedicated:NoSchedule-')).toEqual({ stdout: 'node/worker01 untainted\n', stderr: '', code: 0 });
    expect(home.run('taint nodes worker01 dedicated:NoSchedule-')).toEqual({ stdout: '', stderr: 'error: taint "dedicated:NoSchedule" not found\n', code: 1 });
    expect(home.run('taint nodes worker01 dedicated=gpu:Bogus')).toEqual({
      stdout: '', stderr: "error: invalid taint effect: Bogus, unsupported taint effect\nSee 'kubectl taint -h' for help and examples\n", code: 1,
    });
    // kubectl 1.32's taint reads its first word as a resource type: TYPE/NAME names none.
    expect(home.run('taint node/worker02 a=b:NoExecute')).toEqual({ stdout: '', stderr: 'the server doesn\'t have a resource type "node/worker02"\n', code: 1 });
    expect(home.run('taint nodes worker02 a=b:NoExecute').stdout).toBe('node/worker02 tainted\n');
    expect(home.run('taint nodes worker02 a-').stdout).toBe('node/worker02 untainted\n');
  });

  it('parses a taint spec as kubectl does: a removal ignores its value, each part checked in kubectl\'s order', () => {
    const usage = (msg: string) => ({ stdout: '', stderr: `error: ${msg}\nSee 'kubectl taint -h' for help and examples\n`, code: 1 });
    expect(home.run('taint nodes worker01 dedicated=gpu:NoSchedule').code).toBe(0);
    // A removal matches key and effect only, whatever value it names.
    expect(home.run('taint nodes worker01 dedicated=cpu:NoSchedule-')).toEqual({ stdout: 'node/worker01 untainted\n', stderr: '', code: 0 });
    expect(home.run('taint nodes worker01 dedicated=cpu:NoSchedule-')).toEqual({ stdout: '', stderr: 'error: taint "dedicated:NoSchedule" not found\n', code: 1 });
    // A removal is parsed as strictly as an addition.
    expect(home.run('taint nodes worker01 a=b=c:NoSchedule-')).toEqual(usage('invalid taint spec: a=b=c:NoSchedule'));
    expect(home.run('taint nodes worker01 a:b:NoSchedule-')).toEqual(usage('invalid taint spec: a:b:NoSchedule'));
    expect(home.run('taint nodes worker01 :NoSchedule-')).toEqual(usage("invalid taint spec: :NoSchedule, name part must be non-empty; name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"));
    // The effect is checked first, then the value, then the key; a spec without ":" is all key.
    expect(home.run(['taint', 'nodes', 'worker01', 'a=b:'])).toEqual(usage('invalid taint effect: , unsupported taint effect'));
    expect(home.run('taint nodes worker01 a=b=c:NoSchedule')).toEqual(usage('invalid taint spec: a=b=c:NoSchedule'));
    expect(home.run('taint nodes worker01 a=b')).toEqual(usage("invalid taint spec: a=b, name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"));
    expect(home.run('taint nodes worker01 x=1:NoSchedule x=2:NoSchedule')).toEqual(usage('duplicated taints with the same key and effect: {x 2 NoSchedule <nil>}'));
    expect(home.run(['get', 'node', 'worker01', '-o', 'jsonpath={.spec.taints}']).stdout).toBe('');
  });

  it('scheduler stop leaves new pods Pending until it starts', () => {
    expect(home.run('scheduler stop').stdout).toBe('scheduler stopped\n');
    home.run('run p --image=nginx');
    home.run('tick 30s');
    expect(home.run('get pod p --no-headers').stdout.split(/ +/)[2]).toBe('Pending');
    expect(home.run('scheduler start').stdout).toBe('scheduler started\n');
    home.run('tick 30s');
    expect(home.run('get pod p --no-headers').stdout.split(/ +/)[2]).toBe('Running');
  });

  it('adds and removes nodes and static pods', () => {
    expect(home.run('node add worker03 --cpu 8 --memory 32Gi --zone z1 --labels tier=gpu')).toEqual({ stdout: 'node/worker03 created\n', stderr: '', code: 0 });
    expect(home.run(['get', 'node', 'worker03', '-o', 'jsonpath={.status.capacity.cpu} {.metadata.labels.topology\\.kubernetes\\.io/zone} {.metadata.labels.tier} {.spec.podCIDR}']).stdout)
      .toBe('8 z1 gpu 10.244.3.0/24');
    const f = home.file('static.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: agent\n  namespace: kube-system\nspec:\n  containers:\n  - name: agent\n    image: busybox\n    command: ["sleep", "3600"]\n');
    expect(home.run(['node', 'manifests', 'worker03', 'add', '-f', f]).stdout).toBe('static pod kube-system/agent added to node/worker03\n');
    home.run('tick 1m');
    expect(home.run('get pod agent-worker03 -n kube-system --no-headers').stdout.split(/ +/).slice(1, 3)).toEqual(['1/1', 'Running']);
    expect(home.run('node manifests worker03').stdout).toBe('FILE         NAMESPACE     POD     MIRROR POD\nagent.yaml   kube-system   agent   agent-worker03\n');
    expect(home.run('node manifests worker03 remove agent').stdout).toBe('static pod kube-system/agent removed from node/worker03\n');
    expect(home.run('get pod agent-worker03 -n kube-system').code).toBe(1);
    expect(home.run('node remove worker03')).toEqual({ stdout: 'node "worker03" deleted\n', stderr: '', code: 0 });
    home.run('tick 10s');
    expect(home.run('get pods -A -o wide').stdout).not.toContain('worker03');
  });
});
