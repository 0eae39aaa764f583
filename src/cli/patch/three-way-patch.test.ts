import { describe, expect, it } from 'vitest';
import { toCompactJson } from '../../yaml/write-json';
import { createThreeWayPatch, createTwoWayPatch, PatchError } from './three-way-patch';

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
