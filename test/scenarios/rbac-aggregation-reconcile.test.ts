import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const SECRETS_VIEWER = `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: secrets-view
  labels:
    rbac.authorization.k8s.io/aggregate-to-view: "true"
rules:
- apiGroups: [""]
  resources: ["secrets"]
  verbs: ["get", "list"]
`;

const READER = (verbs: string) => `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: reader
  namespace: team
rules:
- apiGroups: [""]
  resources: ["pods"]
  verbs: [${verbs}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: reader
  namespace: team
subjects:
- kind: User
  name: jane
  apiGroup: rbac.authorization.k8s.io
roleRef:
  kind: Role
  name: reader
  apiGroup: rbac.authorization.k8s.io
`;
const RULE = (verbs: string, groups = '', resources = 'pods') => `\t\t{Verbs:[${verbs}] APIGroups:[${groups}] Resources:[${resources}] ResourceNames:[] NonResourceURLs:[]}\n`;
const RECONCILED = (suffix = '') => `role.rbac.authorization.k8s.io/reader reconciled${suffix}\nrolebinding.rbac.authorization.k8s.io/reader reconciled${suffix}\n`;

describe('RBAC: aggregation and auth reconcile', () => {
  let home: TempHome;
  beforeAll(() => { home = manualCluster('rbac2', 7); });
  afterAll(() => home.cleanup());

  it('the clusterrole-aggregation controller writes labelled roles\' rules into view, then edit and admin', () => {
    expect(home.run('create rolebinding jane-view --clusterrole=view --user=jane').code).toBe(0);
    expect(home.run('auth can-i list secrets --as jane').stdout).toBe('no\n');
    expect(home.run('apply -f -', { stdin: SECRETS_VIEWER }).stdout).toBe('clusterrole.rbac.authorization.k8s.io/secrets-view created\n');
    // Upstream's order: per selector, the matched roles by name ("secrets-view" < "system:aggregate-to-view").
    expect(home.run(['get', 'clusterrole', 'view', '-o', 'jsonpath={.rules[0]}']).stdout)
      .toBe('{"apiGroups":[""],"resources":["secrets"],"verbs":["get","list"]}');
    expect(home.run('auth can-i list secrets --as jane').stdout).toBe('yes\n');
    expect(home.run(['get', 'clusterrole', 'admin', '-o', 'jsonpath={.rules[*].resources}']).stdout).toContain('["secrets"]');
    // A direct edit of an aggregated role's rules is stomped.
    expect(home.run(['patch', 'clusterrole', 'view', '--type=json', '-p', '[{"op":"add","path":"/rules/-","value":{"apiGroups":[""],"resources":["nodes"],"verbs":["delete"]}}]']).code).toBe(0);
    expect(home.run(['get', 'clusterrole', 'view', '-o', 'jsonpath={.rules[*].resources}']).stdout).not.toContain('nodes');
    expect(home.run('delete clusterrole secrets-view').code).toBe(0);
    expect(home.run('auth can-i list secrets --as jane').stdout).toBe('no\n');
  });

  it('auth reconcile creates, adds what is missing, and removes extras only when asked, with kubectl\'s report', () => {
    home.file('reader.yaml', READER('"get", "list"'));
    const jane = { kind: 'Kind:User APIGroup:rbac.authorization.k8s.io Name:jane Namespace:' };
    expect(home.run('auth reconcile -f reader.yaml --dry-run=client')).toEqual({
      stdout: RECONCILED(' (dry run)'), code: 0,
      stderr: `\treconciliation required create\n\tmissing rules added:\n${RULE('get list')}\treconciliation required create\n\tmissing subjects added:\n\t\t{${jane.kind}}\n`,
    });
    expect(home.run('get ns team').code).toBe(1);
    // The Role's namespace is created with it.
    expect(home.run('auth reconcile -f reader.yaml').stdout).toBe(RECONCILED());
    expect(home.run('auth can-i list pods -n team --as jane').stdout).toBe('yes\n');
    expect(home.run('auth reconcile -f reader.yaml')).toEqual({ stdout: RECONCILED(), stderr: '', code: 0 });
    // Extra permissions and subjects stay unless asked; missing ones are added, broken down by verb.
    expect(home.run(['patch', 'role', 'reader', '-n', 'team', '--type=json', '-p', '[{"op":"add","path":"/rules/-","value":{"apiGroups":["apps"],"resources":["deployments"],"verbs":["delete"]}}]']).code).toBe(0);
    expect(home.run(['patch', 'rolebinding', 'reader', '-n', 'team', '--type=json', '-p', '[{"op":"add","path":"/subjects/-","value":{"kind":"User","name":"bob","apiGroup":"rbac.authorization.k8s.io"}}]']).code).toBe(0);
    home.file('reader.yaml', READER('"get", "list", "watch"'));
    expect(home.run('auth reconcile -f reader.yaml')).toEqual({
      stdout: RECONCILED(), code: 0, stderr: `\treconciliation required update\n\tmissing rules added:\n${RULE('watch')}`,
    });
    expect(home.run('auth can-i delete deployments -n team --as jane').stdout).toBe('yes\n');
    expect(home.run('auth reconcile -f reader.yaml --remove-extra-permissions --remove-extra-subjects')).toEqual({
      stdout: RECONCILED(), code: 0,
      stderr: `\treconciliation required update\n\textra rules removed:\n${RULE('delete', 'apps', 'deployments')}`
        + '\treconciliation required update\n\textra subjects removed:\n\t\t{Kind:User APIGroup:rbac.authorization.k8s.io Name:bob Namespace:}\n',
    });
    expect(home.run(['get', 'role', 'reader', '-n', 'team', '-o', 'jsonpath={.rules}']).stdout)
      .toBe('[{"apiGroups":[""],"resources":["pods"],"verbs":["get","list","watch"]}]');
    expect(home.run('auth can-i delete deployments -n team --as jane').stdout).toBe('no\n');
    // An object that opted out of autoupdate is reported, not written.
    expect(home.run(['annotate', 'role', 'reader', '-n', 'team', 'rbac.authorization.kubernetes.io/autoupdate=false']).code).toBe(0);
    home.file('reader.yaml', READER('"get", "list", "watch", "delete"'));
    expect(home.run('auth reconcile -f reader.yaml').stderr).toBe(
      `\treconciliation required update, but object opted out (rbac.authorization.kubernetes.io/autoupdate: false)\n\tmissing rules added:\n${RULE('delete')}`);
    expect(home.run('auth can-i delete pods -n team --as jane').stdout).toBe('no\n');
    expect(home.run('auth reconcile -f reader.yaml --dry-run=server').stderr).toBe('error: --dry-run=server for command reconcile is not supported yet\n');
  });
});
