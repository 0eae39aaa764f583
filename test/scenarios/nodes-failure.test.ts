import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const cols = (out: string, ...idx: number[]) => out.trim().split('\n').map((l) => idx.map((i) => l.split(/ +/)[i]).join(' '));

describe('a node whose kubelet stops', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('fail', 7); });
  afterEach(() => home.cleanup());

  it('goes NotReady after the grace period and its pods are replaced elsewhere after 300s', () => {
    expect(home.run('create deployment web --image=nginx --replicas=4').code).toBe(0);
    home.run('tick 1m');
    expect(cols(home.run('get pods -o wide --no-headers').stdout, 2, 6)).toEqual([
      'Running worker01', 'Running worker02', 'Running worker01', 'Running worker02',
    ]);
    expect(home.run('node stop worker01')).toEqual({ stdout: 'node/worker01 stopped\n', stderr: '', code: 0 });
    expect(home.run('node stop worker01').stdout).toBe('node/worker01 already stopped\n');

    home.run('tick 6m');
    expect(home.run('get nodes').stdout).toBe([
      'NAME        STATUS     ROLES           AGE   VERSION',
      'control01   Ready      control-plane   12m   v1.32.2',
      'worker01    NotReady   <none>          12m   v1.32.2',
      'worker02    Ready      <none>          12m   v1.32.2',
      '',
    ].join('\n'));
    const ready = home.run(['get', 'node', 'worker01', '-o', 'jsonpath={.status.conditions[?(@.type=="Ready")].reason} {.status.conditions[?(@.type=="Ready")].status} {.spec.taints[*].key}']).stdout;
    expect(ready).toBe('NodeStatusUnknown Unknown node.kubernetes.io/unreachable node.kubernetes.io/unreachable');
    // The two evicted pods stay Terminating: their kubelet never confirms; replacements run on worker02.
    const pods = cols(home.run('get pods -o wide --no-headers').stdout, 2, 6).sort();
    expect(pods).toEqual(['Running worker02', 'Running worker02', 'Running worker02', 'Running worker02', 'Terminating worker01', 'Terminating worker01']);
    const events = home.run('get events --field-selector reason=TaintManagerEviction -o jsonpath={.items[*].message}').stdout;
    expect(events).toMatch(/^Marking for deletion Pod default\/web-\S+ Marking for deletion Pod default\/web-\S+$/);
    expect(home.run('get events --field-selector reason=NodeNotReady,involvedObject.kind=Node -o jsonpath={.items[*].message}').stdout)
      .toBe('Node worker01 status is now: NodeNotReady');
  });

  it('is Ready again after node start, untainted, with four Running replicas', () => {
    home.run('create deployment web --image=nginx --replicas=4');
    home.run('tick 1m');
    home.run('node stop worker01');
    home.run('tick 6m');
    expect(home.run('node start worker01').stdout).toBe('node/worker01 started\n');
    home.run('tick 1m');
    expect(cols(home.run('get nodes --no-headers').stdout, 0, 1)).toEqual(['control01 Ready', 'worker01 Ready', 'worker02 Ready']);
    expect(home.run(['get', 'node', 'worker01', '-o', 'jsonpath={.spec.taints}']).stdout).toBe('');
    expect(cols(home.run('get pods --no-headers').stdout, 2).filter((s) => s === 'Running')).toHaveLength(4);
  });

  it('partition is stopped for the control plane; pressure taints the node', () => {
    expect(home.run('node partition worker02').stdout).toBe('node/worker02 partitioned\n');
    home.run('tick 2m');
    expect(cols(home.run('get nodes --no-headers').stdout, 0, 1)).toEqual(['control01 Ready', 'worker01 Ready', 'worker02 NotReady']);
    expect(home.run('node heal worker02').stdout).toBe('node/worker02 reconnected\n');
    expect(home.run('node pressure worker01 --memory').stdout).toBe('node/worker01 memory pressure on\n');
    expect(home.run(['get', 'node', 'worker01', '-o', 'jsonpath={.status.conditions[?(@.type=="MemoryPressure")].reason} {.spec.taints[*].key}']).stdout)
      .toBe('KubeletHasInsufficientMemory node.kubernetes.io/memory-pressure');
    home.run('node pressure worker01 --memory --off');
    expect(home.run(['get', 'node', 'worker01', '-o', 'jsonpath={.spec.taints}']).stdout).toBe('');
  });
});
