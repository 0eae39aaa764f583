import { describe, expect, it } from 'vitest';
import { breakdownRule, combineResourceGroup, compactRules, describePolicyRules, policyRuleString } from './policy-rules';
import { PrefixWriter } from './prefix-writer';

describe('policy rules (kubectl pkg/util/rbac)', () => {
  it('breaks a rule down per group, resource, verb and name, then per URL and verb', () => {
    expect(breakdownRule({ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'], resourceNames: ['a', 'b'], nonResourceURLs: ['/x'] })).toEqual([
      { apiGroups: [''], resources: ['pods'], verbs: ['get'], resourceNames: ['a'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['get'], resourceNames: ['b'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['list'], resourceNames: ['a'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['list'], resourceNames: ['b'] },
      { nonResourceURLs: ['/x'], verbs: ['get'] },
      { nonResourceURLs: ['/x'], verbs: ['list'] },
    ]);
  });

  it('merges verbs of the same resource and name only; URL rules stay one per verb', () => {
    const rules = [
      { apiGroups: [''], resources: ['pods'], verbs: ['get'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['list'], resourceNames: ['a'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['watch', 'get'] },
      { nonResourceURLs: ['/x'], verbs: ['get'] },
      { nonResourceURLs: ['/x'], verbs: ['post'] },
    ];
    expect(compactRules(rules.flatMap(breakdownRule))).toEqual([
      { nonResourceURLs: ['/x'], verbs: ['get'] },
      { nonResourceURLs: ['/x'], verbs: ['post'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['get', 'watch'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['list'], resourceNames: ['a'] },
    ]);
  });

  it('sorts by the generated String(), verbs first', () => {
    expect(policyRuleString({ verbs: ['get'], apiGroups: ['apps'], resources: ['deployments'] }))
      .toBe('&PolicyRule{Verbs:[get],APIGroups:[apps],Resources:[deployments],ResourceNames:[],NonResourceURLs:[],}');
    const w = new PrefixWriter();
    describePolicyRules([
      { apiGroups: ['apps'], resources: ['deployments/scale'], verbs: ['update'] },
      { apiGroups: [''], resources: ['pods'], verbs: ['create', 'delete'] },
    ], w);
    expect(w.toString()).toBe([
      'PolicyRule:',
      '  Resources               Non-Resource URLs  Resource Names  Verbs',
      '  ---------               -----------------  --------------  -----',
      '  pods                    []                 []              [create delete]',
      '  deployments.apps/scale  []                 []              [update]',
      '',
    ].join('\n'));
  });

  it.each([
    [['pods'], [''], 'pods'],
    [['pods/log'], [''], 'pods/log'],
    [['deployments/scale'], ['apps'], 'deployments.apps/scale'],
    [['*'], ['*'], '*.*'],
    [[], ['apps'], ''],
  ])('combineResourceGroup(%j, %j) = %j', (resources, groups, want) => {
    expect(combineResourceGroup(resources, groups)).toBe(want);
  });
});
