import { describe, expect, it } from 'vitest';
import { decodeMemos, encodeMemos, packMemo, unpackMemo } from './settle-memo';

describe('settle memos', () => {
  const memosOf = (pods: number) => ({ 'default-scheduler': { queue: { schedulerName: 'default-scheduler', pods: Array.from({ length: pods }, (_, i) => [`default/web-${i}`, String(1000 + i), 0, '2026-01-01T00:00:00Z']) } } });

  it('keep a big memo deflated, read it back, and read anything else as none', () => {
    const memos = memosOf(5_000);
    const saved = encodeMemos(memos);
    expect(saved.startsWith('z1:')).toBe(true);
    expect(saved.length).toBeLessThan(JSON.stringify(memos).length / 4);
    expect(decodeMemos(saved)).toEqual(memos);
    expect(encodeMemos({})).toBe('');
    for (const odd of [undefined, '', JSON.stringify(memos), 'z1:%%%', `z1:${Buffer.from('[1,2]').toString('base64')}`, 'j1:{"a":', 'j1:[1,2]']) expect(decodeMemos(odd)).toEqual({});
  });

  it('keep a small memo plain, so that reading it needs no zlib', () => {
    const memos = memosOf(500);
    const saved = encodeMemos(memos);
    expect(saved).toBe(`j1:${JSON.stringify(memos)}`);
    expect(decodeMemos(saved)).toEqual(memos);
  });

  it('read a part packed apart inside a plain memo', () => {
    const inner = packMemo(memosOf(3));
    const saved = encodeMemos({ 'default-scheduler': { snapshot: inner } });
    expect(unpackMemo((decodeMemos(saved)['default-scheduler'] as { snapshot: string }).snapshot)).toEqual(memosOf(3));
  });
});
