import { describe, expect, it } from 'vitest';
import { openAPIDocument } from '../api/openapi/documents';
import { builtinRegistry, NoKindMatchError } from '../api/registry';
import { newDocumentCheck, type SchemaSource } from './schema-validation';

/** source is the built-in kinds as a cluster without CRDs serves them; warnings are kept. */
function source(warnings: string[] = []): SchemaSource {
  const doc = openAPIDocument();
  return {
    served(apiVersion, kind) {
      try { builtinRegistry.forKind(apiVersion, kind); return true; } catch (e) { if (e instanceof NoKindMatchError) return false; throw e; }
    },
    openapi: () => doc,
    warn: (src, text) => warnings.push(`${src}] ${text}`),
  };
}

const TAIL = '; if you choose to ignore these errors, turn validation off with --validate=false';
const list = (...items: unknown[]) => ({ apiVersion: 'v1', kind: 'List', items });

describe('kubectl\'s client-side validation of a document', () => {
  const check = newDocumentCheck('strict', source())!;

  it('needs an object with a string apiVersion and kind, whatever its kind', () => {
    expect(check({ kind: 'ConfigMap' }, 'a.yaml')).toBe(`error validating "a.yaml": error validating data: apiVersion not set${TAIL}`);
    expect(check({ apiVersion: 5, kind: ['x'] }, 'a.yaml')).toBe(`error validating "a.yaml": error validating data: [apiVersion isn't string type, kind isn't string type]${TAIL}`);
    expect(check({ apiVersion: 'a/b/c', kind: 'X' }, 'a.yaml')).toBe(`error validating "a.yaml": error validating data: unexpected GroupVersion string: a/b/c${TAIL}`);
    expect(check(['a'], 'a.yaml')).toBe(`error validating "a.yaml": error validating data: invalid object to validate${TAIL}`);
  });

  it('leaves a served kind to the server, and a kind without a schema unchecked', () => {
    expect(check({ apiVersion: 'v1', kind: 'Pod', spec: { bogus: 1 } }, 'a.yaml')).toBeUndefined();
    expect(check({ apiVersion: 'example.com/v1', kind: 'Widget', spec: { x: 1 } }, 'a.yaml')).toBeUndefined();
  });

  it('checks a List\'s items against their schemas, in kube-openapi\'s order and words (as kubectl 1.32 printed them)', () => {
    const probe = list(
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'n1', creationTimestamp: null, labels: { a: null, b: 1 } }, data: { k: 1, j: true }, binaryData: null },
      { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'n2' }, spec: { containers: [null, { name: 'x', image: 'y', args: [1, true, null], env: [{ name: 'A', value: 2 }] }], nodeSelector: [], priority: 1.5, activeDeadlineSeconds: 1000 } },
      { metadata: { name: 'nokind' } },
      { apiVersion: 5, kind: ['x'] },
      { apiVersion: 'a/b/c', kind: 'X' },
      { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 80, targetPort: { x: 1 } }], selector: 'a' } },
      { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { selector: null, template: { metadata: { annotations: { x: [1] } } }, strategy: { type: 1 } } },
      7,
    );
    expect(check(probe, 'probe.yaml')).toBe(`error validating "probe.yaml": error validating data: [${[
      'unknown object type "nil" in ConfigMap.metadata.labels.a',
      'ValidationError(Pod.spec.containers): unknown object type "nil" in Pod.spec.containers[0]',
      'ValidationError(Pod.spec.containers[1].args): unknown object type "nil" in Pod.spec.containers[1].args[2]',
      'ValidationError(Pod.spec.nodeSelector): invalid type for io.k8s.api.core.v1.PodSpec.nodeSelector: got "array", expected "map"',
      'apiVersion not set', 'kind not set', "apiVersion isn't string type", "kind isn't string type", 'unexpected GroupVersion string: a/b/c',
      'ValidationError(Service.spec.ports[0].targetPort): invalid type for io.k8s.apimachinery.pkg.util.intstr.IntOrString: got "map", expected "string"',
      'ValidationError(Service.spec.selector): invalid type for io.k8s.api.core.v1.ServiceSpec.selector: got "string", expected "map"',
      'ValidationError(Deployment.spec.template.metadata.annotations.x): invalid type for io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta.annotations: got "array", expected "string"',
      'ValidationError(Deployment.spec): missing required field "selector" in io.k8s.api.apps.v1.DeploymentSpec',
      'invalid object to validate',
    ].join(', ')}]${TAIL}`);
    const one = list({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 80, nope: 1 }] } });
    expect(check(one, 'one.yaml')).toBe(`error validating "one.yaml": error validating data: ValidationError(Service.spec.ports[0]): unknown field "nope" in io.k8s.api.core.v1.ServicePort${TAIL}`);
    expect(check(list({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ok' } }), 'ok.yaml')).toBeUndefined();
    expect(check({ apiVersion: 'v1', kind: 'List', items: 5 }, 'bad.yaml')).toBe(`error validating "bad.yaml": error validating data: invalid object to validate${TAIL}`);
  });

  it('checks a typed list as a whole, under its own kind', () => {
    const pods = { apiVersion: 'v1', kind: 'PodList', items: [{ metadata: { name: 'tp' }, spec: { containers: [{ name: 'c', image: 'nginx', zzz: 1 }] } }] };
    expect(check(pods, 'typed.yaml')).toBe(`error validating "typed.yaml": error validating data: ValidationError(PodList.items[0].spec.containers[0]): unknown field "zzz" in io.k8s.api.core.v1.Container${TAIL}`);
  });

  it('only warns, through klog, that warn cannot check a kind the server does not serve; ignore checks nothing', () => {
    const warnings: string[] = [];
    const warn = newDocumentCheck('warn', source(warnings))!;
    expect(warn(list({ apiVersion: 'v1', kind: 'Pod', spec: { bogus: 1 } }), 'w.yaml')).toBeUndefined();
    expect(warn({ apiVersion: 'v1', kind: 'ConfigMap' }, 'w.yaml')).toBeUndefined();
    expect(warn({ kind: 'ConfigMap' }, 'w.yaml')).toBe(`error validating "w.yaml": error validating data: apiVersion not set${TAIL}`);
    expect(warnings).toEqual(['schema.go:145] cannot perform warn validation if server-side field validation is unsupported, skipping validation']);
    expect(newDocumentCheck('ignore', source())).toBeUndefined();
  });
});
