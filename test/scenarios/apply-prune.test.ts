/**
 * apply --prune (kubectl 1.32's allowlist alpha) and apply -l: what leaves the manifests is
 * deleted when it matches the selector, was applied before (it has the last-applied
 * annotation) and is of an allowlisted kind, in the namespaces the apply visited and among the
 * cluster-scoped kinds. Each expectation was compared with kubectl 1.32 through `kubemu serve`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const ALL = `apiVersion: v1
kind: ConfigMap
metadata: {name: p1, labels: {app: p}}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: p2, labels: {app: p}}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: p3, labels: {app: q}}
---
apiVersion: v1
kind: Secret
metadata: {name: ps, labels: {app: p}}
---
apiVersion: v1
kind: Namespace
metadata: {name: pns, labels: {app: p}}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: p4, namespace: pns, labels: {app: p}}
`;
const LESS = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: p1, labels: {app: p}}\n';
const WARNING = / prune\.go:71\] Deprecated: kubectl apply will no longer prune non-namespaced resources by default when used with the --namespace flag in a future release\. To preserve the current behaviour, list the resources you want to target explicitly in the --prune-allowlist flag\.\n$/;

describe('apply --prune', () => {
  let home: TempHome;
  beforeEach(() => {
    home = manualCluster('prune', 11);
    home.file('all.yaml', ALL);
    home.file('less.yaml', LESS);
    expect(home.run('apply -f all.yaml').code).toBe(0);
    // An object made without apply has no last-applied annotation: never pruned.
    expect(home.run('create configmap imperative').code).toBe(0);
    expect(home.run('label configmap imperative app=p').code).toBe(0);
  });
  afterEach(() => home.cleanup());
  const names = () => home.run(['get', 'cm,secret,ns', '-A', '-l', 'app in (p,q)', '-o', 'name']).stdout;
  const err = (stderr: string) => ({ stdout: '', stderr, code: 1 });

  it('deletes what left the manifests and matches -l: in the namespaces applied to, then the cluster-scoped kinds', () => {
    const r = home.run('apply -f less.yaml --prune -l app=p');
    expect(r.code).toBe(0);
    // The Namespace goes, so its ConfigMap goes with it; kubectl prunes pns's objects only if it applied to pns.
    expect(r.stdout).toBe('configmap/p1 unchanged\nconfigmap/p2 pruned\nsecret/ps pruned\nnamespace/pns pruned\n');
    expect(r.stderr).toMatch(/^W0101 \d\d:\d\d:\d\d\.\d{6} +\d+ /);
    expect(r.stderr).toMatch(WARNING);
    home.run('tick 10s');
    expect(names()).toBe('configmap/imperative\nconfigmap/p1\nconfigmap/p3\n');
  });

  it('dry runs print what would go and delete nothing; -o prints the pruned objects', () => {
    expect(home.run('apply -f less.yaml --prune -l app=p --dry-run=client').stdout)
      .toBe('configmap/p1 configured (dry run)\nconfigmap/p2 pruned (dry run)\nsecret/ps pruned (dry run)\nnamespace/pns pruned (dry run)\n');
    expect(home.run('apply -f less.yaml --prune -l app=p --dry-run=server').stdout)
      .toBe('configmap/p1 unchanged (server dry run)\nconfigmap/p2 pruned (server dry run)\nsecret/ps pruned (server dry run)\nnamespace/pns pruned (server dry run)\n');
    expect(names()).toBe('configmap/imperative\nconfigmap/p1\nconfigmap/p2\nconfigmap/p3\nconfigmap/p4\nsecret/ps\nnamespace/pns\n');
    expect(home.run(['apply', '-f', 'less.yaml', '--prune', '-l', 'app=p', '-o', 'jsonpath={.metadata.name}']).stdout).toBe('p1p2pspns');
  });

  it('--prune-allowlist names the kinds; --all every object of them; -n adds the namespace', () => {
    const r = home.run('apply -f less.yaml --prune --all --prune-allowlist=core/v1/ConfigMap -n default');
    expect(r).toEqual({ stdout: 'configmap/p1 unchanged\nconfigmap/p2 pruned\nconfigmap/p3 pruned\n', stderr: '', code: 0 });
    expect(names()).toBe('configmap/imperative\nconfigmap/p1\nconfigmap/p4\nsecret/ps\nnamespace/pns\n');
    expect(home.run('apply -f less.yaml --prune --all --prune-allowlist=core/v1/Foo')).toEqual(err('error: no matches for kind "Foo" in version "v1"\n'));
    expect(home.run('apply -f less.yaml --prune --all --prune-allowlist=bad')).toEqual(err('error: invalid GroupVersionKind format: bad, please follow <group/version/kind>\n'));
  });

  it('nothing is pruned when an object fails, and apply -o prints nothing then', () => {
    home.file('bad.yaml', `${LESS}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: new, labels: {app: p}}\ndata: {x: 1}\n`);
    const r = home.run('apply -f bad.yaml --prune -l app=p -o name');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('configmap/p1\n');
    expect(home.run('apply -f bad.yaml -o yaml').stdout).toBe('');
    expect(names()).toContain('configmap/p2\n');
  });

  it('refuses what kubectl\'s Validate refuses, in its order', () => {
    expect(home.run('apply -f less.yaml --prune')).toEqual(err('error: all resources selected for prune without explicitly passing --all. To prune all resources, pass the --all flag. If you did not mean to prune all resources, specify a label selector\n'));
    expect(home.run('apply -f less.yaml --prune -l app=p --server-side')).toEqual(err("error: --prune is in alpha and doesn't currently work on objects created by server-side apply\n"));
    expect(home.run('apply -f less.yaml --prune -l app=p --force')).toEqual(err('error: --force cannot be used with --prune\n'));
    expect(home.run('apply -f less.yaml --all -l app=p')).toEqual(err('error: cannot set --all and --selector at the same time\n'));
    expect(home.run('apply -f less.yaml --subresource=status')).toEqual(err('error: --subresource can only be specified for --server-side\n'));
    expect(home.run('apply -f less.yaml --cascade=bogus')).toEqual(err('error: invalid cascade value (bogus). Must be "background", "foreground", or "orphan"\n'));
    expect(names()).toContain('configmap/p2\n');
  });

  it('diff --prune shows what a prune would delete as removed, whole as stored; diff -l diffs only the matching documents', () => {
    const r = home.run('diff -f less.yaml --prune --prune-allowlist=core/v1/Secret');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^diff -u -N \S+\/v1\.Secret\.default\.ps \S+\/v1\.Secret\.default\.ps\n/);
    expect(r.stdout).toContain('\n-kind: Secret\n');
    expect(r.stdout).toContain('\n-  managedFields:\n');
    expect(home.run('diff -f less.yaml --prune -l app=p').stderr).toMatch(WARNING);
    home.file('changed.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: p2, labels: {app: p}}\ndata: {a: b}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: p3, labels: {app: q}}\ndata: {a: b}\n');
    const q = home.run('diff -f changed.yaml -l app=q');
    expect(q.code).toBe(1);
    expect(q.stdout).toContain('/v1.ConfigMap.default.p3');
    expect(q.stdout).not.toContain('/v1.ConfigMap.default.p2');
    expect(home.run('diff -f changed.yaml -l app=zzz')).toEqual({ stdout: '', stderr: '', code: 0 });
  });

  it('-l applies only the documents whose labels match', () => {
    expect(home.run('apply -f all.yaml -l app=q')).toEqual({ stdout: 'configmap/p3 unchanged\n', stderr: '', code: 0 });
    expect(home.run('apply -f less.yaml -l app=zzz')).toEqual(err('error: no objects passed to apply\n'));
    // app== selects an empty value; app in ( is no selector at all.
    expect(home.run(['apply', '-f', 'less.yaml', '-l', 'app=='])).toEqual(err('error: no objects passed to apply\n'));
    expect(home.run(['apply', '-f', 'less.yaml', '-l', 'app in ('])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: the provided selector "app in \(" is not valid: /) });
    // kubectl's builder maps every document before -l filters them: one it cannot map is an error all the same.
    const unmapped = home.file('widget.yaml', 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n');
    expect(home.run(['apply', '-f', unmapped, '-f', 'less.yaml', '-l', 'app=zzz'])).toEqual(err(`error: resource mapping not found for name: "w" namespace: "" from "${unmapped}": no matches for kind "Widget" in version "example.com/v1"\nensure CRDs are installed first\n`));
    expect(home.run(['apply', '-f', unmapped, '-f', 'all.yaml', '-l', 'app=q'])).toEqual({ code: 1, stdout: 'configmap/p3 unchanged\n', stderr: `error: resource mapping not found for name: "w" namespace: "" from "${unmapped}": no matches for kind "Widget" in version "example.com/v1"\nensure CRDs are installed first\n` });
  });
});
