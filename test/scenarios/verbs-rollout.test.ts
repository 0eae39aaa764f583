/**
 * verbs-rollout: rollout status|history|undo|restart|pause|resume and wait, which move the
 * simulated clock until their condition holds or the timeout passes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

let home: TempHome;
beforeEach(() => { home = manualCluster('rollout', 7); });
afterEach(() => home.cleanup());

const ok = (stdout: string) => ({ stdout, stderr: '', code: 0 });
const fail = (stderr: string, stdout = '') => ({ stdout, stderr, code: 1 });
const W = (s: string) => `Waiting for deployment "web" rollout to finish: ${s}...\n`;

describe('rollout status', () => {
  it('fast-forwards until the rollout finishes, printing each observed state', () => {
    home.run('create deployment web --image=nginx:1.27 --replicas=3');
    expect(home.run('rollout status deployment/web')).toEqual(ok(
      W('0 of 3 updated replicas are available') + W('2 of 3 updated replicas are available') + 'deployment "web" successfully rolled out\n'));
    expect(home.run('rollout status deployment/web --watch=false')).toEqual(ok('deployment "web" successfully rolled out\n'));
    expect(home.run('set image deployment/web nginx=nginx:1.26')).toEqual(ok('deployment.apps/web image updated\n'));
    // Which states the watch observes depends on the pods' start times (drawn from their uids).
    expect(home.run('rollout status deploy/web')).toEqual(ok(
      W('1 out of 3 new replicas have been updated') + W('2 out of 3 new replicas have been updated')
      + 'deployment "web" successfully rolled out\n'));
  });
  it('times out, and reports a missed progress deadline', () => {
    home.run('create deployment web --image=nginx:1.27 --replicas=3');
    home.run('rollout status deployment/web');
    home.run('set image deployment/web nginx=nginx:0.0-missing');
    expect(home.run('rollout status deploy/web --timeout=2s')).toEqual(fail('error: timed out waiting for the condition\n', W('1 out of 3 new replicas have been updated')));
    expect(home.run('rollout status deploy/web')).toEqual(fail('error: deployment "web" exceeded its progress deadline\n', W('1 out of 3 new replicas have been updated')));
  });
  it('NotFound and unsupported kinds', () => {
    expect(home.run('rollout status deployment/nosuch')).toEqual(fail('Error from server (NotFound): deployments.apps "nosuch" not found\n'));
    home.run('run nginx --image=nginx');
    expect(home.run('rollout status pod/nginx')).toEqual(fail('error: no status viewer has been implemented for Pod\n'));
  });
});

describe('rollout history, undo, restart, pause, resume', () => {
  beforeEach(() => {
    home.run('create deployment web --image=nginx:1.27 --replicas=2');
    home.run('rollout status deployment/web');
    home.run('set image deployment/web nginx=nginx:1.26');
    home.run('rollout status deployment/web');
  });
  it('history lists revisions with change causes', () => {
    expect(home.run('rollout history deployment/web')).toEqual(ok('deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         <none>\n\n'));
    // The controller copies the Deployment's change-cause to its current ReplicaSet (revision 2) too.
    home.run('annotate deploy web kubernetes.io/change-cause=bump');
    home.run('set image deployment/web nginx=nginx:1.25');
    home.run('rollout status deployment/web');
    expect(home.run('rollout history deployment/web')).toEqual(ok('deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         bump\n3         bump\n\n'));
    const r = home.run('rollout history deployment/web --revision=1');
    expect(r.stdout.split('\n').slice(0, 2)).toEqual(['deployment.apps/web with revision #1', 'Pod Template:']);
    expect(r.stdout).toContain('Image:\tnginx:1.27');
    expect(home.run('rollout history deployment/web --revision=9')).toEqual(fail('error: unable to find the specified revision\n'));
  });
  it('undo restores the previous template; --to-revision; skip when current', () => {
    expect(home.run('rollout undo deployment/web')).toEqual(ok('deployment.apps/web rolled back\n'));
    expect(home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.spec.template.spec.containers[0].image}'])).toEqual(ok('nginx:1.27'));
    expect(home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.spec.template.metadata.labels}'])).toEqual(ok('{"app":"web"}'));
    home.run('rollout status deployment/web');
    expect(home.run('rollout history deployment/web')).toEqual(ok('deployment.apps/web \nREVISION  CHANGE-CAUSE\n2         <none>\n3         <none>\n\n'));
    expect(home.run('rollout undo deployment/web --to-revision=3')).toEqual(ok('deployment.apps/web skipped rollback (current template already matches revision 3)\n'));
    expect(home.run('rollout undo deployment/web --to-revision=7')).toEqual(fail('error: unable to find specified revision 7 in history\n'));
  });
  it('undo replaces the annotations with the restored revision\'s, so its change cause comes back', () => {
    home.run('annotate deploy web kubernetes.io/change-cause=second');
    home.run('rollout status deployment/web');
    expect(home.run('rollout history deployment/web')).toEqual(ok('deployment.apps/web \nREVISION  CHANGE-CAUSE\n1         <none>\n2         second\n\n'));
    // Revision 1 had no cause: the Deployment's "second" goes, so the restored revision 3 has none either.
    expect(home.run('rollout undo deployment/web')).toEqual(ok('deployment.apps/web rolled back\n'));
    home.run('rollout status deployment/web');
    expect(home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.metadata.annotations}'])).toEqual(ok('{"deployment.kubernetes.io/revision":"3"}'));
    expect(home.run('rollout history deployment/web')).toEqual(ok('deployment.apps/web \nREVISION  CHANGE-CAUSE\n2         second\n3         <none>\n\n'));
    // Back to revision 2: its cause returns with its template, on the new revision 4.
    expect(home.run('rollout undo deployment/web --to-revision=2')).toEqual(ok('deployment.apps/web rolled back\n'));
    home.run('rollout status deployment/web');
    expect(home.run('rollout history deployment/web')).toEqual(ok('deployment.apps/web \nREVISION  CHANGE-CAUSE\n3         <none>\n4         second\n\n'));
    expect(home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.metadata.annotations.kubernetes\\.io/change-cause}'])).toEqual(ok('second'));
  });
  it('undo --dry-run=client shows the revision\'s template and changes nothing', () => {
    const r = home.run('rollout undo deployment/web --dry-run=client');
    expect(r.stdout.split('\n')[0]).toBe('deployment.apps/web Pod Template:');
    expect(r.stdout).toContain('Image:\tnginx:1.27');
    expect(r.stdout.endsWith('\n (dry run)\n')).toBe(true);
    expect(home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.spec.template.spec.containers[0].image}'])).toEqual(ok('nginx:1.26'));
  });
  it('pause, resume, restart', () => {
    expect(home.run('rollout pause deployment/web')).toEqual(ok('deployment.apps/web paused\n'));
    expect(home.run('rollout pause deployment/web')).toEqual(fail('error: deployments.apps "web" is already paused\n'));
    expect(home.run('rollout undo deployment/web')).toEqual(fail("error: you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again\n"));
    // kubectl 1.32 through kubemu serve: the restarter's error after the resource and name.
    expect(home.run('rollout restart deployment/web')).toEqual(fail('error: deployments.apps "web" can\'t restart paused deployment (run rollout resume first)\n'));
    expect(home.run('rollout resume deployment/web')).toEqual(ok('deployment.apps/web resumed\n'));
    expect(home.run('rollout resume deployment/web')).toEqual(fail('error: deployments.apps "web" is not paused\n'));
    expect(home.run('rollout restart deployment/web')).toEqual(ok('deployment.apps/web restarted\n'));
    const at = home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.spec.template.metadata.annotations.kubectl\\.kubernetes\\.io/restartedAt}']).stdout;
    expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });
});

describe('wait', () => {
  it('conditions, jsonpath, delete and timeouts', () => {
    home.run('run nginx --image=nginx');
    expect(home.run('wait --for=condition=Ready pod/nginx --timeout=60s')).toEqual(ok('pod/nginx condition met\n'));
    expect(home.run(['wait', '--for=jsonpath={.status.phase}=Running', 'pod/nginx', '--timeout=5s'])).toEqual(ok('pod/nginx condition met\n'));
    home.run('run broken --image=nginx:0.0-missing');
    expect(home.run('wait --for=condition=Ready pod/broken --timeout=2s')).toEqual(fail('error: timed out waiting for the condition on pods/broken\n'));
    expect(home.run('wait --for=condition=Ready pods -l run=nothing')).toEqual(fail('error: no matching resources found\n'));
    home.run('delete pod nginx --wait=false');
    expect(home.run('wait --for=delete pod/nginx --timeout=60s')).toEqual(ok('pod/nginx condition met\n'));
    expect(home.run('wait --for=delete pod/nginx')).toEqual(ok(''));
    expect(home.run('wait --for=bogus pod/nginx')).toEqual(fail('error: unrecognized condition: "bogus"\n'));
  });

  it('gives every object one deadline: once it has passed, the objects after time out unchecked, reported together', () => {
    home.run('run stuck --image=nginx:0.0-missing');
    home.run('run after --image=nginx');
    expect(home.run('wait --for=condition=Ready pod/after --timeout=60s').code).toBe(0);
    // stuck never gets Ready and uses the whole second up; after is Ready but not looked at.
    expect(home.run('wait --for=condition=Ready pod/stuck pod/after --timeout=1s'))
      .toEqual(fail('timed out waiting for the condition on pods/stuck\ntimed out waiting for the condition on pods/after\n'));
    expect(home.run('wait --for=condition=Ready pod/after pod/stuck --timeout=1s'))
      .toEqual({ stdout: 'pod/after condition met\n', stderr: 'error: timed out waiting for the condition on pods/stuck\n', code: 1 });
    // --for=create polls without a watch: its timeout names nothing.
    expect(home.run('wait --for=create pod/never --timeout=1s')).toEqual(fail('error: timed out waiting for the condition\n'));
  });
});
