import { describe, expect, it } from 'vitest';
import type { PolicyRule } from '../../api/types/rbac-v1';
import { aggregatedRules, type AggregatingRole } from '.';

const rule = (verb: string, resource: string): PolicyRule => ({ verbs: [verb], apiGroups: [''], resources: [resource] });
const role = (name: string, labels: Record<string, string>, rules: PolicyRule[], selectors?: Record<string, string>[]): AggregatingRole => ({
  apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name, labels }, rules,
  ...(selectors ? { aggregationRule: { clusterRoleSelectors: selectors.map((matchLabels) => ({ matchLabels })) } } : {}),
});

// Cases after upstream's clusterroleaggregation_controller_test.go.
describe('aggregatedRules', () => {
  it('takes the matched roles\' rules selector by selector, roles in name order, each rule once', () => {
    const agg = role('agg', {}, [rule('stomped', 'x')], [{ a: '1' }, { b: '1' }]);
    const roles = [agg,
      role('zeta', { a: '1' }, [rule('get', 'pods'), rule('list', 'pods')]),
      role('alpha', { a: '1' }, [rule('list', 'pods'), rule('get', 'secrets')]),
      role('beta', { b: '1' }, [rule('get', 'pods'), { ...rule('watch', 'pods'), resourceNames: [] }, rule('watch', 'pods')]),
      role('other', { c: '1' }, [rule('delete', 'pods')])];
    expect(aggregatedRules(agg, roles)).toEqual([
      rule('list', 'pods'), rule('get', 'secrets'), rule('get', 'pods'), { ...rule('watch', 'pods'), resourceNames: [] },
    ]);
  });

  it('skips itself and reads only the matched roles\' stored rules (a chain settles one link per sync)', () => {
    const admin = role('admin', {}, [], [{ 'to-admin': 'true' }]);
    const edit = role('edit', { 'to-admin': 'true', self: 'true' }, [], [{ 'to-edit': 'true' }, { self: 'true' }]);
    const part = role('part', { 'to-edit': 'true' }, [rule('create', 'pods')]);
    expect(aggregatedRules(edit, [admin, edit, part])).toEqual([rule('create', 'pods')]);
    expect(aggregatedRules(admin, [admin, edit, part])).toEqual([]);
    expect(aggregatedRules(admin, [admin, { ...edit, rules: [rule('create', 'pods')] }, part])).toEqual([rule('create', 'pods')]);
  });
});
