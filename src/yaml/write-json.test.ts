import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeWithKubectl } from '../../test/differential/kubectl-oracle';
import { kubectlLabelLocal, withLabel } from './kubectl-oracle.test-helper';
import { encodeWalked, toCompactJson, toJson } from './write-json';

describe('toJson', () => {
  it('indents by four spaces, sorts keys and ends with a newline', () => {
    expect(toJson({ kind: 'Pod', apiVersion: 'v1', spec: { containers: [{ name: 'x' }], empty: {}, none: [] } })).toBe(
      '{\n    "apiVersion": "v1",\n    "kind": "Pod",\n    "spec": {\n        "containers": [\n            {\n                "name": "x"\n            }\n        ],\n        "empty": {},\n        "none": []\n    }\n}\n',
    );
  });

  it('keeps insertion order when asked (typed objects printed client-side)', () => {
    expect(toJson({ kind: 'Pod', apiVersion: 'v1' }, { sortKeys: false })).toBe('{\n    "kind": "Pod",\n    "apiVersion": "v1"\n}\n');
  });

  it('sorts integer-like keys as text, as Go does', () => {
    expect(toCompactJson({ '8': 1, '31': 2, '1.5': 3, '1': 4 })).toBe('{"1":4,"1.5":3,"31":2,"8":1}');
  });

  it.each([
    ['HTML characters', '<&>', '"\\u003c\\u0026\\u003e"'],
    ['line separators', '\u2028\u2029', '"\\u2028\\u2029"'],
    ['control characters', '\n\t\u0001', '"\\n\\t\\u0001"'],
    ['unicode kept', 'é😀', '"é😀"'],
  ])('escapes %s like encoding/json', (_name, s, want) => {
    expect(toCompactJson(s)).toBe(want);
  });

  it.each([
    [1e21, '1e+21'],
    [1e-7, '1e-7'],
    [0.000001, '0.000001'],
    [1.5, '1.5'],
    [100, '100'],
  ])('spells %d as Go float64 JSON', (n, want) => {
    expect(toCompactJson(n)).toBe(want);
  });
});

describe('the native path', () => {
  // Keys and strings drawn to hit what differs between JSON.stringify and Go: HTML characters,
  // line separators, integer-like keys, "__proto__", and values JSON.stringify drops or throws on.
  const key = fc.oneof(fc.constantFrom('a', 'b', '10', '9', '0', '01', '__proto__', '<&>', '\u2028', 'é'), fc.string());
  const leaf = fc.oneof(fc.string(), fc.constantFrom('<x>', 'a&b', '\u2029', '\n'), fc.double(), fc.integer(), fc.boolean(),
    fc.constant(null), fc.constant(undefined), fc.constant(() => 1), fc.bigInt(), fc.date());
  const value = fc.letrec((tie) => ({
    v: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(key, tie('v'), { maxKeys: 5 })),
  })).v;

  it('prints what the walk prints, compact and indented', () => {
    fc.assert(fc.property(value, (v) => {
      expect(toCompactJson(v)).toBe(encodeWalked(v, false));
      expect(toJson(v)).toBe(encodeWalked(v, true));
    }), { seed: 20, numRuns: 2000 });
  });

  it('keeps a "__proto__" key and spells an object-held function null', () => {
    const o = JSON.parse('{"__proto__":{"b":1},"a":"<"}');
    expect(toCompactJson(o)).toBe('{"__proto__":{"b":1},"a":"\\u003c"}');
    expect(toCompactJson({ f: () => 1, u: undefined })).toBe('{"f":null}');
  });
});

describeWithKubectl('toJson against kubectl', () => {
  const obj = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'j', annotations: { html: '<a href="x">&</a>', sep: '\u2028', tab: 'a\tb', uni: 'é😀' } },
    data: { '10': 'a', '9': 'b', z: 'c' },
    spec: { nums: [1, 1.5, 1e21, 1e-7, -0.0001], t: true, n: null, e: {}, l: [] },
  };
  it('matches kubectl label --local -o json byte for byte', () => {
    expect(toJson(withLabel(obj))).toBe(kubectlLabelLocal(JSON.stringify(obj), 'json'));
  });
});
