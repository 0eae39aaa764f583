/**
 * apply -k / delete -k / diff -k / kubectl kustomize against a cluster: an overlay (namespace,
 * prefix, generator merge, secret generator, replicas, a patch) creates its objects under the
 * names kustomize gives them, content-hash suffixes included, and delete -k removes them.
 */
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, tempHome, type TempHome } from '../helpers/run-cli';

const OVERLAY = path.resolve(__dirname, 'testdata/kustomize-overlay/overlay');
const CM = 'prod-web-config-hkcffcccgk';
const SECRET = 'prod-web-secret-dbdgd77ct8';

describe('kustomize overlays against a cluster', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('kust', 7); });
  afterEach(() => home.cleanup());

  it('apply -k creates the overlay, in kustomize order, with hashed names; delete -k removes it', () => {
    let r = home.run(['apply', '-k', OVERLAY]);
    expect(r).toEqual({
      stdout: `namespace/shop created\nconfigmap/${CM} created\nsecret/${SECRET} created\nservice/prod-web created\ndeployment.apps/prod-web created\n`,
      stderr: '', code: 0,
    });
    const d = JSON.parse(home.run('get deploy prod-web -n shop -o json').stdout);
    expect(d.spec.replicas).toBe(2);
    const c = d.spec.template.spec.containers[0];
    expect(c.envFrom).toEqual([{ configMapRef: { name: CM } }]);
    expect(c.env).toEqual([{ name: 'TOKEN', valueFrom: { secretKeyRef: { key: 'token', name: SECRET } } }]);
    expect(home.run(['get', 'cm', CM, '-n', 'shop', '-o', 'jsonpath={.data.GREETING}']).stdout).toBe('hello from prod');

    home.run('tick 1m');
    expect(home.run(['get', 'deploy', 'prod-web', '-n', 'shop', '-o', 'jsonpath={.status.readyReplicas}']).stdout).toBe('2');

    r = home.run(['apply', '-k', OVERLAY]);
    expect(r.stdout).toBe(`namespace/shop unchanged\nconfigmap/${CM} unchanged\nsecret/${SECRET} unchanged\nservice/prod-web unchanged\ndeployment.apps/prod-web unchanged\n`);
    r = home.run(['diff', '-k', OVERLAY]);
    expect(r).toEqual({ stdout: '', stderr: '', code: 0 });

    r = home.run(['delete', '-k', OVERLAY]);
    expect(r.stdout).toBe(`namespace "shop" deleted\nconfigmap "${CM}" deleted\nsecret "${SECRET}" deleted\nservice "prod-web" deleted\ndeployment.apps "prod-web" deleted\n`);
    expect(r.code).toBe(0);
    home.run('tick 1m');
    expect(home.run('get ns shop').stderr).toBe('Error from server (NotFound): namespaces "shop" not found\n');
  });

  it('create -k creates once and refuses the second time as create -f does', () => {
    let r = home.run(['create', '-k', OVERLAY]);
    expect(r.stdout.split('\n')[0]).toBe('namespace/shop created');
    expect(r.code).toBe(0);
    r = home.run(['create', '-k', OVERLAY]);
    expect(r.stderr.split('\n')[0]).toBe(`Error from server (AlreadyExists): error when creating "${OVERLAY}": namespaces "shop" already exists`);
    expect(r.code).toBe(1);
  });

  it('the builder verbs take -k: each acts on the objects the overlay builds, under their built names', () => {
    expect(home.run(['apply', '-k', OVERLAY]).code).toBe(0);
    home.run('tick 1m');
    expect(home.run(['label', '-k', OVERLAY, 'tier=web']).stdout).toBe(`namespace/shop labeled\nconfigmap/${CM} labeled\nsecret/${SECRET} labeled\nservice/prod-web labeled\ndeployment.apps/prod-web labeled\n`);
    expect(home.run(['get', 'deploy', 'prod-web', '-n', 'shop', '-o', 'jsonpath={.metadata.labels.tier}']).stdout).toBe('web');
    // The kinds without a pod template are reported after the Deployment is changed, as kubectl's visitor does.
    const set = home.run(['set', 'image', '-k', OVERLAY, 'web=nginx:1.28', '-o', 'name']);
    expect(set.stdout).toBe('deployment.apps/prod-web\n');
    // Each is kubectl's "error: NAME …\n", so a blank line follows it among several.
    expect(set.stderr.split('\n').slice(0, 3)).toEqual(['error: namespaces/shop the object is not a pod or does not have a pod template: *v1.Namespace', '', `error: configmaps/${CM} the object is not a pod or does not have a pod template: *v1.ConfigMap`]);
    expect(home.run(['rollout', 'pause', '-k', OVERLAY])).toEqual({
      stdout: 'deployment.apps/prod-web paused\n',
      stderr: `error: namespaces "shop" pausing is not supported\nerror: configmaps "${CM}" pausing is not supported\nerror: secrets "${SECRET}" pausing is not supported\nerror: services "prod-web" pausing is not supported\n`,
      code: 1,
    });
    expect(home.run(['describe', '-k', OVERLAY]).stdout).toContain('Name:                   prod-web\nNamespace:              shop\n');
    expect(home.run(['annotate', '-k', OVERLAY, '-R', 'a=b'])).toEqual({ stdout: '', stderr: "error: the -k flag can't be used with -f or -R\n", code: 1 });
    // wait has no -k in kubectl 1.32.
    expect(home.run(['wait', '-k', OVERLAY, '--for=create']).stderr).toBe("error: unknown shorthand flag: 'k' in -k\nSee 'kubectl wait --help' for usage.\n");
  });

  it('refuses -k with -f, and a directory without a kustomization, with kubectl\'s texts', () => {
    expect(home.run(['apply', '-k', OVERLAY, '-f', 'x.yaml'])).toEqual({ stdout: '', stderr: 'error: only one of -f or -k can be specified\n', code: 1 });
    const empty = path.dirname(home.file('empty/.keep', ''));
    expect(home.run(['apply', '-k', empty])).toEqual({
      stdout: '', code: 1,
      stderr: `error: unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory '${empty}'\n`,
    });
  });

  it('kubemu check -k judges what the overlay builds, each object at its file and line', () => {
    const offline = tempHome();
    try {
      const r = offline.run(['check', '-k', 'overlay'], { cwd: path.dirname(OVERLAY) });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`base/kustomization.yaml\nLINE   OBJECT                                         PHASE      RESULT   REASON\n1      configmap/${CM} -n shop   admitted   pass\n`);
      expect(r.stdout).toContain('base/app.yaml\nLINE   OBJECT                             PHASE   RESULT   REASON\n22     service/prod-web -n shop           ready   pass\n1      deployment.apps/prod-web -n shop   ready   pass\n');
      expect(r.stdout).toContain('5 objects in 4 files: 5 passed, 0 failed');
      expect(offline.run(['check', '-k', 'overlay', 'app.yaml'], { cwd: path.dirname(OVERLAY) }).code).toBe(2);
    } finally {
      offline.cleanup();
    }
  });
});
