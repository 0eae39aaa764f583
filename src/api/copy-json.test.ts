import { describe, expect, it } from 'vitest';
import { copyJson } from './copy-json';

describe('copyJson', () => {
  it('copies as structuredClone does, sharing nothing', () => {
    const v = {
      kind: 'Pod', metadata: { name: 'p', labels: { '2': 'x', a: 'y' }, finalizers: ['f'] },
      spec: { containers: [{ name: 'c', args: ['a', null, 1.5, true], env: [] }], nothing: undefined },
      list: [[1], [{ deep: { deeper: 'z' } }]],
    };
    const c = copyJson(v);
    expect(JSON.stringify(c)).toBe(JSON.stringify(structuredClone(v)));
    expect(Object.keys(c.spec)).toEqual(['containers', 'nothing']);
    expect(c).toEqual(v);
    c.metadata.labels.a = 'changed';
    c.spec.containers[0]!.args.push('more');
    c.list[1]![0] = 0;
    expect(v.metadata.labels.a).toBe('y');
    expect(v.spec.containers[0]!.args).toHaveLength(4);
    expect(v.list[1]![0]).toEqual({ deep: { deeper: 'z' } });
  });

  it('keeps a "__proto__" key as data and other objects as structuredClone does', () => {
    const v = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>;
    const c = copyJson(v);
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
    expect(Object.keys(c)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const d = { when: new Date(0), m: new Map([['k', 1]]) };
    expect(copyJson(d)).toEqual(structuredClone(d));
    expect(copyJson(d).when).toBeInstanceOf(Date);
  });
});
