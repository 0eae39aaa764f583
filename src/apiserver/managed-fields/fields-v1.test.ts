import { describe, expect, it } from 'vitest';
import { build, buildFrom } from './fields-v1';

describe('buildFrom', () => {
  it("writes the keys in byte order, '.' first on an owned node with children", () => {
    const tree = buildFrom(true, [['f:ports', {}], ['f:image', {}], ['k:{"name":"a"}', {}], ['f:name', {}]]);
    expect(JSON.stringify(tree)).toBe('{".":{},"f:image":{},"f:name":{},"f:ports":{},"k:{\\"name\\":\\"a\\"}":{}}');
  });

  it("keeps keys already in order, and gives a leaf no '.'", () => {
    expect(JSON.stringify(buildFrom(false, [['f:a', {}], ['f:b', {}]]))).toBe('{"f:a":{},"f:b":{}}');
    expect(buildFrom(true, [])).toEqual({});
  });

  it('is build over a map', () => {
    const kids = new Map<string, Record<string, unknown>>([['f:z', {}], ['f:a', { '.': {} }]]);
    expect(JSON.stringify(build(true, kids))).toBe('{".":{},"f:a":{".":{}},"f:z":{}}');
  });
});
