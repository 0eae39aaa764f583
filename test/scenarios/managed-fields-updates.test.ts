/**
 * managedFields on every write, as kube-apiserver records them: `create` and `label` each
 * leave an Update entry under kubectl's manager for the verb (the fields it set, `.` on maps
 * it added), the kubelet's status writes one under `subresource: status`, and the first
 * `apply --server-side` over a client-side applied object takes kubectl-client-side-apply's
 * fields without a conflict (another manager name does conflict).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const home = manualCluster('mf', 7);
afterAll(() => home.cleanup());

const managers = (target: string) =>
  home.run(['get', ...target.split(' '), '-o', 'jsonpath={range .metadata.managedFields[*]}{.manager}/{.operation}/{.subresource} {end}']).stdout;

const DEPLOY = (replicas: number) => `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: ${replicas}\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.27\n`;

describe('managedFields of create and update', () => {
  it('records create and label under their managers; -o yaml shows them only with --show-managed-fields', () => {
    expect(home.run('create configmap settings --from-literal=a=1').code).toBe(0);
    expect(home.run('label configmap settings tier=fe').code).toBe(0);
    const meta = (f: string) => home.run(['get', 'cm', 'settings', '-o', `jsonpath={.metadata.${f}}`]).stdout;
    const time = meta('creationTimestamp');
    expect(home.run('get cm settings -o yaml --show-managed-fields')).toEqual({ code: 0, stderr: '', stdout: [
      'apiVersion: v1',
      'data:',
      '  a: "1"',
      'kind: ConfigMap',
      'metadata:',
      `  creationTimestamp: "${time}"`,
      '  labels:',
      '    tier: fe',
      '  managedFields:',
      '  - apiVersion: v1',
      '    fieldsType: FieldsV1',
      '    fieldsV1:',
      '      f:data:',
      '        .: {}',
      '        f:a: {}',
      '    manager: kubectl-create',
      '    operation: Update',
      `    time: "${time}"`,
      '  - apiVersion: v1',
      '    fieldsType: FieldsV1',
      '    fieldsV1:',
      '      f:metadata:',
      '        f:labels:',
      '          .: {}',
      '          f:tier: {}',
      '    manager: kubectl-label',
      '    operation: Update',
      `    time: "${time}"`,
      '  name: settings',
      '  namespace: default',
      `  resourceVersion: "${meta('resourceVersion')}"`,
      `  uid: ${meta('uid')}`,
      '',
    ].join('\n') });
    expect(home.run('get cm settings -o yaml').stdout).not.toContain('managedFields');
    expect(home.run('get cm settings -o json').stdout).not.toContain('managedFields');
  });

  it('records the kubelet\'s status under the status subresource, and kubectl scale as kubectl', () => {
    expect(home.run('run p --image=nginx').code).toBe(0);
    expect(home.run('tick 30s').code).toBe(0);
    expect(managers('pod p')).toBe('kubectl-run/Update/ kubelet/Update/status ');
    expect(home.run('create deployment d --image=nginx').code).toBe(0);
    expect(home.run('scale deployment d --replicas=2').code).toBe(0);
    expect(managers('deployment d')).toBe('kube-controller-manager/Update/ kube-controller-manager/Update/status kubectl/Update/scale kubectl-create/Update/ ');
  });

  it('moves client-side apply\'s fields to kubectl on the first apply --server-side; another manager conflicts', () => {
    expect(home.run(['apply', '-f', home.file('web.yaml', DEPLOY(2))]).stdout).toBe('deployment.apps/web created\n');
    const file = home.file('web3.yaml', DEPLOY(3));
    const other = home.run(['apply', '--server-side', '--field-manager=other', '-f', file]);
    expect(other.code).toBe(1);
    expect(other.stderr.split('\n')[0]).toBe('error: Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps/v1: .spec.replicas');
    expect(home.run(['apply', '--server-side', '-f', file])).toEqual({ stdout: 'deployment.apps/web serverside-applied\n', stderr: '', code: 0 });
    // kubectl-last-applied keeps the annotation (applied unchanged, so it has no time and sorts first).
    expect(managers('deployment web')).toBe('kubectl-last-applied/Apply/ kubectl/Apply/ kube-controller-manager/Update/ kube-controller-manager/Update/status ');
    expect(home.run('get deployment web -o jsonpath={.spec.replicas}').stdout).toBe('3');
    // The last-applied annotation follows the configuration kubectl applied.
    expect(home.run(['get', 'deployment', 'web', '-o', 'jsonpath={.metadata.annotations.kubectl\\.kubernetes\\.io/last-applied-configuration}']).stdout)
      .toContain('"replicas":3');
    // kubectl now owns what it applied: dropping a field from the manifest removes it.
    const kubectl = home.run(['get', 'deployment', 'web', '-o', 'jsonpath={.metadata.managedFields[1].fieldsV1}']).stdout;
    expect(JSON.parse(kubectl)).toEqual({
      'f:spec': {
        'f:replicas': {}, 'f:selector': {},
        'f:template': { 'f:metadata': { 'f:labels': { 'f:app': {} } }, 'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': { '.': {}, 'f:image': {}, 'f:name': {} } } } },
      },
    });
  });

  it('keeps them in a list for the printers that read them (a list for a table or YAML leaves them out)', () => {
    expect(home.run('create namespace mf-list').code).toBe(0);
    expect(home.run('create configmap a -n mf-list --from-literal=k=v').code).toBe(0);
    const b = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: b\n  namespace: mf-list\ndata:\n  k: v\n';
    expect(home.run('apply -f -', { stdin: b }).code).toBe(0);
    expect(home.run('get cm -n mf-list -o custom-columns=NAME:.metadata.name,MANAGER:.metadata.managedFields[0].manager').stdout)
      .toBe('NAME               MANAGER\na                  kubectl-create\nb                  kubectl-client-side-apply\nkube-root-ca.crt   kube-controller-manager\n');
    expect(home.run(['get', 'cm', '-n', 'mf-list', '-o', 'jsonpath={.items[*].metadata.managedFields[0].operation}']).stdout).toBe('Update Update Update');
    // Sorted by the first manager's name, not by the objects' names.
    expect(home.run('get cm -n mf-list --sort-by=.metadata.managedFields[0].manager -o name').stdout)
      .toBe('configmap/kube-root-ca.crt\nconfigmap/b\nconfigmap/a\n');
    expect(home.run('get cm -n mf-list -o yaml --show-managed-fields').stdout.match(/managedFields:/g)).toHaveLength(3);
    expect(home.run('get cm -n mf-list -o yaml').stdout).not.toContain('managedFields');
  });

  it('keeps them in a list for a custom resource whose printer column reads them', () => {
    const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gadgets.example.com}
spec:
  group: example.com
  names: {kind: Gadget, plural: gadgets, singular: gadget}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
    additionalPrinterColumns:
    - {name: Manager, type: string, jsonPath: '.metadata.managedFields[0].manager'}
`;
    expect(home.run('apply -f -', { stdin: crd }).code).toBe(0);
    expect(home.run('create -f -', { stdin: 'apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\nspec: {size: 1}\n' }).code).toBe(0);
    expect(home.run('get gadgets').stdout).toBe('NAME   MANAGER\ng      kubectl-create\n');
  });
});
