import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../api/meta';
import { matches, type RequestFacts } from './match-resources';

const deploy: KubeObject = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'dev', labels: { app: 'web' } } };
const facts = (over: Partial<RequestFacts> = {}): RequestFacts => ({
  operation: 'CREATE', group: 'apps', version: 'v1', resource: 'deployments', subresource: '', namespaced: true,
  name: 'web', object: deploy, oldObject: null, namespaceLabels: { env: 'test' }, ...over,
});
const rule = (o: Record<string, unknown> = {}) => ({ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'], ...o });

describe('policy matching (MatchResources)', () => {
  it('matches by operation, group, version and resource, wildcards included', () => {
    expect(matches({ resourceRules: [rule()] }, facts(), true)).toBe(true);
    expect(matches({ resourceRules: [rule({ operations: ['UPDATE'] })] }, facts(), true)).toBe(false);
    expect(matches({ resourceRules: [rule({ apiGroups: ['*'], resources: ['*'] })] }, facts(), true)).toBe(true);
    expect(matches({ resourceRules: [rule({ resources: ['pods'] })] }, facts(), true)).toBe(false);
  });

  it('tells subresources apart: deployments does not cover deployments/scale', () => {
    expect(matches({ resourceRules: [rule()] }, facts({ subresource: 'scale' }), true)).toBe(false);
    expect(matches({ resourceRules: [rule({ resources: ['deployments/scale'] })] }, facts({ subresource: 'scale' }), true)).toBe(true);
    expect(matches({ resourceRules: [rule({ resources: ['*/scale'] })] }, facts({ subresource: 'scale' }), true)).toBe(true);
  });

  it('applies scope, resourceNames, excludes and selectors', () => {
    expect(matches({ resourceRules: [rule({ scope: 'Cluster' })] }, facts(), true)).toBe(false);
    expect(matches({ resourceRules: [rule({ resourceNames: ['api'] })] }, facts(), true)).toBe(false);
    expect(matches({ resourceRules: [rule()], excludeResourceRules: [rule({ resourceNames: ['web'] })] }, facts(), true)).toBe(false);
    expect(matches({ resourceRules: [rule()], namespaceSelector: { matchLabels: { env: 'prod' } } }, facts(), true)).toBe(false);
    expect(matches({ resourceRules: [rule()], objectSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['web'] }] } }, facts(), true)).toBe(true);
  });

  it('a policy without rules matches nothing; a binding without matchResources matches everything', () => {
    expect(matches(undefined, facts(), true)).toBe(false);
    expect(matches({}, facts(), true)).toBe(false);
    expect(matches(undefined, facts(), false)).toBe(true);
    expect(matches({ namespaceSelector: { matchLabels: { env: 'test' } } }, facts(), false)).toBe(true);
  });
});
