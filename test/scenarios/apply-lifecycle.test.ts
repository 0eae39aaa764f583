import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as path from 'node:path';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const WEB = path.resolve(__dirname, '../../fixtures/web.yaml');

describe('apply → reconcile → delete', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('life', 7); });
  afterEach(() => home.cleanup());

  it('creates, reports unchanged, configures, and deletes like kubectl', () => {
    let r = home.run(['apply', '-f', WEB]);
    expect(r).toEqual({ stdout: 'deployment.apps/web created\nservice/web created\n', stderr: '', code: 0 });

    r = home.run('get deploy web');
    expect(r.stdout).toBe('NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    0/3     3            0           0s\n');

    home.run('tick 2m');
    r = home.run('get deploy web --no-headers');
    expect(r.stdout).toBe('web   3/3   3     3     2m\n');
    r = home.run('get pods --no-headers');
    expect(r.stdout.trim().split('\n').map((l) => l.split(/ +/).slice(1, 4).join(' '))).toEqual(Array(3).fill('1/1 Running 0'));

    r = home.run(['apply', '-f', WEB]);
    expect(r.stdout).toBe('deployment.apps/web unchanged\nservice/web unchanged\n');

    const scaled = home.file('web5.yaml', require('node:fs').readFileSync(WEB, 'utf8').replace('replicas: 3', 'replicas: 5'));
    r = home.run(['apply', '-f', scaled]);
    expect(r.stdout).toBe('deployment.apps/web configured\nservice/web unchanged\n');
    home.run('tick 2m');
    expect(home.run(['get', 'deploy/web', '-o', 'jsonpath={.status.readyReplicas}']).stdout).toBe('5');

    r = home.run(['delete', '-f', scaled]);
    expect(r).toEqual({ stdout: 'deployment.apps "web" deleted\nservice "web" deleted\n', stderr: '', code: 0 });
    home.run('tick 1m');
    r = home.run('get pods');
    expect(r).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', code: 0 });
  });

  it('stamps what the API server stamps', () => {
    home.run(['apply', '-f', WEB]);
    const d = JSON.parse(home.run('get deploy web -o json').stdout);
    expect(d.metadata.generation).toBe(1);
    expect(d.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(d.spec.strategy).toEqual({ rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' }, type: 'RollingUpdate' });
    expect(d.spec.revisionHistoryLimit).toBe(10);
    expect(d.spec.progressDeadlineSeconds).toBe(600);
    expect(d.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']).toContain('"replicas":3');
    const pod = JSON.parse(home.run('get pods -o json').stdout).items[0];
    expect(pod.spec.restartPolicy).toBe('Always');
    expect(pod.spec.dnsPolicy).toBe('ClusterFirst');
    expect(pod.spec.schedulerName).toBe('default-scheduler');
    expect(pod.spec.terminationGracePeriodSeconds).toBe(30);
    expect(pod.spec.containers[0].imagePullPolicy).toBe('IfNotPresent');
    expect(pod.spec.tolerations).toEqual([
      { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists', tolerationSeconds: 300 },
      { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists', tolerationSeconds: 300 },
    ]);
    expect(pod.metadata.labels['pod-template-hash']).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{1,10}$/);
  });

  it('reports missing objects and unknown types as kubectl does', () => {
    expect(home.run('get pods nosuch other')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "nosuch" not found\nError from server (NotFound): pods "other" not found\n', code: 1 });
    expect(home.run('get deploy nosuch').stderr).toBe('Error from server (NotFound): deployments.apps "nosuch" not found\n');
    expect(home.run('get nosuchtype')).toEqual({ stdout: '', stderr: 'error: the server doesn\'t have a resource type "nosuchtype"\n', code: 1 });
    expect(home.run('get pods -n nosuchns')).toEqual({ stdout: '', stderr: 'No resources found in nosuchns namespace.\n', code: 0 });
    expect(home.run('get pods --ignore-not-found nosuch')).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(home.run('get pods --bogus')).toEqual({ stdout: '', stderr: "error: unknown flag: --bogus\nSee 'kubectl get --help' for usage.\n", code: 1 });
    expect(home.run('delete pod')).toEqual({ stdout: '', stderr: 'error: resource(s) were provided, but no name was specified\n', code: 1 });
    expect(home.run('apply -f missing.yaml')).toEqual({ stdout: '', stderr: 'error: the path "missing.yaml" does not exist\n', code: 1 });
  });

  it('keeps going past a bad document and exits 1', () => {
    const f = home.file('mixed.yaml', `apiVersion: v1
kind: ConfigMap
metadata: {name: good}
data: {a: b}
---
apiVersion: apps/v1beta2
kind: Deployment
metadata: {name: old}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: Bad_Name}
`);
    const r = home.run(['apply', '-f', f]);
    expect(r.stdout).toBe('configmap/good created\n');
    // Two errors: kubectl prints each in its standard form (MultipleErrors), the client's without "error: ", the Invalid one as the server's message.
    expect(r.stderr).toBe([
      `resource mapping not found for name: "old" namespace: "" from "${f}": no matches for kind "Deployment" in version "apps/v1beta2"`,
      'ensure CRDs are installed first',
      `Error from server (Invalid): error when creating "${f}": ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
      '',
    ].join('\n'));
    expect(r.code).toBe(1);
    expect(home.run('get cm good -o jsonpath={.data.a}').stdout).toBe('b');
  });

  it('prints one error alone with "error: ", and several client errors beside a server error as one aggregate line', () => {
    const one = home.file('one.yaml', 'apiVersion: v1\nkind: Frob\nmetadata: {name: a}\n');
    expect(home.run(['apply', '-f', one]).stderr).toBe(`error: resource mapping not found for name: "a" namespace: "" from "${one}": no matches for kind "Frob" in version "v1"\nensure CRDs are installed first\n`);
    const f = home.file('three.yaml', 'apiVersion: v1\nkind: Frob\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Frob\nmetadata: {name: b}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {k: 1}\n');
    const r = home.run(['apply', '-f', f]);
    const mapping = (n: string) => `resource mapping not found for name: "${n}" namespace: "" from "${f}": no matches for kind "Frob" in version "v1"\nensure CRDs are installed first`;
    // kubectl's builder returns its two errors as one aggregate, which Go prints as "[a, b]".
    expect(r).toEqual({
      stdout: '',
      stderr: `[${mapping('a')}, ${mapping('b')}]\nError from server (BadRequest): error when creating "${f}": ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string\n`,
      code: 1,
    });
  });
});

describe('client-side manifest checks', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('checks', 7); });
  afterEach(() => home.cleanup());

  it('refuses a kind or apiVersion that is not a string, as kubectl validation does', () => {
    const r = home.run(['apply', '-f', '-'], { stdin: 'apiVersion: v1\nkind: {a: 1}\nmetadata:\n  name: x\n' });
    // One reason alone, several in brackets: Go's error aggregate (checked with kubectl 1.32 through serve).
    expect(r).toEqual({ stdout: '', stderr: 'error: error validating "STDIN": error validating data: kind isn\'t string type; if you choose to ignore these errors, turn validation off with --validate=false\n', code: 1 });
    expect(home.run(['apply', '-f', '-'], { stdin: 'apiVersion: [1]\nkind: {a: 1}\nmetadata:\n  name: x\n' }).stderr)
      .toBe('error: error validating "STDIN": error validating data: [apiVersion isn\'t string type, kind isn\'t string type]; if you choose to ignore these errors, turn validation off with --validate=false\n');
  });
});

describe('last-applied configuration', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('lastapplied', 7); });
  afterEach(() => home.cleanup());

  it('is Go json.Marshal of the manifest: keys sorted, HTML characters escaped, a trailing newline', () => {
    home.run(['apply', '-f', '-'], { stdin: 'kind: ConfigMap\napiVersion: v1\nmetadata: {name: html}\ndata: {page: "<b>&</b>"}\n' });
    const cm = JSON.parse(home.run('get cm html -o json').stdout);
    expect(cm.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration'])
      .toBe('{"apiVersion":"v1","data":{"page":"\\u003cb\\u003e\\u0026\\u003c/b\\u003e"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"html","namespace":"default"}}\n');
  });
});

describe('object size', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('size', 7); });
  afterEach(() => home.cleanup());

  it('validation refuses a ConfigMap over 1 MiB and its over-long last-applied annotation', () => {
    const big = 'x'.repeat(1_100_000);
    const r = home.run(['apply', '-f', '-'], { stdin: `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: big}\ndata: {blob: ${big}}\n` });
    expect(r).toEqual({ stdout: '', stderr: 'The ConfigMap "big" is invalid: \n* metadata.annotations: Too long: may not be more than 262144 bytes\n* : Too long: may not be more than 1048576 bytes\n', code: 1 });
  });

  it('the store refuses any object over etcd\'s 1.5 MiB, and nothing is stored', () => {
    const big = 'x'.repeat(1_700_000);
    const r = home.run(['create', '-f', '-'], { stdin: `apiVersion: v1\nkind: PodTemplate\nmetadata: {name: big}\ntemplate:\n  spec:\n    containers: [{name: c, image: nginx, env: [{name: BLOB, value: ${big}}]}]\n` });
    expect(r).toEqual({ stdout: '', stderr: 'Error from server: error when creating "STDIN": etcdserver: request is too large\n', code: 1 });
    expect(home.run('get podtemplate big --ignore-not-found -o name').stdout).toBe('');
  });
});

describe('apply of a manifest without a name', () => {
  const home = manualCluster('noname', 7);
  afterAll(() => home.cleanup());

  it("names the object's mapping as Go prints it, the core group empty before its slash", () => {
    const core = home.file('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {}\n');
    expect(home.run(['apply', '-f', core])).toEqual({ code: 1, stdout: '', stderr: `error: error when retrieving current configuration of:
Resource: "/v1, Resource=configmaps", GroupVersionKind: "/v1, Kind=ConfigMap"
Name: "", Namespace: "default"
from server for: "${core}": resource name may not be empty
` });
    const apps = home.file('d.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {namespace: kube-system}\nspec: {}\n');
    expect(home.run(['apply', '-f', apps]).stderr).toBe(`error: error when retrieving current configuration of:
Resource: "apps/v1, Resource=deployments", GroupVersionKind: "apps/v1, Kind=Deployment"
Name: "", Namespace: "kube-system"
from server for: "${apps}": resource name may not be empty
`);
  });
});

describe('apply --dry-run=client -o yaml', () => {
  const home = manualCluster('dryapply', 7);
  afterAll(() => home.cleanup());

  it("shows a new object with its last-applied annotation, and a live one as the server has it, untouched", () => {
    const v1 = home.file('cm1.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: dr}\ndata: {a: "1"}\n');
    expect(home.run(['apply', '-f', v1, '--dry-run=client', '-o', 'yaml']).stdout).toBe(`apiVersion: v1
data:
  a: "1"
kind: ConfigMap
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","data":{"a":"1"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"dr","namespace":"default"}}
  name: dr
  namespace: default
`);
    expect(home.run(['apply', '-f', v1]).code).toBe(0);
    const live = home.run('get cm dr -o yaml').stdout;
    // kubectl sends nothing in a client dry run: the changed manifest shows the object as it is.
    expect(home.run(['apply', '-f', home.file('cm2.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: dr}\ndata: {a: "2"}\n'), '--dry-run=client', '-o', 'yaml']).stdout).toBe(live);
  });
});
