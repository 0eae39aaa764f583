/**
 * verbs-create-more: `create role|clusterrole|quota|ingress|poddisruptionbudget` through the CLI —
 * created lines, client dry runs with -o yaml, and kubectl's error lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

let home: TempHome;
beforeAll(() => { home = manualCluster('create-more', 7); });
afterAll(() => home.cleanup());

const ok = (stdout: string) => ({ stdout, stderr: '', code: 0 });
const fail = (stderr: string) => ({ stdout: '', stderr, code: 1 });

describe('create role / clusterrole', () => {
  it('create role creates, resolves short names, then reports AlreadyExists', () => {
    expect(home.run('create role pod-reader --verb=get,list,watch --resource=pods')).toEqual(ok('role.rbac.authorization.k8s.io/pod-reader created\n'));
    expect(home.run('get role pod-reader -o jsonpath={.rules[0].resources}')).toEqual(ok('["pods"]'));
    expect(home.run('create role pod-reader --verb=get --resource=pods')).toEqual(fail('Error from server (AlreadyExists): roles.rbac.authorization.k8s.io "pod-reader" already exists\n'));
    expect(home.run('create role d --verb=get --resource=deploy,po/log --dry-run=client -o yaml')).toEqual(ok(
      'apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  creationTimestamp: null\n  name: d\nrules:\n- apiGroups:\n  - ""\n  resources:\n  - pods/log\n  verbs:\n  - get\n- apiGroups:\n  - apps\n  resources:\n  - deployments\n  verbs:\n  - get\n'));
  });
  it('create role errors and warnings', () => {
    expect(home.run('create role x --resource=pods')).toEqual(fail('error: at least one verb must be specified\n'));
    expect(home.run('create role x --verb=bind --resource=pods')).toEqual(fail("error: can not perform 'bind' on 'pods' in group ''\n"));
    expect(home.run('create role w --verb=frob --resource=pods --dry-run=client')).toEqual({ stdout: 'role.rbac.authorization.k8s.io/w created (dry run)\n', stderr: "Warning: 'frob' is not a standard resource verb\n", code: 0 });
  });
  it('create clusterrole with rules, URLs and an aggregation rule', () => {
    expect(home.run('create clusterrole node-reader --verb=get,list --resource=nodes')).toEqual(ok('clusterrole.rbac.authorization.k8s.io/node-reader created\n'));
    expect(home.run('create clusterrole node-reader --verb=get,list --resource=nodes --dry-run=client -o yaml')).toEqual(ok(
      'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  creationTimestamp: null\n  name: node-reader\nrules:\n- apiGroups:\n  - ""\n  resources:\n  - nodes\n  verbs:\n  - get\n  - list\n'));
    expect(home.run(['create', 'clusterrole', 'health', '--verb=get', '--non-resource-url=/healthz'])).toEqual(ok('clusterrole.rbac.authorization.k8s.io/health created\n'));
    expect(home.run(['create', 'clusterrole', 'agg', '--aggregation-rule=rbac.example.com/aggregate-to-monitoring=true', '--dry-run=client', '-o', 'yaml'])).toEqual(ok(
      'aggregationRule:\n  clusterRoleSelectors:\n  - matchLabels:\n      rbac.example.com/aggregate-to-monitoring: "true"\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  creationTimestamp: null\n  name: agg\nrules: null\n'));
    expect(home.run('create clusterrole x --verb=get')).toEqual(fail('error: one of resource or nonResourceURL must be specified\n'));
  });
});

describe('create quota / ingress / pdb', () => {
  it('create quota', () => {
    expect(home.run('create quota q1 --hard=pods=10,requests.cpu=4 --dry-run=client -o yaml')).toEqual(ok(
      'apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  creationTimestamp: null\n  name: q1\nspec:\n  hard:\n    pods: "10"\n    requests.cpu: "4"\nstatus: {}\n'));
    expect(home.run('create quota q --hard=cpu=1,memory=1024Mi --dry-run=client -o json')).toEqual(ok(
      '{\n    "kind": "ResourceQuota",\n    "apiVersion": "v1",\n    "metadata": {\n        "name": "q",\n        "creationTimestamp": null\n    },\n    "spec": {\n        "hard": {\n            "cpu": "1",\n            "memory": "1Gi"\n        }\n    },\n    "status": {}\n}\n'));
    expect(home.run('create quota q --hard=cpu=1,pods=2')).toEqual(ok('resourcequota/q created\n'));
    expect(home.run('create quota q --hard=cpu=1')).toEqual(fail('error: failed to create quota: resourcequotas "q" already exists\n'));
    expect(home.run('create quota bad --hard=cpu')).toEqual(fail('error: Invalid argument syntax cpu, expected <resource>=<value>\n'));
  });
  it('create ingress', () => {
    expect(home.run('create ingress web --rule=example.com/*=web:80 --dry-run=client -o yaml')).toEqual(ok(
      'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata:\n  creationTimestamp: null\n  name: web\nspec:\n  rules:\n  - host: example.com\n    http:\n      paths:\n      - backend:\n          service:\n            name: web\n            port:\n              number: 80\n        path: /\n        pathType: Prefix\nstatus:\n  loadBalancer: {}\n'));
    expect(home.run('create ingress tls --class=nginx --rule=example.com/api*=api:8080,tls=my-cert')).toEqual(ok('ingress.networking.k8s.io/tls created\n'));
    expect(home.run('get ingress tls -o jsonpath={.spec.tls[0].secretName}')).toEqual(ok('my-cert'));
    expect(home.run('create ingress x')).toEqual(fail('error: not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)\n'));
  });
  it('create poddisruptionbudget and pdb', () => {
    expect(home.run('create pdb web-pdb --selector=app=web --min-available=1 --dry-run=client -o yaml')).toEqual(ok(
      'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  creationTimestamp: null\n  name: web-pdb\nspec:\n  minAvailable: 1\n  selector:\n    matchLabels:\n      app: web\nstatus:\n  currentHealthy: 0\n  desiredHealthy: 0\n  disruptionsAllowed: 0\n  expectedPods: 0\n'));
    expect(home.run('create poddisruptionbudget p --selector=app=web --max-unavailable=50%')).toEqual(ok('poddisruptionbudget.policy/p created\n'));
    expect(home.run('get pdb p -o jsonpath={.spec.maxUnavailable}')).toEqual(ok('50%'));
    expect(home.run('create pdb x --selector=app=web')).toEqual(fail('error: one of min-available or max-unavailable must be specified\n'));
  });
});
