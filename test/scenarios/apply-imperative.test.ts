/**
 * apply over an object created imperatively warns as kubectl does (then adds the annotation);
 * --prune, which kubemu does not emulate yet, is refused, never done as a plain apply.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const home = manualCluster('ai', 7);
afterAll(() => home.cleanup());

const DEPLOY = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: nginx\n        image: nginx\n';

describe('apply over imperative objects', () => {
  it('warns once about the missing last-applied annotation, then adds it', () => {
    expect(home.run('create deployment web --image=nginx').code).toBe(0);
    const file = home.file('web.yaml', DEPLOY);
    expect(home.run(['apply', '-f', file])).toEqual({
      stdout: 'deployment.apps/web configured\n',
      stderr: 'Warning: resource deployments/web is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n',
      code: 0,
    });
    expect(home.run(['apply', '-f', file])).toEqual({ stdout: 'deployment.apps/web unchanged\n', stderr: '', code: 0 });
  });

  it('warns on a server dry run too, from the one read of the live object, and writes nothing', () => {
    expect(home.run('create configmap cfg --from-literal=a=1').code).toBe(0);
    const file = home.file('cfg.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  a: "2"\n');
    expect(home.run(['apply', '--dry-run=server', '-f', file])).toEqual({
      stdout: 'configmap/cfg configured (server dry run)\n',
      stderr: 'Warning: resource configmaps/cfg is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n',
      code: 0,
    });
    expect(home.run(['get', 'cm', 'cfg', '-o', 'jsonpath={.data.a} {.metadata.annotations}'])).toEqual({ stdout: '1 ', stderr: '', code: 0 });
    // A new object has nothing to warn about.
    const fresh = home.file('fresh.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: fresh\n');
    expect(home.run(['apply', '--dry-run=server', '-f', fresh])).toEqual({ stdout: 'configmap/fresh created (server dry run)\n', stderr: '', code: 0 });
  });

  it('refuses --prune without -l or --all and stores nothing', () => {
    const file = home.file('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ssa\n');
    expect(home.run(['apply', '--prune', '-f', file])).toEqual({
      stdout: '',
      stderr: 'error: all resources selected for prune without explicitly passing --all. To prune all resources, pass the --all flag. If you did not mean to prune all resources, specify a label selector\n',
      code: 1,
    });
    expect(home.run('get cm ssa').code).toBe(1);
  });
});
