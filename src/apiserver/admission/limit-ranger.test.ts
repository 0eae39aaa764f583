import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { ApiError } from '../errors';
import { admitLimitRanges, defaultLimitRangeItem, LIMIT_RANGER_ANNOTATION, mutateLimitRanges, validateLimitRanges } from './limit-ranger';

const lr = (...limits: object[]): KubeObject => ({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'lr' }, spec: { limits } });
const ctr = (name: string, resources?: object, extra: object = {}) => ({ name, image: 'nginx', ...(resources ? { resources } : {}), ...extra });
const pod = (containers: object[], initContainers?: object[], meta: object = { name: 'p' }): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { ...meta }, spec: { containers, ...(initContainers ? { initContainers } : {}) } });
const pvc = (storage?: string): KubeObject => ({
  apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'claim' },
  spec: { accessModes: ['ReadWriteOnce'], resources: storage ? { requests: { storage } } : {} },
});

function message(fn: () => void): string | undefined {
  try { fn(); } catch (e) { if (e instanceof ApiError) return `${e.code} ${e.message}`; throw e; }
  return undefined;
}

describe('defaultLimitRangeItem', () => {
  it.each([
    ['max becomes default, default becomes defaultRequest', { type: 'Container', max: { cpu: '800m' } },
      { type: 'Container', max: { cpu: '800m' }, default: { cpu: '800m' }, defaultRequest: { cpu: '800m' } }],
    ['min becomes defaultRequest only when no default', { type: 'Container', min: { cpu: '200m' }, max: { memory: '1Gi' } },
      { type: 'Container', min: { cpu: '200m' }, max: { memory: '1Gi' }, default: { memory: '1Gi' }, defaultRequest: { memory: '1Gi', cpu: '200m' } }],
    ['explicit values win', { type: 'Container', max: { cpu: '1' }, default: { cpu: '500m' }, defaultRequest: { cpu: '100m' } },
      { type: 'Container', max: { cpu: '1' }, default: { cpu: '500m' }, defaultRequest: { cpu: '100m' } }],
    ['Pod items are untouched', { type: 'Pod', max: { cpu: '2' } }, { type: 'Pod', max: { cpu: '2' } }],
  ])('%s', (_name, item, want) => {
    expect(defaultLimitRangeItem(item)).toEqual(want);
  });
});

describe('mutateLimitRanges', () => {
  it.each([
    ['defaults requests and limits, annotating requests first', lr({ type: 'Container', default: { cpu: 1 }, defaultRequest: { cpu: 0.5 } }),
      pod([ctr('nginx')]), [{ requests: { cpu: '500m' }, limits: { cpu: '1' } }],
      'LimitRanger plugin set: cpu request for container nginx; cpu limit for container nginx'],
    ['only what is missing, resources sorted and comma-joined', lr({ type: 'Container', default: { memory: '512Mi', cpu: '1' } }),
      pod([ctr('a', { limits: { cpu: '2' }, requests: { cpu: '2' } }), ctr('b')]),
      [{ limits: { cpu: '2', memory: '512Mi' }, requests: { cpu: '2', memory: '512Mi' } }, { limits: { memory: '512Mi', cpu: '1' }, requests: { memory: '512Mi', cpu: '1' } }],
      'LimitRanger plugin set: memory request for container a; memory limit for container a; cpu, memory request for container b; cpu, memory limit for container b'],
    ['init containers are named as such', lr({ type: 'Container', max: { cpu: '800m' } }),
      pod([ctr('app', { limits: { cpu: '500m' }, requests: { cpu: '500m' } })], [ctr('setup')]),
      [{ limits: { cpu: '500m' }, requests: { cpu: '500m' } }],
      'LimitRanger plugin set: cpu request for init container setup; cpu limit for init container setup'],
    ['an explicit request is kept under a defaulted limit', lr({ type: 'Container', default: { cpu: '500m' }, defaultRequest: { cpu: '500m' } }),
      pod([ctr('demo', { requests: { cpu: '700m' } })]), [{ requests: { cpu: '700m' }, limits: { cpu: '500m' } }],
      'LimitRanger plugin set: cpu limit for container demo'],
    ['nothing to set leaves no annotation', lr({ type: 'Pod', max: { cpu: '2' } }), pod([ctr('c')]), [undefined], undefined],
    ['an item without a type is not a Container item', lr({ default: { cpu: '500m' } }), pod([ctr('c')]), [undefined], undefined],
  ])('%s', (_name, range, p, wantResources, wantAnnotation) => {
    mutateLimitRanges(p, [range]);
    expect(p.spec.containers.map((c: any) => c.resources)).toEqual(wantResources);
    expect(p.metadata.annotations?.[LIMIT_RANGER_ANNOTATION]).toBe(wantAnnotation);
  });

  it('leaves non-pods alone', () => {
    const claim = pvc('1Gi');
    mutateLimitRanges(claim, [lr({ type: 'Container', default: { cpu: '1' } })]);
    expect(claim).toEqual(pvc('1Gi'));
  });
});

describe('validateLimitRanges', () => {
  it.each([
    ['container max limit', lr({ type: 'Container', max: { cpu: '800m' }, min: { cpu: '200m' } }),
      pod([ctr('c', { limits: { cpu: '1.5' }, requests: { cpu: '500m' } })], undefined, { name: 'constraints-cpu-demo-2' }),
      '403 pods "constraints-cpu-demo-2" is forbidden: maximum cpu usage per Container is 800m, but limit is 1500m'],
    ['container min request', lr({ type: 'Container', max: { cpu: '800m' }, min: { cpu: '200m' } }),
      pod([ctr('c', { limits: { cpu: '800m' }, requests: { cpu: '100m' } })]),
      '403 pods "p" is forbidden: minimum cpu usage per Container is 200m, but request is 100m'],
    ['memory quantities print canonically', lr({ type: 'Container', max: { memory: '1Gi' }, min: { memory: '500Mi' } }),
      pod([ctr('c', { limits: { memory: '1.5Gi' }, requests: { memory: '800Mi' } })]),
      '403 pods "p" is forbidden: maximum memory usage per Container is 1Gi, but limit is 1536Mi'],
    ['max request above max', lr({ type: 'Container', max: { cpu: '1' } }),
      pod([ctr('c', { limits: { cpu: '1' }, requests: { cpu: '2' } })]),
      '403 pods "p" is forbidden: maximum cpu usage per Container is 1, but request is 2'],
    ['min limit below min', lr({ type: 'Container', min: { memory: '500Mi' } }),
      pod([ctr('c', { limits: { memory: '400Mi' }, requests: { memory: '600Mi' } })]),
      '403 pods "p" is forbidden: minimum memory usage per Container is 500Mi, but limit is 400Mi'],
    ['no limit with a max', lr({ type: 'Pod', max: { cpu: '2' } }), pod([ctr('c')]),
      '403 pods "p" is forbidden: maximum cpu usage per Pod is 2.  No limit is specified'],
    ['no request with a min', lr({ type: 'Pod', min: { cpu: '1' } }), pod([ctr('c')]),
      '403 pods "p" is forbidden: minimum cpu usage per Pod is 1.  No request is specified'],
    ['pod max sums containers', lr({ type: 'Pod', max: { cpu: '2', memory: '2Gi' } }),
      pod([ctr('a', { limits: { cpu: '1500m', memory: '1Gi' } }), ctr('b', { limits: { cpu: '1', memory: '1Gi' } })]),
      '403 pods "p" is forbidden: maximum cpu usage per Pod is 2, but limit is 2500m'],
    ['pod counts the largest init container', lr({ type: 'Pod', max: { memory: '1Gi' } }),
      pod([ctr('a', { limits: { memory: '512Mi' } })], [ctr('init', { limits: { memory: '2Gi' } })]),
      '403 pods "p" is forbidden: maximum memory usage per Pod is 1Gi, but limit is 2Gi'],
    ['pod adds sidecars to the app containers', lr({ type: 'Pod', max: { memory: '1Gi' } }),
      pod([ctr('a', { limits: { memory: '768Mi' } })], [ctr('side', { limits: { memory: '512Mi' } }, { restartPolicy: 'Always' })]),
      '403 pods "p" is forbidden: maximum memory usage per Pod is 1Gi, but limit is 1280Mi'],
    ['ratio exceeded prints six decimals', lr({ type: 'Pod', maxLimitRequestRatio: { memory: 2 } }),
      pod([ctr('c', { limits: { memory: '1Gi' }, requests: { memory: '256Mi' } })]),
      '403 pods "p" is forbidden: memory max limit to request ratio per Pod is 2, but provided ratio is 4.000000'],
    ['ratio without request', lr({ type: 'Container', maxLimitRequestRatio: { cpu: '3' } }),
      pod([ctr('c', { limits: { cpu: '1' } })]),
      '403 pods "p" is forbidden: cpu max limit to request ratio per Container is 3, but no request is specified or request is 0'],
    ['ratio without limit', lr({ type: 'Container', maxLimitRequestRatio: { cpu: '3' } }),
      pod([ctr('c', { requests: { cpu: '1' } })]),
      '403 pods "p" is forbidden: cpu max limit to request ratio per Container is 3, but no limit is specified or limit is 0'],
    ['ratio within bounds passes', lr({ type: 'Container', maxLimitRequestRatio: { cpu: '2' } }),
      pod([ctr('c', { limits: { cpu: '1' }, requests: { cpu: '500m' } })]), undefined],
    ['several violations aggregate in brackets', lr({ type: 'Container', max: { cpu: '800m', memory: '1Gi' } }),
      pod([ctr('a', { limits: { cpu: '1', memory: '2Gi' } }), ctr('b', { limits: { cpu: '900m', memory: '1Gi' } })]),
      '403 pods "p" is forbidden: [maximum cpu usage per Container is 800m, but limit is 1, maximum memory usage per Container is 1Gi, but limit is 2Gi, maximum cpu usage per Container is 800m, but limit is 900m]'],
    ['init containers are checked after containers', lr({ type: 'Container', min: { cpu: '100m' } }),
      pod([ctr('a', { requests: { cpu: '50m' } })], [ctr('i', { requests: { cpu: '10m' } })]),
      '403 pods "p" is forbidden: [minimum cpu usage per Container is 100m, but request is 50m, minimum cpu usage per Container is 100m, but request is 10m]'],
    ['generateName stands in for a missing name', lr({ type: 'Container', max: { cpu: '1' } }),
      pod([ctr('c', { limits: { cpu: '2' } })], undefined, { generateName: 'web-' }),
      '403 pods "web-" is forbidden: maximum cpu usage per Container is 1, but limit is 2'],
    ['PVC above max', lr({ type: 'PersistentVolumeClaim', max: { storage: '2Gi' }, min: { storage: '1Gi' } }), pvc('5Gi'),
      '403 persistentvolumeclaims "claim" is forbidden: maximum storage usage per PersistentVolumeClaim is 2Gi, but request is 5Gi'],
    ['PVC below min', lr({ type: 'PersistentVolumeClaim', max: { storage: '2Gi' }, min: { storage: '1Gi' } }), pvc('500Mi'),
      '403 persistentvolumeclaims "claim" is forbidden: minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi'],
    ['PVC without request', lr({ type: 'PersistentVolumeClaim', max: { storage: '2Gi' } }), pvc(),
      '403 persistentvolumeclaims "claim" is forbidden: maximum storage usage per PersistentVolumeClaim is 2Gi.  No request is specified'],
    ['PVC within bounds', lr({ type: 'PersistentVolumeClaim', max: { storage: '2Gi' }, min: { storage: '1Gi' } }), pvc('2Gi'), undefined],
    ['Container items do not apply to claims', lr({ type: 'Container', max: { cpu: '1' } }), pvc('5Gi'), undefined],
  ])('%s', (_name, range, obj, want) => {
    expect(message(() => validateLimitRanges(obj, [range]))).toBe(want);
  });

  it('stops at the first LimitRange that fails', () => {
    const first = { ...lr({ type: 'Container', max: { cpu: '1' } }), metadata: { name: 'a' } };
    const second = { ...lr({ type: 'Container', max: { cpu: '500m' } }), metadata: { name: 'b' } };
    expect(message(() => validateLimitRanges(pod([ctr('c', { limits: { cpu: '2' } })]), [first, second])))
      .toBe('403 pods "p" is forbidden: maximum cpu usage per Container is 1, but limit is 2');
  });
});

describe('admitLimitRanges', () => {
  it.each([
    ['defaults from max then passes', lr({ type: 'Container', max: { cpu: '800m' }, min: { cpu: '200m' } }), pod([ctr('c')]), undefined,
      { requests: { cpu: '800m' }, limits: { cpu: '800m' } }],
    ['defaults from min request then fails the max', lr({ type: 'Container', max: { memory: '1Gi' }, min: { memory: '500Mi' } }),
      pod([ctr('c', { limits: { memory: '2Gi' }, requests: { memory: '2Gi' } })]),
      '403 pods "p" is forbidden: maximum memory usage per Container is 1Gi, but limit is 2Gi', { limits: { memory: '2Gi' }, requests: { memory: '2Gi' } }],
  ])('%s', (_name, range, p, want, wantResources) => {
    expect(message(() => admitLimitRanges(p, [range]))).toBe(want);
    expect(p.spec.containers[0].resources).toEqual(wantResources);
  });
});
