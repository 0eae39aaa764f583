/**
 * The cases are apimachinery's own (pkg/api/resource quantity_test.go at v0.32), restated:
 * parse values and formats, String() canonical forms, round-trips through String(), Cmp,
 * Add/Sub, and the three parse errors as kubectl 1.32 reports them.
 */
import { describe, expect, it } from 'vitest';
import {
  addQuantity, asApproximateFloat64, canonicalQuantity, compareQuantity, formatQuantity, milliValue, parseQuantity,
  QUANTITY_FORMAT_ERROR, QUANTITY_NUMERIC_ERROR, QUANTITY_SUFFIX_ERROR, quantityJsonError, quantityOf, quantityParseError,
  int64Form, storedQuantityText, subQuantity, tryParseQuantity, value, type Quantity, type QuantityFormat,
} from './quantity';

/** dec is upstream's decQuantity: unscaled × 10^scale, in a format. */
function dec(unscaled: bigint | number, scale: number, format: QuantityFormat): Quantity {
  const u = BigInt(unscaled);
  const shift = scale + 9;
  return { nanos: shift >= 0 ? u * 10n ** BigInt(shift) : u / 10n ** BigInt(-shift), format };
}
const KI = 1024n;
const MAX = { nanos: (2n ** 63n - 1n) * 1_000_000_000n, format: 'BinarySI' as const };

describe('parseQuantity (TestQuantityParse)', () => {
  const table: [string, Quantity][] = [
    ['0', dec(0, 0, 'DecimalSI')], ['0n', dec(0, 0, 'DecimalSI')], ['0u', dec(0, 0, 'DecimalSI')], ['0m', dec(0, 0, 'DecimalSI')],
    ['0Ki', dec(0, 0, 'BinarySI')], ['0k', dec(0, 0, 'DecimalSI')], ['0Mi', dec(0, 0, 'BinarySI')], ['0M', dec(0, 0, 'DecimalSI')],
    ['0Gi', dec(0, 0, 'BinarySI')], ['0G', dec(0, 0, 'DecimalSI')], ['0Ti', dec(0, 0, 'BinarySI')], ['0T', dec(0, 0, 'DecimalSI')],
    ['1', dec(1, 0, 'DecimalSI')],
    ['1Ki', dec(KI, 0, 'BinarySI')], ['8Ki', dec(8n * KI, 0, 'BinarySI')], ['7Mi', dec(7n * KI ** 2n, 0, 'BinarySI')],
    ['6Gi', dec(6n * KI ** 3n, 0, 'BinarySI')], ['5Ti', dec(5n * KI ** 4n, 0, 'BinarySI')], ['4Pi', dec(4n * KI ** 5n, 0, 'BinarySI')],
    ['3Ei', dec(3n * KI ** 6n, 0, 'BinarySI')], ['10Ti', dec(10n * KI ** 4n, 0, 'BinarySI')], ['100Ti', dec(100n * KI ** 4n, 0, 'BinarySI')],
    ['5n', dec(5, -9, 'DecimalSI')], ['4u', dec(4, -6, 'DecimalSI')], ['3m', dec(3, -3, 'DecimalSI')], ['9', dec(9, 0, 'DecimalSI')],
    ['8k', dec(8, 3, 'DecimalSI')], ['50k', dec(5, 4, 'DecimalSI')], ['7M', dec(7, 6, 'DecimalSI')], ['6G', dec(6, 9, 'DecimalSI')],
    ['5T', dec(5, 12, 'DecimalSI')], ['40T', dec(4, 13, 'DecimalSI')], ['300T', dec(3, 14, 'DecimalSI')], ['2P', dec(2, 15, 'DecimalSI')],
    ['1E', dec(1, 18, 'DecimalSI')],
    ['1E-3', dec(1, -3, 'DecimalExponent')], ['1e3', dec(1, 3, 'DecimalExponent')], ['1E6', dec(1, 6, 'DecimalExponent')],
    ['1e9', dec(1, 9, 'DecimalExponent')], ['1E12', dec(1, 12, 'DecimalExponent')], ['1e15', dec(1, 15, 'DecimalExponent')],
    ['1E18', dec(1, 18, 'DecimalExponent')], ['1e14', dec(1, 14, 'DecimalExponent')], ['1e13', dec(1, 13, 'DecimalExponent')],
    ['100.035k', dec(100035, 0, 'DecimalSI')],
    ['0.001', dec(1, -3, 'DecimalSI')], ['0.0005k', dec(5, -1, 'DecimalSI')], ['0.005', dec(5, -3, 'DecimalSI')],
    ['0.05', dec(5, -2, 'DecimalSI')], ['0.5', dec(5, -1, 'DecimalSI')], ['0.00050k', dec(5, -1, 'DecimalSI')],
    ['0.00500', dec(5, -3, 'DecimalSI')], ['0.05000', dec(5, -2, 'DecimalSI')], ['0.50000', dec(5, -1, 'DecimalSI')],
    ['0.5e0', dec(5, -1, 'DecimalExponent')], ['0.5e-1', dec(5, -2, 'DecimalExponent')], ['0.5e-2', dec(5, -3, 'DecimalExponent')],
    ['10.035M', dec(10035, 3, 'DecimalSI')],
    ['1.2e3', dec(12, 2, 'DecimalExponent')], ['1.3E+6', dec(13, 5, 'DecimalExponent')], ['1.40e9', dec(14, 8, 'DecimalExponent')],
    ['1.53E12', dec(153, 10, 'DecimalExponent')], ['1.6e15', dec(16, 14, 'DecimalExponent')], ['1.7E18', dec(17, 17, 'DecimalExponent')],
    ['9.01', dec(901, -2, 'DecimalSI')], ['8.1k', dec(81, 2, 'DecimalSI')], ['7.123456M', dec(7123456, 0, 'DecimalSI')],
    ['6.987654321G', dec(6987654321, 0, 'DecimalSI')], ['5.444T', dec(5444, 9, 'DecimalSI')], ['40.1T', dec(401, 11, 'DecimalSI')],
    ['300.2T', dec(3002, 11, 'DecimalSI')], ['2.5P', dec(25, 14, 'DecimalSI')], ['1.01E', dec(101, 16, 'DecimalSI')],
    // Rounded up to nano precision.
    ['3.001n', dec(4, -9, 'DecimalSI')], ['1.1E-9', dec(2, -9, 'DecimalExponent')], ['0.0000000001', dec(1, -9, 'DecimalSI')],
    ['0.0000000005', dec(1, -9, 'DecimalSI')], ['0.00000000050', dec(1, -9, 'DecimalSI')], ['0.5e-9', dec(1, -9, 'DecimalExponent')],
    ['0.9n', dec(1, -9, 'DecimalSI')], ['0.00000012345', dec(124, -9, 'DecimalSI')], ['0.00000012354', dec(124, -9, 'DecimalSI')],
    // BinarySI is capped at int64's maximum.
    ['9Ei', MAX], ['9223372036854775807Ki', MAX], ['12E', dec(12, 18, 'DecimalSI')],
    ['100.035Ki', dec(10243584, -2, 'BinarySI')], ['0.5Mi', dec(512 * 1024, 0, 'BinarySI')],
    ['0.05Gi', dec(536870912, -1, 'BinarySI')], ['0.025Ti', dec(274877906944, -1, 'BinarySI')],
    ['0.000000000001Ki', dec(2, -9, 'DecimalSI')], // rounds up, changes format
    ['.001', dec(1, -3, 'DecimalSI')], ['.0001k', dec(100, -3, 'DecimalSI')], ['1.', dec(1, 0, 'DecimalSI')], ['1.G', dec(1, 9, 'DecimalSI')],
  ];
  it.each(table)('%s', (input, want) => {
    expect(parseQuantity(input)).toEqual(want);
    // A sign in front negates the value and keeps the format.
    expect(parseQuantity(`-${input}`)).toEqual({ nanos: -want.nanos, format: want.format });
    expect(parseQuantity(`+${input}`)).toEqual(want);
  });

  it.each(['1.1.M', '1+1.0M', '0.1mi', '0.1am', 'aoeu', '.5i', '1i', '-3.01i', '-3.01e-', ' 1', '1 ', ''])('refuses %j', (input) => {
    expect(() => parseQuantity(input)).toThrow();
    expect(tryParseQuantity(input)).toBeUndefined();
  });

  // Each error as kubectl 1.32 reports it for `create quota x --hard=cpu=…`.
  it.each([
    ['1Gb', QUANTITY_FORMAT_ERROR], ['1 ', QUANTITY_FORMAT_ERROR], ['', QUANTITY_FORMAT_ERROR],
    ['5e', QUANTITY_SUFFIX_ERROR], ['1GG', QUANTITY_SUFFIX_ERROR], ['1m3', QUANTITY_SUFFIX_ERROR],
    ['.e-10', QUANTITY_NUMERIC_ERROR], ['Ei', QUANTITY_NUMERIC_ERROR],
    ['m', undefined], ['-', undefined], ['.', undefined], ['Ki', undefined],
  ])('%j → %s', (input, want) => {
    expect(quantityParseError(input)).toBe(want);
  });
});

describe('formatQuantity (TestQuantityString, TestQuantityParseEmit)', () => {
  const table: [Quantity, string, string?][] = [
    [dec(KI ** 3n, 0, 'BinarySI'), '1Gi', '1024Mi'], [dec(300n * KI ** 2n, 0, 'BinarySI'), '300Mi', '307200Ki'],
    [dec(6n * KI, 0, 'BinarySI'), '6Ki'], [dec(1001n * KI ** 3n, 0, 'BinarySI'), '1001Gi', '1025024Mi'],
    [dec(KI ** 4n, 0, 'BinarySI'), '1Ti', '1024Gi'], [dec(5, 0, 'BinarySI'), '5', '5000m'], [dec(500, -3, 'BinarySI'), '500m', '0.5'],
    [dec(1, 9, 'DecimalSI'), '1G', '1000M'], [dec(1000, 6, 'DecimalSI'), '1G', '0.001T'], [dec(1000000, 3, 'DecimalSI'), '1G'],
    [dec(1000000000, 0, 'DecimalSI'), '1G'], [dec(1, -3, 'DecimalSI'), '1m', '1000u'], [dec(80, -3, 'DecimalSI'), '80m'],
    [dec(1080, -3, 'DecimalSI'), '1080m', '1.08'], [dec(108, -2, 'DecimalSI'), '1080m', '1080000000n'], [dec(300, 6, 'DecimalSI'), '300M'],
    [dec(1, 12, 'DecimalSI'), '1T'], [dec(1234567, 6, 'DecimalSI'), '1234567M'], [dec(1234567, -3, 'BinarySI'), '1234567m'],
    [dec(3, 3, 'DecimalSI'), '3k'], [dec(1025, 0, 'BinarySI'), '1025'], [dec(0, 0, 'DecimalSI'), '0'], [dec(0, 0, 'BinarySI'), '0'],
    [dec(1, 9, 'DecimalExponent'), '1e9', '.001e12'], [dec(1, -3, 'DecimalExponent'), '1e-3', '0.001e0'],
    [dec(1, -9, 'DecimalExponent'), '1e-9', '1000e-12'], [dec(80, -3, 'DecimalExponent'), '80e-3'], [dec(300, 6, 'DecimalExponent'), '300e6'],
    [dec(1, 12, 'DecimalExponent'), '1e12'], [dec(1, 3, 'DecimalExponent'), '1e3'], [dec(3, 3, 'DecimalExponent'), '3e3'],
    [dec(0, 0, 'DecimalExponent'), '0', '00'], [dec(1, -9, 'DecimalSI'), '1n'], [dec(80, -9, 'DecimalSI'), '80n'],
    [dec(1080, -9, 'DecimalSI'), '1080n'], [dec(108, -8, 'DecimalSI'), '1080n'], [dec(1, -6, 'DecimalSI'), '1u'],
    [dec(80, -6, 'DecimalSI'), '80u'], [dec(1080, -6, 'DecimalSI'), '1080u'],
  ];
  it.each(table)('%o → %s', (q, want, alternate) => {
    expect(formatQuantity(q)).toBe(want);
    expect(formatQuantity(parseQuantity(want))).toBe(want);
    if (alternate) expect(canonicalQuantity(alternate)).toBe(want);
    if (q.nanos !== 0n) expect(formatQuantity({ nanos: -q.nanos, format: q.format })).toBe(`-${want}`);
  });

  it.each([
    ['1Ki', '1Ki'], ['1Mi', '1Mi'], ['1Gi', '1Gi'], ['1024Mi', '1Gi'], ['1000M', '1G'],
    ['.001Ki', '1024m'], ['.000001Ki', '1024u'], ['.000000001Ki', '1024n'], ['.000000000001Ki', '2n'],
  ])('%s is emitted as %s', (input, want) => {
    expect(canonicalQuantity(input)).toBe(want);
    expect(canonicalQuantity(`-${input}`)).toBe(`-${want}`);
  });

  // What kubectl 1.32 prints for these (checked with `create quota --dry-run=client`).
  it.each([
    ['1.5Gi', '1536Mi'], ['1500m', '1500m'], ['0.5Ki', '512'], ['1000E', '1'], ['1e21', '1e21'],
    ['2000Ei', '9223372036854775807'], ['100e-3', '100e-3'], ['1.1E-9', '2e-9'], ['1.5e3', '1500'], [110, '110'],
  ])('%s → %s', (input, want) => {
    expect(canonicalQuantity(input)).toBe(want);
  });

  it('returns a malformed quantity as written', () => {
    expect(canonicalQuantity('abc')).toBe('abc');
    expect(canonicalQuantity(undefined)).toBe('');
  });
});

describe('arithmetic', () => {
  it.each([['0', '0', 0], ['100m', '50m', 1], ['50m', '100m', -1], ['10000T', '100Gi', 1]] as const)('compare %s %s → %d', (a, b, want) => {
    expect(compareQuantity(parseQuantity(a), parseQuantity(b))).toBe(want);
  });

  it('adds and subtracts in the receiver format (TestAdd, TestSub)', () => {
    const sum = (a: Quantity, b: Quantity) => addQuantity(a, b);
    expect(sum(dec(10, 0, 'DecimalSI'), dec(1, 1, 'DecimalSI'))).toEqual(dec(20, 0, 'DecimalSI'));
    expect(sum(dec(10, 0, 'DecimalSI'), dec(1, 0, 'BinarySI'))).toEqual(dec(11, 0, 'DecimalSI'));
    expect(sum(dec(10, 0, 'BinarySI'), dec(1, 0, 'DecimalSI'))).toEqual(dec(11, 0, 'BinarySI'));
    expect(subQuantity(dec(10, 0, 'DecimalSI'), dec(1, 1, 'DecimalSI')).nanos).toBe(0n);
    expect(subQuantity(dec(10, 0, 'BinarySI'), dec(1, 0, 'DecimalSI'))).toEqual(dec(9, 0, 'BinarySI'));
    expect(subQuantity(dec(0, 0, 'DecimalSI'), dec(50, 0, 'DecimalSI'))).toEqual(dec(-50, 0, 'DecimalSI'));
    expect(formatQuantity(addQuantity(quantityOf('64Mi'), quantityOf('100Mi')))).toBe('164Mi');
    expect(formatQuantity(addQuantity(quantityOf('1'), quantityOf('1Gi')))).toBe('1073741825');
  });

  it.each(['100m', '1Gi'])('zero ± %s keeps its suffix (TestQuantityAddZeroPreservesSuffix)', (s) => {
    const zero = parseQuantity('0');
    const q = parseQuantity(s);
    expect(formatQuantity(addQuantity(q, zero))).toBe(s);
    expect(formatQuantity(addQuantity(zero, q))).toBe(s);
    expect(formatQuantity(subQuantity(q, zero))).toBe(s);
    expect(formatQuantity(subQuantity(zero, q))).toBe(`-${s}`);
  });

  it('rounds milli and whole values up, away from zero', () => {
    expect(milliValue(quantityOf('1n'))).toBe(1n);
    expect(value(quantityOf('1500m'))).toBe(2n);
    expect(value(quantityOf('-1500m'))).toBe(-2n);
    expect(milliValue(quantityOf('8'))).toBe(8000n);
    expect(asApproximateFloat64(quantityOf('1.5Gi'))).toBe(1.5 * 2 ** 30);
    expect(asApproximateFloat64(quantityOf('250m'))).toBe(0.25);
  });
});

describe('quantityJsonError (Quantity.UnmarshalJSON)', () => {
  const cases: [json: string, want: string | undefined][] = [
    ['"100m"', undefined], ['"1Gi"', undefined], ['"1e3"', undefined], ['"1E+3"', undefined], ['1.5', undefined],
    ['"+.5"', undefined], ['" 2Mi "', undefined], ['null', undefined], ['"0"', undefined],
    ['"1.5.5Gi"', QUANTITY_FORMAT_ERROR], ['"1Gb"', QUANTITY_FORMAT_ERROR], ['""', QUANTITY_FORMAT_ERROR],
    ['true', QUANTITY_FORMAT_ERROR], ['{}', QUANTITY_FORMAT_ERROR], ['"1 Gi"', QUANTITY_FORMAT_ERROR],
    ['"1GG"', QUANTITY_SUFFIX_ERROR], ['"5e"', QUANTITY_SUFFIX_ERROR], ['"1m3"', QUANTITY_SUFFIX_ERROR], ['"1KI"', QUANTITY_FORMAT_ERROR],
  ];
  it.each(cases)('%s → %s', (json, want) => expect(quantityJsonError(json)).toBe(want));
});

describe('the text a quantity is stored as (ParseQuantity, then MarshalJSON)', () => {
  it('keeps a text ParseQuantity caches, and prints the others canonically', () => {
    const cases: [string, string][] = [
      ['500m', '500m'], ['1Gi', '1Gi'], ['2', '2'], ['0', '0'], ['1e3', '1e3'], ['+1', '+1'], ['01', '01'],
      ['1000m', '1'], ['0.5', '500m'], ['1.5', '1500m'], ['2048Mi', '2Gi'], ['1024', '1024'], ['1.5Gi', '1536Mi'], ['100000k', '100M'],
    ];
    for (const [written, stored] of cases) expect([written, storedQuantityText(written)]).toEqual([written, stored]);
  });

  it('keeps the int64 amount and scale of the fast path, and leaves the rest to inf.Dec', () => {
    expect(int64Form('500m')).toEqual({ value: 500n, scale: -3, keepsText: true, format: 'DecimalSI' });
    expect(int64Form('1.5')).toEqual({ value: 15n, scale: -1, keepsText: false, format: 'DecimalSI' });
    expect(int64Form('1Gi')).toEqual({ value: 1073741824n, scale: 0, keepsText: true, format: 'BinarySI' });
    expect(int64Form('1.5Gi')).toBeUndefined();
    expect(int64Form('1234567890123456789')).toBeUndefined();
  });
});
