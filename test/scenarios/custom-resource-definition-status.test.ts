/**
 * A CustomResourceDefinition as kube-apiserver keeps it, through the real CLI: its names and
 * conversion defaulted, the storage version recorded as stored, and the naming and establishing
 * controllers' status: the names accepted unless another CRD of the group holds them, and
 * Established, which `kubectl wait --for condition=established` waits for; a CRD that is not
 * established is not served.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const crd = (name: string, plural: string, kind: string, extra = '') => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: ${name}}
spec:
  group: example.com
  names: {kind: ${kind}, plural: ${plural}${extra}}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}
`;

describe('a CustomResourceDefinition\'s defaults and status', () => {
  const home = manualCluster('crdstatus', 3);
  afterAll(() => home.cleanup());
  const conditions = (name: string) => home.run(['get', 'crd', name, '-o', 'jsonpath={range .status.conditions[*]}{.type}={.status} {.reason}: {.message}{"\\n"}{end}']).stdout;

  it('is established once its names are accepted, and kubectl wait sees it', () => {
    expect(home.run('apply -f -', { stdin: crd('widgets.example.com', 'widgets', 'Widget') }).code).toBe(0);
    expect(home.run('wait --for condition=established crd/widgets.example.com --timeout=10s'))
      .toEqual({ stdout: 'customresourcedefinition.apiextensions.k8s.io/widgets.example.com condition met\n', stderr: '', code: 0 });
    expect(conditions('widgets.example.com')).toBe('NamesAccepted=True NoConflicts: no conflicts found\nEstablished=True InitialNamesAccepted: the initial names have been accepted\n');
    const got = JSON.parse(home.run('get crd widgets.example.com -o json --show-managed-fields').stdout);
    expect(got.spec.names).toEqual({ kind: 'Widget', listKind: 'WidgetList', plural: 'widgets', singular: 'widget' });
    expect(got.spec.conversion).toEqual({ strategy: 'None' });
    expect(got.status.acceptedNames).toEqual(got.spec.names);
    expect(got.status.storedVersions).toEqual(['v1']);
    expect(got.metadata.managedFields.map((f: { manager: string; subresource?: string }) => `${f.manager}${f.subresource ? `/${f.subresource}` : ''}`))
      .toEqual(['kube-apiserver/status', 'kubectl-client-side-apply']);
  });

  it('refuses names another CRD of the group holds, and accepts them once it is gone', () => {
    expect(home.run('apply -f -', { stdin: crd('gadgets.example.com', 'gadgets', 'Widget', ', shortNames: [gd]') }).code).toBe(0);
    expect(conditions('gadgets.example.com')).toBe('NamesAccepted=False ListKindConflict: "WidgetList" is already in use\nEstablished=False NotAccepted: not all names are accepted\n');
    expect(home.run(['get', 'crd', 'gadgets.example.com', '-o', 'jsonpath={.status.acceptedNames}']).stdout).toBe('{"kind":"","plural":"gadgets","shortNames":["gd"]}');
    expect(home.run('wait --for condition=established crd/gadgets.example.com --timeout=5s').code).toBe(1);
    // Not established, it is not served: neither in discovery nor by name.
    expect(home.run('get gadgets')).toEqual({ stdout: '', stderr: 'error: the server doesn\'t have a resource type "gadgets"\n', code: 1 });
    expect(home.run('api-resources --api-group example.com -o name').stdout).toBe('widgets.example.com\n');
    expect(home.run('delete crd widgets.example.com').code).toBe(0);
    expect(home.run('get gd')).toEqual({ stdout: '', stderr: 'No resources found in default namespace.\n', code: 0 });
    expect(conditions('gadgets.example.com')).toBe('NamesAccepted=True NoConflicts: no conflicts found\nEstablished=True InitialNamesAccepted: the initial names have been accepted\n');
  });

  it('starts a create from an empty status and keeps it across updates, adding a new storage version', () => {
    const withStatus = `${crd('things.example.com', 'things', 'Thing')}status:\n  storedVersions: [v0]\n`;
    expect(home.run(['create', '--dry-run=server', '-o', 'jsonpath={.status}', '-f', '-'], { stdin: withStatus }).stdout)
      .toBe('{"acceptedNames":{"kind":"","plural":""},"storedVersions":["v1"]}');
    expect(home.run('apply -f -', { stdin: crd('things.example.com', 'things', 'Thing') }).code).toBe(0);
    const v2 = crd('things.example.com', 'things', 'Thing').replace('    storage: true', '    storage: false')
      + '  - name: v2\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}\n';
    expect(home.run('apply -f -', { stdin: v2 }).code).toBe(0);
    expect(home.run(['get', 'crd', 'things.example.com', '-o', 'jsonpath={.status.storedVersions} {.status.conditions[1].type}']).stdout).toBe('["v1","v2"] Established');
  });

  it('deletes its objects when it is deleted, waiting for those that are terminating', () => {
    const cr = (name: string, extra = '') => `apiVersion: example.com/v1\nkind: Doohickey\nmetadata: {name: ${name}${extra}}\n`;
    expect(home.run('apply -f -', { stdin: crd('doohickeys.example.com', 'doohickeys', 'Doohickey') }).code).toBe(0);
    expect(home.run('apply -f -', { stdin: cr('d1') }).code).toBe(0);
    expect(home.run('delete crd doohickeys.example.com').stdout).toBe('customresourcedefinition.apiextensions.k8s.io "doohickeys.example.com" deleted\n');
    // Made again, the resource has none of the old objects.
    expect(home.run('apply -f -', { stdin: crd('doohickeys.example.com', 'doohickeys', 'Doohickey') }).code).toBe(0);
    expect(home.run('get doohickeys').stderr).toBe('No resources found in default namespace.\n');
    // An object held by a finalizer holds the CRD, Terminating, until it goes.
    expect(home.run('apply -f -', { stdin: cr('d2', ', finalizers: [example.com/hold]') }).code).toBe(0);
    expect(home.run('delete crd doohickeys.example.com --timeout=10s')).toEqual({
      stdout: 'customresourcedefinition.apiextensions.k8s.io "doohickeys.example.com" deleted\n',
      stderr: 'error: timed out waiting for the condition on customresourcedefinitions/doohickeys.example.com\n', code: 1,
    });
    expect(home.run(['get', 'crd', 'doohickeys.example.com', '-o', 'jsonpath={.metadata.finalizers} {.status.conditions[2].type}={.status.conditions[2].status} {.status.conditions[2].reason}: {.status.conditions[2].message}']).stdout)
      .toBe('["customresourcecleanup.apiextensions.k8s.io"] Terminating=True InstanceDeletionInProgress: CustomResource deletion is in progress');
    expect(home.run(['get', 'doohickey', 'd2', '-o', 'jsonpath={.metadata.deletionTimestamp}']).stdout).not.toBe('');
    expect(home.run(['patch', 'doohickey', 'd2', '--type', 'merge', '-p', '{"metadata":{"finalizers":null}}']).code).toBe(0);
    expect(home.run('tick 1m').code).toBe(0);
    expect(home.run('get crd doohickeys.example.com').stderr).toBe('Error from server (NotFound): customresourcedefinitions.apiextensions.k8s.io "doohickeys.example.com" not found\n');
  });
});
