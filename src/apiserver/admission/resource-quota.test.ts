import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { ApiError } from '../errors';
import { admitResourceQuotas, quotaUsage } from './resource-quota';

const quota = (name: string, hard: Record<string, string>, extra: object = {}): KubeObject =>
  ({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name }, spec: { hard, ...extra } });
const ctr = (name: string, resources?: object) => ({ name, image: 'nginx', ...(resources ? { resources } : {}) });
const pod = (name: string, containers: object[], spec: object = {}, meta: object = {}): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, ...meta }, spec: { containers, ...spec } });
const pvc = (name: string, storage: string, storageClassName?: string): KubeObject => ({
  apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } }, ...(storageClassName ? { storageClassName } : {}) },
});
const svc = (name: string, type: string, ports = 1): KubeObject => ({
  apiVersion: 'v1', kind: 'Service', metadata: { name },
  spec: { type, ports: Array.from({ length: ports }, (_, i) => ({ port: 80 + i })) },
});
const full = (cpu: string, memory: string) => ({ requests: { cpu, memory }, limits: { cpu, memory } });

function message(fn: () => void): string | undefined {
  try { fn(); } catch (e) { if (e instanceof ApiError) return `${e.code} ${e.message}`; throw e; }
  return undefined;
}

describe('admitResourceQuotas', () => {
  const memCpu = quota('mem-cpu-demo', { 'requests.cpu': '1', 'requests.memory': '1Gi', 'limits.cpu': '2', 'limits.memory': '2Gi' });
  it.each([
    ['request over the remaining quota', memCpu,
      pod('quota-mem-cpu-demo-2', [ctr('c', { limits: { memory: '1Gi', cpu: '800m' }, requests: { memory: '700Mi', cpu: '400m' } })]),
      { 'requests.cpu': '400m', 'requests.memory': '600Mi', 'limits.cpu': '800m', 'limits.memory': '800Mi' },
      '403 pods "quota-mem-cpu-demo-2" is forbidden: exceeded quota: mem-cpu-demo, requested: requests.memory=700Mi, used: requests.memory=600Mi, limited: requests.memory=1Gi'],
    ['several exceeded resources are sorted and comma-joined', memCpu,
      pod('big', [ctr('c', full('3', '3Gi'))]),
      { 'requests.cpu': '0', 'requests.memory': '0', 'limits.cpu': '0', 'limits.memory': '0' },
      '403 pods "big" is forbidden: exceeded quota: mem-cpu-demo, requested: limits.cpu=3,limits.memory=3Gi,requests.cpu=3,requests.memory=3Gi, used: limits.cpu=0,limits.memory=0,requests.cpu=0,requests.memory=0, limited: limits.cpu=2,limits.memory=2Gi,requests.cpu=1,requests.memory=1Gi'],
    ['within quota passes', memCpu, pod('ok', [ctr('c', full('500m', '512Mi'))]),
      { 'requests.cpu': '400m', 'requests.memory': '256Mi', 'limits.cpu': '400m', 'limits.memory': '256Mi' }, undefined],
    ['must specify, per resource, containers sorted', memCpu,
      pod('bare', [ctr('web', { requests: { cpu: '100m', memory: '1Mi' } }), ctr('app')]),
      { 'requests.cpu': '0', 'requests.memory': '0', 'limits.cpu': '0', 'limits.memory': '0' },
      '403 pods "bare" is forbidden: failed quota: mem-cpu-demo: must specify limits.cpu for: app,web; limits.memory for: app,web; requests.cpu for: app; requests.memory for: app'],
    ['must specify covers init containers', quota('q', { cpu: '1' }),
      pod('p', [ctr('a', { requests: { cpu: '100m' } })], { initContainers: [ctr('init')] }), { cpu: '0' },
      '403 pods "p" is forbidden: failed quota: q: must specify cpu for: init'],
    ['pod count', quota('pod-demo', { pods: '2' }), pod('third', [ctr('c')]), { pods: '2' },
      '403 pods "third" is forbidden: exceeded quota: pod-demo, requested: pods=1, used: pods=2, limited: pods=2'],
    ['count/pods', quota('q', { 'count/pods': '1' }), pod('p', [ctr('c')]), { 'count/pods': '1' },
      '403 pods "p" is forbidden: exceeded quota: q, requested: count/pods=1, used: count/pods=1, limited: count/pods=1'],
    ['a pod quota does not require resources when it tracks none', quota('q', { pods: '5' }), pod('p', [ctr('c')]), { pods: '0' }, undefined],
    ['quota that tracks nothing for the kind is ignored', quota('q', { services: '0' }), pod('p', [ctr('c')]), {}, undefined],
    ['missing used value is status unknown', quota('q', { pods: '5', 'requests.cpu': '1' }),
      pod('p', [ctr('c', { requests: { cpu: '1' } })]), { pods: '0' },
      '403 pods "p" is forbidden: status unknown for quota: q, resources: pods,requests.cpu'],
    ['generateName names the pod', quota('pod-demo', { pods: '2' }), pod('', [ctr('c')], {}, { name: undefined, generateName: 'pod-quota-demo-7d9f-' }),
      { pods: '2' }, '403 pods "pod-quota-demo-7d9f-" is forbidden: exceeded quota: pod-demo, requested: pods=1, used: pods=2, limited: pods=2'],
    ['PVC count', quota('object-quota-demo', { persistentvolumeclaims: '1', 'services.loadbalancers': '2', 'services.nodeports': '0' }),
      pvc('pvc-quota-demo-2', '4Gi', 'manual'), { persistentvolumeclaims: '1' },
      '403 persistentvolumeclaims "pvc-quota-demo-2" is forbidden: exceeded quota: object-quota-demo, requested: persistentvolumeclaims=1, used: persistentvolumeclaims=1, limited: persistentvolumeclaims=1'],
    ['requests.storage per storage class', quota('q', { 'gold.storageclass.storage.k8s.io/requests.storage': '5Gi' }),
      pvc('c', '3Gi', 'gold'), { 'gold.storageclass.storage.k8s.io/requests.storage': '3Gi' },
      '403 persistentvolumeclaims "c" is forbidden: exceeded quota: q, requested: gold.storageclass.storage.k8s.io/requests.storage=3Gi, used: gold.storageclass.storage.k8s.io/requests.storage=3Gi, limited: gold.storageclass.storage.k8s.io/requests.storage=5Gi'],
    ['NodePort services count their ports', quota('object-quota-demo', { persistentvolumeclaims: '1', 'services.loadbalancers': '2', 'services.nodeports': '0' }),
      svc('np', 'NodePort', 2), { 'services.loadbalancers': '0', 'services.nodeports': '0' },
      '403 services "np" is forbidden: exceeded quota: object-quota-demo, requested: services.nodeports=2, used: services.nodeports=0, limited: services.nodeports=0'],
    ['ClusterIP services are free of node ports', quota('q', { 'services.nodeports': '0' }), svc('c', 'ClusterIP', 3), { 'services.nodeports': '0' }, undefined],
    ['configmaps count', quota('q', { configmaps: '1' }), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm' } }, { configmaps: '1' },
      '403 configmaps "cm" is forbidden: exceeded quota: q, requested: configmaps=1, used: configmaps=1, limited: configmaps=1'],
    ['count/deployments.apps', quota('q', { 'count/deployments.apps': '0' }), { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } },
      { 'count/deployments.apps': '0' },
      '403 deployments.apps "web" is forbidden: exceeded quota: q, requested: count/deployments.apps=1, used: count/deployments.apps=0, limited: count/deployments.apps=0'],
    ['BestEffort scope skips pods with requests', quota('q', { pods: '0' }, { scopes: ['BestEffort'] }),
      pod('p', [ctr('c', { requests: { cpu: '100m' } })]), { pods: '0' }, undefined],
    ['BestEffort scope covers bare pods', quota('q', { pods: '0' }, { scopes: ['BestEffort'] }), pod('p', [ctr('c')]), { pods: '0' },
      '403 pods "p" is forbidden: exceeded quota: q, requested: pods=1, used: pods=0, limited: pods=0'],
    ['PriorityClass In selector matches', quota('pods-high', { pods: '0' }, { scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['high'] }] } }),
      pod('p', [ctr('c')], { priorityClassName: 'high' }), { pods: '0' },
      '403 pods "p" is forbidden: exceeded quota: pods-high, requested: pods=1, used: pods=0, limited: pods=0'],
    ['PriorityClass In selector skips other classes', quota('pods-high', { pods: '0' }, { scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['high'] }] } }),
      pod('p', [ctr('c')], { priorityClassName: 'low' }), { pods: '0' }, undefined],
    ['Terminating scope needs activeDeadlineSeconds', quota('q', { pods: '0' }, { scopes: ['Terminating'] }), pod('p', [ctr('c')]), { pods: '0' }, undefined],
    ['overhead is charged', quota('q', { 'requests.cpu': '1' }),
      pod('p', [ctr('c', { requests: { cpu: '900m' } })], { overhead: { cpu: '250m' } }), { 'requests.cpu': '0' },
      '403 pods "p" is forbidden: exceeded quota: q, requested: requests.cpu=1150m, used: requests.cpu=0, limited: requests.cpu=1'],
  ])('%s', (_name, q, obj, used, want) => {
    expect(message(() => admitResourceQuotas(obj, [q], () => used))).toBe(want);
  });

  it('checks quotas in order and stops at the first exceeded one', () => {
    const a = quota('a', { pods: '10' });
    const b = quota('b', { pods: '1' });
    const c = quota('c', { pods: '0' });
    expect(message(() => admitResourceQuotas(pod('p', [ctr('x')]), [a, b, c], () => ({ pods: '1' }))))
      .toBe('403 pods "p" is forbidden: exceeded quota: b, requested: pods=1, used: pods=1, limited: pods=1');
  });

  it.each([
    ['pods are not charged on update', pod('p', [ctr('c')]), pod('p', [ctr('c')], {}, { resourceVersion: '5' }), quota('q', { pods: '0' }), { pods: '1' }, undefined],
    ['claims are charged only the increase', pvc('c', '5Gi'), { ...pvc('c', '3Gi'), metadata: { name: 'c', resourceVersion: '7' } },
      quota('q', { 'requests.storage': '6Gi' }), { 'requests.storage': '5Gi' },
      '403 persistentvolumeclaims "c" is forbidden: exceeded quota: q, requested: requests.storage=2Gi, used: requests.storage=5Gi, limited: requests.storage=6Gi'],
    ['an unchanged claim is free', pvc('c', '3Gi'), { ...pvc('c', '3Gi'), metadata: { name: 'c', resourceVersion: '7' } },
      quota('q', { persistentvolumeclaims: '0' }), { persistentvolumeclaims: '1' }, undefined],
  ])('%s', (_name, obj, old, q, used, want) => {
    expect(message(() => admitResourceQuotas(obj, [q], () => used, old))).toBe(want);
  });
});

describe('quotaUsage', () => {
  const running = (name: string, resources?: object, extra: object = {}) =>
    ({ ...pod(name, [ctr('c', resources)]), status: { phase: 'Running' }, ...extra });
  it.each([
    ['sums compute resources keeping the first format', quota('q', { 'requests.cpu': '1', 'requests.memory': '1Gi', 'limits.cpu': '2', 'limits.memory': '2Gi' }),
      { pods: [running('a', { limits: { memory: '800Mi', cpu: '800m' }, requests: { memory: '600Mi', cpu: '400m' } }), running('b', full('1', '1Gi'))] },
      { 'limits.cpu': '1800m', 'limits.memory': '1824Mi', 'requests.cpu': '1400m', 'requests.memory': '1624Mi' }],
    ['unused resources are zero', quota('q', { pods: '2', cpu: '1', memory: '1Gi' }), {}, { cpu: '0', memory: '0', pods: '0' }],
    ['terminal pods count only towards count/pods', quota('q', { pods: '5', 'count/pods': '5', 'requests.cpu': '4' }),
      { pods: [running('a', { requests: { cpu: '1' } }), { ...running('b', { requests: { cpu: '1' } }), status: { phase: 'Succeeded' } }] },
      { 'count/pods': '2', pods: '1', 'requests.cpu': '1' }],
    ['pods stuck past their grace period are free', quota('q', { pods: '5' }),
      { pods: [running('a', undefined, { metadata: { name: 'a', deletionTimestamp: '2024-01-01T00:00:00Z', deletionGracePeriodSeconds: 30 } })], now: '2024-01-01T00:01:00Z' },
      { pods: '0' }],
    ['pods still inside their grace period are charged', quota('q', { pods: '5' }),
      { pods: [running('a', undefined, { metadata: { name: 'a', deletionTimestamp: '2024-01-01T00:00:00Z', deletionGracePeriodSeconds: 30 } })], now: '2024-01-01T00:00:10Z' },
      { pods: '1' }],
    ['claims and storage', quota('q', { persistentvolumeclaims: '3', 'requests.storage': '10Gi', 'manual.storageclass.storage.k8s.io/persistentvolumeclaims': '1' }),
      { pvcs: [pvc('a', '3Gi', 'manual'), pvc('b', '500Mi')] },
      { 'manual.storageclass.storage.k8s.io/persistentvolumeclaims': '1', persistentvolumeclaims: '2', 'requests.storage': '3572Mi' }],
    ['services by type', quota('q', { services: '10', 'services.nodeports': '10', 'services.loadbalancers': '2', 'count/services': '10' }),
      { services: [svc('a', 'ClusterIP'), svc('b', 'NodePort', 2), svc('c', 'LoadBalancer', 3)] },
      { 'count/services': '3', services: '3', 'services.loadbalancers': '1', 'services.nodeports': '5' }],
    ['object counts and legacy names', quota('q', { configmaps: '10', 'count/configmaps': '10', secrets: '10', 'count/deployments.apps': '4', 'count/jobs.batch': '4' }),
      { configmaps: 2, secrets: 3, counts: { 'deployments.apps': 1 } },
      { configmaps: '2', 'count/configmaps': '2', 'count/deployments.apps': '1', 'count/jobs.batch': '0', secrets: '3' }],
    ['scoped quotas count only covered pods', quota('q', { pods: '5' }, { scopes: ['NotBestEffort'] }),
      { pods: [running('a'), running('b', { requests: { cpu: '1' } })] }, { pods: '1' }],
    ['names no evaluator knows get no entry', quota('q', { pods: '5', 'example.com/widgets': '3' }), {}, { pods: '0' }],
    ['extended resources via requests.', quota('q', { 'requests.nvidia.com/gpu': '4' }),
      { pods: [running('a', { requests: { 'nvidia.com/gpu': '2' }, limits: { 'nvidia.com/gpu': '2' } })] }, { 'requests.nvidia.com/gpu': '2' }],
  ])('%s', (_name, q, objects, want) => {
    expect(quotaUsage(q, objects)).toEqual(want);
  });
});
