import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { envRefValue } from './env-refs';

const obj = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'ns', uid: 'u1', labels: { app: 'web', tier: 'a' }, annotations: { note: 'x"y' } } } as KubeObject;
const none = { tryGet: () => undefined };
const container = { resources: { limits: { cpu: '250m', memory: '100Mi' }, requests: { 'hugepages-2Mi': '4Mi' } } };
const value = (from: object) => envRefValue(none, 'ns', from as never, obj, container);

describe('envRefValue', () => {
  it('reads the object\'s metadata as envutil does: whole maps formatted, subscripts checked', () => {
    expect(value({ fieldRef: { fieldPath: 'metadata.labels' } })).toBe('app="web"\ntier="a"');
    expect(value({ fieldRef: { fieldPath: 'metadata.annotations' } })).toBe('note="x\\"y"');
    expect(value({ fieldRef: { fieldPath: "metadata.labels['tier']" } })).toBe('a');
    expect(value({ fieldRef: { fieldPath: 'metadata.uid' } })).toBe('u1');
    expect(() => value({ fieldRef: { fieldPath: "spec.x['y']" } })).toThrow(`fieldPath "spec.x['y']" does not support subscript`);
    expect(() => value({ fieldRef: { fieldPath: 'spec.nodeName' } })).toThrow('unsupported fieldPath: spec.nodeName');
  });

  it('divides a request or limit by the divisor, rounding up; CPU in millicores', () => {
    expect(value({ resourceFieldRef: { resource: 'limits.cpu' } })).toBe('1');
    expect(value({ resourceFieldRef: { resource: 'limits.cpu', divisor: '1m' } })).toBe('250');
    expect(value({ resourceFieldRef: { resource: 'limits.memory', divisor: '1Mi' } })).toBe('100');
    expect(value({ resourceFieldRef: { resource: 'requests.memory' } })).toBe('0');
    expect(value({ resourceFieldRef: { resource: 'requests.hugepages-2Mi', divisor: '1Mi' } })).toBe('4');
    expect(() => value({ resourceFieldRef: { resource: 'limits.gpu' } })).toThrow('Unsupported container resource : limits.gpu');
  });

  it('names the missing Secret or ConfigMap as the API does', () => {
    expect(() => value({ secretKeyRef: { name: 's', key: 'k' } })).toThrow('secrets "s" not found');
    expect(() => value({ configMapKeyRef: { name: 'c', key: 'k' } })).toThrow('configmaps "c" not found');
  });
});
