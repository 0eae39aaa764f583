import { describe, expect, it } from 'vitest';
import { wrapWords } from './word-wrap';

describe('wrapWords (go-wordwrap v1.0.1)', () => {
  it('breaks before the word that would pass the limit, dropping the space there', () => {
    expect(wrapWords('aaa bbb ccc', 7)).toBe('aaa bbb\nccc');
  });
  it('keeps a word longer than the limit whole', () => {
    expect(wrapWords('a https://example.com/a/very/long/url b', 10)).toBe('a\nhttps://example.com/a/very/long/url\nb');
  });
  it('starts counting again after a newline and keeps blank lines', () => {
    expect(wrapWords('aaaa bbbb\n\ncc dd', 9)).toBe('aaaa bbbb\n\ncc dd');
  });
  it('keeps a trailing newline and the spaces that fit', () => {
    expect(wrapWords('abc  \n', 10)).toBe('abc  \n');
    expect(wrapWords('x\n - `"A"` y', 80)).toBe('x\n - `"A"` y');
  });
  it('counts runes, not bytes', () => {
    expect(wrapWords('ééé ééé', 7)).toBe('ééé ééé');
  });
});
