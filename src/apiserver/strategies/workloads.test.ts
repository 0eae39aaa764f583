import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { strategyFor, stampJobSelector } from './index';

const tmpl = (labels: any = { app: 'web' }, spec: any = {}) => ({ metadata: { labels }, spec: { containers: [{ name: 'c', image: 'nginx:1' }], ...spec } });
const obj = (kind: string, spec: any, apiVersion = 'apps/v1'): KubeObject => ({ apiVersion, kind, metadata: { name: 'w', namespace: 'default' }, spec });
const run = (o: KubeObject) => { const s = strategyFor(o.kind); s.defaults(o); return s.validate(o).map((c) => `${c.field}: ${c.message}`); };

describe('workload defaults', () => {
  it('Deployment', () => {
    const o = obj('Deployment', { selector: { matchLabels: { app: 'web' } }, template: tmpl() });
    strategyFor('Deployment').defaults(o);
    expect(Object.keys(o.spec)).toEqual(['replicas', 'selector', 'template', 'strategy', 'revisionHistoryLimit', 'progressDeadlineSeconds']);
    expect(o.spec.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } });
    expect([o.spec.replicas, o.spec.revisionHistoryLimit, o.spec.progressDeadlineSeconds]).toEqual([1, 10, 600]);
    expect(o.spec.template.spec.restartPolicy).toBe('Always');
    expect(o.spec.template.spec.enableServiceLinks).toBeUndefined();
  });
  it('DaemonSet', () => {
    const o = obj('DaemonSet', { selector: { matchLabels: { app: 'web' } }, template: tmpl() });
    strategyFor('DaemonSet').defaults(o);
    expect(o.spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } });
    expect(o.spec.revisionHistoryLimit).toBe(10);
  });
  it('StatefulSet', () => {
    const o = obj('StatefulSet', { selector: { matchLabels: { app: 'web' } }, template: tmpl(), serviceName: 'web' });
    strategyFor('StatefulSet').defaults(o);
    expect(o.spec.podManagementPolicy).toBe('OrderedReady');
    expect(o.spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { partition: 0 } });
    expect(o.spec.persistentVolumeClaimRetentionPolicy).toEqual({ whenDeleted: 'Retain', whenScaled: 'Retain' });
    expect([o.spec.replicas, o.spec.revisionHistoryLimit]).toEqual([1, 10]);
  });
  it('Job and its generated selector', () => {
    const o = obj('Job', { template: { spec: { containers: [{ name: 'c', image: 'x:1' }], restartPolicy: 'Never' } } }, 'batch/v1');
    strategyFor('Job').defaults(o);
    o.metadata.uid = 'u-1';
    stampJobSelector(o);
    expect(o.spec).toMatchObject({ parallelism: 1, completions: 1, backoffLimit: 6, completionMode: 'NonIndexed', suspend: false, manualSelector: false, podReplacementPolicy: 'TerminatingOrFailed' });
    expect(o.spec.selector).toEqual({ matchLabels: { 'batch.kubernetes.io/controller-uid': 'u-1' } });
    expect(o.spec.template.metadata.labels).toEqual({ 'batch.kubernetes.io/controller-uid': 'u-1', 'batch.kubernetes.io/job-name': 'w', 'controller-uid': 'u-1', 'job-name': 'w' });
    expect(strategyFor('Job').validate(o)).toEqual([]);
  });
  it('CronJob', () => {
    const o = obj('CronJob', { schedule: '*/1 * * * *', jobTemplate: { spec: { template: { spec: { containers: [{ name: 'c', image: 'x' }], restartPolicy: 'OnFailure' } } } } }, 'batch/v1');
    expect(run(o)).toEqual([]);
    expect(o.spec).toMatchObject({ concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
  });
});

describe('workload validation', () => {
  it.each<[string, KubeObject, string[]]>([
    ['deployment ok', obj('Deployment', { selector: { matchLabels: { app: 'web' } }, template: tmpl() }), []],
    ['missing selector', obj('Deployment', { template: tmpl() }), ['spec.selector: Required value']],
    ['negative replicas', obj('Deployment', { replicas: -1, selector: { matchLabels: { app: 'web' } }, template: tmpl() }), ['spec.replicas: Invalid value: -1: must be greater than or equal to 0']],
    ['selector mismatch', obj('Deployment', { selector: { matchLabels: { app: 'web' } }, template: tmpl({ app: 'webapp' }) }), ['spec.template.metadata.labels: Invalid value: map[string]string{"app":"webapp"}: `selector` does not match template `labels`']],
    ['restartPolicy Never', obj('Deployment', { selector: { matchLabels: { app: 'web' } }, template: tmpl(undefined, { restartPolicy: 'Never' }) }), ['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"']],
    ['both zero', obj('Deployment', { selector: { matchLabels: { app: 'web' } }, template: tmpl(), strategy: { rollingUpdate: { maxSurge: 0, maxUnavailable: 0 } } }), ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0']],
    ['rs empty selector', obj('ReplicaSet', { selector: {}, template: tmpl() }), ['spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment']],
    ['ds ok', obj('DaemonSet', { selector: { matchLabels: { app: 'web' } }, template: tmpl(undefined) }), []],
    ['ds template unlabeled', obj('DaemonSet', { selector: { matchLabels: { app: 'web' } }, template: { spec: { containers: [{ name: 'c', image: 'x' }] } } }), ['spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels`']],
    ['job Always', obj('Job', { template: { spec: { containers: [{ name: 'c', image: 'x' }] } } }, 'batch/v1'), ['spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"']],
    ['cron schedule', obj('CronJob', { schedule: 'every minute', jobTemplate: { spec: { template: { spec: { containers: [{ name: 'c', image: 'x' }], restartPolicy: 'Never' } } } } }, 'batch/v1'), ['spec.schedule: Invalid value: "every minute": expected exactly 5 fields, found 2: [every minute]']],
    ['sts claim mount', obj('StatefulSet', { selector: { matchLabels: { app: 'web' } }, template: tmpl(undefined, { containers: [{ name: 'c', image: 'x', volumeMounts: [{ name: 'www', mountPath: '/w' }] }] }), volumeClaimTemplates: [{ metadata: { name: 'www' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }] }), []],
  ])('%s', (_, o, want) => expect(run(o)).toEqual(want));

  it('Deployment selector is immutable', () => {
    const s = strategyFor('Deployment');
    const old = obj('Deployment', { selector: { matchLabels: { app: 'demo' } }, template: tmpl({ app: 'demo' }) });
    s.defaults(old);
    const next = obj('Deployment', { selector: { matchLabels: { app: 'demo-v2' } }, template: tmpl({ app: 'demo-v2' }) });
    s.defaults(next);
    expect(s.validateUpdate(next, old).map((c) => `${c.field}: ${c.message}`)).toEqual([
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"demo-v2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    ]);
    expect(s.specChanged!(next, old)).toBe(true);
  });
});
