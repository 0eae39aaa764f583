import { describe, expect, it } from 'vitest';
import { applyJsonPatch, applyMergePatch, applyStrategicMergePatch } from '.';

describe('strategic merge patch', () => {
  const doc = { apiVersion: 'v1', kind: 'Pod', spec: { containers: [{ name: 'a', image: 'x', ports: [{ containerPort: 80 }] }, { name: 'b', image: 'y' }], tolerations: [{ key: 'k' }] } };
  it('merges lists by merge key and replaces lists without one', () => {
    expect(applyStrategicMergePatch(doc, { spec: { containers: [{ name: 'b', image: 'z' }], tolerations: [{ key: 'j' }] } })).toEqual({
      apiVersion: 'v1', kind: 'Pod', spec: { containers: [{ name: 'a', image: 'x', ports: [{ containerPort: 80 }] }, { name: 'b', image: 'z' }], tolerations: [{ key: 'j' }] },
    });
  });
  it('honours $patch: delete and null', () => {
    expect(applyStrategicMergePatch(doc, { spec: { containers: [{ name: 'a', $patch: 'delete' }], tolerations: null } })).toEqual({ apiVersion: 'v1', kind: 'Pod', spec: { containers: [{ name: 'b', image: 'y' }] } });
  });
  it('takes merge keys from the kind: a custom resource\'s lists are replaced whole', () => {
    const cr = { apiVersion: 'example.com/v1', kind: 'Widget', spec: { containers: [{ name: 'a' }] } };
    expect(applyStrategicMergePatch(cr, { spec: { containers: [{ name: 'b' }] } })).toEqual({ ...cr, spec: { containers: [{ name: 'b' }] } });
  });
});

describe('merge and json patch', () => {
  it('merge patch deletes with null', () => expect(applyMergePatch({ a: 1, b: { c: 2 } }, { b: { c: null, d: 3 } })).toEqual({ a: 1, b: { d: 3 } }));
  it('json patch add/remove/test', () => {
    expect(applyJsonPatch({ a: [1, 2] }, [{ op: 'add', path: '/a/-', value: 3 }, { op: 'remove', path: '/a/0' }])).toEqual({ a: [2, 3] });
    expect(() => applyJsonPatch({ a: 1 }, [{ op: 'test', path: '/a', value: 2 }])).toThrow('testing value /a failed: test failed');
  });
});


describe('strategic merge patch: $setElementOrder', () => {
  const deploy = (env: unknown[]) => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { template: { spec: { containers: [{ name: 'c', env }] } } } });
  const envOf = (obj: unknown) => ((obj as ReturnType<typeof deploy>).spec.template.spec.containers[0]!.env as { name: string }[]).map((e) => e.name);
  const container = (extra: Record<string, unknown>) => ({ spec: { template: { spec: { containers: [{ name: 'c', ...extra }] } } } });

  it('puts the items it names in its order, a new one included', () => {
    const patch = container({ env: [{ name: 'PW', value: '2' }], '$setElementOrder/env': [{ name: 'A' }, { name: 'PW' }] });
    expect(envOf(applyStrategicMergePatch(deploy([{ name: 'A', value: '1' }]), patch))).toEqual(['A', 'PW']);
  });

  it('reorders a list the patch does not otherwise change; a server-only item goes before a named one it preceded on the server', () => {
    const live = deploy([{ name: 'A' }, { name: 'S' }, { name: 'B' }]);
    expect(envOf(applyStrategicMergePatch(live, container({ '$setElementOrder/env': [{ name: 'B' }, { name: 'A' }] })))).toEqual(['S', 'B', 'A']);
  });
});
