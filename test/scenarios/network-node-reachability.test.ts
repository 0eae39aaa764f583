/**
 * Pods on a node that is not Ready are unreachable: a connection to one times out, and
 * answers again once the node is back. And port-forward needs create on pods/portforward.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

describe('a pod on a NotReady node', () => {
  let home: TempHome;
  let ip: string;
  beforeAll(() => {
    home = manualCluster('reach', 2);
    expect(home.run(['run', 'web', '--image=nginx', '--overrides={"spec":{"nodeName":"worker02"}}']).code).toBe(0);
    expect(home.run(['run', 'client', '--image=busybox', '--overrides={"spec":{"nodeName":"worker01"}}', '--command', '--', 'sleep', '3600']).code).toBe(0);
    home.run('tick 20s');
    ip = home.run('get pod web -o jsonpath={.status.podIP}').stdout;
  });
  afterAll(() => home.cleanup());

  it('times out while its node is partitioned, and answers once it is back', () => {
    expect(home.run(`exec client -- wget -qO- -T 2 http://${ip}`).stdout).toContain('<title>Welcome to nginx!</title>');
    expect(home.run('node partition worker02').code).toBe(0);
    home.run('tick 60s');
    expect(home.run('get node worker02').stdout).toMatch(/worker02 +NotReady/);
    expect(home.run(`exec client -- wget -qO- -T 2 http://${ip}`)).toEqual({ code: 1, stdout: '', stderr: 'wget: download timed out\ncommand terminated with exit code 1\n' });
    expect(home.run('node heal worker02').code).toBe(0);
    home.run('tick 20s');
    expect(home.run(`exec client -- wget -qO- -T 2 http://${ip}`).stdout).toContain('<title>Welcome to nginx!</title>');
  });

  it('port-forward is refused without create on pods/portforward', () => {
    expect(home.run('create role pod-reader --verb=get,list --resource=pods').code).toBe(0);
    expect(home.run('create rolebinding eve-reads --role=pod-reader --user=eve').code).toBe(0);
    expect(home.run('port-forward pod/web 8080:80 --as=eve')).toEqual({
      code: 1, stdout: '',
      stderr: 'error: error upgrading connection: pods "web" is forbidden: User "eve" cannot create resource "pods/portforward" in API group "" in the namespace "default"\n',
    });
  });
});
