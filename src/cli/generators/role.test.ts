/**
 * `create role` / `create clusterrole` need a server for discovery, so the oracle here is golden
 * data: kubectl-generators.md §7 plus kubectl's create_role.go / create_clusterrole.go rules.
 */
import { describe, expect, it } from 'vitest';
import { toYaml } from '../../yaml/write-yaml';
import { createClusterRole, createRole, parseStringToString, type CreateClusterRoleOptions, type CreateRoleOptions } from './role';

const meta = (name: string, namespace?: string) => (namespace ? { name, namespace, creationTimestamp: null } : { name, creationTimestamp: null });
const role = (rules: unknown[], namespace?: string) => ({ kind: 'Role', apiVersion: 'rbac.authorization.k8s.io/v1', metadata: meta('r', namespace), rules });

describe('createRole', () => {
  it('prints the §7 pod-reader YAML byte for byte', () => {
    expect(toYaml(createRole('pod-reader', { verb: ['get', 'list', 'watch'], resource: ['pods'] }))).toBe(
      'apiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  creationTimestamp: null\n  name: pod-reader\nrules:\n- apiGroups:\n  - ""\n  resources:\n  - pods\n  verbs:\n  - get\n  - list\n  - watch\n');
  });
  const ok: { name: string; o: CreateRoleOptions; rules: unknown[] }[] = [
    { name: 'short names resolve; one rule per group, groups sorted',
      o: { verb: ['get'], resource: ['deploy', 'po', 'jobs.batch', 'rs', 'pod'] },
      rules: [
        { verbs: ['get'], apiGroups: [''], resources: ['pods'] },
        { verbs: ['get'], apiGroups: ['apps'], resources: ['deployments', 'replicasets'] },
        { verbs: ['get'], apiGroups: ['batch'], resources: ['jobs'] },
      ] },
    { name: 'subresources and resource names (deduplicated)',
      o: { verb: ['get', 'get', 'list'], resource: ['pods/log', 'pods', 'deployments.apps/scale'], resourceName: ['a', 'b', 'a'] },
      rules: [
        { verbs: ['get', 'list'], apiGroups: [''], resources: ['pods/log', 'pods'], resourceNames: ['a', 'b'] },
        { verbs: ['get', 'list'], apiGroups: ['apps'], resources: ['deployments/scale'], resourceNames: ['a', 'b'] },
      ] },
    { name: '* verb replaces all, * resource stands alone',
      o: { verb: ['get', '*', 'list'], resource: ['*', 'pods'] },
      rules: [{ verbs: ['*'], apiGroups: [''], resources: ['*'] }] },
    { name: 'bind on roles', o: { verb: ['bind', 'escalate'], resource: ['roles'] },
      rules: [{ verbs: ['bind', 'escalate'], apiGroups: ['rbac.authorization.k8s.io'], resources: ['roles'] }] },
    { name: 'impersonate users keeps the unknown resource', o: { verb: ['impersonate'], resource: ['users', 'serviceaccounts'] },
      rules: [{ verbs: ['impersonate'], apiGroups: [''], resources: ['users', 'serviceaccounts'] }] },
  ];
  for (const tc of ok) it(tc.name, () => expect(JSON.stringify(createRole('r', tc.o))).toBe(JSON.stringify(role(tc.rules))));

  it('namespace goes after name', () => {
    expect(JSON.stringify(createRole('r', { verb: ['get'], resource: ['pods'], namespace: 'dev' })))
      .toBe(JSON.stringify(role([{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }], 'dev')));
  });

  const bad: { name: string; o: CreateRoleOptions; error: string }[] = [
    { name: 'no verb', o: { resource: ['pods'] }, error: 'at least one verb must be specified' },
    { name: 'no resource', o: { verb: ['get'] }, error: 'at least one resource must be specified' },
    { name: 'group only', o: { verb: ['get'], resource: ['.apps'] }, error: 'resource must be specified if apiGroup/subresource specified' },
    { name: 'bind on pods', o: { verb: ['get', 'bind'], resource: ['pods'] }, error: "can not perform 'bind' on 'pods' in group ''" },
    { name: 'use on deployments', o: { verb: ['use'], resource: ['deploy'] }, error: "can not perform 'use' on 'deployments' in group 'apps'" },
    { name: 'unknown resource', o: { verb: ['get'], resource: ['foo'] }, error: 'the server doesn\'t have a resource type "foo"' },
    { name: 'unknown group', o: { verb: ['get'], resource: ['deployments.extensions'] }, error: 'the server doesn\'t have a resource type "deployments" in group "extensions"' },
  ];
  for (const tc of bad) it(tc.name, () => expect(() => createRole('r', tc.o)).toThrow(tc.error));

  it('warns about non-standard verbs and still builds', () => {
    const warnings: string[] = [];
    const r = createRole('r', { verb: ['get', 'frob'], resource: ['pods'], warn: (t) => warnings.push(t) });
    expect(warnings).toEqual(["Warning: 'frob' is not a standard resource verb\n"]);
    expect(r.rules).toEqual([{ verbs: ['get', 'frob'], apiGroups: [''], resources: ['pods'] }]);
  });
});

const cr = (extra: Record<string, unknown>) => ({ kind: 'ClusterRole', apiVersion: 'rbac.authorization.k8s.io/v1', metadata: meta('c'), ...extra });

describe('createClusterRole', () => {
  it('prints the §7 node-reader YAML byte for byte', () => {
    expect(toYaml(createClusterRole('node-reader', { verb: ['get', 'list'], resource: ['nodes'] }))).toBe(
      'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  creationTimestamp: null\n  name: node-reader\nrules:\n- apiGroups:\n  - ""\n  resources:\n  - nodes\n  verbs:\n  - get\n  - list\n');
  });
  const ok: { name: string; o: CreateClusterRoleOptions; want: Record<string, unknown> }[] = [
    { name: 'resources and non-resource URLs', o: { verb: ['get'], resource: ['no', 'ing'], nonResourceUrl: ['/logs/*', '/healthz', '/healthz'] },
      want: { rules: [
        { verbs: ['get'], apiGroups: [''], resources: ['nodes'] },
        { verbs: ['get'], apiGroups: ['networking.k8s.io'], resources: ['ingresses'] },
        { verbs: ['get'], nonResourceURLs: ['/logs/*', '/healthz'] },
      ] } },
    { name: 'non-resource URLs only', o: { verb: ['get', 'post'], nonResourceUrl: ['*'] },
      want: { rules: [{ verbs: ['get', 'post'], nonResourceURLs: ['*'] }] } },
    { name: 'aggregation rule', o: { aggregationRule: { 'rbac.example.com/b': 'true', 'rbac.example.com/a': 'x' } },
      want: { rules: null, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'rbac.example.com/a': 'x', 'rbac.example.com/b': 'true' } }] } } },
  ];
  for (const tc of ok) it(tc.name, () => expect(JSON.stringify(createClusterRole('c', tc.o))).toBe(JSON.stringify(cr(tc.want))));

  it('aggregation rule prints rules: null', () => {
    expect(toYaml(createClusterRole('c', { aggregationRule: { a: 'b' } }))).toContain('rules: null\n');
  });

  const bad: { name: string; o: CreateClusterRoleOptions; error: string }[] = [
    { name: 'aggregation with verbs', o: { aggregationRule: { a: 'b' }, verb: ['get'] }, error: 'aggregation rule must be specified without nonResourceURLs, verbs, resources or resourceNames' },
    { name: 'no verb', o: { resource: ['pods'] }, error: 'at least one verb must be specified' },
    { name: 'nothing to apply to', o: { verb: ['get'] }, error: 'one of resource or nonResourceURL must be specified' },
    { name: 'resource names with URLs', o: { verb: ['get'], nonResourceUrl: ['/x'], resourceName: ['n'] }, error: 'resource-names can not be used together with non-resource-urls' },
    { name: 'bad URL verb', o: { verb: ['list'], nonResourceUrl: ['/x'] }, error: "invalid verb: 'list' for nonResourceURL" },
    { name: 'URL without slash', o: { verb: ['get'], nonResourceUrl: ['x'] }, error: 'nonResourceURL should start with /' },
    { name: 'wildcard in the middle', o: { verb: ['get'], nonResourceUrl: ['/a/*/b'] }, error: "nonResourceURL only supports wildcard matches when '*' is at the end" },
  ];
  for (const tc of bad) it(tc.name, () => expect(() => createClusterRole('c', tc.o)).toThrow(tc.error));
});

describe('parseStringToString', () => {
  it('parses k=v pairs and rejects items without =', () => {
    expect(parseStringToString('a=b,c=d=e')).toEqual({ a: 'b', c: 'd=e' });
    expect(parseStringToString('')).toEqual({});
    expect(() => parseStringToString('a')).toThrow('invalid argument "a" for "--aggregation-rule" flag: a must be formatted as key=value');
  });
});
