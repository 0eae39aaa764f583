/**
 * The cases are Go's own (time's parseDurationTests, durationTests), restated: what
 * ParseDuration reads, the three errors it gives, and what Duration.String prints.
 */
import { describe, expect, it } from 'vitest';
import { formatDuration, formatDurationNanos, parseDuration, parseDurationNanos } from './duration';

const US = 1_000n;
const MS = 1_000_000n;
const S = 1_000_000_000n;
const M = 60n * S;
const H = 60n * M;
const MAX = 2n ** 63n - 1n;
const MIN = -(2n ** 63n);

describe('parseDurationNanos (time.ParseDuration)', () => {
  it.each([
    ['0', 0n], ['5s', 5n * S], ['30s', 30n * S], ['1478s', 1478n * S], ['-5s', -5n * S], ['+5s', 5n * S], ['-0', 0n], ['+0', 0n],
    ['5.0s', 5n * S], ['5.6s', 5n * S + 600n * MS], ['5.s', 5n * S], ['.5s', 500n * MS], ['1.0s', S], ['1.00s', S],
    ['1.004s', S + 4n * MS], ['1.0040s', S + 4n * MS], ['100.00100s', 100n * S + MS],
    ['10ns', 10n], ['11us', 11n * US], ['12µs', 12n * US], ['12μs', 12n * US], ['13ms', 13n * MS], ['14s', 14n * S], ['15m', 15n * M], ['16h', 16n * H],
    ['3h30m', 3n * H + 30n * M], ['10.5s4m', 4n * M + 10n * S + 500n * MS], ['-2m3.4s', -(2n * M + 3n * S + 400n * MS)],
    ['1h2m3s4ms5us6ns', H + 2n * M + 3n * S + 4n * MS + 5n * US + 6n], ['39h9m14.425s', 39n * H + 9n * M + 14n * S + 425n * MS],
    ['52763797000ns', 52763797000n], ['0.3333333333333333333h', 20n * M], ['9007199254740993ns', 2n ** 53n + 1n],
    ['9223372036854775807ns', MAX], ['9223372036854775.807us', MAX], ['9223372036s854ms775us807ns', MAX],
    ['-9223372036854775808ns', MIN], ['-9223372036854775.808us', MIN], ['-9223372036s854ms775us808ns', MIN],
    ['-2562047h47m16.854775808s', MIN], ['0.100000000000000000000h', 6n * M], ['0.830103483285477580700h', 49n * M + 48n * S + 372539827n],
  ])('%s', (text, want) => expect(parseDurationNanos(text)).toBe(want));

  it.each([
    ['', 'time: invalid duration ""'], ['3', 'time: missing unit in duration "3"'], ['90', 'time: missing unit in duration "90"'],
    ['-', 'time: invalid duration "-"'], ['s', 'time: invalid duration "s"'], ['.', 'time: invalid duration "."'],
    ['-.', 'time: invalid duration "-."'], ['.s', 'time: invalid duration ".s"'], ['+.s', 'time: invalid duration "+.s"'],
    ['1d', 'time: unknown unit "d" in duration "1d"'], ['5m3', 'time: missing unit in duration "5m3"'],
    ['9223372036854775808ns', 'time: invalid duration "9223372036854775808ns"'],
    ['9223372036854775.808us', 'time: invalid duration "9223372036854775.808us"'],
    ['9223372036854ms775us808ns', 'time: invalid duration "9223372036854ms775us808ns"'],
    ['-9223372036854775809ns', 'time: invalid duration "-9223372036854775809ns"'],
  ])('%j → %s', (text, message) => expect(() => parseDurationNanos(text)).toThrow(message));

  it('reads milliseconds for the simulated clock, sub-millisecond units included', () => {
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('500us')).toBe(0.5);
  });
});

describe('formatDurationNanos (Duration.String)', () => {
  it.each([
    [0n, '0s'], [1n, '1ns'], [1100n, '1.1µs'], [2200n * US, '2.2ms'], [3300n * MS, '3.3s'], [4n * M + 5n * S, '4m5s'],
    [4n * M + 5001n * MS, '4m5.001s'], [5n * H + 6n * M + 7001n * MS, '5h6m7.001s'], [8n * M + 1n, '8m0.000000001s'],
    [MAX, '2562047h47m16.854775807s'], [MIN, '-2562047h47m16.854775808s'],
  ])('%s → %s', (d, want) => expect(formatDurationNanos(d)).toBe(want));

  it('formats milliseconds as Go does (the kubelet once printed 0ms and 62m3s)', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(62 * 60_000 + 3000)).toBe('1h2m3s');
    expect(formatDuration(796)).toBe('796ms');
    expect(formatDuration(2946)).toBe('2.946s');
    expect(formatDuration(60_000)).toBe('1m0s');
    expect(formatDuration(3_600_000)).toBe('1h0m0s');
  });
});
