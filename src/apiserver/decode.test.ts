import { describe, expect, it } from 'vitest';
import { builtinRegistry } from '../api/registry';
import { ApiError } from './errors';
import { QUANTITY_FORMAT_ERROR } from '../api/quantity';
import { decodeObject, type DecodeOptions } from './decode';

const pod = (spec: Record<string, unknown>, metadata: Record<string, unknown> = { name: 'p' }) =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata, spec });
const container = (extra: Record<string, unknown>) => ({ name: 'c', image: 'nginx', ...extra });

function decodeError(raw: Record<string, unknown>, opts: DecodeOptions = {}): string {
  const info = builtinRegistry.forKind(raw.apiVersion as string, raw.kind as string);
  try {
    decodeObject(raw, info, opts);
  } catch (e) {
    if (e instanceof ApiError) return `${e.reason} ${e.code}: ${e.message}`;
    throw e;
  }
  return 'decoded';
}

describe('decodeObject errors', () => {
  const cases: { name: string; raw: Record<string, unknown>; opts?: DecodeOptions; want: string }[] = [
    {
      name: 'bool into a map of strings',
      raw: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: true } },
      want: 'BadRequest 400: ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal bool into Go struct field ConfigMap.data of type string',
    },
    {
      name: 'string into a pointer to int32',
      raw: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: '3' } },
      want: 'BadRequest 400: Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
    },
    {
      name: 'number into a string inside arrays (array indexes are not in the Go path)',
      raw: pod({ containers: [container({ env: [{ name: 'A', value: 1 }] })] }),
      want: 'BadRequest 400: Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number into Go struct field EnvVar.spec.containers.env.value of type string',
    },
    {
      name: 'fraction into int32 names the number',
      raw: pod({ containers: [container({ ports: [{ containerPort: 80.5 }] })] }),
      want: 'BadRequest 400: Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number 80.5 into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32',
    },
    {
      name: 'int32 overflow',
      raw: pod({ containers: [container({ ports: [{ containerPort: 2147483648 }] })] }),
      want: 'BadRequest 400: Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number 2147483648 into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32',
    },
    {
      name: 'named string type keeps its package-qualified name',
      raw: pod({ restartPolicy: 1, containers: [container({})] }),
      want: 'BadRequest 400: Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number into Go struct field PodSpec.spec.restartPolicy of type v1.RestartPolicy',
    },
    {
      name: 'object where a slice of structs belongs',
      raw: pod({ containers: { name: 'c' } }),
      want: 'BadRequest 400: Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal object into Go struct field PodSpec.spec.containers of type []v1.Container',
    },
    {
      name: 'string where a struct belongs',
      raw: pod({ containers: [container({ resources: 'big' })] }),
      want: 'BadRequest 400: Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field Container.spec.containers.resources of type v1.ResourceRequirements',
    },
    {
      name: 'fields of an inline embedded struct are reported against the outer struct path',
      raw: pod({ containers: [container({})], volumes: [{ name: 'v', fc: { lun: '0' } }] }),
      want: 'BadRequest 400: Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field FCVolumeSource.spec.volumes.fc.lun of type int32',
    },
    {
      name: 'the first error in sorted key order wins',
      raw: pod({ containers: [container({})], hostname: 5, activeDeadlineSeconds: 'x' }),
      want: 'BadRequest 400: Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal string into Go struct field PodSpec.spec.activeDeadlineSeconds of type int64',
    },
    {
      name: 'bad quantity aborts decoding even after an earlier type error',
      raw: pod({ activeDeadlineSeconds: 'x', containers: [container({ resources: { requests: { memory: '1.5.5Gi' } } })] }),
      want: `BadRequest 400: Pod in version "v1" cannot be handled as a Pod: ${QUANTITY_FORMAT_ERROR}`,
    },
    {
      name: 'unknown quantity suffix',
      raw: pod({ containers: [container({ resources: { limits: { cpu: '1GG' } } })] }),
      want: 'BadRequest 400: Pod in version "v1" cannot be handled as a Pod: unable to parse quantity\'s suffix',
    },
    {
      name: 'bool into an IntOrString gets the outer field context and int32',
      raw: { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' }, spec: { ports: [{ port: 80, targetPort: true }] } },
      want: 'BadRequest 400: Service in version "v1" cannot be handled as a Service: json: cannot unmarshal bool into Go struct field ServicePort.spec.ports.targetPort of type int32',
    },
    {
      name: 'bad base64 in Secret data has no field context',
      raw: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { password: 'not base64!' } },
      want: 'BadRequest 400: Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 3',
    },
    {
      name: 'bad timestamp',
      raw: pod({ containers: [container({})] }, { name: 'p', creationTimestamp: 'yesterday' }),
      want: 'BadRequest 400: Pod in version "v1" cannot be handled as a Pod: parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"',
    },
    {
      name: 'unknown fields, sorted, with array indexes',
      raw: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' },
        spec: { foo: 1, baz: 2, template: { spec: { containers: [container({ imagePullPolice: 'Always' })] } } } },
      want: 'BadRequest 400: Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "spec.baz", unknown field "spec.foo", unknown field "spec.template.spec.containers[0].imagePullPolice"',
    },
    {
      name: 'field names are case-sensitive',
      raw: pod({ Containers: [] }),
      want: 'BadRequest 400: Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.Containers"',
    },
    {
      name: 'duplicate fields reported where the decoder meets them',
      raw: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { replicas: 4, zzz: 1 } },
      opts: { duplicateFields: ['spec.replicas', 'metadata.labels.app'] },
      want: 'BadRequest 400: Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: duplicate field "spec.replicas", unknown field "spec.zzz"',
    },
    {
      name: 'a type error wins over strict errors',
      raw: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { foo: 1, replicas: 'x' } },
      want: 'BadRequest 400: Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
    },
    {
      name: 'type errors still fail under Ignore',
      raw: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: 1 } },
      opts: { fieldValidation: 'Ignore' },
      want: 'BadRequest 400: ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string',
    },
    {
      name: 'the version is the one the manifest asked for',
      raw: { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'h' }, spec: { maxReplicas: 'ten' } },
      want: 'BadRequest 400: HorizontalPodAutoscaler in version "v1" cannot be handled as a HorizontalPodAutoscaler: json: cannot unmarshal string into Go struct field HorizontalPodAutoscalerSpec.spec.maxReplicas of type int32',
    },
    {
      name: 'unknown fields are silently dropped under Ignore',
      raw: pod({ containers: [container({ imagePullPolice: 'x' })] }),
      opts: { strict: false },
      want: 'decoded',
    },
  ];
  for (const tc of cases) it(tc.name, () => expect(decodeError(tc.raw, tc.opts)).toBe(tc.want));
});

describe('decodeObject results', () => {
  const info = builtinRegistry.forKind('v1', 'Pod');
  const raw = {
    kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p', labels: { b: '1', a: null } },
    spec: { zeta: true, containers: [container({ args: [null, 'x'], resources: { limits: { cpu: 1 } } })], hostname: null },
  };

  it('keeps key order, drops unknown fields and nulled struct fields, zeroes nulls in maps and slices', () => {
    const { object, warnings } = decodeObject(raw, info, { fieldValidation: 'Ignore' });
    // A quantity is kept as the string its MarshalJSON writes, a JSON number too.
    expect(JSON.stringify(object)).toBe(JSON.stringify({
      kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p', labels: { b: '1', a: '' } },
      spec: { containers: [{ name: 'c', image: 'nginx', args: ['', 'x'], resources: { limits: { cpu: '1' } } }] },
    }));
    expect(warnings).toEqual([]);
  });

  it('returns strict errors as warnings under Warn', () => {
    expect(decodeObject(raw, info, { fieldValidation: 'Warn' }).warnings).toEqual(['unknown field "spec.zeta"']);
  });

  it('does not modify its input', () => {
    const copy = structuredClone(raw);
    decodeObject(raw, info, { fieldValidation: 'Ignore' });
    expect(raw).toEqual(copy);
  });

  it('passes kinds without a built-in layout through', () => {
    const cr = { apiVersion: 'example.com/v1', kind: 'CronTab', metadata: { name: 'x' }, spec: { anything: 1 } };
    const crInfo = { ...info, kind: 'CronTab', group: 'example.com', version: 'v1' };
    expect(decodeObject(cr, crInfo, {}).object).toEqual(cr);
  });

  it('keeps raw extension and JSON schema fields as given', () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'a.b' },
      spec: { versions: [{ name: 'v1', schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }] },
    };
    const crdInfo = builtinRegistry.forKind('apiextensions.k8s.io/v1', 'CustomResourceDefinition');
    expect(decodeObject(crd, crdInfo).object).toEqual(crd);
  });
});

describe('decodeObject on clean bodies', () => {
  // A duplicate path that names nothing sends a body through the error-keeping decoder without
  // changing its outcome: the clean walk must build exactly what that decoder builds.
  const bookkeeping: DecodeOptions = { duplicateFields: ['no.such.path'] };
  const bodies: Record<string, unknown>[] = [
    {
      kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p', labels: { b: '1', a: null }, annotations: { '1': 'x', z: 'y' } },
      spec: {
        hostname: null, containers: [container({
          args: [null, 'x'], ports: [{ containerPort: 80, protocol: 'TCP' }],
          resources: { limits: { cpu: 1, memory: '64Mi' }, requests: { cpu: null } },
          readinessProbe: { httpGet: { port: 'http', path: '/' }, periodSeconds: 3 },
        })],
        terminationGracePeriodSeconds: 30, enableServiceLinks: false,
      },
    },
    {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', creationTimestamp: null },
      spec: { replicas: 2, selector: { matchLabels: { app: 'd' } }, strategy: { rollingUpdate: { maxSurge: '25%', maxUnavailable: 1 } },
        template: { metadata: { labels: { app: 'd' } }, spec: { containers: [container({})] } } },
      status: {},
    },
    { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { k: 'aGk=', lines: 'aGVsbG8g\nd29ybGQ=\n', bits: 'dGVzdB==' }, type: 'Opaque' },
    { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'c' }, spec: { schedule: '* * * * *', jobTemplate: { spec: { activeDeadlineSeconds: 5, template: { spec: { containers: [container({})], restartPolicy: 'Never' } } } } } },
    {
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'a.b' },
      spec: { versions: [{ name: 'v1', schema: { openAPIV3Schema: { type: 'object', default: { x: [1] } } } }] },
    },
  ];
  for (const body of bodies) {
    it(`builds what the error-keeping decoder builds for a ${body.kind as string}`, () => {
      const info = builtinRegistry.forKind(body.apiVersion as string, body.kind as string);
      const clean = decodeObject(body, info).object;
      const kept = decodeObject(body, info, bookkeeping).object;
      expect(JSON.stringify(clean)).toBe(JSON.stringify(kept));
      expect(clean).toEqual(kept);
    });
  }

  it('keeps []byte fields as they are encoded again: one line, padded, trailing bits zeroed', () => {
    const info = builtinRegistry.forKind('v1', 'Secret');
    const body = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { lines: 'aGVsbG8g\nd29ybGQ=\n', bits: 'dGVzdB==' } };
    for (const o of [{}, bookkeeping]) expect((decodeObject(body, info, o).object as unknown as { data: unknown }).data).toEqual({ lines: 'aGVsbG8gd29ybGQ=', bits: 'dGVzdA==' });
  });

  it('leaves out an omitempty field left empty (not a pointer, nor a struct), in both paths', () => {
    const info = builtinRegistry.forKind('v1', 'Pod');
    const body = {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: {}, annotations: {} },
      spec: { hostNetwork: false, dnsPolicy: '', automountServiceAccountToken: false, terminationGracePeriodSeconds: 0,
        containers: [{ name: 'c', image: 'i', env: [], ports: [], stdin: false, resources: {} }] },
    };
    for (const o of [{}, bookkeeping]) {
      expect(decodeObject(body, info, o).object).toEqual({
        apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' },
        spec: { automountServiceAccountToken: false, terminationGracePeriodSeconds: 0, containers: [{ name: 'c', image: 'i', resources: {} }] },
      });
    }
  });

  it('leaves a body with anything to report to the error-keeping decoder', () => {
    const info = builtinRegistry.forKind('v1', 'ConfigMap');
    const body = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', zeta: 1 }, data: { a: 'b' } };
    expect(decodeObject(body, info, { fieldValidation: 'Warn' }).warnings).toEqual(['unknown field "metadata.zeta"']);
    expect(JSON.stringify(decodeObject(body, info, { fieldValidation: 'Ignore' }).object))
      .toBe('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"b"}}');
  });
});
