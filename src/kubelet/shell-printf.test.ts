/**
 * The shell's printf and echo against busybox 1.35's ash (the expected texts are what it printed
 * for each command) and bash 5.2 where their wording differs.
 */
import { describe, expect, it } from 'vitest';
import { runArgv, type ShellConfig } from './shell';
import { printf } from './shell-printf';

const cfg = (shell: 'sh' | 'bash'): ShellConfig => ({ env: { PATH: '/bin' }, files: {}, startMs: 0, shell, binary: () => undefined });
/** run is a script's stdout as text (newlines kept), its stderr lines and its exit code. */
const run = (script: string, shell: 'sh' | 'bash' = 'sh') => {
  const p = runArgv(['sh', '-c', script], cfg(shell));
  const out = p.lines.filter((l) => l.stream !== 'stderr').map((l) => (l.partial ? l.text : `${l.text}\n`)).join('');
  return { out, err: p.lines.filter((l) => l.stream === 'stderr').map((l) => l.text), code: p.exit?.code };
};

describe('printf', () => {
  const cases: [string, string][] = [
    ['printf "%05d|%-4s|%x|%X|%o|%c|%%\\n" 42 ab 255 255 8 hello', '00042|ab  |ff|FF|10|h|%\n'],
    ['printf "%s-%s\\n" a b c', 'a-b\nc-\n'],
    ['printf "%5.2f|%e|%g\\n" 3.14159 1234.5 0.0001', ' 3.14|1.234500e+03|0.0001\n'],
    ['printf "%b\\n" "a\\tb"', 'a\tb\n'],
    ['printf "a\\tb\\x41\\101\\n"', 'a\tbAA\n'],
    ['printf "x\\cy"', 'x'],
    ['printf "%*d|\\n" 5 3', '    3|\n'],
    ['printf "%d\\n" 0x10 010 "\'A" " 12"', '16\n8\n65\n12\n'],
    ['printf "%+d % d %u %x\\n" 5 5 -1 -1', '+5  5 18446744073709551615 ffffffffffffffff\n'],
    ['printf "%g %g %g %g %#g %g\\n" 100000 1000000 0.0001 0.00001 1 1.5', '100000 1e+06 0.0001 1e-05 1.00000 1.5\n'],
    ['printf "%.3d|%08.3d|%-08.3f|%08.3e\\n" 7 7 3.14159 -3.1', '007|     007|3.142   |-3.100e+00\n'],
    ['printf "%.0f %.2e %G %.1f %.2f\\n" 2.5 1.125 1e-10 0.25 1.005', '2 1.12e+00 1E-10 0.2 1.00\n'],
    ['printf "%10.3g|%-10G|%.3s|%5c|\\n" 3.14159 0.000012345 abcdef xyz', '      3.14|1.2345E-05|abc|    x|\n'],
    ['printf "%b\\n" "\\0101 \\101"', 'A A\n'],
    ['printf "%ld %lld %hd\\n" 1 2 3', '1 2 3\n'],
  ];
  it.each(cases)('%s', (script, out) => expect(run(script)).toEqual({ out, err: [], code: 0 }));

  it('refuses what is not a number: prints 0, says so, exits 1', () => {
    expect(run('printf "%d|%f\\n" abc 3.x')).toEqual({ out: '0|0.000000\n', err: ["sh: invalid number 'abc'", "sh: invalid number '3.x'"], code: 1 });
    expect(run('printf "%d\\n" 99999999999999999999').err).toEqual(["sh: invalid number '99999999999999999999'"]);
    expect(run('printf "%d\\n" abc', 'bash')).toEqual({ out: '0\n', err: ['bash: line 1: printf: abc: invalid number'], code: 1 });
  });

  it('reads a missing number as busybox does (an error) and as bash does (0)', () => {
    expect(run('printf "%d %d\\n" 1')).toEqual({ out: '1 0\n', err: ["sh: invalid number ''"], code: 1 });
    expect(run('printf "%d %d\\n" 1', 'bash')).toEqual({ out: '1 0\n', err: [], code: 0 });
  });

  it('stops at an invalid format', () => {
    expect(run('printf "a%q\\n" x')).toEqual({ out: 'a', err: ['sh: %q\\n: invalid format'], code: 1 });
    expect(run('printf "%z\\n" 1').err).toEqual(['sh: %\\n: invalid format']);
    expect(run('printf "%5b|" x').err).toEqual(['sh: %5b|: invalid format']);
    expect(run('printf; echo $?')).toEqual({ out: '2\n', err: ['sh: usage: printf FORMAT [ARGUMENT...]'], code: 0 });
  });

  it('does not build more than the output budget', () => {
    expect(printf(['%999999999d', '1'], 'sh', 1000).overflow).toBe(true);
    expect(run('printf "%999999999d" 1; echo done').out).toBe('');
  });
});

describe('echo', () => {
  it('expands escapes only with -e, as busybox and bash do', () => {
    expect(run('echo "a\\nb"; echo -e "a\\tb\\x41\\c"; echo; echo -E "x\\ty"').out).toBe('a\\nb\na\tbA\nx\\ty\n');
    expect(run('echo -e "\\0101|\\101|"; echo -n -e "a\\nb"').out).toBe('A|A|\na\nb');
    expect(run('echo -e "\\0101|\\101|"', 'bash').out).toBe('A|\\101|\n');
    expect(run('echo -x a; echo -- a; echo -nn a').out).toBe('-x a\n-- a\na');
  });
});
