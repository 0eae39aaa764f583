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
});
