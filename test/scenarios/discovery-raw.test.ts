import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const BUILTIN_VERSIONS = [
  'admissionregistration.k8s.io/v1', 'apiextensions.k8s.io/v1', 'apiregistration.k8s.io/v1', 'apps/v1',
  'authentication.k8s.io/v1', 'authorization.k8s.io/v1', 'autoscaling/v1', 'autoscaling/v2', 'batch/v1',
  'certificates.k8s.io/v1', 'coordination.k8s.io/v1', 'discovery.k8s.io/v1', 'events.k8s.io/v1',
  'flowcontrol.apiserver.k8s.io/v1', 'networking.k8s.io/v1', 'node.k8s.io/v1', 'policy/v1',
  'rbac.authorization.k8s.io/v1', 'scheduling.k8s.io/v1', 'storage.k8s.io/v1', 'v1',
];

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.shop.example.com}
spec:
  group: shop.example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget}
  versions:
  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
  - {name: v1alpha1, served: false, storage: false, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
`;

const lines = (l: string[]): string => l.map((s) => `${s}\n`).join('');

describe('discovery: api-versions', () => {
  const home = manualCluster('apiv', 7);
  afterAll(() => home.cleanup());

  it('lists every served group/version sorted as kubectl sorts them (core v1 last)', () => {
    expect(home.run('api-versions')).toEqual({ stdout: lines(BUILTIN_VERSIONS), stderr: '', code: 0 });
  });

  it('adds the served versions of a CRD group, not the unserved one', () => {
    expect(home.run('apply -f -', { stdin: CRD }).code).toBe(0);
    const want = [...BUILTIN_VERSIONS];
    want.splice(want.indexOf('scheduling.k8s.io/v1') + 1, 0, 'shop.example.com/v1', 'shop.example.com/v1beta1');
    expect(home.run('api-versions')).toEqual({ stdout: lines(want), stderr: '', code: 0 });
  });

  it('takes no arguments beyond kubectl options', () => {
    expect(home.run('api-versions --help').stdout).toContain('kubectl api-versions [options]');
    expect(home.run('api-versions extra')).toEqual({ stdout: '', stderr: "error: unexpected arguments: [extra]\nSee 'kubectl api-versions -h' for help and examples\n", code: 1 });
    expect(home.run('api-resources a b')).toEqual({ stdout: '', stderr: "error: unexpected arguments: [a b]\nSee 'kubectl api-resources -h' for help and examples\n", code: 1 });
    // version checks its arguments only against a server.
    expect(home.run('version a b')).toEqual({ stdout: '', stderr: 'error: extra arguments: [a b]\n', code: 1 });
    expect(home.run('version --client extra').code).toBe(0);
  });
});

describe('get componentstatuses (deprecated, still served)', () => {
  const home = manualCluster('cs', 7);
  afterAll(() => home.cleanup());
  const WARNING = 'Warning: v1 ComponentStatus is deprecated in v1.19+\n';

  it('lists the control-plane components healthy, with the deprecation warning on stderr', () => {
    expect(home.run('get cs')).toEqual({
      stdout: lines([
        'NAME                 STATUS    MESSAGE   ERROR',
        'controller-manager   Healthy   ok        ',
        'scheduler            Healthy   ok        ',
        'etcd-0               Healthy   ok        ',
      ]),
      stderr: WARNING, code: 0,
    });
    expect(home.run('get componentstatuses scheduler -o yaml')).toEqual({
      stdout: lines(['apiVersion: v1', 'conditions:', '- message: ok', '  status: "True"', '  type: Healthy', 'kind: ComponentStatus', 'metadata:', '  creationTimestamp: null', '  name: scheduler']),
      stderr: WARNING, code: 0,
    });
  });

  it('answers an unknown component as the ComponentStatus storage does (a 500 with no reason)', () => {
    expect(home.run('get cs nope')).toEqual({ stdout: '', stderr: `${WARNING}Error from server: Component not found: nope\n`, code: 1 });
  });

  it('shows a stopped kube-scheduler Unhealthy with the HTTP prober\'s error', () => {
    expect(home.run('scheduler stop').code).toBe(0);
    const refused = 'Get "https://127.0.0.1:10259/healthz": dial tcp 127.0.0.1:10259: connect: connection refused';
    expect(home.run('get cs --no-headers').stdout).toBe(lines([
      `controller-manager   Healthy     ok${' '.repeat(refused.length - 2)}   `,
      `scheduler            Unhealthy   ${refused}   `,
      `etcd-0               Healthy     ok${' '.repeat(refused.length - 2)}   `,
    ]));
    expect(home.run('scheduler start').code).toBe(0);
    expect(home.run('get cs scheduler --no-headers').stdout).toBe('scheduler   Healthy   ok    \n');
  });
});

describe('get --raw', () => {
  const home = manualCluster('raw', 7);
  afterAll(() => home.cleanup());

  it('answers the health checks with a bare ok, as the server writes it', () => {
    for (const p of ['/healthz', '/livez', '/readyz']) expect(home.run(`get --raw ${p}`)).toEqual({ stdout: 'ok', stderr: '', code: 0 });
  });

  it('lists each check with ?verbose, /readyz with its readiness checks, and answers one check alone', () => {
    const readyz = home.run(['get', '--raw', '/readyz?verbose']);
    const lines = readyz.stdout.split('\n');
    expect(lines.slice(0, 6)).toEqual(['[+]ping ok', '[+]log ok', '[+]etcd ok', '[+]etcd-readiness ok', '[+]informer-sync ok', '[+]poststarthook/start-apiserver-admission-initializer ok']);
    expect(lines.slice(-4)).toEqual(['[+]poststarthook/apiservice-openapiv3-controller ok', '[+]shutdown ok', 'readyz check passed', '']);
    expect(lines).toHaveLength(36);
    const livez = home.run(['get', '--raw', '/livez?verbose&exclude=etcd&exclude=nope&exclude=abc']).stdout.split('\n');
    expect(livez.slice(0, 4)).toEqual(['[+]ping ok', '[+]log ok', '[+]etcd excluded: ok', '[+]poststarthook/start-apiserver-admission-initializer ok']);
    expect(livez.slice(-3)).toEqual(['warn: some health checks cannot be excluded: no matches for "abc","nope"', 'livez check passed', '']);
    expect(livez.filter((l) => /^\[\+\](etcd-readiness|informer-sync|shutdown) /.test(l))).toEqual([]);
    expect(home.run(['get', '--raw', '/healthz?verbose']).stdout.endsWith('[+]poststarthook/apiservice-openapiv3-controller ok\nhealthz check passed\n')).toBe(true);
    expect(home.run('get --raw /readyz/etcd')).toEqual({ stdout: 'ok', stderr: '', code: 0 });
    expect(home.run('get --raw /healthz/poststarthook/rbac/bootstrap-roles')).toEqual({ stdout: 'ok', stderr: '', code: 0 });
    expect(home.run('get --raw /livez/shutdown')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): the server could not find the requested resource\n', code: 1 });
    // system:public-info-viewer grants the three roots to everyone, not their checks.
    expect(home.run('create sa viewer').code).toBe(0);
    expect(home.run('get --raw /readyz --as=system:serviceaccount:default:viewer').stdout).toBe('ok');
    expect(home.run('get --raw /readyz/etcd --as=system:serviceaccount:default:viewer')).toEqual({
      stdout: '', stderr: 'Error from server (Forbidden): forbidden: User "system:serviceaccount:default:viewer" cannot get path "/readyz/etcd"\n', code: 1,
    });
  });

  it('serves /version as the indented version.Info kubectl version -o json shows for the server', () => {
    const r = home.run('get --raw /version');
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith('}')).toBe(true);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(home.run('version -o json').stdout).serverVersion);
    expect(r.stdout).toContain('{\n  "major": "1",\n  "minor": "32",\n  "gitVersion": "v1.32.2",\n');
  });

  it('serves legacy discovery at /api and /apis', () => {
    expect(home.run('get --raw /api').stdout).toBe('{"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":[{"clientCIDR":"0.0.0.0/0","serverAddress":"172.18.0.2:6443"}]}\n');
    const apis = JSON.parse(home.run('get --raw /apis').stdout);
    expect(apis.kind).toBe('APIGroupList');
    expect(apis.groups.slice(0, 3).map((g: { name: string }) => g.name)).toEqual(['apiregistration.k8s.io', 'apps', 'events.k8s.io']);
    const autoscaling = apis.groups.find((g: { name: string }) => g.name === 'autoscaling');
    expect(autoscaling).toEqual({
      name: 'autoscaling',
      versions: [{ groupVersion: 'autoscaling/v2', version: 'v2' }, { groupVersion: 'autoscaling/v1', version: 'v1' }],
      preferredVersion: { groupVersion: 'autoscaling/v2', version: 'v2' },
    });
  });

  it("serves a group-version's resources and a group's versions, as kube-apiserver's discovery does", () => {
    const v1 = JSON.parse(home.run('get --raw /api/v1').stdout);
    expect(v1).toMatchObject({ kind: 'APIResourceList', apiVersion: 'v1', groupVersion: 'v1' });
    expect(v1.resources.find((r: { name: string }) => r.name === 'pods/eviction')).toEqual({ name: 'pods/eviction', singularName: '', namespaced: true, group: 'policy', version: 'v1', kind: 'Eviction', verbs: ['create'] });
    const apps = home.run('get --raw /apis/apps/v1');
    expect(apps.stdout).toMatch(/^\{"kind":"APIResourceList","apiVersion":"v1","groupVersion":"apps\/v1","resources":\[\{"name":"controllerrevisions",/);
    expect(home.run('get --raw /apis/apps').stdout).toBe('{"kind":"APIGroup","apiVersion":"v1","name":"apps","versions":[{"groupVersion":"apps/v1","version":"v1"}],"preferredVersion":{"groupVersion":"apps/v1","version":"v1"}}\n');
    const notFound = { stdout: '', stderr: 'Error from server (NotFound): the server could not find the requested resource\n', code: 1 };
    expect(home.run('get --raw /apis/nope/v1')).toEqual(notFound);
    expect(home.run('get --raw /api/v2')).toEqual(notFound);
  });

  it('returns a list as the API server encodes it: PodList, resourceVersion, items without type meta', () => {
    expect(home.run('run web --image=nginx').code).toBe(0);
    const r = home.run('get --raw /api/v1/namespaces/default/pods');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\{"kind":"PodList","apiVersion":"v1","metadata":\{"resourceVersion":"\d+"\},"items":\[\{"metadata":\{"name":"web","namespace":"default",/);
    expect(r.stdout.endsWith('}\n')).toBe(true);
    const list = JSON.parse(r.stdout);
    expect(list.items.map((p: { metadata: { name: string } }) => p.metadata.name)).toEqual(['web']);
    expect(list.items[0].kind).toBeUndefined();
    expect(home.run('get --raw /api/v1/namespaces/default/pods/web').stdout).toMatch(/^\{"kind":"Pod","apiVersion":"v1","metadata":\{"name":"web",/);
    expect(JSON.parse(home.run('get --raw /apis/apps/v1/namespaces/kube-system/deployments').stdout).items.map((d: { metadata: { name: string } }) => d.metadata.name)).toEqual(['coredns']);
  });

  it("reads a list's query and serves pods' logs as kube-apiserver does", () => {
    expect(home.run('run api --image=nginx --labels=tier=back').code).toBe(0);
    const names = (path: string) => JSON.parse(home.run(['get', '--raw', path]).stdout).items.map((p: { metadata: { name: string } }) => p.metadata.name);
    expect(names('/api/v1/namespaces/default/pods?labelSelector=tier%3Dback')).toEqual(['api']);
    expect(names('/api/v1/namespaces/default/pods?fieldSelector=metadata.name%3Dweb')).toEqual(['web']);
    const page = JSON.parse(home.run('get --raw /api/v1/namespaces/default/pods?limit=1').stdout);
    expect(page.items.map((p: { metadata: { name: string } }) => p.metadata.name)).toEqual(['api']);
    expect(page.metadata.remainingItemCount).toBe(1);
    expect(names(`/api/v1/namespaces/default/pods?limit=1&continue=${page.metadata.continue}`)).toEqual(['web']);
    // The server's own words, without kubectl's "Unable to find …" its get adds.
    expect(home.run(['get', '--raw', '/api/v1/namespaces/default/pods?labelSelector=a%3D%3D%3Db'])).toEqual({
      stdout: '', stderr: "Error from server (BadRequest): unable to parse requirement: found '=', expected: identifier\n", code: 1 });
    expect(home.run(['get', '--raw', '/api/v1/namespaces/default/pods?fieldSelector=spec.nope%3Dx']).stderr).toBe('Error from server (BadRequest): field label not supported: spec.nope\n');
    expect(home.run(['get', '--raw', '/api/v1/namespaces/default/pods?continue=bad']).stderr)
      .toBe("Error from server (BadRequest): invalid continue token: continue key is not valid: invalid character 'm' looking for beginning of value\n");
    expect(home.run(['get', '--raw', '/api/v1/namespaces/default/pods/web/log?container=nope'])).toEqual({
      stdout: '', stderr: 'Error from server (BadRequest): container nope is not valid for pod web\n', code: 1 });
    expect(home.run('tick 1m').code).toBe(0);
    const log = home.run(['get', '--raw', '/api/v1/namespaces/default/pods/web/log?tailLines=1']);
    expect(log.code).toBe(0);
    expect(log.stdout).toMatch(/\S\n$/);
    expect(log.stdout).toBe(home.run('logs web --tail=1').stdout);
    expect(home.run('get --raw /api/v1/componentstatuses').stderr).toBe('Warning: v1 ComponentStatus is deprecated in v1.19+\n');
  });

  it('serves /metrics basics in Prometheus text: stored objects per resource, build info', () => {
    const r = home.run('get --raw /metrics');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 2)).toEqual([
      '# HELP apiserver_storage_objects [STABLE] Number of stored objects at the time of last check split by kind. In case of a fetching error, the value will be -1.',
      '# TYPE apiserver_storage_objects gauge',
    ]);
    const series = lines.filter((l) => l.startsWith('apiserver_storage_objects{'));
    expect(series).toEqual([...series].sort());
    const count = (resource: string) => series.find((l) => l.startsWith(`apiserver_storage_objects{resource="${resource}"} `))?.split(' ')[1];
    expect(count('pods')).toBe(String(JSON.parse(home.run('get pods -A -o json').stdout).items.length));
    expect(count('deployments.apps')).toBe('1');
    expect(count('bindings')).toBeUndefined();
    expect(count('events.events.k8s.io')).toBeUndefined();
    expect(count('componentstatuses')).toBeUndefined();
    expect(lines.slice(-3)).toEqual([
      '# TYPE kubernetes_build_info gauge',
      'kubernetes_build_info{build_date="2025-02-12T21:26:09Z",compiler="gc",git_commit="67a30c0adcf52bd3f56ff0893ce19966be12991f",git_tree_state="clean",git_version="v1.32.2",go_version="go1.23.6",major="1",minor="32",platform="linux/amd64"} 1',
      '',
    ]);
  });

  it('answers paths it serves nothing at, and missing objects, with 404s', () => {
    const notFound = { stdout: '', stderr: 'Error from server (NotFound): the server could not find the requested resource\n', code: 1 };
    expect(home.run('get --raw /nope')).toEqual(notFound);
    expect(home.run('get --raw /api/v1/namespaces/default/widgets')).toEqual(notFound);
    expect(home.run('get --raw /api/v1/namespaces/default/pods/nosuch')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "nosuch" not found\n', code: 1 });
  });

  it('refuses --raw with arguments, output or filters as kubectl does', () => {
    expect(home.run('get --raw /healthz pods')).toEqual({ stdout: '', stderr: 'error: arguments may not be passed when --raw is specified\n', code: 1 });
    expect(home.run('get --raw /healthz -o yaml')).toEqual({ stdout: '', stderr: 'error: --raw and --output are mutually exclusive\n', code: 1 });
    expect(home.run('get --raw /healthz -l a=b')).toEqual({ stdout: '', stderr: 'error: --raw may not be specified with other flags that filter the server request or alter the output\n', code: 1 });
    expect(home.run('get --raw healthz')).toEqual({ stdout: '', stderr: 'error: --raw must be a valid URL path: parse "healthz": invalid URI for request\n', code: 1 });
  });

  it('serves the Metrics API from the usage kubectl top shows', () => {
    expect(home.run('addon enable metrics-server').code).toBe(0);
    expect(home.run('tick 1m').code).toBe(0);
    const list = JSON.parse(home.run('get --raw /apis/metrics.k8s.io/v1beta1/nodes').stdout);
    expect(list).toMatchObject({ kind: 'NodeMetricsList', apiVersion: 'metrics.k8s.io/v1beta1', metadata: {} });
    expect(list.items.map((n: { metadata: { name: string } }) => n.metadata.name)).toEqual(['control01', 'worker01', 'worker02']);
    const node = JSON.parse(home.run('get --raw /apis/metrics.k8s.io/v1beta1/nodes/worker01').stdout);
    const [, cpu, mem] = /^worker01 +(\d+)m +\S+ +(\d+)Mi/.exec(home.run('top node worker01 --no-headers').stdout)!;
    expect(Number(node.usage.cpu.replace(/n$/, '')) / 1e6).toBe(Number(cpu));
    expect(Math.floor(Number(node.usage.memory.replace(/Ki$/, '')) / 1024)).toBe(Number(mem));
    expect(home.run('get --raw /apis/metrics.k8s.io/v1beta1/namespaces/default/pods/nope').stderr).toBe('Error from server (NotFound): podmetrics.metrics.k8s.io "default/nope" not found\n');
  });

  it('authorizes /metrics as the non-resource path it is', () => {
    expect(home.run('get --raw /metrics --as=nobody')).toEqual({
      stdout: '', stderr: 'Error from server (Forbidden): forbidden: User "nobody" cannot get path "/metrics"\n', code: 1,
    });
  });

  it('authorizes a raw list like any other list', () => {
    expect(home.run('get --raw /api/v1/namespaces/default/pods --as=nobody')).toEqual({
      stdout: '', stderr: 'Error from server (Forbidden): pods is forbidden: User "nobody" cannot list resource "pods" in API group "" in the namespace "default"\n', code: 1,
    });
  });
});
