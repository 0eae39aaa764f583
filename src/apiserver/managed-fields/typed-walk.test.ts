import { describe, expect, it } from 'vitest';
import { FieldSet, pathString } from './field-set';
import { compare, merge, removePath, toFieldSet } from './typed-walk';

const POD_SPEC = 'core/v1.PodSpec';

describe('FieldSet', () => {
  it('round-trips FieldsV1, marking a node with children that is itself owned with "."', () => {
    const v1 = { 'f:metadata': { 'f:finalizers': { '.': {}, 'v:"a"': {} } }, 'f:spec': { 'f:containers': { 'k:{"name":"web"}': { '.': {}, 'f:image': {} } } } };
    const set = FieldSet.fromFieldsV1(v1);
    expect(set.has(['f:spec', 'f:containers', 'k:{"name":"web"}'])).toBe(true);
    expect(set.has(['f:spec', 'f:containers'])).toBe(false);
    expect(set.toFieldsV1()).toEqual(v1);
  });

  it('prints paths as fieldpath does', () => {
    expect(pathString(['f:spec', 'f:template', 'f:spec', 'f:containers', 'k:{"name":"web"}', 'f:image'])).toBe('.spec.template.spec.containers[name="web"].image');
    expect(pathString(['f:spec', 'f:ports', 'k:{"port":80,"protocol":"TCP"}'])).toBe('.spec.ports[port=80,protocol="TCP"]');
    expect(pathString(['f:metadata', 'f:finalizers', 'v:"a"'])).toBe('.metadata.finalizers[="a"]');
  });
});

describe('typed walks over the strategic-merge schema', () => {
  it('keys containers by name, treats atomic lists and selectors as one field', () => {
    const set = toFieldSet({ containers: [{ name: 'web', image: 'x', args: ['a', 'b'] }], nodeSelector: { disk: 'ssd' } }, POD_SPEC);
    expect(set.toFieldsV1()).toEqual({
      'f:containers': { 'k:{"name":"web"}': { '.': {}, 'f:args': {}, 'f:image': {}, 'f:name': {} } },
      'f:nodeSelector': {},
    });
  });

  it('merges keyed lists item by item, keeping the live order and adding new items before the next shared one', () => {
    const live = { containers: [{ name: 'a', image: '1' }, { name: 'side', image: 's' }, { name: 'c', image: '3' }] };
    const config = { containers: [{ name: 'a', image: '2' }, { name: 'b', image: 'b' }, { name: 'c', image: '3' }] };
    expect(merge(live, config, POD_SPEC)).toEqual({ containers: [
      { name: 'a', image: '2' }, { name: 'side', image: 's' }, { name: 'b', image: 'b' }, { name: 'c', image: '3' },
    ] });
  });

  it('compares: changed leaves are modified, new items and their fields added, gone ones removed', () => {
    const c = compare({ containers: [{ name: 'a', image: '1' }, { name: 'b', image: 'b' }] }, { containers: [{ name: 'a', image: '2' }, { name: 'n', image: 'n' }] }, POD_SPEC);
    expect(c.modified.paths().map(pathString)).toEqual(['.containers[name="a"].image']);
    expect(c.added.paths().map(pathString)).toEqual(['.containers[name="n"]', '.containers[name="n"].image', '.containers[name="n"].name']);
    expect(c.removed.paths().map(pathString)).toEqual(['.containers[name="b"]', '.containers[name="b"].image', '.containers[name="b"].name']);
  });

  it('removes a keyed item or a field by path', () => {
    const obj = { containers: [{ name: 'a', image: '1', args: ['x'] }, { name: 'b', image: 'b' }] };
    removePath(obj, ['f:containers', 'k:{"name":"b"}'], POD_SPEC);
    removePath(obj, ['f:containers', 'k:{"name":"a"}', 'f:args'], POD_SPEC);
    expect(obj).toEqual({ containers: [{ name: 'a', image: '1' }] });
  });
});
