/**
 * Requests that reach a subresource are authorized for it, as kube-apiserver does: logs need
 * get pods/log, scale patches deployments/scale; and describe without list events prints
 * the object without its Events section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

describe('subresource authorization', () => {
  let home: TempHome;
  let pod: string;
  const ok = (line: string) => expect(home.run(line)).toMatchObject({ code: 0 });
  beforeAll(() => {
    home = manualCluster('subresources', 1);
    ok('create deployment web --image=nginx');
    ok('tick 30s');
    pod = home.run('get pods -o name').stdout.trim().replace('pod/', '');
    ok('create role reader --verb=get,list --resource=pods,deployments.apps');
    ok('create rolebinding ann-reads --role=reader --user=ann');
    ok('create role logs --verb=get --resource=pods/log');
    ok('create role scaler --verb=patch --resource=deployments.apps/scale');
    ok('create role patcher --verb=patch --resource=deployments.apps');
  });
  afterAll(() => home.cleanup());

  it('logs needs get pods/log, not only get pods', () => {
    expect(home.run(`logs ${pod} --as=ann`)).toEqual({ code: 1, stdout: '', stderr: `Error from server (Forbidden): pods "${pod}" is forbidden: User "ann" cannot get resource "pods/log" in API group "" in the namespace "default"\n` });
    ok('create rolebinding ann-logs --role=logs --user=ann');
    ok(`logs ${pod} --as=ann`);
  });

  it('scale patches deployments/scale: patch on deployments is not enough, the subresource is', () => {
    ok('create rolebinding ann-patches --role=patcher --user=ann');
    expect(home.run('scale deployment web --replicas=2 --as=ann')).toEqual({ code: 1, stdout: '', stderr: 'Error from server (Forbidden): deployments.apps "web" is forbidden: User "ann" cannot patch resource "deployments/scale" in API group "apps" in the namespace "default"\n' });
    ok('create rolebinding ann-scales --role=scaler --user=ann');
    expect(home.run('scale deployment web --replicas=2 --as=ann')).toEqual({ code: 0, stdout: 'deployment.apps/web scaled\n', stderr: '' });
  });

  it('run -i attaches through pods/attach, and falls back to the log when that is refused', () => {
    ok('create role runner --verb=create,delete --resource=pods');
    ok('create rolebinding ann-runs --role=runner --user=ann');
    expect(home.run(['run', 'job1', '--rm', '-i', '--restart=Never', '--image=busybox', '--as=ann', '--', 'sh', '-c', 'sleep 5; echo done'])).toEqual({
      code: 0, stdout: 'done\npod "job1" deleted\n',
      stderr: 'warning: couldn\'t attach to pod/job1, falling back to streaming logs: pods "job1" is forbidden: User "ann" cannot create resource "pods/attach" in API group "" in the namespace "default"\n',
    });
  });

  it('describe without list events prints the object and no Events section', () => {
    const out = home.run(`describe pod ${pod} --as=ann`);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(new RegExp(`^Name: +${pod}\n`));
    expect(out.stdout).not.toContain('Events:');
    expect(home.run(`describe pod ${pod}`).stdout).toContain('Events:');
  });
});
