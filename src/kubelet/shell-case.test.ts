/**
 * `case WORD in PATTERN) …;; esac`, as POSIX and busybox ash have it: patterns with `*`, `?`,
 * brackets and `|`, quoted pattern characters literal, `*` matching `/`, arms over several
 * lines, an empty arm, the last `;;` left out, the exit status, and a case inside `$(…)`, whose
 * patterns' `)` does not end the substitution.
 */
import { describe, expect, it } from 'vitest';
import { runArgv, type ShellConfig } from './shell';

const cfg: ShellConfig = { env: { PATH: '/bin', MODE: 'prod' }, files: {}, startMs: 0, shell: 'sh', binary: () => undefined };

/** run is a script's output lines (stderr marked "err: ") and its exit code. */
function run(script: string): [string[], number | undefined] {
  const p = runArgv(['sh', '-c', script], cfg);
  return [p.lines.map((l) => `${l.stream === 'stderr' ? 'err: ' : ''}${l.text}`), p.exit?.code];
}

describe('case', () => {
  it('runs the first arm whose pattern matches', () => {
    expect(run('case $MODE in dev) echo D;; prod|staging) echo P;; *) echo other;; esac')).toEqual([['P'], 0]);
    expect(run('case "a/b.log" in *.txt) echo txt;; a*) echo a-star;; esac')).toEqual([['a-star'], 0]);
    expect(run('case foo in f?o) echo q;; esac; case b in [abc]) echo class;; esac; case z in [!abc]) echo neg;; esac')).toEqual([['q', 'class', 'neg'], 0]);
    expect(run('case x in (x) echo paren;; esac')).toEqual([['paren'], 0]);
  });

  it('matches quoted pattern characters literally', () => {
    expect(run('case "*" in "*") echo literal;; *) echo any;; esac; case ab in "a"*) echo prefix;; esac')).toEqual([['literal', 'prefix'], 0]);
    expect(run('p="x*"; case xyz in $p) echo unquoted;; esac; case xyz in "$p") echo quoted;; *) echo none;; esac')).toEqual([['unquoted', 'none'], 0]);
  });

  it('reads arms over several lines, an empty arm and a last arm without ;;', () => {
    expect(run('case x in\n  y) echo y\n  ;;\n  x)\n    echo x1\n    echo x2\n  ;;\nesac')).toEqual([['x1', 'x2'], 0]);
    expect(run('case x in x) ;; esac; echo "empty $?"; case x in x) echo last; esac')).toEqual([['empty 0', 'last'], 0]);
  });

  it('ends with the arm\'s status, or 0 when nothing matched', () => {
    expect(run('false; case x in y) echo no;; esac; echo $?')).toEqual([['0'], 0]);
    expect(run('case x in x) echo a; false;; esac; echo $?')).toEqual([['a', '1'], 0]);
  });

  it('works inside $(…) and nested', () => {
    expect(run('v=$(case $MODE in prod) echo P;; *) echo O;; esac); echo "[$v]"')).toEqual([['[P]'], 0]);
    expect(run('case a in a) case b in b) echo nested;; esac;; esac')).toEqual([['nested'], 0]);
  });

  it('reports ash\'s syntax errors', () => {
    expect(run('case x')).toEqual([['err: sh: syntax error: unexpected end of file (expecting "in")'], 2]);
    expect(run('case x in x echo')).toEqual([['err: sh: syntax error: unexpected word (expecting ")")'], 2]);
    expect(run('case x in x) echo a')).toEqual([['err: sh: syntax error: unexpected end of file (expecting ";;")'], 2]);
    expect(run('if true; then echo a ;; fi')).toEqual([['err: sh: syntax error: unexpected ";;" (expecting "fi")'], 2]);
  });
});

describe('case on a hostile pattern', () => {
  it('matches many stars against a long word in work bounded by their lengths', () => {
    const word = 'a'.repeat(20_000);
    expect(run(`w=${word}; case $w in *a*a*a*a*b) echo yes;; *a*a*a*a) echo no-b;; esac`)).toEqual([['no-b'], 0]);
  });
});
