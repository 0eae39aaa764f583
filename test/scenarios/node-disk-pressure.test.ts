import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const diskPressure = ['get', 'node', 'worker01', '-o',
  'jsonpath={.status.conditions[?(@.type=="DiskPressure")].status} {.status.conditions[?(@.type=="DiskPressure")].reason} {.spec.taints[*].key}'];

describe('a node whose disk fills up', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('disk', 7); });
  afterEach(() => home.cleanup());

  it('reports DiskPressure, is tainted, and the kubelet evicts its pods one per 10s', () => {
    home.run('create deployment web --image=nginx --replicas=3');
    home.run('run lone --image=nginx --overrides={"spec":{"nodeName":"worker01"}}');
    home.run('tick 1m');
    expect(home.run(['ssh', 'worker01'], { stdin: 'mkdir -p /var/log/app\necho dump > /var/log/app/debug.log\n' }).code).toBe(0);
    home.run('tick 5s');
    expect(home.run(diskPressure).stdout).toBe('True KubeletHasDiskPressure node.kubernetes.io/disk-pressure');
    // One eviction per monitoring round: the first at once, the next 10s later. Equal priorities rank by name.
    const failed = () => home.run('get pods --field-selector status.phase=Failed --no-headers -o custom-columns=NAME:.metadata.name').stdout.trim().split('\n').filter(Boolean);
    expect(failed()).toEqual(['lone']);
    home.run('tick 1m');
    expect(home.run('get pods --field-selector spec.nodeName=worker01 --no-headers -o custom-columns=NAME:.metadata.name,STATUS:.status.phase,REASON:.status.reason').stdout)
      .toBe('lone                   Failed   Evicted\nweb-7957885594-kd24f   Failed   Evicted\nweb-7957885594-kkwp6   Failed   Evicted\n');
    const message = 'The node was low on resource: ephemeral-storage. Threshold quantity: 10508926156, available: 3078784Ki. ';
    expect(home.run(['get', 'pod', 'lone', '-o', 'jsonpath={.status.message}|{.status.conditions[?(@.type=="DisruptionTarget")].reason}|{.status.containerStatuses[0].state.terminated.exitCode}']).stdout)
      .toBe(`${message}|TerminationByKubelet|137`);
    expect(home.run(['get', 'events', '--field-selector', 'reason=Evicted,involvedObject.name=lone', '-o', 'jsonpath={.items[*].type} {.items[*].message}']).stdout)
      .toBe(`Warning ${message}`);
    expect(home.run('get events --field-selector involvedObject.kind=Node,involvedObject.name=worker01,reason=EvictionThresholdMet -o jsonpath={.items[0].message}').stdout)
      .toBe('Attempting to reclaim ephemeral-storage');
    // The Deployment's replacements avoid the tainted node.
    expect(home.run('get pods -l app=web --field-selector status.phase=Running -o jsonpath={.items[*].spec.nodeName}').stdout)
      .toBe('worker02 worker02 worker02');
  });

  it('keeps DiskPressure for the 5m transition period after the space is freed', () => {
    home.run(['ssh', 'worker01'], { stdin: 'mkdir -p /var/log/app\necho dump > /var/log/app/debug.log\n' });
    home.run('tick 1m');
    expect(home.run(['ssh', 'worker01', '--', 'rm', '/var/log/app/debug.log']).code).toBe(0);
    home.run('tick 4m59s');
    expect(home.run(diskPressure).stdout).toBe('True KubeletHasDiskPressure node.kubernetes.io/disk-pressure');
    home.run('tick 1s');
    expect(home.run(diskPressure).stdout).toBe('False KubeletHasNoDiskPressure ');
    expect(home.run('get events --field-selector involvedObject.kind=Node,involvedObject.name=worker01,reason=NodeHasNoDiskPressure -o jsonpath={.items[*].message}').stdout)
      .toBe('Node worker01 status is now: NodeHasNoDiskPressure');
  });

  it('node pressure --disk --off frees the disk the same way', () => {
    expect(home.run('node pressure worker01 --disk').stdout).toBe('node/worker01 disk pressure on\n');
    home.run('tick 1m');
    expect(home.run('node pressure worker01 --disk --off').stdout).toBe('node/worker01 disk pressure off\n');
    home.run('tick 4m');
    expect(home.run(diskPressure).stdout).toBe('True KubeletHasDiskPressure node.kubernetes.io/disk-pressure');
    home.run('tick 1m');
    expect(home.run(diskPressure).stdout).toBe('False KubeletHasNoDiskPressure ');
  });
});
