import { describe, expect, it } from 'vitest';
import { logText, written } from './logs';

describe('a log as containerd writes it', () => {
  const lines = [{ ms: 1, text: 'a' }, { ms: 2, text: 'b'.repeat(40_000), partial: true }];
  it('holds a line without its newline while the process runs, but for its whole 16 KiB pieces', () => {
    expect(written(lines, true).map((l) => [l.text.length, l.partial])).toEqual([[1, undefined], [32_768, true]]);
    expect(written([{ ms: 1, text: 'tail', partial: true }], true)).toEqual([]);
  });

  it('writes it when the stream ends, and the endpoint sends it without a newline', () => {
    expect(written(lines, false)).toBe(lines);
    expect(logText([{ ms: 1, text: 'one' }, { ms: 2, text: 'two', partial: true }], () => '> ')).toBe('> one\n> two');
  });
});
