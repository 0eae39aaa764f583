import { describe, expect, it } from 'vitest';
import { durationError, rfc3339Error, storedTimeText } from './decode-time';

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

  // metav1.MicroTime parses with RFC3339Micro: a fraction of exactly six digits.
  const micro: [value: string, want: string | undefined][] = [
    ['2024-01-02T03:04:05.123456Z', undefined], ['2024-01-02T03:04:05,123456+02:00', undefined],
    ['2024-01-02T03:04:05Z', 'parsing time "2024-01-02T03:04:05Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "Z" as ".000000"'],
    ['2024-01-02T03:04:05.5Z', 'parsing time "2024-01-02T03:04:05.5Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse ".5Z" as ".000000"'],
    ['2024-01-02T03:04:05.1234567Z', 'parsing time "2024-01-02T03:04:05.1234567Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "7Z" as "Z07:00"'],
    ['2024-01-02', 'parsing time "2024-01-02" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "" as "T"'],
  ];
  for (const [value, want] of micro) it(`MicroTime ${value} → ${want ?? 'ok'}`, () => expect(rfc3339Error(value, true)).toBe(want));
});

describe('durationError', () => {
  const cases: [value: string, want: string | undefined][] = [
    ['1h30m', undefined], ['0', undefined], ['-1.5s', undefined], ['300ms', undefined],
    ['', 'time: invalid duration ""'], ['1', 'time: missing unit in duration "1"'],
    ['5x', 'time: unknown unit "x" in duration "5x"'], ['h', 'time: invalid duration "h"'],
  ];
  for (const [value, want] of cases) it(`${JSON.stringify(value)} → ${want ?? 'ok'}`, () => expect(durationError(value)).toBe(want));
});

describe('storedTimeText', () => {
  it('is MarshalJSON after Parse: UTC, to the second (MicroTime: the microsecond), the zero time null', () => {
    expect(storedTimeText('2026-12-05T10:00:00Z', false)).toBe('2026-12-05T10:00:00Z');
    expect(storedTimeText('2026-12-05T10:00:00.987654321+02:00', false)).toBe('2026-12-05T08:00:00Z');
    expect(storedTimeText('2026-12-31T23:30:00-01:00', false)).toBe('2027-01-01T00:30:00Z');
    expect(storedTimeText('2026-12-05T1:02:03Z', false)).toBe('2026-12-05T01:02:03Z');
    expect(storedTimeText('2026-12-05T10:00:00.1234567+01:00', true)).toBe('2026-12-05T09:00:00.123456Z');
    expect(storedTimeText('2026-12-05T10:00:00Z', true)).toBe('2026-12-05T10:00:00.000000Z');
    expect(storedTimeText('0001-01-01T00:00:00Z', false)).toBeNull();
  });
});
