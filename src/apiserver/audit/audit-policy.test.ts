import { describe, expect, it } from 'vitest';
import { AuditPolicyError, decide, parsePolicy, type AuditRequest } from './audit-policy';

const admin = { name: 'kubernetes-admin', groups: ['kubeadm:cluster-admins', 'system:authenticated'] };
const req = (r: Partial<AuditRequest>): AuditRequest => ({ user: admin, verb: 'get', group: '', resource: 'pods', namespace: 'default', name: 'p', ...r });

describe('audit policy', () => {
  const policy = parsePolicy({
    apiVersion: 'audit.k8s.io/v1', kind: 'Policy', omitStages: ['RequestReceived'],
    rules: [
      { level: 'None', users: ['system:kube-proxy'] },
      { level: 'RequestResponse', resources: [{ group: '', resources: ['pods/log', '*/status'] }] },
      { level: 'Request', resources: [{ group: '', resources: ['configmaps'], resourceNames: ['cfg'] }], omitStages: ['ResponseComplete'] },
      { level: 'Metadata', userGroups: ['system:authenticated'], verbs: ['delete'], namespaces: ['prod'] },
      { level: 'Metadata', nonResourceURLs: ['/healthz*'] },
    ],
  });

  it('takes the first rule that matches', () => {
    expect(decide(policy, req({ user: { name: 'system:kube-proxy', groups: [] }, subresource: 'log' })).level).toBe('None');
    expect(decide(policy, req({ subresource: 'log' })).level).toBe('RequestResponse');
    expect(decide(policy, req({ resource: 'deployments', group: 'apps', subresource: 'status' })).level).toBe('None'); // group differs
    expect(decide(policy, req({ subresource: 'status' })).level).toBe('RequestResponse');
    expect(decide(policy, req({ resource: 'configmaps', name: 'cfg' })).level).toBe('Request');
    expect(decide(policy, req({ resource: 'configmaps', name: 'other' })).level).toBe('None');
    expect(decide(policy, req({ verb: 'delete', namespace: 'prod' })).level).toBe('Metadata');
    expect(decide(policy, req({ verb: 'delete', namespace: 'dev' })).level).toBe('None');
    expect(decide(policy, { user: admin, verb: 'get', path: '/healthz/etcd' }).level).toBe('Metadata');
  });

  it('joins the policy\'s omitted stages with the rule\'s', () => {
    expect([...decide(policy, req({ resource: 'configmaps', name: 'cfg' })).omitStages].sort()).toEqual(['RequestReceived', 'ResponseComplete']);
  });

  it('refuses unknown levels and stages, and rules for both resources and URLs', () => {
    expect(() => parsePolicy({ apiVersion: 'audit.k8s.io/v1', kind: 'Policy', rules: [{ level: 'All' }] })).toThrow(AuditPolicyError);
    expect(() => parsePolicy({ apiVersion: 'audit.k8s.io/v1', kind: 'Policy', omitStages: ['Done'], rules: [] })).toThrow(/Unsupported value: "Done"/);
    expect(() => parsePolicy({ apiVersion: 'audit.k8s.io/v1', kind: 'Policy', rules: [{ level: 'None', nonResourceURLs: ['/x'], resources: [{}] }] })).toThrow(/both regular resources and non-resource URLs/);
    expect(() => parsePolicy({ apiVersion: 'audit.k8s.io/v1beta1', kind: 'Policy', rules: [] })).toThrow(AuditPolicyError);
  });
});
