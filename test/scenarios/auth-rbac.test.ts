import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const ROLE = `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: pod-reader
  namespace: dev
rules:
- apiGroups: [""]
  resources: ["pods"]
  verbs: ["get", "list"]
`;

describe('RBAC authorization with --as', () => {
  let home: TempHome;
  beforeAll(() => { home = manualCluster('auth', 7); });
  afterAll(() => home.cleanup());

  it('denies an unbound user with kubectl\'s Forbidden texts', () => {
    expect(home.run('get pods --as jane')).toEqual({
      stdout: '', code: 1,
      stderr: 'Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"\n',
    });
    expect(home.run('get deploy web -n dev --as jane').stderr)
      .toBe('Error from server (Forbidden): deployments.apps "web" is forbidden: User "jane" cannot get resource "deployments" in API group "apps" in the namespace "dev"\n');
    expect(home.run('get nodes --as jane').stderr)
      .toBe('Error from server (Forbidden): nodes is forbidden: User "jane" cannot list resource "nodes" in API group "" at the cluster scope\n');
    expect(home.run('get pods -A --as jane').stderr)
      .toBe('Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" at the cluster scope\n');
    expect(home.run('run web --image=nginx --as jane').stderr)
      .toBe('Error from server (Forbidden): pods is forbidden: User "jane" cannot create resource "pods" in API group "" in the namespace "default"\n');
  });

  it('allows what a RoleBinding grants, in its namespace only', () => {
    expect(home.run('create namespace dev').code).toBe(0);
    const role = home.file('role.yaml', ROLE);
    expect(home.run(`apply -f ${role}`).stdout).toBe('role.rbac.authorization.k8s.io/pod-reader created\n');
    expect(home.run('create rolebinding jane-read --role=pod-reader --user=jane -n dev').code).toBe(0);
    expect(home.run('get pods -n dev --as jane')).toEqual({ stdout: '', stderr: 'No resources found in dev namespace.\n', code: 0 });
    expect(home.run('get pods --as jane').code).toBe(1);
    // Authorization comes before the lookup: a missing pod is Forbidden too.
    expect(home.run('delete pod x -n dev --as jane').stderr)
      .toBe('Error from server (Forbidden): pods "x" is forbidden: User "jane" cannot delete resource "pods" in API group "" in the namespace "dev"\n');
    home.run('run x --image=nginx -n dev');
    expect(home.run('delete pod x -n dev --as jane').stderr)
      .toBe('Error from server (Forbidden): pods "x" is forbidden: User "jane" cannot delete resource "pods" in API group "" in the namespace "dev"\n');
  });

  it('applies ClusterRole aggregation and group and service account subjects', () => {
    home.run('create clusterrolebinding devs-edit --clusterrole=edit --group=devs');
    expect(home.run('run web --image=nginx --as bob --as-group devs')).toEqual({ stdout: 'pod/web created\n', stderr: '', code: 0 });
    expect(home.run('get pods --as bob').code).toBe(1);
    home.run('create rolebinding sa-view --clusterrole=view --serviceaccount=default:robot');
    expect(home.run('get pods --as system:serviceaccount:default:robot --no-headers').stdout).toMatch(/^web +/);
    expect(home.run('get secrets --as system:serviceaccount:default:robot').stderr)
      .toBe('Error from server (Forbidden): secrets is forbidden: User "system:serviceaccount:default:robot" cannot list resource "secrets" in API group "" in the namespace "default"\n');
  });

  it('names a missing role in the denial reason', () => {
    home.run('create rolebinding ghost --role=nosuch --user=kim');
    expect(home.run('get cm --as kim').stderr)
      .toBe('Error from server (Forbidden): configmaps is forbidden: User "kim" cannot list resource "configmaps" in API group "" in the namespace "default": RBAC: role.rbac.authorization.k8s.io "nosuch" not found\n');
  });
});

describe('kubectl auth', () => {
  let home: TempHome;
  beforeAll(() => { home = manualCluster('authcli', 7); });
  afterAll(() => home.cleanup());

  it('can-i answers yes/no with exit codes', () => {
    home.run('create namespace dev');
    home.run('create rolebinding jane-view --clusterrole=view --user=jane -n dev');
    const cases: [string, string, number][] = [
      ['auth can-i create pods', 'yes\n', 0],
      ['auth can-i list pods --as jane -n dev', 'yes\n', 0],
      ['auth can-i get pods/web --as jane -n dev', 'yes\n', 0],
      ['auth can-i list pods --as jane', 'no\n', 1],
      ['auth can-i delete pods --as jane -n dev', 'no\n', 1],
      ['auth can-i get pods --subresource=log --as jane -n dev', 'yes\n', 0],
      ['auth can-i create pods/exec --as jane -n dev', 'no\n', 1],
      ['auth can-i list secrets --as jane -n dev', 'no\n', 1],
      ['auth can-i list deployments.apps --as jane -n dev', 'yes\n', 0],
      ['auth can-i list pods -A --as jane', 'no\n', 1],
      ['auth can-i get /healthz --as jane', 'yes\n', 0],
      ['auth can-i get /metrics --as jane', 'no\n', 1],
      ['auth can-i * * --as jane -n dev', 'no\n', 1],
    ];
    for (const [cmd, out, code] of cases) expect({ cmd, ...home.run(cmd) }).toEqual({ cmd, stdout: out, stderr: '', code });
  });

  it('can-i warns like kubectl and rejects bad arguments', () => {
    expect(home.run('auth can-i get nodes')).toEqual({ stdout: 'yes\n', stderr: "Warning: resource 'nodes' is not namespace scoped\n\n", code: 0 });
    expect(home.run('auth can-i frob pods').stderr).toBe("Warning: verb 'frob' is not a known verb\n\n");
    expect(home.run('auth can-i get widgets').stderr).toBe("Warning: the server doesn't have a resource type 'widgets'\n\n");
    expect(home.run('auth can-i get')).toEqual({
      stdout: '', code: 1,
      stderr: "error: you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples.\n",
    });
    expect(home.run('auth can-i list pods -q --as jane')).toEqual({ stdout: '', stderr: '', code: 1 });
  });

  it('can-i --list prints the compacted rules table', () => {
    const out = home.run('auth can-i --list --as jane -n dev').stdout.split('\n');
    expect(out[0]).toBe('Resources                                       Non-Resource URLs   Resource Names   Verbs');
    expect(out[1]).toBe('selfsubjectreviews.authentication.k8s.io        []                  []               [create]');
    expect(out).toContain('pods                                            []                  []               [get list watch]');
    expect(out).toContain('deployments.apps                                []                  []               [get list watch]');
    expect(out.at(-2)).toBe('                                                [/version]          []               [get]');
    const admin = home.run('auth can-i --list').stdout.split('\n');
    expect(admin.slice(1, 3)).toEqual([
      '*.*                                             []                  []               [*]',
      '                                                [*]                 []               [*]',
    ]);
  });

  it('gives each kube-controller-manager controller its account and role, as a kubeadm cluster does', () => {
    const rs = '--as system:serviceaccount:kube-system:replicaset-controller';
    expect(home.run(`auth can-i create pods ${rs}`)).toEqual({ stdout: 'yes\n', stderr: '', code: 0 });
    expect(home.run(`auth can-i update replicasets.apps/status ${rs}`)).toEqual({ stdout: 'yes\n', stderr: '', code: 0 });
    expect(home.run(`auth can-i create deployments.apps ${rs}`)).toEqual({ stdout: 'no\n', stderr: '', code: 1 });
    // The garbage collector may delete anything; the namespace controller may not patch.
    expect(home.run('auth can-i delete secrets -A --as system:serviceaccount:kube-system:generic-garbage-collector').stdout).toBe('yes\n');
    expect(home.run('auth can-i patch pods -n dev --as system:serviceaccount:kube-system:namespace-controller').stdout).toBe('no\n');
    const roles = home.run('get clusterroles -o name').stdout.split('\n').filter((n) => n.startsWith('clusterrole.rbac.authorization.k8s.io/system:controller:'));
    expect(roles).toHaveLength(33);
    expect(home.run('get clusterrolebinding system:controller:deployment-controller -o jsonpath={.subjects}').stdout)
      .toBe('[{"kind":"ServiceAccount","name":"deployment-controller","namespace":"kube-system"}]');
    const accounts = home.run('get serviceaccounts -n kube-system -o name').stdout.trim().split('\n');
    expect(accounts).toHaveLength(36);
    expect(accounts).toContain('serviceaccount/deployment-controller');
    expect(accounts).not.toContain('serviceaccount/service-controller');
  });

  it('whoami prints the user and groups', () => {
    expect(home.run('auth whoami').stdout).toBe('ATTRIBUTE   VALUE\nUsername    kubernetes-admin\nGroups      [kubeadm:cluster-admins system:authenticated]\n');
    expect(home.run('auth whoami --as jane --as-group devs').stdout).toBe('ATTRIBUTE   VALUE\nUsername    jane\nGroups      [devs system:authenticated]\n');
    expect(home.run('auth whoami --as system:serviceaccount:dev:ci').stdout)
      .toBe('ATTRIBUTE   VALUE\nUsername    system:serviceaccount:dev:ci\nGroups      [system:serviceaccounts system:serviceaccounts:dev system:authenticated]\n');
  });
});
