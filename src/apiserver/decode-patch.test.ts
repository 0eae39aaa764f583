import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { builtinRegistry } from '../api/registry';
import { ApiError } from './errors';
import { decodePatched, goPlusV, patchedJson, type PatchKind } from './decode-patch';

const deployment = (spec: Record<string, unknown>): KubeObject =>
  ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec } as KubeObject);

function patchError(obj: KubeObject, patch: unknown, kind: PatchKind = 'strategic'): string {
  try {
    decodePatched(obj, builtinRegistry.forKind(obj.apiVersion, obj.kind), patch, kind);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    expect(e.reason).toBe('Invalid');
    expect(e.details.kind).toBe('');
    return `${e.details.causes![0]!.field}: ${e.details.causes![0]!.message}`;
  }
  return 'decoded';
}

describe('goPlusV', () => {
  it("prints a patch map as fmt's %+v does", () => {
    expect(goPlusV({ spec: { b: [1, 'x', null], a: true, c: 0.5 } })).toBe('map[spec:map[a:true b:[1 x <nil>] c:0.5]]');
  });
});

describe('patchedJson', () => {
  const obj = { kind: 'K', apiVersion: 'v', spec: { z: 1, a: { y: 1, b: 2 }, m: [{ q: 1, p: 2 }] }, metadata: { name: 'n', labels: { b: '1', a: '2' } } };
  it('a merge patch sorts the containers it merged into and what it added', () => {
    expect(patchedJson(obj, { spec: { a: { y: 3 } } }, 'merge'))
      .toBe('{"apiVersion":"v","kind":"K","metadata":{"name":"n","labels":{"b":"1","a":"2"}},"spec":{"a":{"b":2,"y":1},"m":[{"q":1,"p":2}],"z":1}}');
  });
  it('a json patch sorts the containers on its paths only', () => {
    expect(patchedJson(obj, [{ op: 'replace', path: '/spec/m/0/q', value: 5 }], 'json'))
      .toBe('{"apiVersion":"v","kind":"K","metadata":{"name":"n","labels":{"b":"1","a":"2"}},"spec":{"a":{"y":1,"b":2},"m":[{"p":2,"q":1}],"z":1}}');
  });
});

describe('decodePatched (strategic merge: the unstructured converter)', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['string into int32', { replicas: 'x' }, 'patch: Invalid value: "map[spec:map[replicas:x]]": unrecognized type: int32'],
    ['bool into a string', { template: { spec: { containers: [{ name: true }] } } }, 'patch: Invalid value: "map[spec:map[template:map[spec:map[containers:[map[name:true]]]]]]": unrecognized type: string'],
    ['number into a slice', { template: { spec: { containers: 1 } } }, 'patch: Invalid value: "map[spec:map[template:map[spec:map[containers:1]]]]": cannot restore slice from int64'],
    ['list into a map', { selector: { matchLabels: ['a'] } }, 'patch: Invalid value: "map[spec:map[selector:map[matchLabels:[a]]]]": cannot restore map from slice'],
    ['int-or-string without field context', { strategy: { rollingUpdate: { maxSurge: true } } }, 'patch: Invalid value: "map[spec:map[strategy:map[rollingUpdate:map[maxSurge:true]]]]": json: cannot unmarshal bool into Go value of type int32'],
  ];
  for (const [name, spec, want] of cases) {
    it(name, () => expect(patchError(deployment(spec), { spec })).toBe(want));
  }

  it('the first error in struct field order wins', () => {
    // DeploymentSpec declares replicas before paused: sorted keys would pick paused.
    const spec = { paused: 'no', replicas: 'x' };
    expect(patchError(deployment(spec), { spec })).toBe('patch: Invalid value: "map[spec:map[paused:no replicas:x]]": unrecognized type: int32');
  });

  it('base64 failures are worded as the converter decodes []byte', () => {
    const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { k: '!' } } as unknown as KubeObject;
    expect(patchError(secret, { data: { k: '!' } })).toBe('patch: Invalid value: "map[data:map[k:!]]": error decoding from json: illegal base64 data at input byte 0');
  });

  it('unknown fields are dropped with a warning each, sorted', () => {
    const info = builtinRegistry.forKind('apps/v1', 'Deployment');
    const r = decodePatched(deployment({ zz: 1, replicas: 2, aa: 1 }), info, {}, 'strategic');
    expect(r.warnings).toEqual(['unknown field "spec.aa"', 'unknown field "spec.zz"']);
    expect(r.object.spec).toEqual({ replicas: 2 });
  });
});
