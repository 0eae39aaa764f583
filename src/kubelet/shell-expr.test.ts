import { describe, expect, it } from 'vitest';
import { expr } from './shell-expr';
import { runArgv } from './shell';

// Figures as GNU coreutils 9 printed them (the words differ in busybox; the values do not).
describe('expr', () => {
  it('computes, compares and matches as coreutils does', () => {
    const cases: [string[], string, number][] = [
      [['1', '+', '2'], '3', 0], [['5', '*', '2'], '10', 0], [['3', '-', '3'], '0', 1], [['7', '/', '2'], '3', 0], [['7', '%', '3'], '1', 0],
      [['2', '>', '1'], '1', 0], [['abc', '=', 'abc'], '1', 0], [['abc', '<', 'abd'], '1', 0], [['10', '=', '10'], '1', 0], [['9', '<', '10'], '1', 0],
      [['length', 'abc'], '3', 0], [['abc', ':', 'a\\(.\\)'], 'b', 0], [['abc', ':', 'a.*'], '3', 0], [['abc', ':', 'x'], '0', 1],
      [['', '|', 'b'], 'b', 0], [['0', '&', '1'], '0', 1], [['substr', 'hello', '2', '3'], 'ell', 0], [['index', 'hello', 'l'], '3', 0],
      [['--', '-5', '+', '1'], '-4', 0], [['010', '+', '1'], '11', 0], [['(', '1', '+', '2', ')', '*', '3'], '9', 0],
      [['v1.2', ':', 'v\\([0-9]*\\)'], '1', 0], [['a+b', ':', 'a+b'], '3', 0],
    ];
    for (const [args, out, status] of cases) expect([args.join(' '), expr(args, true)]).toEqual([args.join(' '), { out, status }]);
  });

  it('fails with status 2 in each flavour\'s words', () => {
    expect(expr(['1', '/', '0'])).toEqual({ error: 'expr: division by zero', status: 2 });
    expect(expr(['a', '+', '1'])).toEqual({ error: 'expr: non-numeric argument', status: 2 });
    expect(expr(['a', '+', '1'], true)).toEqual({ error: 'expr: non-integer argument', status: 2 });
    expect(expr(['1', '+'])).toEqual({ error: 'expr: syntax error', status: 2 });
    expect(expr(['1', '+'], true)).toEqual({ error: 'expr: syntax error: missing argument after ‘+’', status: 2 });
    expect(expr([], true)).toEqual({ error: "expr: missing operand\nTry 'expr --help' for more information.", status: 2 });
  });
});

describe('expr, basename and dirname in a container\'s script', () => {
  it('print to stdout, fail on stderr, and set $?', () => {
    const p = runArgv(['sh', '-c', 'n=$(expr 2 \\* 3); echo "$n $(basename /etc/app/x.conf .conf) $(dirname /etc/app/x.conf)"; expr 1 / 0; echo $?; basename'], {
      env: {}, files: {}, startMs: 0, shell: 'sh', binary: () => undefined,
    });
    expect(p.lines.map((l) => `${l.stream ?? 'stdout'}: ${l.text}`)).toEqual([
      'stdout: 6 x /etc/app', 'stderr: expr: division by zero', 'stdout: 2',
      'stderr: BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.', 'stderr: ', 'stderr: Usage: basename FILE [SUFFIX] | -a FILE... | -s SUFFIX FILE...',
      'stderr: ', 'stderr: Strip directory path and SUFFIX from FILE', 'stderr: ', 'stderr: \t-a\t\tAll arguments are FILEs', 'stderr: \t-s SUFFIX\tRemove SUFFIX (implies -a)',
    ]);
    expect(p.exit?.code).toBe(1);
  });
});

describe('expr on a hostile expression', () => {
  it('matches a repeated group that repeats within in linear time; refuses one only beside a backreference', () => {
    const long = 'a'.repeat(40_000);
    // What GNU coreutils' and busybox's expr print here: no match, the empty group, status 1.
    expect(expr([long, ':', '\\(a*\\)*b'])).toEqual({ out: '', status: 1 });
    expect(expr([long, ':', '\\(\\(a*\\)c\\)*b'])).toEqual({ out: '', status: 1 });
    expect(expr([long, ':', '\\(a\\)*'])).toEqual({ out: 'a', status: 0 });
    expect(expr([long, ':', 'a*'])).toEqual({ out: '40000', status: 0 });
    expect(expr(['abab', ':', '\\(ab\\)\\1'])).toEqual({ out: 'ab', status: 0 });
    expect(expr([long, ':', '\\(a*\\)*\\1b'])).toEqual({ error: 'expr: Regular expression too big', status: 2 });
  });
});
