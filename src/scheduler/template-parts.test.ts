import { describe, expect, it } from 'vitest';
import { sharedPart } from './template-parts';

describe('sharedPart', () => {
  it('gives one owner\'s equal parts as one object, and keeps a part that differs', () => {
    const a = sharedPart('rs-1', 'labels', { app: 'web', tier: 'front' });
    expect(sharedPart('rs-1', 'labels', { tier: 'front', app: 'web' })).toBe(a);
    // Another owner, or no owner, shares nothing.
    expect(sharedPart('rs-2', 'labels', { app: 'web', tier: 'front' })).not.toBe(a);
    const loose = { app: 'web', tier: 'front' };
    expect(sharedPart(undefined, 'labels', loose)).toBe(loose);
    // A part that differs (a key holding undefined differs from an absent one) is not replaced by the kept one.
    const other = { app: 'web', tier: 'front', extra: undefined };
    expect(sharedPart('rs-1', 'labels', other)).toBe(other);
    expect(sharedPart('rs-1', 'tolerations', undefined)).toBeUndefined();
  });
});
