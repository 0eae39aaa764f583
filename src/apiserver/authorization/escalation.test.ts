/**
 * Escalation prevention, table-driven from the RBAC documentation's rules ("Privilege
 * escalation prevention and bootstrapping") and component-helpers' Covers semantics: a rule
 * is held when some owner rule covers each of its verb × group × resource × name pieces.
 */
import { describe, expect, it } from 'vitest';
import { compactString, escalationMessage, uncoveredRules } from './escalation';
import type { PolicyRule } from './policy-rule';

const r = (verbs: string[], apiGroups: string[], resources: string[], resourceNames?: string[]): PolicyRule =>
  ({ verbs, apiGroups, resources, ...(resourceNames ? { resourceNames } : {}) });
const url = (verbs: string[], nonResourceURLs: string[]): PolicyRule => ({ verbs, nonResourceURLs });

describe('uncoveredRules (Covers)', () => {
  const cases: Array<{ name: string; owner: PolicyRule[]; servant: PolicyRule[]; missing: PolicyRule[] }> = [
    { name: 'exact match', owner: [r(['get'], [''], ['pods'])], servant: [r(['get'], [''], ['pods'])], missing: [] },
    { name: 'stars cover everything', owner: [r(['*'], ['*'], ['*'])], servant: [r(['delete'], ['apps'], ['deployments'], ['web'])], missing: [] },
    { name: 'each verb is its own piece', owner: [r(['get'], [''], ['pods'])], servant: [r(['get', 'list'], [''], ['pods'])], missing: [r(['list'], [''], ['pods'])] },
    { name: 'pieces may be covered by different owner rules', owner: [r(['get'], [''], ['pods']), r(['list'], [''], ['pods'])], servant: [r(['get', 'list'], [''], ['pods'])], missing: [] },
    { name: 'another group is not covered', owner: [r(['get'], [''], ['pods'])], servant: [r(['get'], ['apps'], ['pods'])], missing: [r(['get'], ['apps'], ['pods'])] },
    { name: 'a resource does not cover its subresource', owner: [r(['get'], [''], ['pods'])], servant: [r(['get'], [''], ['pods/log'])], missing: [r(['get'], [''], ['pods/log'])] },
    { name: '*/sub covers that subresource of every resource', owner: [r(['get'], [''], ['*/status'])], servant: [r(['get'], [''], ['pods/status', 'nodes/status'])], missing: [] },
    { name: 'owner without names covers any name', owner: [r(['get'], [''], ['secrets'])], servant: [r(['get'], [''], ['secrets'], ['a'])], missing: [] },
    { name: 'owner names cover only those names', owner: [r(['get'], [''], ['secrets'], ['a'])], servant: [r(['get'], [''], ['secrets'], ['a', 'b'])], missing: [r(['get'], [''], ['secrets'], ['b'])] },
    { name: 'a named owner rule does not cover all names', owner: [r(['get'], [''], ['secrets'], ['a'])], servant: [r(['get'], [''], ['secrets'])], missing: [r(['get'], [''], ['secrets'])] },
    { name: 'a URL prefix with a star covers what is under it', owner: [url(['get'], ['/logs*'])], servant: [url(['get'], ['/logs/x', '/healthz'])], missing: [url(['get'], ['/healthz'])] },
  ];
  for (const c of cases) it(c.name, () => expect(uncoveredRules(c.owner, c.servant)).toEqual(c.missing));
});

describe('escalationMessage', () => {
  const carol = { name: 'carol', groups: ['system:authenticated'] };
  it('lists the missing rules merged by verb, sorted, in CompactString form', () => {
    expect(escalationMessage(carol, [r(['get'], [''], ['pods'])], [r(['get', 'list', 'watch'], ['', 'apps'], ['pods', 'deployments']), url(['get'], ['/metrics'])]))
      .toBe(`user "carol" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:
{APIGroups:[""], Resources:["deployments"], Verbs:["get" "list" "watch"]}
{APIGroups:[""], Resources:["pods"], Verbs:["list" "watch"]}
{APIGroups:["apps"], Resources:["deployments"], Verbs:["get" "list" "watch"]}
{APIGroups:["apps"], Resources:["pods"], Verbs:["get" "list" "watch"]}
{NonResourceURLs:["/metrics"], Verbs:["get"]}`);
  });
  it('is undefined when every rule is held', () => {
    expect(escalationMessage(carol, [r(['*'], ['*'], ['*'])], [r(['get'], [''], ['pods'])])).toBeUndefined();
  });
  it('prints names between resources and verbs', () => {
    expect(compactString(r(['get'], [''], ['secrets'], ['a']))).toBe('{APIGroups:[""], Resources:["secrets"], ResourceNames:["a"], Verbs:["get"]}');
  });
});
