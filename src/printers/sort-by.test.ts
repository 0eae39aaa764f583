import { describe, expect, it } from 'vitest';
import { isLess, naturalLess, sortObjects } from './sort-by';

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
    [1, 2, true], [2.5, 2, false], ['100m', '1', true], ['2Gi', '512Mi', false],
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
  it('sorts quantities by value', () => {
    const items = [obj('a', { q: '1Gi' }), obj('b', { q: '500Mi' }), obj('c', { q: '2' })];
    expect(sortObjects(items, '.metadata.q').map((o) => o.metadata.name)).toEqual(['c', 'b', 'a']);
  });
});
