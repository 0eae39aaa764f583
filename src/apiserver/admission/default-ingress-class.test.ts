import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { admitDefaultIngressClass } from './default-ingress-class';

const cls = (name: string, isDefault: boolean, created: string): KubeObject => ({
  apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass',
  metadata: { name, creationTimestamp: created, ...(isDefault ? { annotations: { 'ingressclass.kubernetes.io/is-default-class': 'true' } } : {}) },
  spec: { controller: 'k8s.io/ingress-nginx' },
});
const ingress = (spec: object = {}, annotations?: Record<string, string>): KubeObject => ({
  apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'i', namespace: 'default', ...(annotations ? { annotations } : {}) }, spec,
});
const admitted = (obj: KubeObject, classes: KubeObject[]) => { admitDefaultIngressClass(obj, classes); return obj.spec?.ingressClassName; };

describe('DefaultIngressClass admission', () => {
  const a = cls('a', true, '2026-01-01T00:00:00Z');
  const b = cls('b', true, '2026-01-01T00:01:00Z');
  const plain = cls('plain', false, '2026-01-01T00:02:00Z');
  it.each([
    ['no default class leaves the class unset', [plain], ingress(), undefined],
    ['the default class is filled in', [a, plain], ingress(), 'a'],
    ['several defaults: the newest wins', [a, b], ingress(), 'b'],
    ['an explicit class is kept', [a], ingress({ ingressClassName: 'plain' }), 'plain'],
    ['the legacy annotation opts out', [a], ingress({}, { 'kubernetes.io/ingress.class': 'nginx' }), undefined],
  ])('%s', (_, classes, obj, want) => {
    expect(admitted(obj, classes)).toBe(want);
  });
  it('same creation time: the first name wins', () => {
    expect(admitted(ingress(), [cls('z', true, '2026-01-01T00:00:00Z'), cls('m', true, '2026-01-01T00:00:00Z')])).toBe('m');
  });
});
