import { describe, expect, it } from 'vitest';
import { gate } from './api-version-gate';
import { DEPRECATIONS } from './deprecations';
import { outputTargets } from './output-targets';
import { parseProfile, ProfileError } from './profile-file';
import { pluralOf, poolShapes } from './profile-setup';
import { yamlLines } from './yaml-positions';

describe('output targets', () => {
  it('pairs each --output-file with the --output before it, else the first after it', () => {
    expect(outputTargets(['a.yaml'])).toEqual([{ format: 'text' }]);
    expect(outputTargets(['a.yaml', '--output', 'junit', '--output-file', 'r.xml', '--output', 'text'])).toEqual([{ format: 'junit', file: 'r.xml' }, { format: 'text' }]);
    expect(outputTargets(['--output-file=r.xml', '-o', 'junit', '-ojson'])).toEqual([{ format: 'junit', file: 'r.xml' }, { format: 'json' }]);
    expect(outputTargets(['--output-file', 'r.txt'])).toEqual([{ format: 'text', file: 'r.txt' }]);
    expect(() => outputTargets(['-o', 'json', '-o', 'text'])).toThrow('only one --output can go to stdout');
    expect(() => outputTargets(['-o', 'json', '--output-file', 'a', '--output-file', 'b'])).toThrow('has no --output of its own');
  });
});

describe('api version gate', () => {
  const obj = (apiVersion: string, kind: string) => ({ apiVersion, kind, metadata: { name: 'x' } });
  it('refuses every table row from its removal on, warns from its deprecation, and passes it before', () => {
    for (const d of DEPRECATIONS) {
      const o = obj(d.apiVersion, d.kind);
      expect(gate(o, 'f.yaml', Math.max(25, d.removedIn))).toHaveProperty('refused');
      if (d.removedIn > 25) {
        const before = gate(o, 'f.yaml', d.removedIn - 1);
        expect(before).not.toHaveProperty('refused');
        expect('warning' in before ? before.warning : undefined).toEqual(d.removedIn - 1 >= d.deprecatedIn ? expect.stringContaining(`unavailable in v1.${d.removedIn}+`) : undefined);
      }
    }
  });
  it("words a refusal as kubectl's REST mapper does and checks a still-served version as its v1.32 replacement", () => {
    expect(gate(obj('policy/v1beta1', 'PodSecurityPolicy'), 'psp.yaml', 32)).toEqual({ refused: 'resource mapping not found for name: "x" namespace: "" from "psp.yaml": no matches for kind "PodSecurityPolicy" in version "policy/v1beta1"\nensure CRDs are installed first' });
    const fs = gate({ ...obj('flowcontrol.apiserver.k8s.io/v1beta2', 'PriorityLevelConfiguration'), spec: { limited: { assuredConcurrencyShares: 5 } } }, 'f.yaml', 27);
    expect(fs).toEqual({ object: { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'PriorityLevelConfiguration', metadata: { name: 'x' }, spec: { limited: { nominalConcurrencyShares: 5 } } },
      warning: 'flowcontrol.apiserver.k8s.io/v1beta2 PriorityLevelConfiguration is deprecated in v1.26+, unavailable in v1.29+; use flowcontrol.apiserver.k8s.io/v1 PriorityLevelConfiguration' });
    expect(gate(obj('flowcontrol.apiserver.k8s.io/v1', 'FlowSchema'), 'f.yaml', 28)).toHaveProperty('refused');
    expect(gate(obj('apps/v1', 'Deployment'), 'f.yaml', 25)).toEqual({ object: obj('apps/v1', 'Deployment') });
  });
});

describe('profile files', () => {
  const head = 'apiVersion: check.kubemu.dev/v1alpha1\nkind: CheckProfile\n';
  const fails = (body: string) => { try { parseProfile(head + body, 'p.yaml', '/'); return ''; } catch (e) { expect(e).toBeInstanceOf(ProfileError); return (e as Error).message; } };
  it('points at the line and field of each problem', () => {
    expect(fails('nodes:\n- namePrefix: w\n  count: 0\n')).toBe('p.yaml:5: nodes[0].count: must be a whole number ≥ 1');
    expect(fails('nodes:\n- namePrefix: w\n  taints: [{key: a, effect: Never}]\n')).toBe('p.yaml:5: nodes[0].taints[0].effect: must be one of NoSchedule, PreferNoSchedule, NoExecute');
    expect(fails('crds:\n- {apiVersion: v1, kind: Foo}\n')).toBe('p.yaml:4: crds[0].apiVersion: "v1" is not GROUP/VERSION of a custom resource (the group has a dot)');
    expect(fails('nodes: []\n')).toBe('p.yaml:3: nodes: must name at least one node pool');
    expect(fails('storageClasses:\n- {name: a, default: true}\n- {name: b, default: true}\n')).toBe('p.yaml:3: storageClasses: more than one class is marked default');
    expect(() => parseProfile('apiVersion: check.kubemu.dev/v1alpha1\nkind: Nope\n', 'p.yaml', '/')).toThrow('p.yaml:2: kind: must be CheckProfile');
  });
  it('names pool nodes prefix01.. and spreads them over zones in turn', () => {
    const pool = { namePrefix: 'w', count: 3, controlPlane: false, cpu: '4', memory: '16Gi', maxPods: 110, labels: {}, zones: ['a', 'b'] };
    expect(poolShapes(pool, 1).map((s) => [s.name, s.index, s.zone])).toEqual([['w01', 1, 'a'], ['w02', 2, 'b'], ['w03', 3, 'a']]);
  });
  it('guesses plurals for kinds the cluster serves', () => {
    expect(['ServiceMonitor', 'Ingress', 'Policy', 'Gateway'].map(pluralOf)).toEqual(['servicemonitors', 'ingresses', 'policies', 'gateways']);
  });
  it('maps every path to its line', () => {
    expect([...yamlLines('a:\n  b: [1, 2]\nc:\n- d: x\n')]).toEqual([['', 1], ['a', 1], ['a.b', 2], ['a.b[0]', 2], ['a.b[1]', 2], ['c', 3], ['c[0]', 4], ['c[0].d', 4]]);
  });
});
