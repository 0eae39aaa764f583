import { describe, expect, it } from 'vitest';
import { pickValues, render, WORDS } from './variables';
import { commandArgv, shellWords } from './command-line';

describe('pickValues', () => {
  const vars = { a: { word: true as const }, b: { word: true as const }, ns: { oneOf: ['x', 'y', 'z'] }, port: { range: [8000, 8009] as const } };
  it('gives the same values for the same seed', () => {
    expect(pickValues(vars, 5)).toEqual(pickValues(vars, 5));
  });
  it('draws within the declared choices, and two words never collide', () => {
    for (let seed = 1; seed < 50; seed++) {
      const v = pickValues(vars, seed);
      expect(WORDS).toContain(v.a);
      expect(v.a).not.toBe(v.b);
      expect(['x', 'y', 'z']).toContain(v.ns);
      expect(Number(v.port)).toBeGreaterThanOrEqual(8000);
      expect(Number(v.port)).toBeLessThanOrEqual(8009);
    }
  });
  it('varies with the seed', () => {
    const seen = new Set(Array.from({ length: 20 }, (_, s) => pickValues(vars, s + 1).a));
    expect(seen.size).toBeGreaterThan(3);
  });
});

describe('render', () => {
  it('fills placeholders, with or without spaces, and leaves other braces alone', () => {
    expect(render('{{ a }}/{{b}} {.x} {{.data.y | base64decode}}', { a: '1', b: '2' })).toBe('1/2 {.x} {{.data.y | base64decode}}');
  });
});

describe('command lines', () => {
  it('split as sh splits them, quotes and escapes included', () => {
    expect(shellWords(`kubectl patch svc a -p '{"spec": {}}' --x="a \\"b\\"" c\\ d`)).toEqual(['kubectl', 'patch', 'svc', 'a', '-p', '{"spec": {}}', '--x=a "b"', 'c d']);
  });
  it('drop the program word', () => {
    expect(commandArgv('kubectl get pods')).toEqual(['get', 'pods']);
    expect(commandArgv('kubemu tick 1m')).toEqual(['tick', '1m']);
    expect(commandArgv('k get po')).toEqual(['get', 'po']);
  });
  it('refuse an unterminated quote', () => {
    expect(() => shellWords("kubectl get 'pods")).toThrow('unterminated quote');
  });
});
