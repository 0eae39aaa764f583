/** LinearRegExp behaves as a RegExp in what test, exec, replace and split return, in linear time. */
import { describe, expect, it } from 'vitest';
import { LinearRegExp } from './linear-regexp';

describe('LinearRegExp', () => {
  it('answers as V8\'s RegExp does', () => {
    for (const [src, flags, text] of [['(\\w+)@(\\w+)', 'g', 'a joe@host b ann@box'], ['a*', 'g', 'baaac'], ['(x)?y', '', 'zy'], ['[A-Z]+', 'gi', 'Ab cD'], [':', 'g', 'a:b::c']] as const) {
      const ours = new LinearRegExp(src, flags);
      const v8 = new RegExp(src, flags);
      expect([...text.matchAll(new LinearRegExp(src, `${flags.replace('g', '')}g`))].map((m) => [...m, m.index])).toEqual([...text.matchAll(new RegExp(src, `${flags.replace('g', '')}g`))].map((m) => [...m, m.index]));
      expect(text.replace(ours, '<$&|$1>')).toBe(text.replace(v8, '<$&|$1>'));
      expect(text.split(new LinearRegExp(src, flags.replace('g', '')))).toEqual(text.split(new RegExp(src, flags.replace('g', ''))));
      expect(new LinearRegExp(src, flags).test(text)).toBe(new RegExp(src, flags).test(text));
    }
  });

  it('matches what backtracks for ever in V8 in linear time', { timeout: 5000 }, () => {
    const long = 'a'.repeat(200_000);
    expect(new LinearRegExp('(a|a)*b').test(long)).toBe(false);
    expect(new LinearRegExp('(a+)+$').exec(`${long}b`)).toBeNull();
    expect(`${long}b`.split(new LinearRegExp('(a|a)*c'))).toHaveLength(1);
  });

  it('refuses what RE2 cannot run', () => {
    expect(() => new LinearRegExp('(a)\\1')).toThrow();
    expect(() => new LinearRegExp('a(?=b)')).toThrow();
  });
});
