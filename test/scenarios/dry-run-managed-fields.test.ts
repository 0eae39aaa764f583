/**
 * A server dry run answers with the managedFields the write would record wherever they can be
 * seen: an output that shows them, a template, an audit log of the answer, an admission
 * policy's object. kubemu leaves them out only where nothing reads them (kubectl's name lines,
 * YAML and JSON without --show-managed-fields).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster, tempHome } from '../helpers/run-cli';

const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  a: "1"\n';

type Json = Record<string, any>;

describe('managedFields of a server dry run', () => {
  const home = manualCluster('dmf', 7);
  afterAll(() => home.cleanup());

  it('are the ones the write records, with --show-managed-fields', () => {
    const file = home.file('cfg.yaml', CM);
    const dry = home.run(['apply', '--dry-run=server', '-f', file, '-o', 'json', '--show-managed-fields']);
    expect(dry.code).toBe(0);
    const fields = (JSON.parse(dry.stdout) as Json).metadata.managedFields;
    expect(fields).toEqual([{
      apiVersion: 'v1', fieldsType: 'FieldsV1', manager: 'kubectl-client-side-apply', operation: 'Update', time: expect.any(String),
      fieldsV1: { 'f:data': { '.': {}, 'f:a': {} }, 'f:metadata': { 'f:annotations': { '.': {}, 'f:kubectl.kubernetes.io/last-applied-configuration': {} } } },
    }]);
    expect(home.run(['apply', '-f', file]).stdout).toBe('configmap/cfg created\n');
    const stored = JSON.parse(home.run('get cm cfg -o json --show-managed-fields').stdout) as Json;
    expect(stored.metadata.managedFields).toEqual(fields);
    // Without the flag the output leaves them out, as before.
    const plain = JSON.parse(home.run(['create', '--dry-run=server', '-f', home.file('other.yaml', CM.replace('cfg', 'other')), '-o', 'json']).stdout) as Json;
    expect(plain.metadata.managedFields).toBeUndefined();
  });

  it('are there for a template', () => {
    const file = home.file('t.yaml', CM.replace('cfg', 't'));
    expect(home.run(['create', '--dry-run=server', '-f', file, '-o', 'jsonpath={.metadata.managedFields[0].manager}'])).toEqual({ stdout: 'kubectl-create', stderr: '', code: 0 });
  });

  it('are there for an admission policy that reads them', () => {
    const policy = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: has-fields}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}
  validations:
  - expression: "has(object.metadata.managedFields) && object.metadata.managedFields.size() == 1"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: has-fields}
spec:
  policyName: has-fields
  validationActions: [Deny]
`;
    expect(home.run(['apply', '-f', home.file('policy.yaml', policy)]).code).toBe(0);
    expect(home.run(['apply', '--dry-run=server', '-f', home.file('p.yaml', CM.replace('cfg', 'p'))]))
      .toEqual({ stdout: 'configmap/p created (server dry run)\n', stderr: '', code: 0 });
  });
});

describe('an audit log of a server dry run', () => {
  const home = tempHome();
  afterAll(() => home.cleanup());

  it('shows the answer with its managedFields', () => {
    home.file('policy.yaml', 'apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [RequestReceived]\nrules:\n- level: RequestResponse\n  resources:\n  - group: ""\n    resources: ["configmaps"]\n');
    fs.mkdirSync(path.join(home.dir, 'audit'));
    expect(home.run('cluster create lab --clock manual --workers 1 --audit-policy policy.yaml --audit-log-path audit/api.log').code).toBe(0);
    expect(home.run(['apply', '--dry-run=server', '-f', home.file('cfg.yaml', CM)])).toEqual({ stdout: 'configmap/cfg created (server dry run)\n', stderr: '', code: 0 });
    const log = fs.readFileSync(path.join(home.dir, 'audit', 'api.log'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Json);
    const write = log.find((e) => e.objectRef.resource === 'configmaps' && e.verb === 'patch')!;
    expect(write.responseObject.metadata.managedFields.map((f: Json) => f.manager)).toEqual(['kubectl-client-side-apply']);
  });
});
