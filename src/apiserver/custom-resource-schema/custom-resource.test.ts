import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { decodeCustomResource, validateCustomResource } from './custom-resource';
import type { JSONSchemaProps } from './schema';

// The CronTab of the Kubernetes docs' CustomResourceDefinition page, with a rule and defaults.
const SCHEMA: JSONSchemaProps = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      'x-kubernetes-validations': [{ rule: 'self.replicas <= self.maxReplicas', message: 'replicas should be smaller than or equal to maxReplicas.' }],
      properties: {
        cronSpec: { type: 'string', pattern: '^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$' },
        image: { type: 'string', maxLength: 5 },
        replicas: { type: 'integer', minimum: 1, maximum: 10, default: 1 },
        maxReplicas: { type: 'integer', default: 5 },
        mode: { type: 'string', enum: ['a', 'b'] },
        ports: { type: 'array', maxItems: 1, items: { type: 'object', required: ['port'], properties: { port: { 'x-kubernetes-int-or-string': true } } } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      },
      required: ['image'],
    },
  },
};
const cr = (spec: Record<string, unknown>, extra: Record<string, unknown> = {}): KubeObject =>
  ({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a' }, spec, ...extra }) as KubeObject;
const messages = (obj: KubeObject, old?: KubeObject) => validateCustomResource(obj, SCHEMA, old).map((c) => `${c.field}: ${c.message}`);

describe('decodeCustomResource', () => {
  it('refuses undeclared fields under Strict, sorted, with the create handler\'s text', () => {
    expect(() => decodeCustomResource(cr({ image: 'x', zz: 1, foo: 1, ports: [{ port: 80, bar: 2 }] }), SCHEMA, 'Strict')).toThrow(
      'CronTab in version "v1" cannot be handled as a CronTab: strict decoding error: unknown field "spec.foo", unknown field "spec.ports[0].bar", unknown field "spec.zz"');
  });
  it('warns under Warn and drops them; keeps map entries, preserved subtrees and the root\'s own fields', () => {
    const warnings: string[] = [];
    const obj = decodeCustomResource(cr({ image: 'x', foo: 1, labels: { a: 'b' }, extra: { any: { thing: 1 } } }, { status: { s: 1 } }), SCHEMA, 'Warn', (w) => warnings.push(w));
    expect(warnings).toEqual(['unknown field "spec.foo"', 'unknown field "status"']);
    expect(obj).toEqual(cr({ image: 'x', labels: { a: 'b' }, extra: { any: { thing: 1 } }, replicas: 1, maxReplicas: 5 }));
  });
  it('fills defaults for absent fields and for nulls the schema does not allow', () => {
    expect(decodeCustomResource(cr({ image: 'x', replicas: null }), SCHEMA, 'Ignore').spec).toEqual({ image: 'x', replicas: 1, maxReplicas: 5 });
  });
});

describe('validateCustomResource', () => {
  it('passes a valid object', () => {
    expect(messages(cr({ image: 'x', cronSpec: '* * * * */5', replicas: 2, maxReplicas: 3, ports: [{ port: 'http' }] }))).toEqual([]);
  });
  it('words each schema failure as apiextensions-apiserver does', () => {
    expect(messages(cr({ image: 'toolong', cronSpec: '* * * *', replicas: 15, maxReplicas: 20, ports: [{ port: true }, {}] }))).toEqual([
      'spec.cronSpec: Invalid value: "* * * *": spec.cronSpec in body should match \'^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$\'',
      'spec.image: Too long: may not be more than 5 bytes',
      'spec.replicas: Invalid value: 15: spec.replicas in body should be less than or equal to 10',
      'spec.ports[0].port: Invalid value: "boolean": spec.ports[0].port in body must be of type integer,string: "boolean"',
      'spec.ports[1].port: Required value',
      'spec.ports: Too many: 2: must have at most 1 item',
      '<nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
    ]);
  });
  it('stops short of the rules after a type or enum error, as upstream says', () => {
    expect(messages(cr({ image: 'x', replicas: '3', mode: 'c' }))).toEqual([
      'spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"',
      'spec.mode: Unsupported value: "c": supported values: "a", "b"',
      '<nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
    ]);
  });
  it('runs x-kubernetes-validations with self at the rule\'s node', () => {
    expect(messages(cr({ image: 'x', replicas: 8, maxReplicas: 5 }))).toEqual([
      'spec: Invalid value: "object": replicas should be smaller than or equal to maxReplicas.',
    ]);
  });
  it('runs transition rules only on updates, with oldSelf from the stored object', () => {
    const schema: JSONSchemaProps = { type: 'object', properties: { spec: { type: 'object', properties: { image: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'image is immutable', reason: 'FieldValueForbidden' }] } } } } };
    expect(validateCustomResource(cr({ image: 'b' }), schema)).toEqual([]);
    expect(validateCustomResource(cr({ image: 'b' }), schema, cr({ image: 'a' }))).toEqual([{ field: 'spec.image', message: 'Forbidden: image is immutable' }]);
  });
  it('says "failed rule" without a message, and reads metadata.name at the root', () => {
    const schema: JSONSchemaProps = { type: 'object', 'x-kubernetes-validations': [{ rule: "self.metadata.name.startsWith('ct-')" }] };
    expect(validateCustomResource(cr({}), schema)).toEqual([{ field: '<nil>', message: 'Invalid value: "object": failed rule: self.metadata.name.startsWith(\'ct-\')' }]);
  });
  it('reports a runtime error with the rule, and skips a rule kubemu\'s evaluator cannot run rather than refuse the object', () => {
    const schema: JSONSchemaProps = { type: 'object', properties: { spec: { type: 'object', 'x-kubernetes-validations': [
      { rule: 'self.a > 1' }, { rule: 'self.image.someFutureFunction()' }, { rule: 'self.image ==' }] } } };
    expect(validateCustomResource(cr({ image: 'x' }), schema)).toEqual([{ field: 'spec', message: 'Invalid value: "object": no such key: a evaluating rule: self.a > 1' }]);
  });
  it('prints a float bound as Go\'s %v does, an integral one against an integer as an int', () => {
    const schema: JSONSchemaProps = { type: 'object', properties: { spec: { type: 'object', properties: {
      big: { type: 'integer', maximum: 1000000 }, ratio: { type: 'number', maximum: 1000000, minimum: 0.5 } } } } };
    expect(validateCustomResource(cr({ big: 2000000, ratio: 2000000.5 }), schema).map((c) => c.message)).toEqual([
      'Invalid value: 2000000: spec.big in body should be less than or equal to 1000000',
      'Invalid value: 2000000.5: spec.ratio in body should be less than or equal to 1e+06',
    ]);
    expect(validateCustomResource(cr({ ratio: 0.25 }), schema).map((c) => c.message)).toEqual(['Invalid value: 0.25: spec.ratio in body should be greater than or equal to 0.5']);
  });
  it('puts a root rule\'s fieldPath at that field', () => {
    const schema: JSONSchemaProps = { type: 'object', 'x-kubernetes-validations': [{ rule: 'has(self.spec.image)', fieldPath: '.spec.image', reason: 'FieldValueRequired', message: 'an image is needed' }] };
    expect(validateCustomResource(cr({}), schema)).toEqual([{ field: 'spec.image', message: 'Required value: an image is needed' }]);
  });
});
