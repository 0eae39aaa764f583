import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { RbacAuthorizer, appliesTo } from './rbac-authorizer';
import { ruleAllows, type PolicyRule } from './policy-rule';
import { forbiddenError } from './attributes';
import { accessRows } from './rule-compaction';
import { impersonatedUser } from './user-info';

const jane = impersonatedUser('jane', []);
const attrs = (verb: string, resource: string, extra: object = {}) => ({ user: jane, verb, group: '', resource, ...extra });

describe('ruleAllows', () => {
  const cases: [string, PolicyRule, object, boolean][] = [
    ['exact resource and verb', { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, attrs('get', 'pods'), true],
    ['other verb', { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, attrs('list', 'pods'), false],
    ['other group', { verbs: ['*'], apiGroups: ['apps'], resources: ['pods'] }, attrs('get', 'pods'), false],
    ['subresource needs its own entry', { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, attrs('get', 'pods', { subresource: 'log' }), false],
    ['resource/subresource', { verbs: ['get'], apiGroups: [''], resources: ['pods/log'] }, attrs('get', 'pods', { subresource: 'log' }), true],
    ['*/subresource', { verbs: ['get'], apiGroups: [''], resources: ['*/log'] }, attrs('get', 'pods', { subresource: 'log' }), true],
    ['* covers subresources', { verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, attrs('create', 'pods', { subresource: 'exec' }), true],
    ['resourceNames restrict', { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['a'] }, attrs('get', 'pods', { name: 'b' }), false],
    ['resourceNames do not allow list', { verbs: ['list'], apiGroups: [''], resources: ['pods'], resourceNames: ['a'] }, attrs('list', 'pods'), false],
    ['non-resource prefix', { verbs: ['get'], nonResourceURLs: ['/healthz*'] }, { user: jane, verb: 'get', group: '', resource: '', path: '/healthz/etcd' }, true],
  ];
  for (const [name, rule, a, want] of cases) it(name, () => expect(ruleAllows(a as never, rule)).toBe(want));
});

describe('appliesTo', () => {
  const sa = impersonatedUser('system:serviceaccount:dev:ci', []);
  it('matches users, groups and service accounts (defaulting to the binding namespace)', () => {
    expect(appliesTo(jane, { kind: 'User', name: 'jane' }, '')).toBe(true);
    expect(appliesTo(jane, { kind: 'Group', name: 'system:authenticated' }, '')).toBe(true);
    expect(appliesTo(sa, { kind: 'ServiceAccount', name: 'ci' }, 'dev')).toBe(true);
    expect(appliesTo(sa, { kind: 'ServiceAccount', name: 'ci' }, 'prod')).toBe(false);
    expect(appliesTo(sa, { kind: 'ServiceAccount', name: 'ci' }, '')).toBe(false);
    expect(appliesTo(sa, { kind: 'Group', name: 'system:serviceaccounts:dev' }, '')).toBe(true);
  });
});

describe('RbacAuthorizer', () => {
  // Bindings here omit roleRef.apiGroup, which the authorizer does not read: fixtures are loose JSON.
  const objects: Array<KubeObject & Record<string, unknown>> = [
    { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'agg' }, aggregationRule: { clusterRoleSelectors: [{ matchLabels: { x: 'y' } }] }, rules: [{ verbs: ['list'], apiGroups: [''], resources: ['pods'] }] },
    { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'part', labels: { x: 'y' } }, rules: [{ verbs: ['list'], apiGroups: [''], resources: ['pods'] }] },
    { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'b', namespace: 'dev' }, roleRef: { kind: 'ClusterRole', name: 'agg' }, subjects: [{ kind: 'User', name: 'jane' }] },
    { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'g', namespace: 'qa' }, roleRef: { kind: 'Role', name: 'gone' }, subjects: [{ kind: 'User', name: 'jane' }] },
  ];
  const api = {
    list: (q: { kind: string; namespace?: string }) => objects.filter((o) => o.kind === q.kind && (!q.namespace || o.metadata.namespace === q.namespace)),
    tryGet: (r: { kind: string; namespace?: string; name: string }) => objects.find((o) => o.kind === r.kind && o.metadata.name === r.name && (o.metadata.namespace ?? undefined) === r.namespace),
  };
  const rbac = new RbacAuthorizer(api as never);
  it('grants an aggregated role\'s stored rules through a RoleBinding in its namespace only', () => {
    expect(rbac.authorize(attrs('list', 'pods', { namespace: 'dev' })).allowed).toBe(true);
    expect(rbac.authorize(attrs('list', 'pods', { namespace: 'default' })).allowed).toBe(false);
  });
  it('explains a binding to a missing role', () => {
    const a = attrs('list', 'pods', { namespace: 'qa' });
    const d = rbac.authorize(a);
    expect(d).toEqual({ allowed: false, reason: 'RBAC: role.rbac.authorization.k8s.io "gone" not found' });
    expect(forbiddenError(a, d.reason).message).toBe('pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "qa": RBAC: role.rbac.authorization.k8s.io "gone" not found');
  });
});

describe('accessRows', () => {
  it('breaks down, compacts and sorts like kubectl auth can-i --list', () => {
    expect(accessRows([
      { verbs: ['get', 'list'], apiGroups: ['apps'], resources: ['deployments', 'deployments/scale'] },
      { verbs: ['watch'], apiGroups: ['apps'], resources: ['deployments'] },
      { verbs: ['get'], nonResourceURLs: ['/version', '/api/*'] },
      { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
    ])).toEqual([
      ['*.*', '[]', '[]', '[*]'],
      ['deployments.apps', '[]', '[]', '[get list watch]'],
      ['deployments.apps/scale', '[]', '[]', '[get list]'],
      ['', '[/api/*]', '[]', '[get]'],
      ['', '[/version]', '[]', '[get]'],
    ]);
  });
});
