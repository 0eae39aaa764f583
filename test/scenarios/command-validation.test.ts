/**
 * The checks kubectl 1.32 makes before it changes anything (its Complete and Validate), in its
 * words, and host paths that cannot be written: each expectation was compared with kubectl 1.32
 * through `kubemu serve`. Nothing may be changed when a check fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

describe('what kubectl refuses before it changes anything', () => {
  const home = manualCluster('twin', 11);
  beforeAll(() => {
    for (const c of ['run lone --image=nginx -l app=lone', 'tick 30s']) expect(home.run(c).code, c).toBe(0);
  });
  afterAll(() => home.cleanup());
  const err = (stderr: string) => ({ stdout: '', stderr, code: 1 });

  it('delete: --now beside --grace-period, --force beside a grace period above 0', () => {
    expect(home.run('delete pod lone --now --grace-period=3')).toEqual(err('error: --now and --grace-period cannot be specified together\n'));
    expect(home.run('delete pod lone --force --grace-period=5')).toEqual(err('error: --force and --grace-period greater than 0 cannot be specified together\n'));
    expect(home.run('delete pod lone --now --force')).toEqual(err('error: --force and --grace-period greater than 0 cannot be specified together\n'));
    expect(home.run('get pod lone -o name').stdout).toBe('pod/lone\n');
    expect(home.run('delete pod lone --now --grace-period=-1 --dry-run=server')).toEqual({ stdout: 'pod "lone" deleted (server dry run)\n', stderr: '', code: 0 });
  });

  it('taint: resources before changes, a node type, no taint both changed and removed, --all or names', () => {
    expect(home.run('taint nodes worker01 k=v:NoSchedule worker02')).toEqual(err('error: all resources must be specified before taint changes: worker02\n'));
    expect(home.run('taint k=v:NoSchedule')).toEqual(err('error: one or more resources must be specified as <resource> <name>\n'));
    expect(home.run('taint nodes worker01')).toEqual(err('error: at least one taint update is required\n'));
    // A TYPE/NAME word names no resource type for kubectl taint.
    expect(home.run('taint node/worker01 k=v:NoSchedule')).toEqual(err('the server doesn\'t have a resource type "node/worker01"\n'));
    expect(home.run('taint pods lone k=v:NoSchedule')).toEqual(err('error: invalid resource type pods, only node types are supported\n'));
    expect(home.run('taint nodes worker01 k=v:NoSchedule k-')).toEqual(err('error: can not both modify and remove the following taint(s) in the same command: k=\n'));
    expect(home.run('taint nodes --all -l a=b k=v:NoSchedule')).toEqual(err("error: setting 'all' parameter with a non empty selector is prohibited\n"));
    expect(home.run('taint nodes k=v:NoSchedule')).toEqual(err("error: at least one resource name must be specified since 'all' parameter is not set\n"));
    expect(home.run(['get', 'nodes', '-o', 'jsonpath={.items[*].spec.taints[*].key}']).stdout).toBe('node-role.kubernetes.io/control-plane');
    // kubectl taint sets its printer's operation after the dry-run mark: none is shown.
    expect(home.run('taint nodes worker01 k=v:NoSchedule --dry-run=server')).toEqual({ stdout: 'node/worker01 tainted\n', stderr: '', code: 0 });
  });

  it('create role: the mapper\'s standard message for an unknown resource, without "error: "', () => {
    expect(home.run('create role r --verb=get --resource=nope')).toEqual(err('the server doesn\'t have a resource type "nope"\n'));
    expect(home.run('create role r --verb=get --resource=deployments.extensions')).toEqual(err('the server doesn\'t have a resource type "deployments" in group "extensions"\n'));
  });

  it('host paths that cannot be made are Go\'s path errors, at once (Node\'s recursive mkdir would loop forever under /proc)', () => {
    expect(home.run('cp lone:/etc/hostname /nonexistent/dir/x')).toEqual(err("tar: Removing leading `/' from member names\nerror: open /nonexistent/dir/x: no such file or directory\n"));
    expect(home.run('cp lone:/etc /proc/kubemu-none')).toEqual(err("tar: Removing leading `/' from member names\nerror: mkdir /proc/kubemu-none: no such file or directory\n"));
    expect(home.run('cluster-info dump --output-directory=/proc/kubemu-none')).toEqual(err('error: mkdir /proc/kubemu-none: no such file or directory\n'));
  });
});
