/**
 * served-versions: an object is stored once, in its resource's storage version, and served in
 * the version asked for. HPAs (autoscaling/v2 stored): `kubectl autoscale` (v1) then get in v2
 * and v1, apply of v1 manifests, v2-only fields kept through a v1 read-and-replace. Custom
 * resources with several versions (conversion strategy None): only apiVersion changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

let home: TempHome;
beforeAll(() => {
  home = manualCluster('versions', 7);
  home.run('create deployment web --image=nginx');
});
afterAll(() => home.cleanup());

const ok = (stdout: string) => ({ stdout, stderr: '', code: 0 });

const V1_MANIFEST = `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata: {name: app1}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  maxReplicas: 4
  targetCPUUtilizationPercentage: 50
`;

const V2_MANIFEST = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: rich}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 2
  maxReplicas: 5
  metrics:
  - type: Pods
    pods: {metric: {name: packets-per-second}, target: {type: AverageValue, averageValue: 1k}}
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: 70}}
  behavior:
    scaleDown:
      stabilizationWindowSeconds: 300
      selectPolicy: Min
      policies:
      - {type: Percent, value: 50, periodSeconds: 60}
`;

describe('HorizontalPodAutoscaler versions', () => {
  it('serves an autoscaled (v1) HPA as v2 by default and as v1 when asked', () => {
    expect(home.run('autoscale deployment web --min=2 --max=5 --cpu-percent=80')).toEqual(ok('horizontalpodautoscaler.autoscaling/web autoscaled\n'));
    expect(home.run(['get', 'hpa', 'web', '-o', 'jsonpath={.apiVersion} {.spec.metrics[0].resource.target.averageUtilization}'])).toEqual(ok('autoscaling/v2 80'));
    expect(home.run('get hpa web')).toEqual(ok(
      'NAME   REFERENCE        TARGETS              MINPODS   MAXPODS   REPLICAS   AGE\n'
      + 'web    Deployment/web   cpu: <unknown>/80%   2         5         0          0s\n'));
    expect(home.run('get horizontalpodautoscalers.v1.autoscaling web')).toEqual(home.run('get hpa web'));
    expect(home.run(['get', 'horizontalpodautoscalers.v1.autoscaling', 'web', '-o', 'jsonpath={.spec.targetCPUUtilizationPercentage} {.spec.metrics}'])).toEqual(ok('80 '));
    const v1 = home.run('get horizontalpodautoscalers.v1.autoscaling/web -o yaml').stdout;
    expect(v1).toMatch(/^apiVersion: autoscaling\/v1\n/);
    expect(v1).toContain('\nspec:\n  maxReplicas: 5\n  minReplicas: 2\n  scaleTargetRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: web\n'
      + '  targetCPUUtilizationPercentage: 80\nstatus:\n  currentReplicas: 0\n  desiredReplicas: 0\n');
    expect(home.run('get hpa web -o yaml').stdout).toContain('\nspec:\n  maxReplicas: 5\n  metrics:\n  - resource:\n      name: cpu\n      target:\n'
      + '        averageUtilization: 80\n        type: Utilization\n    type: Resource\n  minReplicas: 2\n');
  });

  it('applies a v1 manifest against the stored v2 object (unchanged, then configured)', () => {
    expect(home.run('apply -f -', { stdin: V1_MANIFEST })).toEqual(ok('horizontalpodautoscaler.autoscaling/app1 created\n'));
    expect(home.run('apply -f -', { stdin: V1_MANIFEST })).toEqual(ok('horizontalpodautoscaler.autoscaling/app1 unchanged\n'));
    expect(home.run('apply -f -', { stdin: V1_MANIFEST.replace('50', '60') })).toEqual(ok('horizontalpodautoscaler.autoscaling/app1 configured\n'));
    expect(home.run(['get', 'hpa', 'app1', '-o', 'jsonpath={.spec.metrics[0].resource.target.averageUtilization} {.spec.minReplicas}'])).toEqual(ok('60 1'));
    // The annotation keeps what the user sent, in the version sent.
    expect(home.run(['get', 'hpa', 'app1', '-o', 'jsonpath={.metadata.annotations.kubectl\\.kubernetes\\.io/last-applied-configuration}']).stdout)
      .toMatch(/^\{"apiVersion":"autoscaling\/v1",.*"targetCPUUtilizationPercentage":60\}\}\n$/);
    expect(home.run('create -f - --dry-run=server -o jsonpath={.apiVersion}', { stdin: V1_MANIFEST.replace('app1', 'app2') })).toEqual(ok('autoscaling/v1'));
  });

  it('keeps v2-only fields through a v1 read and replace', () => {
    home.run('apply -f -', { stdin: V2_MANIFEST });
    const before = home.run('get hpa rich -o json').stdout;
    const v1 = home.run('get horizontalpodautoscalers.v1.autoscaling rich -o yaml').stdout;
    expect(v1).toContain("    autoscaling.alpha.kubernetes.io/behavior: '{\"ScaleUp\":{\"StabilizationWindowSeconds\":0,\"SelectPolicy\":\"Max\",\"Policies\":[{\"Type\":\"Pods\",\"Value\":4,\"PeriodSeconds\":15},{\"Type\":\"Percent\",\"Value\":100,\"PeriodSeconds\":15}]},\"ScaleDown\":{\"StabilizationWindowSeconds\":300,\"SelectPolicy\":\"Min\",\"Policies\":[{\"Type\":\"Percent\",\"Value\":50,\"PeriodSeconds\":60}]}}'\n"
      + "    autoscaling.alpha.kubernetes.io/metrics: '[{\"type\":\"Pods\",\"pods\":{\"metricName\":\"packets-per-second\",\"targetAverageValue\":\"1k\"}}]'\n");
    expect(home.run('replace -f -', { stdin: v1 })).toEqual(ok('horizontalpodautoscaler.autoscaling/rich replaced\n'));
    const after = JSON.parse(home.run('get hpa rich -o json').stdout);
    const was = JSON.parse(before);
    expect(after.spec).toEqual(was.spec);
    expect(after.metadata.annotations).toEqual(was.metadata.annotations);
  });

  it('fills the rules a given behavior leaves out, as v2 defaulting does', () => {
    const lean = V2_MANIFEST.replace('rich', 'lean').replace(/ {2}behavior:[\s\S]*$/, '  behavior:\n    scaleDown:\n      stabilizationWindowSeconds: 60\n');
    expect(home.run('apply -f -', { stdin: lean })).toEqual(ok('horizontalpodautoscaler.autoscaling/lean created\n'));
    expect(home.run(['get', 'hpa', 'lean', '-o', 'jsonpath={.spec.behavior}'])).toEqual(ok(
      '{"scaleDown":{"policies":[{"periodSeconds":15,"type":"Percent","value":100}],"selectPolicy":"Max","stabilizationWindowSeconds":60},'
      + '"scaleUp":{"policies":[{"periodSeconds":15,"type":"Pods","value":4},{"periodSeconds":15,"type":"Percent","value":100}],"selectPolicy":"Max","stabilizationWindowSeconds":0}}'));
  });

  it('rejects a v1 CPU target below 1 at its v2 field', () => {
    expect(home.run('autoscale deployment web --name=zero --max=5 --cpu-percent=0')).toEqual({ stdout: '', code: 1,
      stderr: 'The HorizontalPodAutoscaler "zero" is invalid: spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0\n' });
  });
});

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget}
  scope: Namespaced
  versions:
  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
`;

describe('custom resources served in several versions', () => {
  it('stores the storage version and serves each version asked for', () => {
    expect(home.run('apply -f -', { stdin: CRD }).code).toBe(0);
    const widget = 'apiVersion: example.com/v1beta1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 3}\n';
    expect(home.run('create -f - -o jsonpath={.apiVersion}', { stdin: widget })).toEqual(ok('example.com/v1beta1'));
    expect(home.run(['get', 'widgets', 'w', '-o', 'jsonpath={.apiVersion} {.spec.size}'])).toEqual(ok('example.com/v1 3'));
    expect(home.run(['get', 'widgets.v1beta1.example.com', 'w', '-o', 'jsonpath={.apiVersion} {.spec.size}'])).toEqual(ok('example.com/v1beta1 3'));
  });
});
