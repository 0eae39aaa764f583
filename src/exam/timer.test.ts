import { describe, expect, it } from 'vitest';
import { minutesText, timeLine } from './timer';

const MIN = 60_000;
const exam = { startedAtMs: 1_000_000, durationMs: 120 * MIN };

describe('exam timer', () => {
  it.each([[120 * MIN, '2h0m'], [7 * MIN, '0h7m'], [1, '0h1m'], [0, '0h0m'], [-5, '0h0m'], [61 * MIN + 1, '1h2m']])('%s ms shows as %s', (ms, text) => {
    expect(minutesText(ms)).toBe(text);
  });
  it.each([
    { name: 'just started', at: exam.startedAtMs, line: '2h0m left of 2h0m' },
    { name: 'half a minute in, the minute is still shown', at: exam.startedAtMs + 30_000, line: '2h0m left of 2h0m' },
    { name: 'with a second left', at: exam.startedAtMs + 120 * MIN - 1000, line: '0h1m left of 2h0m' },
    { name: 'exactly at the end', at: exam.startedAtMs + 120 * MIN, line: 'time is up (2h0m allowed, over by 0h0m)' },
    { name: 'ten minutes over', at: exam.startedAtMs + 130 * MIN, line: 'time is up (2h0m allowed, over by 0h10m)' },
  ])('$name', ({ at, line }) => {
    expect(timeLine(exam, at)).toBe(line);
  });
});
