import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../exercise/model';
import { formatPoints, scoreExam, scoreQuestion } from './model';

const check = (weight: number, passed: boolean): CheckResult => ({ title: 't', weight, passed, reason: passed ? 'ok' : 'no' });

describe('scoreQuestion', () => {
  it.each([
    { name: 'every check passed earns the whole weight', checks: [check(1, true), check(2, true)], got: 15 },
    { name: 'none passed earns nothing', checks: [check(1, false), check(2, false)], got: 0 },
    { name: 'partial credit follows the passed checks\' weights', checks: [check(1, true), check(2, false)], got: 5 },
    { name: 'a question without checks earns nothing', checks: [], got: 0 },
  ])('$name', ({ checks, got }) => {
    expect(scoreQuestion(15, checks).got).toBe(got);
  });
});

describe('scoreExam', () => {
  it('passes at the pass mark exactly, and not below it', () => {
    expect(scoreExam(66, [{ got: 66, weight: 100, checks: [] }])).toEqual({ got: 66, total: 100, percent: 66, passed: true });
    expect(scoreExam(66, [{ got: 65.9, weight: 100, checks: [] }]).passed).toBe(false);
  });
  it('does not lose a percent to binary fractions', () => {
    expect(scoreExam(66, [{ got: 20 * (2 / 3), weight: 20, checks: [] }]).percent).toBe(66);
    expect(scoreExam(66, [{ got: 9.9, weight: 15, checks: [] }]).percent).toBe(66);
  });
});

describe('formatPoints', () => {
  it.each([[15, '15'], [6.4285714, '6.4'], [0, '0'], [4.96, '5'], [7.25, '7.3']])('%s prints as %s', (n, text) => {
    expect(formatPoints(n)).toBe(text);
  });
});
