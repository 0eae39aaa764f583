import { describe, expect, it } from 'vitest';
import { isLess, naturalLess, sortObjects, UnsortableError } from './sort-by';

const obj = (name: string, extra: Record<string, unknown> = {}) => ({ metadata: { name, ...extra } });

describe('naturalLess', () => {
  const cases: [string, string, boolean][] = [
    ['web-9', 'web-10', true], ['web-10', 'web-9', false], ['a', 'b', true], ['a', 'a', false],
    ['a1', 'a01', true], ['1x', 'x', true], ['ab', 'abc', true],
  ];
  for (const [a, b, want] of cases) it(`${a} < ${b} is ${want}`, () => expect(naturalLess(a, b)).toBe(want));
});

describe('isLess', () => {
  const cases: [unknown, unknown, boolean][] = [
    [1, 2, true], [2.5, 2.25, false], ['100m', '1', true], ['2Gi', '512Mi', false],
    ['2024-01-02T00:00:00Z', '2024-01-10T00:00:00Z', true], [null, 'a', true], ['a', null, false],
  ];
  for (const [a, b, want] of cases) it(`${JSON.stringify(a)} < ${JSON.stringify(b)} is ${want}`, () => expect(isLess(a, b)).toBe(want));
});

describe('sortObjects', () => {
  it('sorts numbers numerically', () => {
    const items = [obj('a', { generation: 10 }), obj('b', { generation: 9 }), obj('c', { generation: 100 })];
    expect(sortObjects(items, '.metadata.generation').map((o) => o.metadata.name)).toEqual(['b', 'a', 'c']);
  });
  it("puts objects without the field first, in the order Go's sort leaves them", () => {
    // kubectl's less says an object without the field is less than any other, even one without it:
    // insertion sort then moves the last such object before the earlier one.
    const items = [obj('x', { uid: 'b' }), obj('y'), obj('z', { uid: 'a' }), obj('w')];
    expect(sortObjects(items, '{.metadata.uid}').map((o) => o.metadata.name)).toEqual(['w', 'y', 'z', 'x']);
  });
  it('reports a field no object has', () => {
    expect(() => sortObjects([obj('a'), obj('b')], '.foo')).toThrow(new Error('couldn\'t find any field with path "{.foo}" in the list of objects'));
  });
  it('table mode leaves a single row alone', () => {
    expect(sortObjects([obj('a')], '.foo', { table: true })).toEqual([obj('a')]);
  });
  it('table mode prefixes template errors', () => {
    expect(() => sortObjects([obj('a'), obj('b')], '.a[x]', { table: true })).toThrow(new Error('sorting error: invalid array index x'));
  });
  it('ends as kubectl does on values Go cannot order: a map, a bool, an int beside a float or a string', () => {
    const unsortable = (items: object[], path: string, table: boolean): UnsortableError => {
      try {
        sortObjects(items, path, { table });
      } catch (e) {
        return e as UnsortableError;
      }
      throw new Error('sorted');
    };
    const labelled = [obj('a', { labels: { x: '1' } }), obj('b', { labels: { x: '2' } })];
    const e = unsortable(labelled, '.metadata.labels', false);
    expect(e).toBeInstanceOf(UnsortableError);
    expect([e.message, e.source]).toEqual(['Field {.metadata.labels} in *unstructured.Unstructured is an unsortable type: interface, err: unsortable type: map[string]interface {}', 'sorter.go:329']);
    expect(unsortable([obj('a', { ready: true }), obj('b', { ready: false })], '.metadata.ready', true).message)
      .toBe('Field {.metadata.ready} in [][][]reflect.Value is an unsortable type: interface, err: unsortable type: bool');
    expect(unsortable([obj('a', { n: 1 }), obj('b', { n: 1.5 })], '.metadata.n', true).message).toMatch(/err: unsortable interface: interface$/);
    expect(unsortable([obj('a', { n: 1 }), obj('b', { n: 'x' })], '.metadata.n', true).message).toMatch(/err: unsortable interface: interface$/);
    // An object without the field is never compared: nothing to end on.
    expect(sortObjects([obj('a', { labels: { x: '1' } }), obj('b')], '.metadata.labels').map((o) => o.metadata.name)).toEqual(['b', 'a']);
  });
  it('sorts quantities by value', () => {
    const items = [obj('a', { q: '1Gi' }), obj('b', { q: '500Mi' }), obj('c', { q: '2' })];
    expect(sortObjects(items, '.metadata.q').map((o) => o.metadata.name)).toEqual(['c', 'b', 'a']);
  });
});
