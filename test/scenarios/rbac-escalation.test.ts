/**
 * RBAC escalation prevention through the CLI: a user who may create bindings or roles cannot
 * grant what she does not hold, unless she has `bind` on the role or `escalate` on roles.
 * And impersonation's implied groups.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const NOT_HELD = 'user "carol" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:';

describe('RBAC escalation prevention', () => {
  let home: TempHome;
  const ok = (line: string) => expect(home.run(line)).toMatchObject({ code: 0 });
  beforeAll(() => {
    home = manualCluster('escalation', 1);
    ok('create namespace dev');
    ok('create clusterrole crb-maker --verb=create --resource=clusterrolebindings');
    ok('create clusterrolebinding carol-crb --clusterrole=crb-maker --user=carol');
    ok('create role role-maker --verb=create,get,patch --resource=roles -n dev');
    ok('create rolebinding carol-roles --role=role-maker --user=carol -n dev');
  });
  afterAll(() => home.cleanup());

  it('refuses binding oneself to cluster-admin with only create on clusterrolebindings', () => {
    expect(home.run('create clusterrolebinding mine --clusterrole=cluster-admin --user=carol --as=carol')).toEqual({
      code: 1, stdout: '',
      stderr: `error: failed to create clusterrolebinding: clusterrolebindings.rbac.authorization.k8s.io "mine" is forbidden: ${NOT_HELD}\n{APIGroups:["*"], Resources:["*"], Verbs:["*"]}\n{NonResourceURLs:["*"], Verbs:["*"]}\n`,
    });
    expect(home.run('get clusterrolebinding mine').code).toBe(1);
  });

  it('refuses a role with rules she does not hold, and names each missing rule', () => {
    const role = 'apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata: {name: all, namespace: dev}\nrules:\n- {apiGroups: ["*"], resources: ["*"], verbs: ["*"]}\n';
    expect(home.run('apply -f - --as=carol', { stdin: role })).toEqual({
      code: 1, stdout: '',
      stderr: `Error from server (Forbidden): error when creating "STDIN": roles.rbac.authorization.k8s.io "all" is forbidden: ${NOT_HELD}\n{APIGroups:["*"], Resources:["*"], Verbs:["*"]}\n`,
    });
  });

  it('allows granting what she holds, and what bind or escalate allow', () => {
    ok('create role role-editor --verb=get,create --resource=roles -n dev --as=carol');
    ok('create clusterrole binder --verb=bind --resource=clusterroles --resource-name=view');
    ok('create clusterrolebinding carol-binder --clusterrole=binder --user=carol');
    ok('create clusterrolebinding carol-view --clusterrole=view --user=carol --as=carol');
    expect(home.run('create clusterrolebinding carol-edit --clusterrole=edit --user=carol --as=carol').code).toBe(1);
    ok('create clusterrole escalator --verb=escalate --resource=roles');
    ok('create clusterrolebinding carol-escalator --clusterrole=escalator --user=carol');
    ok('create role everything --verb=* --resource=* -n dev --as=carol');
  });
});

describe('impersonation groups', () => {
  it('adds system:authenticated unless a group says otherwise, and system:unauthenticated to the anonymous user', () => {
    const home = manualCluster('whoami-groups', 1);
    try {
      const canI = (line: string) => home.run(`auth can-i ${line}`).stdout;
      for (const line of ['create clusterrole pod-lister --verb=list --resource=pods', 'create clusterrolebinding unauth-pods --clusterrole=pod-lister --group=system:unauthenticated',
        'create clusterrole secret-lister --verb=list --resource=secrets', 'create clusterrolebinding auth-secrets --clusterrole=secret-lister --group=system:authenticated']) {
        expect(home.run(line).code).toBe(0);
      }
      expect(canI('list pods --as=system:anonymous')).toBe('yes\n');
      expect(canI('list secrets --as=system:anonymous')).toBe('no\n');
      expect(canI('list pods --as=bob --as-group=system:unauthenticated')).toBe('yes\n');
      expect(canI('list secrets --as=bob --as-group=system:unauthenticated')).toBe('no\n');
      expect(canI('list secrets --as=bob')).toBe('yes\n');
      expect(canI('list pods --as=bob')).toBe('no\n');
    } finally { home.cleanup(); }
  });
});
