import { describe, expect, it } from 'vitest';
import { decodeMemos, encodeMemos } from './settle-memo';

describe('settle memos', () => {
  it('keep the memos deflated, read them back, and read anything else as none', () => {
    const memos = { 'default-scheduler': { queue: { schedulerName: 'default-scheduler', pods: Array.from({ length: 500 }, (_, i) => [`default/web-${i}`, String(1000 + i), 0, '2026-01-01T00:00:00Z']) } } };
    const saved = encodeMemos(memos);
    expect(saved.startsWith('z1:')).toBe(true);
    expect(saved.length).toBeLessThan(JSON.stringify(memos).length / 4);
    expect(decodeMemos(saved)).toEqual(memos);
    expect(encodeMemos({})).toBe('');
    for (const odd of [undefined, '', JSON.stringify(memos), 'z1:%%%', `z1:${Buffer.from('[1,2]').toString('base64')}`]) expect(decodeMemos(odd)).toEqual({});
  });
});
