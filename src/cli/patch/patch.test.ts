import { describe, expect, it } from 'vitest';
import { applyJsonPatch, applyMergePatch, applyStrategicMergePatch } from '.';
import { canonicalQuantity } from '../../api/quantity';

describe('strategic merge patch', () => {
  const doc = { spec: { containers: [{ name: 'a', image: 'x', ports: [{ containerPort: 80 }] }, { name: 'b', image: 'y' }], tolerations: [{ key: 'k' }] } };
  it('merges lists by merge key and replaces lists without one', () => {
    expect(applyStrategicMergePatch(doc, { spec: { containers: [{ name: 'b', image: 'z' }], tolerations: [{ key: 'j' }] } })).toEqual({
      spec: { containers: [{ name: 'a', image: 'x', ports: [{ containerPort: 80 }] }, { name: 'b', image: 'z' }], tolerations: [{ key: 'j' }] },
    });
  });
  it('honours $patch: delete and null', () => {
    expect(applyStrategicMergePatch(doc, { spec: { containers: [{ name: 'a', $patch: 'delete' }], tolerations: null } })).toEqual({ spec: { containers: [{ name: 'b', image: 'y' }] } });
  });
});

describe('merge and json patch', () => {
  it('merge patch deletes with null', () => expect(applyMergePatch({ a: 1, b: { c: 2 } }, { b: { c: null, d: 3 } })).toEqual({ a: 1, b: { d: 3 } }));
  it('json patch add/remove/test', () => {
    expect(applyJsonPatch({ a: [1, 2] }, [{ op: 'add', path: '/a/-', value: 3 }, { op: 'remove', path: '/a/0' }])).toEqual({ a: [2, 3] });
    expect(() => applyJsonPatch({ a: 1 }, [{ op: 'test', path: '/a', value: 2 }])).toThrow('testing value /a failed: test failed');
  });
});

describe('canonicalQuantity', () => {
  it.each([['0.5', '500m'], ['1024Mi', '1Gi'], ['1.5Gi', '1536Mi'], ['100m', '100m'], ['2000', '2k'], ['512Mi', '512Mi'], ['0.1', '100m'], ['1', '1']])('%s → %s', (a, b) => {
    expect(canonicalQuantity(a)).toBe(b);
  });
});
