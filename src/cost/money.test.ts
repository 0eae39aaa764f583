import { describe, expect, it } from 'vitest';
import { HOURS_PER_MONTH, money, perMonth } from './money';

describe('money', () => {
  it('a month is 730 hours, as Azure\'s pricing calculator counts it', () => {
    expect(HOURS_PER_MONTH).toBe(730);
    expect(perMonth(0.192)).toBeCloseTo(140.16, 10);
  });
  it('prints four decimals', () => {
    expect(money(140.16)).toBe('$140.1600');
    expect(money(0.00004)).toBe('$0.0000');
  });
});
