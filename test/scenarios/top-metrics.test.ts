import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

describe('kubectl top with and without metrics-server', () => {
  let home: TempHome;
  beforeAll(() => { home = manualCluster('top', 7); });
  afterAll(() => home.cleanup());

  it('fails like kubectl on a kubeadm cluster without metrics-server', () => {
    expect(home.run('top pods')).toEqual({ stdout: '', stderr: 'error: Metrics API not available\n', code: 1 });
    expect(home.run('top nodes')).toEqual({ stdout: '', stderr: 'error: Metrics API not available\n', code: 1 });
    expect(home.run('api-resources').stdout).not.toContain('metrics.k8s.io');
  });

  it('serves usage once metrics-server is enabled and ready', () => {
    expect(home.run('addon enable metrics-server').stdout).toBe([
      'serviceaccount/metrics-server created', 'service/metrics-server created', 'deployment.apps/metrics-server created',
      'apiservice.apiregistration.k8s.io/v1beta1.metrics.k8s.io created', 'addon/metrics-server enabled', '',
    ].join('\n'));
    expect(home.run('top nodes').stderr).toBe('Error from server (ServiceUnavailable): the server is currently unable to handle the request (get nodes.metrics.k8s.io)\n');
    // kube-aggregator's availability check: no ready metrics-server address yet, then all checks passed.
    expect(home.run('get apiservice v1beta1.metrics.k8s.io').stdout).toBe([
      'NAME                     SERVICE                      AVAILABLE                  AGE',
      'v1beta1.metrics.k8s.io   kube-system/metrics-server   False (MissingEndpoints)   0s', ''].join('\n'));
    expect(home.run(['get', 'apiservice', 'v1beta1.metrics.k8s.io', '-o', 'jsonpath={.spec.service.port} {.status.conditions[0].message}']).stdout)
      .toBe('443 endpoints for service/metrics-server in "kube-system" have no addresses with port name "https"');
    home.run('tick 1m');
    expect(home.run('wait --for=condition=Available apiservice/v1beta1.metrics.k8s.io --timeout=1s').code).toBe(0);
    expect(home.run(['get', 'apiservice', 'v1beta1.metrics.k8s.io', '-o', 'jsonpath={.status.conditions[0].reason}: {.status.conditions[0].message}']).stdout).toBe('Passed: all checks passed');
    expect(home.run('api-resources --api-group=metrics.k8s.io').stdout).toBe([
      'NAME    SHORTNAMES   APIVERSION               NAMESPACED   KIND',
      'nodes                metrics.k8s.io/v1beta1   false        NodeMetrics',
      'pods                 metrics.k8s.io/v1beta1   true         PodMetrics', '',
    ].join('\n'));
    expect(home.run('top nodes').stdout).toBe([
      'NAME        CPU(cores)   CPU(%)   MEMORY(bytes)   MEMORY(%)   ',
      'control01   119m         2%       795Mi           4%          ',
      'worker01    45m          1%       460Mi           2%          ',
      'worker02    41m          1%       441Mi           2%          ', '',
    ].join('\n'));
  });

  it('prints pods with annotations, --containers, --sort-by, --sum and -l', () => {
    home.file('pods.yaml', `apiVersion: v1
kind: Pod
metadata: {name: api, labels: {app: api}, annotations: {kubemu.io/cpu-usage: 156m, kubemu.io/memory-usage: 79Mi}}
spec: {containers: [{name: api, image: nginx}]}
---
apiVersion: v1
kind: Pod
metadata: {name: sidecar-app, labels: {app: side}}
spec:
  containers:
  - {name: app, image: nginx}
  - {name: log-shipper, image: busybox, command: [sh, -c, sleep infinity]}
`);
    home.run(['apply', '-f', `${home.dir}/pods.yaml`]);
    expect(home.run('top pods')).toEqual({ stdout: '', stderr: 'error: metrics not available yet\n', code: 1 });
    home.run('tick 30s');
    expect(home.run('top pods').stdout).toBe('NAME          CPU(cores)   MEMORY(bytes)   \napi           156m         79Mi            \nsidecar-app   1m           8Mi             \n');
    expect(home.run('top pods --containers').stdout).toBe([
      'POD           NAME          CPU(cores)   MEMORY(bytes)   ',
      'api           api           156m         79Mi            ',
      'sidecar-app   app           1m           8Mi             ',
      'sidecar-app   log-shipper   0m           0Mi             ', '',
    ].join('\n'));
    expect(home.run('top pods --sort-by=cpu --sum --no-headers').stdout).toBe([
      'api           156m       79Mi       ', 'sidecar-app   1m         8Mi        ', '              ________   ________   ', '              157m       87Mi       ', '',
    ].join('\n'));
    expect(home.run('top pods -l app=side').stdout).toBe('NAME          CPU(cores)   MEMORY(bytes)   \nsidecar-app   1m           8Mi             \n');
    expect(home.run('top pod nosuch').stderr).toBe('Error from server (NotFound): podmetrics.metrics.k8s.io "default/nosuch" not found\n');
    expect(home.run('top pods --sort-by=name').stderr).toBe('error: --sort-by accepts only cpu or memory\n');
    expect(home.run('top pods -n kube-public')).toEqual({ stdout: '', stderr: 'No resources found in kube-public namespace.\n', code: 0 });
  });
});

describe('APIService availability', () => {
  const home = manualCluster('apisvc', 7);
  afterAll(() => home.cleanup());
  const apiService = (name: string, spec: string) => `apiVersion: apiregistration.k8s.io/v1\nkind: APIService\nmetadata: {name: ${name}}\nspec:\n${spec}`;
  const available = (name: string) => home.run(['get', 'apiservice', name, '-o', 'jsonpath={.status.conditions[0].status} {.status.conditions[0].reason}: {.status.conditions[0].message}']).stdout;

  it('lists kube-apiserver\'s own group-versions as Local, and each CRD group-version while a CRD serves it', () => {
    const names = () => home.run(['get', 'apiservices', '-o', 'name']).stdout.split('\n').filter(Boolean).map((n) => n.slice('apiservice.apiregistration.k8s.io/'.length));
    expect(names()).toEqual(['v1.', 'v1.admissionregistration.k8s.io', 'v1.apiextensions.k8s.io', 'v1.apps', 'v1.authentication.k8s.io',
      'v1.authorization.k8s.io', 'v1.autoscaling', 'v1.batch', 'v1.certificates.k8s.io', 'v1.coordination.k8s.io', 'v1.discovery.k8s.io',
      'v1.events.k8s.io', 'v1.flowcontrol.apiserver.k8s.io', 'v1.networking.k8s.io', 'v1.node.k8s.io', 'v1.policy',
      'v1.rbac.authorization.k8s.io', 'v1.scheduling.k8s.io', 'v1.storage.k8s.io', 'v2.autoscaling']);
    expect(home.run('get apiservice v1. v2.autoscaling').stdout).toBe([
      'NAME             SERVICE   AVAILABLE   AGE', 'v1.              Local     True        5m', 'v2.autoscaling   Local     True        5m', ''].join('\n'));
    expect(home.run(['get', 'apiservice', 'v1.', 'v2.autoscaling', '-o', 'jsonpath={range .items[*]}{.metadata.labels}{.spec}{"\\n"}{end}']).stdout).toBe([
      '{"kube-aggregator.kubernetes.io/automanaged":"onstart"}{"groupPriorityMinimum":18000,"version":"v1","versionPriority":1}',
      '{"kube-aggregator.kubernetes.io/automanaged":"onstart"}{"group":"autoscaling","groupPriorityMinimum":17500,"version":"v2","versionPriority":30}', ''].join('\n'));
    const crd = 'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets}\n  scope: Namespaced\n  versions:\n  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}\n  - {name: v2, served: false, storage: false, schema: {openAPIV3Schema: {type: object}}}\n';
    expect(home.run('apply -f -', { stdin: crd }).code).toBe(0);
    expect(home.run(['get', 'apiservice', 'v1.example.com', '-o', 'jsonpath={.metadata.labels} {.spec} {.status.conditions[0].reason}']).stdout)
      .toBe('{"kube-aggregator.kubernetes.io/automanaged":"true"} {"group":"example.com","groupPriorityMinimum":1000,"version":"v1","versionPriority":100} Local');
    expect(names()).not.toContain('v2.example.com');
    expect(home.run('delete crd widgets.example.com').code).toBe(0);
    expect(names()).not.toContain('v1.example.com');
  });

  it('must be named version.group', () => {
    expect(home.run('apply -f -', { stdin: apiService('v1.wrong.example.com', '  group: right.example.com\n  version: v1\n  groupPriorityMinimum: 1000\n  versionPriority: 15\n') }).stderr)
      .toBe('The APIService "v1.wrong.example.com" is invalid: metadata.name: Invalid value: "v1.wrong.example.com": must be `spec.version+"."+spec.group`: "v1.right.example.com"\n');
  });

  it('is always available when local, and checks the Service, its port and its Endpoints otherwise', () => {
    expect(home.run('apply -f -', { stdin: apiService('v1.local.example.com', '  group: local.example.com\n  version: v1\n  groupPriorityMinimum: 1000\n  versionPriority: 15\n') }).code).toBe(0);
    expect(available('v1.local.example.com')).toBe('True Local: Local APIServices are always available');
    const remote = apiService('v1.remote.example.com', '  group: remote.example.com\n  version: v1\n  groupPriorityMinimum: 1000\n  versionPriority: 15\n  service: {name: api, namespace: default, port: 8443}\n');
    expect(home.run('apply -f -', { stdin: remote }).code).toBe(0);
    expect(available('v1.remote.example.com')).toBe('False ServiceNotFound: service/api in "default" is not present');
    expect(home.run('get apiservice v1.remote.example.com --no-headers').stdout).toBe('v1.remote.example.com   default/api   False (ServiceNotFound)   0s\n');
    expect(home.run('create service clusterip api --tcp=443:8443').code).toBe(0);
    expect(available('v1.remote.example.com')).toBe('False ServicePortError: service/api in "default" is not listening on port 8443');
    expect(home.run(['patch', 'apiservice', 'v1.remote.example.com', '--type=merge', '-p', '{"spec":{"service":{"port":443}}}']).code).toBe(0);
    expect(available('v1.remote.example.com')).toBe('False MissingEndpoints: endpoints for service/api in "default" have no addresses with port name "443-8443"');
    expect(home.run('run api --image=nginx --labels=app=api').code).toBe(0);
    home.run('tick 1m');
    expect(available('v1.remote.example.com')).toBe('True Passed: all checks passed');
    expect(home.run('delete service api').code).toBe(0);
    expect(available('v1.remote.example.com')).toBe('False ServiceNotFound: service/api in "default" is not present');
  });
});
