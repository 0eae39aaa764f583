import { describe, expect, it } from 'vitest';
import { toCompactJson } from '../../yaml/write-json';
import { createThreeWayPatch, createTwoWayPatch, PatchConflict, PatchError } from './three-way-patch';

const pod = (spec: unknown, metadata: Record<string, unknown> = {}) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', ...metadata }, spec });
const deployment = (spec: unknown) => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec });
const text = (patch: unknown) => toCompactJson(patch);

describe('createTwoWayPatch', () => {
  it('merges a changed list item by its key, with the order of the list', () => {
    expect(text(createTwoWayPatch(pod({ containers: [{ name: 'a', image: 'x' }] }), pod({ containers: [{ name: 'a', image: 'y' }] }))))
      .toBe('{"spec":{"$setElementOrder/containers":[{"name":"a"}],"containers":[{"image":"y","name":"a"}]}}');
  });

  it('is empty for equal objects, and nulls what the edit removed', () => {
    expect(createTwoWayPatch(pod({ a: 1 }), pod({ a: 1 }))).toEqual({});
    expect(text(createTwoWayPatch(pod({}, { labels: { a: '1', b: '2' } }), pod({}, { labels: { a: '1' } })))).toBe('{"metadata":{"labels":{"b":null}}}');
  });
});

describe('createThreeWayPatch', () => {
  it("deletes only what the last apply set and the manifest dropped", () => {
    const original = pod({}, { labels: { a: '1', b: '2' } });
    const current = pod({}, { labels: { a: '1', b: '2', c: '3' } });
    expect(text(createThreeWayPatch(original, pod({}, { labels: { a: '1' } }), current))).toBe('{"metadata":{"labels":{"b":null}}}');
    expect(createThreeWayPatch(original, original, current)).toEqual({});
  });

  it('deletes from a merged list of scalars through its parallel list, with the new order', () => {
    const patch = createThreeWayPatch(pod({}, { finalizers: ['x', 'y'] }), pod({}, { finalizers: ['y', 'z'] }), pod({}, { finalizers: ['x', 'y', 'w'] }));
    expect(text(patch)).toBe('{"metadata":{"$deleteFromPrimitiveList/finalizers":["x"],"$setElementOrder/finalizers":["y","z"],"finalizers":["z"]}}');
  });

  it('deletes a merged list item with $patch: delete, after the changed items', () => {
    const original = pod({ containers: [{ name: 'a', image: 'x' }, { name: 'b', image: 'x' }] });
    const patch = createThreeWayPatch(original, pod({ containers: [{ name: 'b', image: 'y' }] }), original);
    expect(text(patch)).toBe('{"spec":{"$setElementOrder/containers":[{"name":"b"}],"containers":[{"image":"y","name":"b"},{"$patch":"delete","name":"a"}]}}');
  });

  it('lists the keys a retainKeys field keeps', () => {
    const original = deployment({ strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } } });
    const current = deployment({ strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: '25%' } } });
    expect(text(createThreeWayPatch(original, deployment({ strategy: { type: 'Recreate' } }), current)))
      .toBe('{"spec":{"strategy":{"$retainKeys":["type"],"rollingUpdate":null,"type":"Recreate"}}}');
  });

  it('sends a type without patch metadata (a custom resource) a JSON merge patch', () => {
    const widget = (spec: unknown) => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec });
    const original = widget({ a: 1, b: [1, 2], c: { x: 1, y: 2 } });
    expect(text(createThreeWayPatch(original, widget({ a: 2, b: [2], c: { x: 1 } }), { ...original, status: { ok: true } })))
      .toBe('{"spec":{"a":2,"b":[2],"c":{"y":null}}}');
  });

  it('refuses a merged list item without its merge key, as strategicpatch does', () => {
    const original = pod({ containers: [{ name: 'a', image: 'x' }] });
    expect(() => createThreeWayPatch(original, pod({ containers: [{ image: 'y' }] }), original)).toThrow(PatchError);
  });
});

describe('createThreeWayPatch without overwrite (apply --overwrite=false)', () => {
  const refused = (original: object, modified: object, current: object) => {
    try {
      createThreeWayPatch(original, modified, current, false);
      return undefined;
    } catch (e) {
      if (e instanceof PatchConflict) return e.message;
      throw e;
    }
  };

  it('refuses a key the live object changed otherwise, showing both changes as YAML', () => {
    const original = pod({}, { labels: { a: '1' } });
    expect(refused(original, pod({}, { labels: { a: '2' } }), pod({}, { labels: { a: '3' } })))
      .toBe('patch:\nmetadata:\n  labels:\n    a: "2"\n\nconflicts with changes made from original to current:\nmetadata:\n  labels:\n    a: "3"\n\n');
    // With overwrite the same documents make the patch.
    expect(text(createThreeWayPatch(original, pod({}, { labels: { a: '2' } }), pod({}, { labels: { a: '3' } })))).toBe('{"metadata":{"labels":{"a":"2"}}}');
  });

  it('lets through changes beside what the live object changed, or the same change', () => {
    const original = pod({}, { labels: { a: '1', b: '1' } });
    expect(refused(original, pod({}, { labels: { a: '2', b: '1' } }), pod({}, { labels: { a: '1', b: '1', c: '9' } }))).toBeUndefined();
    // A key the manifest keeps but the live object changed is in the patch too (apply would undo the change).
    expect(refused(original, pod({}, { labels: { a: '2', b: '1' } }), pod({}, { labels: { a: '1', b: '9' } }))).toContain('conflicts with changes');
    expect(refused(original, pod({}, { labels: { a: '2', b: '1' } }), pod({}, { labels: { a: '2', b: '1' } }))).toBeUndefined();
    expect(refused(original, original, pod({}, { labels: { a: '1', b: '1', c: '7' } }))).toBeUndefined();
    // The manifest as last applied still undoes a change made since.
    expect(refused(original, original, pod({}, { labels: { a: '7' } }))).toContain('conflicts with changes');
  });

  it('compares a merged list of maps item by merge key, and never a merged list of scalars', () => {
    const original = pod({ containers: [{ name: 'a', image: 'x' }] });
    const added = pod({ containers: [{ name: 'a', image: 'x' }, { name: 'b', image: 'y' }] });
    expect(refused(original, pod({ containers: [{ name: 'a', image: 'z' }] }), added)).toBeUndefined();
    expect(refused(original, pod({ containers: [{ name: 'a', image: 'z' }] }), pod({ containers: [{ name: 'a', image: 'w' }] }))).toContain('conflicts with changes');
    expect(refused(pod({}, { finalizers: ['x'] }), pod({}, { finalizers: ['x', 'y'] }), pod({}, { finalizers: ['x', 'z'] }))).toBeUndefined();
  });

  it('compares a list replaced whole by its items, scalars sorted', () => {
    const original = pod({ containers: [{ name: 'a', image: 'x', args: ['1'] }] });
    const current = pod({ containers: [{ name: 'a', image: 'x', args: ['2', '3'] }] });
    expect(refused(original, pod({ containers: [{ name: 'a', image: 'x', args: ['3', '2'] }] }), current)).toBeUndefined();
    expect(refused(original, pod({ containers: [{ name: 'a', image: 'x', args: ['3'] }] }), current)).toContain('conflicts with changes');
  });

  it('does not check a JSON merge patch (custom resources)', () => {
    const widget = (spec: unknown) => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec });
    expect(refused(widget({ a: 1 }), widget({ a: 2 }), widget({ a: 3 }))).toBeUndefined();
  });
});
