/**
 * get --subresource (status and scale), and when get prints kind/name: kubectl decides from
 * what came back (each listed type, each named type with an object found), not from how the
 * arguments were written. Compared with kubectl 1.32 through `kubemu serve`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

describe('get --subresource and the kind prefix', () => {
  const home = manualCluster('twin', 11);
  beforeAll(() => {
    for (const c of ['create deployment web --image=nginx:1.27 --replicas=2', 'create configmap c1 --from-literal=a=1', 'tick 30s']) expect(home.run(c).code, c).toBe(0);
  });
  afterAll(() => home.cleanup());
  const ok = (stdout: string) => ({ stdout, stderr: '', code: 0 });
  const notFound = 'Error from server (NotFound): the server could not find the requested resource\n';

  it('reads a workload through its scale subresource: the Scale printer, or the Scale itself', () => {
    expect(home.run('get deploy web --subresource=scale')).toEqual(ok('NAME   DESIRED   AVAILABLE   AGE\nweb    2         2           30s\n'));
    expect(home.run('get deploy web --subresource=scale -o yaml').stdout).toMatch(/^apiVersion: autoscaling\/v1\nkind: Scale\nmetadata:\n  creationTimestamp: "[^"]+"\n  name: web\n  namespace: default\n  resourceVersion: "\d+"\n  uid: [-0-9a-f]+\nspec:\n  replicas: 2\nstatus:\n  replicas: 2\n  selector: app=web\n$/);
    expect(home.run('get deploy web --subresource=status')).toEqual(home.run('get deploy web'));
  });

  it("refuses lists, and answers 404 for a resource without the subresource", () => {
    expect(home.run('get deploy --subresource=scale')).toEqual({ stdout: '', stderr: 'error: subresource cannot be used when bulk resources are specified\n', code: 1 });
    expect(home.run('get cm c1 --subresource=status')).toEqual({ stdout: '', stderr: notFound, code: 1 });
    expect(home.run('get deploy web --subresource=foo')).toEqual({ stdout: '', stderr: notFound, code: 1 });
    // Only what came back decides the prefix.
    expect(home.run('get deploy/web cm/c1 --subresource=status')).toEqual({ stdout: 'NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    2/2     2            2           30s\n', stderr: notFound, code: 1 });
  });

  it('patches a workload\'s Scale through the scale subresource, and lets the server refuse what it does not serve', () => {
    // As kubectl 1.32 through kubemu serve: the Scale is what is patched and printed.
    expect(home.run(['patch', 'deploy', 'web', '--subresource=scale', '--type=merge', '-p', '{"spec":{"replicas":3}}'])).toEqual(ok('scale.autoscaling/web patched\n'));
    expect(home.run(['patch', 'deploy', 'web', '--subresource=scale', '--type=merge', '-p', '{"spec":{"replicas":3}}'])).toEqual(ok('scale.autoscaling/web patched (no change)\n'));
    expect(home.run(['patch', 'deploy', 'web', '--subresource=scale', '--type=json', '-p', '[{"op":"replace","path":"/spec/replicas","value":2}]', '-o', 'jsonpath={.kind} {.spec.replicas}'])).toEqual(ok('Scale 2'));
    expect(home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.spec.replicas} {.metadata.managedFields[?(@.manager=="kubectl-patch")].subresource}']).stdout).toBe('2 scale');
    expect(home.run(['patch', 'deploy', 'web', '--subresource=scale', '-p', '{"spec":{"replicas":5}}', '--dry-run=server', '-o', 'name'])).toEqual(ok('scale.autoscaling/web\n'));
    expect(home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.spec.replicas}']).stdout).toBe('2');
    // kubectl 1.32 checks no subresource name itself: the server's 404.
    expect(home.run(['patch', 'cm', 'c1', '--subresource=scale', '-p', '{}'])).toEqual({ stdout: '', stderr: notFound, code: 1 });
    expect(home.run(['patch', 'cm', 'c1', '--subresource=foo', '-p', '{}'])).toEqual({ stdout: '', stderr: notFound, code: 1 });
  });

  it('replaces through a subresource: the file PUT to status, the server\'s 404 for one the resource lacks', () => {
    const manifest = home.file('web-status.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: 9, selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: nginx, image: nginx:1.27}]}}}\nstatus: {replicas: 2}\n');
    expect(home.run(['replace', '-f', manifest, '--subresource=status'])).toEqual(ok('deployment.apps/web replaced\n'));
    // Only the status went through: the spec keeps its 2 replicas.
    expect(home.run(['get', 'deploy', 'web', '-o', 'jsonpath={.spec.replicas}']).stdout).toBe('2');
    expect(home.run(['replace', '-f', manifest, '--subresource=foo'])).toEqual({ stdout: '', code: 1, stderr: `Error from server (NotFound): error when replacing "${manifest}": the server could not find the requested resource\n` });
  });

  it('prints kind/name only when more than one kind came back', () => {
    const deployTable = 'NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    2/2     2            2           30s\n';
    expect(home.run('get deploy/web')).toEqual(ok(deployTable));
    expect(home.run('get deploy,cm web')).toEqual({ stdout: deployTable, stderr: 'Error from server (NotFound): configmaps "web" not found\n', code: 1 });
    expect(home.run('get deploy/web cm/c1').stdout).toBe('NAME                  READY   UP-TO-DATE   AVAILABLE   AGE\ndeployment.apps/web   2/2     2            2           30s\n\nNAME           DATA   AGE\nconfigmap/c1   1      30s\n');
    expect(home.run('get deploy/web --show-kind').stdout).toBe('NAME                  READY   UP-TO-DATE   AVAILABLE   AGE\ndeployment.apps/web   2/2     2            2           30s\n');
    // A listed type counts even when it has nothing.
    expect(home.run('get deploy,secrets -l app=web').stdout).toBe('NAME                  READY   UP-TO-DATE   AVAILABLE   AGE\ndeployment.apps/web   2/2     2            2           30s\n');
  });
});
