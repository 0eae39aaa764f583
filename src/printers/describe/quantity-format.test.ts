import { describe, expect, it } from 'vitest';
import { addQuantity, canonicalQuantity, formatQuantity, milliValue, parseQuantityExact, quantityOf, value } from './quantity-format';

describe('canonicalQuantity', () => {
  it.each([
    ['100m', '100m'], ['1000m', '1'], ['1500m', '1500m'], ['0.5', '500m'], ['2000', '2k'], ['16', '16'], ['0', '0'],
    ['64Mi', '64Mi'], ['1024Mi', '1Gi'], ['1536Ki', '1536Ki'], ['0.5Ki', '512'], ['16331208Ki', '16331208Ki'],
    ['1e3', '1e3'], ['1.5e3', '1500'], ['250M', '250M'], ['1200', '1200'], [110, '110'],
  ])('%s → %s', (input, want) => {
    expect(canonicalQuantity(input)).toBe(want);
  });
});

describe('arithmetic', () => {
  it('keeps the left operand format when adding', () => {
    expect(formatQuantity(addQuantity(quantityOf('64Mi'), quantityOf('100Mi')))).toBe('164Mi');
    expect(formatQuantity(addQuantity(quantityOf('250m'), quantityOf('100m')))).toBe('350m');
    expect(formatQuantity(addQuantity(quantityOf('1'), quantityOf('1Gi')))).toBe('1073741825');
  });

  it('rounds milli and whole values up', () => {
    expect(milliValue(quantityOf('1n'))).toBe(1n);
    expect(value(quantityOf('1500m'))).toBe(2n);
    expect(milliValue(quantityOf('8'))).toBe(8000n);
  });

  it.each(['', 'abc', '1.2.3', '5Qi'])('rejects %j', (s) => {
    expect(parseQuantityExact(s)).toBeUndefined();
  });
});
