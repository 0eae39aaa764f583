/**
 * apply --overwrite=false: kubectl makes its patch refusing any key the live object changed
 * otherwise since the last apply, and the last-applied annotation counts as such a change, so
 * any apply that would change the object is refused, with the three documents, the patch and
 * the change. The texts with --openapi-patch=false were compared with kubectl 1.32's through
 * `kubemu serve` (byte for byte); against a real server kubectl first warns once per OpenAPI
 * schema it tried, which serve's OpenAPI does not lead it to (docs/serve.md).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { toCompactJson } from '../../src/yaml/write-json';
import { manualCluster } from '../helpers/run-cli';

const CM = (b: string, extra = '') => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: owc\ndata:\n  a: "1"\n  b: "${b}"\n${extra}`;
const lastApplied = (b: string) => `{"apiVersion":"v1","data":{"a":"1","b":"${b}"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"owc","namespace":"default"}}`;

describe('apply --overwrite=false', () => {
  const home = manualCluster('overwrite', 7);
  afterAll(() => home.cleanup());
  const cm1 = home.file('cm1.yaml', CM('2'));
  const cm2 = home.file('cm2.yaml', CM('3'));
  const live = () => JSON.parse(home.run('get cm owc -o json --show-managed-fields').stdout);

  /** refusal is kubectl's error for cm2.yaml over the live ConfigMap `current`, as printed alone. */
  const refusal = (current: { metadata: Record<string, unknown> & { managedFields: { time: string }[] } }) => {
    const m = current.metadata;
    const [csa, label] = m.managedFields;
    const conflict = `patch:
data:
  b: "3"
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      ${lastApplied('3')}

conflicts with changes made from original to current:
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      ${lastApplied('2')}
  creationTimestamp: "${m.creationTimestamp}"
  labels:
    x: "y"
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        .: {}
        f:a: {}
        f:b: {}
      f:metadata:
        f:annotations:
          .: {}
          f:kubectl.kubernetes.io/last-applied-configuration: {}
    manager: kubectl-client-side-apply
    operation: Update
    time: "${csa!.time}"
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:metadata:
        f:labels:
          .: {}
          f:x: {}
    manager: kubectl-label
    operation: Update
    time: "${label!.time}"
  resourceVersion: "${m.resourceVersion}"
  uid: ${m.uid}

`;
    const modified = `{"apiVersion":"v1","data":{"a":"1","b":"3"},"kind":"ConfigMap","metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":${JSON.stringify(`${lastApplied('3')}\n`)}},"name":"owc","namespace":"default"}}`;
    const error = `error when applying patch:

to:
Resource: "/v1, Resource=configmaps", GroupVersionKind: "/v1, Kind=ConfigMap"
Name: "owc", Namespace: "default"
for: "${cm2}": error when patching "${cm2}": creating patch with:
original:
${lastApplied('2')}

modified:
${modified}

current:
${toCompactJson(current)}

for:: ${conflict}`;
    return { conflict, error };
  };

  it('applies what changes nothing', () => {
    expect(home.run(['apply', '-f', cm1]).stdout).toBe('configmap/owc created\n');
    expect(home.run(['apply', '-f', cm1, '--overwrite=false'])).toEqual({ code: 0, stdout: 'configmap/owc unchanged\n', stderr: '' });
    expect(home.run('label cm owc x=y').code).toBe(0);
  });

  it('refuses a change over one made since the last apply, showing the documents, the patch and the change', () => {
    const before = live();
    const { error } = refusal(before);
    expect(home.run(['apply', '-f', cm2, '--overwrite=false', '--openapi-patch=false'])).toEqual({ code: 1, stdout: '', stderr: `error: ${error}` });
    expect(live()).toEqual(before);
  });

  it('warns once per OpenAPI schema kubectl tried first', () => {
    const { conflict, error } = refusal(live());
    const warning = (schema: string) => `warning: error calculating patch from ${schema} spec: ${conflict}\n`;
    expect(home.run(['apply', '-f', cm2, '--overwrite=false']).stderr).toBe(`${warning('openapi v3')}${warning('openapi')}error: ${error}`);
    expect(home.run(['apply', '-f', cm2, '--overwrite=false'], { env: { KUBECTL_OPENAPIV3_PATCH: 'false' } }).stderr).toBe(`${warning('openapi')}error: ${error}`);
  });

  it('prints each refusal of a stream in the standard form, and a client dry run makes no patch', () => {
    const { error } = refusal(live());
    const both = home.file('both.yaml', `${CM('3')}---\n${CM('3').replace('owc', 'other')}`);
    expect(home.run(['apply', '-f', home.file('other.yaml', CM('1').replace('owc', 'other'))]).code).toBe(0);
    const r = home.run(['apply', '-f', both, '--overwrite=false', '--openapi-patch=false']);
    expect(r.code).toBe(1);
    expect(r.stderr.startsWith(`${error.replaceAll(cm2, both)}\n${'error when applying patch:'}`)).toBe(true);
    expect(r.stderr.endsWith('\n\n')).toBe(true);
    expect(home.run(['apply', '-f', cm2, '--overwrite=false', '--dry-run=client'])).toEqual({ code: 0, stdout: 'configmap/owc configured (dry run)\n', stderr: '' });
  });

  it('lets an object made without the annotation take it, when nothing else changes', () => {
    expect(home.run('create configmap made --from-literal=a=1').code).toBe(0);
    const r = home.run(['apply', '-f', home.file('made.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: made\ndata:\n  a: "1"\n'), '--overwrite=false', '--openapi-patch=false']);
    expect(r.stdout).toBe('configmap/made configured\n');
    expect(r.stderr).toContain('missing the kubectl.kubernetes.io/last-applied-configuration annotation');
  });
});
