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
    home.run('tick 1m');
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
