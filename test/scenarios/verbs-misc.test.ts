/**
 * verbs-misc: expose, autoscale, replace, edit (with EDITOR set to a script) and diff
 * (kubectl's exit codes 0/1/>1 and LIVE-<digits>/MERGED-<digits> folders, as Go's os.MkdirTemp names them).
 */
import * as fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

let home: TempHome;
beforeAll(() => {
  home = manualCluster('misc', 7);
  home.run('create deployment web --image=nginx --port=80');
  home.run('run legacy --image=nginx');
});
afterAll(() => home.cleanup());
afterEach(() => vi.unstubAllEnvs());

const ok = (stdout: string) => ({ stdout, stderr: '', code: 0 });
const fail = (stderr: string, code = 1) => ({ stdout: '', stderr, code });
const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: rep\ndata:\n  a: "1"\n';

describe('expose', () => {
  it('builds the service from the target', () => {
    expect(home.run('expose deployment web --port=80 --target-port=8080 --dry-run=client -o yaml')).toEqual(ok(
      'apiVersion: v1\nkind: Service\nmetadata:\n  creationTimestamp: null\n  labels:\n    app: web\n  name: web\nspec:\n  ports:\n  - port: 80\n    protocol: TCP\n    targetPort: 8080\n  selector:\n    app: web\nstatus:\n  loadBalancer: {}\n'));
    expect(home.run('expose pod legacy --port=80 --dry-run=client -o jsonpath={.spec.selector}')).toEqual(ok('{"run":"legacy"}'));
    expect(home.run('expose deployment web --port=8080 --target-port=80 --name=web-int')).toEqual(ok('service/web-int exposed\n'));
    expect(home.run('expose deployment web --type=NodePort')).toEqual(ok('service/web exposed\n'));
    expect(home.run('get svc web -o jsonpath={.spec.ports[0].port}')).toEqual(ok('80'));
    expect(home.run('expose deployment nosuch --port=80')).toEqual(fail('Error from server (NotFound): deployments.apps "nosuch" not found\n'));
    expect(home.run('expose pod legacy')).toEqual(fail("error: couldn't find port via --port flag or introspection\n"));
  });
});

describe('autoscale', () => {
  it('creates an autoscaling/v1 HPA named after the target', () => {
    expect(home.run('autoscale deployment web --min=2 --max=5 --cpu-percent=80 --dry-run=client -o yaml')).toEqual(ok(
      'apiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata:\n  creationTimestamp: null\n  name: web\nspec:\n  maxReplicas: 5\n  minReplicas: 2\n  scaleTargetRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: web\n  targetCPUUtilizationPercentage: 80\nstatus:\n  currentReplicas: 0\n  desiredReplicas: 0\n'));
    expect(home.run('autoscale deployment web --min=2 --max=5 --cpu-percent=80')).toEqual(ok('horizontalpodautoscaler.autoscaling/web autoscaled\n'));
    expect(home.run('autoscale deployment web --max=0')).toEqual(fail('error: --max=MAXPODS is required and must be at least 1, max: 0\n'));
  });
});

describe('replace', () => {
  it('replaces existing objects and reports missing ones', () => {
    expect(home.run('replace -f -', { stdin: CM })).toEqual(fail('Error from server (NotFound): error when replacing "STDIN": configmaps "rep" not found\n'));
    expect(home.run('create -f -', { stdin: CM })).toEqual(ok('configmap/rep created\n'));
    expect(home.run('replace -f -', { stdin: CM.replace('"1"', '"2"') })).toEqual(ok('configmap/rep replaced\n'));
    expect(home.run('get cm rep -o jsonpath={.data.a}')).toEqual(ok('2'));
    expect(home.run('replace --force -f -', { stdin: CM })).toEqual(ok('configmap "rep" deleted\nconfigmap/rep replaced\n'));
    expect(home.run('get cm rep -o jsonpath={.data.a}')).toEqual(ok('1'));
  });

  it('--force deletes, waits in simulated time for the pod\'s graceful end, and creates it again; a missing object is just created', () => {
    expect(home.run('run rp --image=nginx:1.27').code).toBe(0);
    home.run('tick 30s');
    const before = home.run(['get', 'pod', 'rp', '-o', 'jsonpath={.metadata.uid}']).stdout;
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata: {name: rp}\nspec: {containers: [{name: rp, image: nginx:1.28}]}\n';
    expect(home.run('replace --force -f -', { stdin: pod })).toEqual(ok('pod "rp" deleted\npod/rp replaced\n'));
    expect(home.run(['get', 'pod', 'rp', '-o', 'jsonpath={.spec.containers[0].image}'])).toEqual(ok('nginx:1.28'));
    expect(home.run(['get', 'pod', 'rp', '-o', 'jsonpath={.metadata.uid}']).stdout).not.toBe(before);
    // The nginx container stopped on its SIGTERM (SIGQUIT in the image): the replace waited for it.
    expect(home.run(['get', 'events', '--field-selector', 'involvedObject.name=rp,reason=Killing', '-o', 'jsonpath={.items[*].reason}']).stdout).toBe('Killing');
    expect(home.run('replace --force --save-config -f -', { stdin: pod.replace('rp}', 'rq}') })).toEqual(ok('pod/rq replaced\n'));
    expect(home.run(['get', 'pod', 'rq', '-o', 'jsonpath={.metadata.annotations.kubectl\\.kubernetes\\.io/last-applied-configuration}']).stdout)
      .toBe('{"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"name":"rq","namespace":"default"},"spec":{"containers":[{"image":"nginx:1.28","name":"rp"}]}}\n');
  });

  it('create --save-config keeps the manifest for apply, which then has nothing to warn about', () => {
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: saved}\ndata: {a: "1"}\n';
    expect(home.run('create --save-config -f -', { stdin: cm })).toEqual(ok('configmap/saved created\n'));
    expect(home.run(['get', 'cm', 'saved', '-o', 'jsonpath={.metadata.annotations.kubectl\\.kubernetes\\.io/last-applied-configuration}']).stdout)
      .toBe('{"apiVersion":"v1","data":{"a":"1"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"saved","namespace":"default"}}\n');
    expect(home.run('apply -f -', { stdin: cm })).toEqual(ok('configmap/saved unchanged\n'));
    // -l keeps the documents whose labels match; --field-manager names the writer.
    const two = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: l1, labels: {k: a}}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: l2, labels: {k: b}}\n';
    expect(home.run('create -f - -l k=zzz', { stdin: two })).toEqual(fail('error: no objects passed to create\n'));
    expect(home.run(['create', '-f', '-', '-l', 'k=b', '--field-manager=me', '-o', 'jsonpath={.metadata.name} {.metadata.managedFields[0].manager}'], { stdin: two })).toEqual(ok('l2 me'));
  });

  it('refuses as kubectl\'s Validate does, and deletes nothing unless every document can be created again', () => {
    expect(home.run('replace -f - --grace-period=0', { stdin: CM })).toEqual(fail('error: --grace-period must have --force specified\n'));
    expect(home.run('replace -f - --timeout=5s', { stdin: CM })).toEqual(fail('error: --timeout must have --force specified\n'));
    expect(home.run('replace -f - --force --dry-run=client', { stdin: CM })).toEqual(fail('error: --dry-run can not be used when --force is set\n'));
    expect(home.run('replace -f - --cascade=bogus', { stdin: CM })).toEqual(fail('error: invalid cascade value (bogus). Must be "background", "foreground", or "orphan"\n'));
    const broken = `${CM}---\napiVersion: v1\nkind: Nope\nmetadata: {name: x}\n`;
    expect(home.run('replace --force -f -', { stdin: broken }).code).toBe(1);
    expect(home.run('get cm rep -o name')).toEqual(ok('configmap/rep\n'));
  });
});

describe('edit', () => {
  it('runs $EDITOR, updates what changed, cancels when nothing did', () => {
    home.run('create configmap ed --from-literal=a=1');
    vi.stubEnv('EDITOR', 'true');
    expect(home.run('edit cm ed')).toEqual({ stdout: '', stderr: 'Edit cancelled, no changes made.\n', code: 0 });
    const script = home.file('editor.sh', '#!/bin/sh\nsed -i \'s/^  a: "1"/  a: "9"/\' "$1"\n');
    fs.chmodSync(script, 0o755);
    vi.stubEnv('EDITOR', script);
    expect(home.run('edit configmap/ed')).toEqual(ok('configmap/ed edited\n'));
    expect(home.run('get cm ed -o jsonpath={.data.a}')).toEqual(ok('9'));
    const header = home.file('header.sh', '#!/bin/sh\nhead -4 "$1" > "$0.out"\n');
    fs.chmodSync(header, 0o755);
    vi.stubEnv('KUBE_EDITOR', header);
    home.run('edit cm ed');
    expect(fs.readFileSync(`${header}.out`, 'utf8')).toBe("# Please edit the object below. Lines beginning with a '#' will be ignored,\n# and an empty file will abort the edit. If an error occurs while saving this file will be\n# reopened with the relevant failures.\n#\n");
    vi.unstubAllEnvs();
  });

  it('prints the edited object through -o or --template; --show-managed-fields keeps them in the file', () => {
    home.run('create configmap ed2 --from-literal=a=1');
    const script = home.file('editor2.sh', '#!/bin/sh\ngrep -c "managedFields:" "$1" > "$0.count"\nsed -i \'s/^  a: "[0-9]"/  a: "7"/; s/"a": "[0-9]"/"a": "7"/\' "$1"\n');
    fs.chmodSync(script, 0o755);
    vi.stubEnv('EDITOR', script);
    expect(home.run(['edit', 'cm', 'ed2', '--template={{.data.a}}'])).toEqual(ok('7'));
    expect(fs.readFileSync(`${script}.count`, 'utf8')).toBe('0\n');
    home.run('edit cm ed2 --show-managed-fields');
    expect(fs.readFileSync(`${script}.count`, 'utf8')).toBe('1\n');
    home.run(['patch', 'cm', 'ed2', '-p', '{"data":{"a":"1"}}']);
    const json = home.run('edit cm ed2 -o json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).data).toEqual({ a: '7' });
    expect(home.run('edit cm ed2 -o name')).toEqual(fail('error: unable to match a printer suitable for the output format "name", allowed formats are: json,yaml\n'));
    expect(home.run('edit cm ed2 --validate=bogus')).toEqual(fail('error: invalid - validate option "bogus"; must be one of: strict (or true), warn, ignore (or false)\n'));
    vi.unstubAllEnvs();
  });
});

describe('diff', () => {
  it('exits 0 without differences, 1 with, 2 on errors', () => {
    home.run('apply -f -', { stdin: CM.replace('rep', 'dd') });
    const same = home.run('diff -f -', { stdin: CM.replace('rep', 'dd') });
    expect(same).toEqual(ok(''));
    const changed = home.run('diff -f -', { stdin: CM.replace('rep', 'dd').replace('"1"', '"2"') });
    expect(changed.code).toBe(1);
    const lines = changed.stdout.split('\n');
    // The folders are made in the command's TMPDIR (the test home's).
    const tmp = home.dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(lines[0]).toMatch(new RegExp(`^diff -u -N ${tmp}/LIVE-\\d+/v1\\.ConfigMap\\.default\\.dd ${tmp}/MERGED-\\d+/v1\\.ConfigMap\\.default\\.dd$`));
    expect(lines).toContain('-  a: "1"');
    expect(lines).toContain('+  a: "2"');
    expect(home.run('diff -f nosuch.yaml')).toEqual(fail('error: the path "nosuch.yaml" does not exist\n', 2));
  });
});
