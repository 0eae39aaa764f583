import { describe, expect, it } from 'vitest';
import { durationError, rfc3339Error } from './decode-time';

describe('rfc3339Error', () => {
  const cases: [value: string, want: string | undefined][] = [
    ['2024-01-02T03:04:05Z', undefined], ['2024-01-02T03:04:05.123+02:00', undefined],
    ['yesterday', 'parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"'],
    ['2024-01-02', 'parsing time "2024-01-02" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"'],
    ['2024-1-02T03:04:05Z', 'parsing time "2024-1-02T03:04:05Z" as "2006-01-02T15:04:05Z07:00": cannot parse "1-02T03:04:05Z" as "01"'],
    ['2024-13-02T03:04:05Z', 'parsing time "2024-13-02T03:04:05Z": month out of range'],
    ['2024-01-02T03:04:05', 'parsing time "2024-01-02T03:04:05" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00"'],
    ['2024-01-02T03:04:05Zx', 'parsing time "2024-01-02T03:04:05Zx": extra text: "x"'],
  ];
  for (const [value, want] of cases) it(`${value} → ${want ?? 'ok'}`, () => expect(rfc3339Error(value)).toBe(want));
});

describe('durationError', () => {
  const cases: [value: string, want: string | undefined][] = [
    ['1h30m', undefined], ['0', undefined], ['-1.5s', undefined], ['300ms', undefined],
    ['', 'time: invalid duration ""'], ['1', 'time: missing unit in duration "1"'],
    ['5x', 'time: unknown unit "x" in duration "5x"'], ['h', 'time: invalid duration "h"'],
  ];
  for (const [value, want] of cases) it(`${JSON.stringify(value)} → ${want ?? 'ok'}`, () => expect(durationError(value)).toBe(want));
});
