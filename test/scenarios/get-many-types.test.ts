/**
 * `kubectl get` of several resource types at once, as kubectl 1.32 prints it (compared through
 * `kubemu serve`): under -A the NAMESPACE column sticks to every table after the first
 * namespaced one (kubectl shares its printer flags between tables), and --sort-by sorts each
 * table's rows only when there is one table; with several, kubectl sorts the Tables themselves,
 * and other output sorts every object as one list. A lone table whose rows all lack the field
 * prints "No resources found" (kubernetes/kubectl#1343); values Go cannot order end kubectl
 * through klog.Exitf.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

describe('get with several resource types', () => {
  const home = manualCluster('manytypes', 7);
  beforeAll(() => {
    for (const c of ['create namespace shop', 'create deployment web -n shop --image=nginx:1.27', 'expose deployment web -n shop --port 80', 'tick 30s']) {
      expect(home.run(c).code, c).toBe(0);
    }
  });
  afterAll(() => home.cleanup());

  it('keeps the NAMESPACE column for a cluster-scoped table printed after a namespaced one under -A', () => {
    const ns = 'NAMESPACE   NAME                        STATUS   AGE';
    expect(home.run('get sa,ns -A --no-headers').stdout.split('\n').filter((l) => l.includes('namespace/'))).toEqual([
      // kubectl's tabwriter: an empty column is its minimum width, 6.
      '      namespace/default           Active   5m30s',
      '      namespace/kube-node-lease   Active   5m30s',
      '      namespace/kube-public       Active   5m30s',
      '      namespace/kube-system       Active   5m30s',
      '      namespace/shop              Active   30s',
    ]);
    expect(home.run('get sa,ns -A').stdout).toContain(`\n\n${ns}\n`);
    // A cluster-scoped table first has none.
    expect(home.run('get ns,sa -A').stdout.split('\n')[0]).toBe('NAME                        STATUS   AGE');
    expect(home.run('get ns -A').stdout.split('\n')[0]).toBe('NAME              STATUS   AGE');
  });

  it('refuses --sort-by on several tables unless the Tables themselves have the field, and sorts other output as one list', () => {
    expect(home.run('get pods,svc -n shop --sort-by=.metadata.name'))
      .toEqual({ stdout: '', stderr: 'error: couldn\'t find any field with path "{.metadata.name}" in the list of objects\n', code: 1 });
    expect(home.run('get pods,svc -n shop --sort-by=.metadata.resourceVersion').code).toBe(0);
    expect(home.run('get deploy -n shop --sort-by=.metadata.name').stdout.split('\n')[1]).toMatch(/^web /);
    const names = home.run('get pods,svc -n shop --sort-by=.metadata.name -o name').stdout.trim().split('\n');
    expect(names[0]).toBe('service/web');
    expect(names.slice(1).every((n) => n.startsWith('pod/web-'))).toBe(true);
  });

  it('prints nothing of a lone table none of whose rows has the field, as kubectl does', () => {
    expect(home.run('get pods -n shop --sort-by=.spec.nope').stdout).toMatch(/^NAME .*\nweb-/); // one row: not sorted at all
    expect(home.run('scale deploy web -n shop --replicas=2').code).toBe(0);
    expect(home.run('tick 30s').code).toBe(0);
    expect(home.run('get pods -n shop --sort-by=.spec.nope')).toEqual({ stdout: '', stderr: 'No resources found in shop namespace.\n', code: 0 });
    expect(home.run('get pods -A --sort-by=.spec.nope')).toEqual({ stdout: '', stderr: 'No resources found\n', code: 0 });
    expect(home.run('get deploy -n shop --sort-by=.spec.nope').stdout).toMatch(/^NAME +READY/);
    expect(home.run('get pods -n shop --sort-by=.spec.nope -o name'))
      .toEqual({ stdout: '', stderr: 'error: couldn\'t find any field with path "{.spec.nope}" in the list of objects\n', code: 1 });
  });

  it('ends with klog\'s fatal line on a map, as kubectl\'s sorter does', () => {
    const r = home.run('get pods -n shop --sort-by=.metadata.labels');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^F\d{4} \d\d:\d\d:\d\d\.\d{6} +\d+ sorter\.go:375\] Field \{\.metadata\.labels\} in \[\]\[\]\[\]reflect\.Value is an unsortable type: interface, err: unsortable type: map\[string\]interface \{\}\n$/);
    expect(home.run('get pods -n shop --sort-by=.metadata.labels -o name').stderr).toMatch(/ sorter\.go:329\] Field \{\.metadata\.labels\} in \*unstructured\.Unstructured is an unsortable type: interface, err: unsortable type: map\[string\]interface \{\}\n$/);
  });
});
