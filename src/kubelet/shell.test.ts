import { describe, expect, it } from 'vitest';
import { MAX_OUTPUT_BYTES, MAX_STEPS, runArgv, shellDate, type ShellConfig } from './shell';

const cfg = (files: Record<string, string> = {}, shell: 'sh' | 'bash' = 'sh'): ShellConfig => ({
  env: { PATH: '/bin', HOSTNAME: 'web-1', GREETING: 'hi' }, files, startMs: Date.UTC(2026, 0, 1), shell, binary: () => undefined,
});

describe('shell interpreter', () => {
  const cases: { name: string; argv: string[]; files?: Record<string, string>; lines: string[]; exit?: { atMs: number; code: number } }[] = [
    { name: 'sleep N runs N seconds and exits 0', argv: ['sleep', '5'], lines: [], exit: { atMs: 5000, code: 0 } },
    { name: 'echo then exit N', argv: ['sh', '-c', 'echo bye; exit 3'], lines: ['bye'], exit: { atMs: 0, code: 3 } },
    { name: 'busybox ash\'s [[ is test ending at ]]', argv: ['sh', '-c', '[[ -e /etc/x ]] && echo yes; [[ -z "" ]] && echo empty; [[ a = b ]] || echo differ'], files: { '/etc/x': '' }, lines: ['yes', 'empty', 'differ'], exit: { atMs: 0, code: 0 } },
    { name: '&& stops at a failure, || recovers', argv: ['sh', '-c', 'false && echo no || echo yes'], lines: ['yes'], exit: { atMs: 0, code: 0 } },
    { name: 'variables expand, quotes group', argv: ['sh', '-c', 'echo "$GREETING from $HOSTNAME"'], lines: ['hi from web-1'], exit: { atMs: 0, code: 0 } },
    { name: 'unknown binary: busybox message and 127', argv: ['sh', '-c', 'foo'], lines: ['sh: foo: not found'], exit: { atMs: 0, code: 127 } },
    { name: 'cat of a mounted file', argv: ['cat', '/etc/config/mode'], files: { '/etc/config/mode': 'debug\n' }, lines: ['debug'], exit: { atMs: 0, code: 0 } },
    { name: 'cat of a missing file fails', argv: ['cat', '/nope'], lines: ["cat: can't open '/nope': No such file or directory"], exit: { atMs: 0, code: 1 } },
    { name: 'date prints the simulated time', argv: ['date'], lines: ['Thu Jan  1 00:00:00 UTC 2026'], exit: { atMs: 0, code: 0 } },
    { name: 'for loops and if tests', argv: ['sh', '-c', 'for i in 1 2; do if [ $i -eq 2 ]; then echo two; else echo $i; fi; done'], lines: ['1', 'two'], exit: { atMs: 0, code: 0 } },
    { name: 'sleep infinity never exits', argv: ['sleep', 'infinity'], lines: [] },
    { name: 'an interactive shell without a tty exits at once', argv: ['sh'], lines: [], exit: { atMs: 0, code: 0 } },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      const p = runArgv(tc.argv, cfg(tc.files));
      expect(p.lines.map((l) => l.text)).toEqual(tc.lines);
      expect(p.exit).toEqual(tc.exit);
    });
  }

  it('describes while-true loops by their period', () => {
    const p = runArgv(['sh', '-c', 'echo start; while true; do echo tick; sleep 5; done'], cfg());
    expect(p.exit).toBeUndefined();
    expect(p.loop?.periodMs).toBe(5000);
    expect(p.loop?.iteration(3)).toEqual([{ atMs: 0, text: 'tick' }]);
  });

  it('records files written and removed over time (the liveness exec example)', () => {
    const p = runArgv(['/bin/sh', '-c', 'touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600'], cfg());
    expect(p.files).toEqual([{ atMs: 0, path: '/tmp/healthy', content: '' }, { atMs: 30_000, path: '/tmp/healthy' }]);
    expect(p.exit).toEqual({ atMs: 630_000, code: 0 });
  });

  it('uses bash wording in bash images', () => {
    expect(runArgv(['bash', '-c', 'nosuch'], cfg({}, 'bash')).lines.map((l) => l.text)).toEqual(['bash: line 1: nosuch: command not found']);
  });

  it('formats dates like busybox', () => {
    expect(shellDate(Date.UTC(2026, 10, 30, 1, 2, 3))).toBe('Mon Nov 30 01:02:03 UTC 2026');
  });
});

describe('shell syntax errors end the script with busybox ash\'s text and status 2', () => {
  // Each of these once looped forever or parsed past the end of the text.
  const cases: [string, string][] = [
    ['echo ${X', "sh: syntax error: missing '}'"],
    ['echo a${X', "sh: syntax error: missing '}'"],
    ['echo ${X:-a', "sh: syntax error: missing '}'"],
    ['echo "${X"', 'sh: syntax error: unterminated quoted string'],
    ["echo 'a", 'sh: syntax error: unterminated quoted string'],
    ['echo "a', 'sh: syntax error: unterminated quoted string'],
    ['echo $(echo a', 'sh: syntax error: unexpected end of file (expecting ")")'],
    ['echo $(echo "a)', 'sh: syntax error: unterminated quoted string'],
    ['echo $( ( echo a )', 'sh: syntax error: unexpected end of file (expecting ")")'],
    ['echo ${X:-$(echo a}', 'sh: syntax error: unexpected end of file (expecting ")")'],
    ['echo `echo a', 'sh: syntax error: EOF in backquote substitution'],
    ['echo $((1+2', "sh: syntax error: missing '))'"],
    ['for i in 1; do echo', 'sh: syntax error: unexpected end of file (expecting "done")'],
    ['while true; do echo a; fi', 'sh: syntax error: unexpected "fi" (expecting "done")'],
    ['if true; echo; fi', 'sh: syntax error: unexpected "fi" (expecting "then")'],
    ['for i in 1; echo', 'sh: syntax error: unexpected word (expecting "do")'],
    ['{ echo a', 'sh: syntax error: unexpected end of file (expecting "}")'],
    ['echo a )', 'sh: syntax error: unexpected ")"'],
    ['echo a |', 'sh: syntax error: unexpected end of file'],
    ['echo a; ;', 'sh: syntax error: unexpected ";"'],
    ['done', 'sh: syntax error: unexpected "done"'],
    ['for 1 in a; do :; done', 'sh: syntax error: bad for loop variable'],
    ['for', 'sh: syntax error: bad for loop variable'],
    ['while true; do', 'sh: syntax error: unexpected end of file (expecting "done")'],
    ['; echo', 'sh: syntax error: unexpected ";"'],
    ['x=$(for\\i in $(seq 3); do true done)', 'sh: syntax error: unexpected "do" (expecting ")")'],
    ['echo "$(done)"', 'sh: syntax error: unexpected "done" (expecting ")")'],
    ['n(s;;', 'sh: syntax error: unexpected word (expecting ")")'],
    ['1a() { :; }', 'sh: syntax error: bad function name'],
  ];
  for (const [script, line] of cases) {
    it(script, { timeout: 5000 }, () => {
      const p = runArgv(['sh', '-c', script], cfg());
      expect(p.lines.map((l) => l.text)).toEqual([line]);
      expect(p.exit).toEqual({ atMs: 0, code: 2 });
    });
  }

  it('runs the lines before a broken one, as ash parses line by line', () => {
    const p = runArgv(['sh', '-c', 'echo a\necho ${X'], cfg());
    expect(p.lines.map((l) => l.text)).toEqual(['a', "sh: syntax error: missing '}'"]);
    expect(p.exit).toEqual({ atMs: 0, code: 2 });
    expect(runArgv(['sh', '-c', 'echo a; echo ${X'], cfg()).lines.map((l) => l.text)).toEqual(["sh: syntax error: missing '}'"]);
  });

  it('fails bad substitutions and arithmetic when they are expanded', () => {
    const run = (s: string) => { const p = runArgv(['sh', '-c', s], cfg()); return [p.lines.map((l) => l.text), p.exit?.code]; };
    expect(run('echo a; echo ${X!}; echo after')).toEqual([['a', 'sh: syntax error: bad substitution'], 2]);
    expect(run('echo ${}')).toEqual([['sh: syntax error: bad substitution'], 2]);
    expect(run('echo a; echo $((1/0)); echo b')).toEqual([['a', 'sh: divide by zero'], 2]);
    expect(run('echo $((1+))')).toEqual([['sh: arithmetic syntax error'], 2]);
  });

  it('uses bash\'s wording in bash images', () => {
    const p = runArgv(['bash', '-c', "echo 'a"], cfg({}, 'bash'));
    expect(p.lines.map((l) => l.text)).toEqual(["bash: -c: line 1: unexpected EOF while looking for matching `''"]);
    expect(p.exit?.code).toBe(2);
  });

  it('ends only the inner shell on a nested sh -c error or exit', () => {
    const p = runArgv(['sh', '-c', "sh -c 'echo ${X'; echo after $?; sh -c 'exit 3'; echo then $?"], cfg());
    expect(p.lines.map((l) => l.text)).toEqual(["sh: syntax error: missing '}'", 'after 2', 'then 3']);
    expect(p.exit?.code).toBe(0);
  });
});

describe('shell expansions', () => {
  const out = (s: string) => runArgv(['sh', '-c', s], cfg()).lines.map((l) => l.text);
  it('evaluates arithmetic, so counting loops end', () => {
    expect(out('i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done')).toEqual(['0', '1', '2']);
    expect(out('i=3; echo $((i+1)) $(($i*2)) $((i<5)) $((-i)) $((7%3)) $(( (1+2)*3 ))')).toEqual(['4 6 1 -3 1 9']);
  });
  it('defines and calls functions with their arguments and return status', () => {
    expect(out('f() { echo $#:$1:$2; return 3; echo no; }; f x y; echo $?')).toEqual(['2:x:y', '3']);
    const recursive = runArgv(['sh', '-c', 'f() { f; }; f'], cfg());
    expect(recursive.exit).toBeUndefined();
    expect(recursive.work?.exhausted).toBe(true);
  });
  it('expands ${…} operators, backquotes and nested substitutions', () => {
    expect(out('X=abc; echo ${#X} ${X%c} ${X#a} ${X%%b*} ${Y:-def} ${X:+set}')).toEqual(['3 ab bc a def set']);
    expect(out('echo `echo a` "$(echo $(echo $(echo deep)))" "$(echo ")")"')).toEqual(['a deep )']);
  });
  it('expands unquoted patterns to the files they match, sorted; quoted or unmatched ones stay as typed', () => {
    const files = { '/etc/app/b.conf': 'b', '/etc/app/a.conf': 'a', '/etc/app/x.txt': 'x' };
    const run = (s: string) => runArgv(['sh', '-c', s], cfg(files)).lines.map((l) => l.text);
    expect(run('echo /etc/app/*.conf')).toEqual(['/etc/app/a.conf /etc/app/b.conf']);
    // The files have no last newline: cat writes them one after the other on one line.
    expect(run('cd /etc/app && for f in *.conf; do cat $f; done')).toEqual(['ab']);
    expect(run('cd /etc/app; ls ?.*')).toEqual(['a.conf', 'b.conf', 'x.txt']);
    expect(run('echo "/etc/app/*" \\* /etc/app/*.none; p="/etc/app/x*"; echo $p "$p"')).toEqual(['/etc/app/* * /etc/app/*.none', '/etc/app/x.txt /etc/app/x*']);
    expect(run('[ -f /etc/app/a.conf ] && echo yes')).toEqual(['yes']);
  });
});

describe('shell work budget', () => {
  const within = (p: ReturnType<typeof runArgv>) => {
    expect(p.work!.steps).toBeLessThanOrEqual(MAX_STEPS + 1);
    expect(p.work!.bytes).toBeLessThanOrEqual(MAX_OUTPUT_BYTES + 64);
  };

  it('counts nested command substitutions against one budget: the script keeps running', { timeout: 10_000 }, () => {
    const p = runArgv(['sh', '-c', 'for i in $(seq 1000); do x=$(for j in $(seq 1000); do y=$(for k in $(seq 1000); do :; done); done); done'], cfg());
    expect(p.exit).toBeUndefined();
    expect(p.work?.exhausted).toBe(true);
    within(p);
  });

  it('bounds the output a script writes', { timeout: 10_000 }, () => {
    const p = runArgv(['sh', '-c', 'echo start; for i in $(seq 100000000); do echo $i; done'], cfg());
    expect(p.exit).toBeUndefined();
    expect(p.lines[0]!.text).toBe('start');
    within(p);
    const grow = runArgv(['sh', '-c', 'x=a; i=0; while [ $i -lt 100 ]; do x="$x$x"; i=$((i+1)); done'], cfg());
    expect(grow.work?.exhausted).toBe(true);
    within(grow);
  });

  it('bounds each round of a while-true loop, which logs re-render', { timeout: 10_000 }, () => {
    const heavy = runArgv(['sh', '-c', 'while true; do for i in $(seq 10000); do echo $i; done; sleep 1; done'], cfg());
    expect(heavy.exit).toBeUndefined();
    expect(heavy.loop).toBeUndefined();
    expect(heavy.work?.exhausted).toBe(true);
    const light = runArgv(['sh', '-c', 'while true; do echo tick; sleep 1; done'], cfg());
    expect(light.loop?.iteration(5)).toEqual([{ atMs: 0, text: 'tick' }]);
  });

  it('survives deep nesting and recursion without overflowing the stack', { timeout: 10_000 }, () => {
    for (const script of ['('.repeat(20_000), `${'$('.repeat(5000)}echo a${')'.repeat(5000)}`, `echo $((${'('.repeat(5000)}1${')'.repeat(5000)}))`, 'if '.repeat(5000)]) {
      const p = runArgv(['sh', '-c', script], cfg());
      expect(p.exit).toBeUndefined();
      expect(p.work?.exhausted).toBe(true);
    }
    const recursive = runArgv(['sh', '/s.sh'], cfg({ '/s.sh': 'echo $0; sh /s.sh\n' }));
    expect(recursive.exit).toBeUndefined();
    expect(recursive.work?.exhausted).toBe(true);
  });
});

describe('shell pattern and arithmetic work', () => {
  it('charges ${X%%pattern} on long values to the budget instead of backtracking', { timeout: 10_000 }, () => {
    const p = runArgv(['sh', '-c', 'X=$(seq 20000); Y=$X$X$X; echo ${Y%%*a*a*a*a*a*b}; echo done'], cfg());
    expect(p.work?.steps).toBeLessThanOrEqual(MAX_STEPS + 1);
    expect(runArgv(['sh', '-c', 'X=a.b.c; echo ${X%.*} ${X%%.*} ${X#*.} ${X##*.} ${X%x}'], cfg()).lines.map((l) => l.text)).toEqual(['a.b a b.c c a.b.c']);
  });
  it('reads long arithmetic in one pass', { timeout: 10_000 }, () => {
    const p = runArgv(['sh', '-c', `echo $((${Array(50_000).fill('1').join('+')}))`], cfg());
    expect(p.lines.map((l) => l.text)).toEqual(['50000']);
  });
});

describe('shell work on long words', () => {
  it('charges a long word each time a loop expands it', { timeout: 10_000 }, () => {
    const big = 'y'.repeat(200_000);
    const p = runArgv(['sh', '-c', `for i in $(seq 300); do for j in $(seq 300); do x="$(: ${big})"; done; done`], cfg());
    expect(p.work?.exhausted).toBe(true);
    expect(p.work?.steps).toBeLessThanOrEqual(MAX_STEPS + 1);
  });
});

describe('stdin (exec -i)', () => {
  const run = (argv: string[], stdin?: string) => runArgv(argv, { ...cfg(), stdin });
  it('sh without a script runs stdin; read takes lines and fails at EOF', () => {
    expect(run(['sh'], 'echo a\nexit 4\n').exit).toEqual({ atMs: 0, code: 4 });
    expect(run(['sh', '-c', 'read x; echo "<$x>"; read y; echo $?'], 'l1\n').lines.map((l) => l.text)).toEqual(['<l1>', '1']);
  });
  it('read without stdin waits forever, as before', () => {
    expect(run(['sh', '-c', 'read x']).exit).toBeUndefined();
  });
});

describe('stdin held open (a container started with stdin: true)', () => {
  const open = { ...cfg(), stdinOpen: true };
  it('a shell reading its commands waits for them, and says so', () => {
    const p = runArgv(['sh'], open);
    expect(p.exit).toBeUndefined();
    expect(p.waitsForInput).toBe(true);
  });
  it('runs what the attach sent, then ends at its end', () => {
    const p = runArgv(['sh'], { ...open, stdin: 'echo hi\nexit 4\n' });
    expect(p.lines.map((l) => l.text)).toEqual(['hi']);
    expect(p.exit).toEqual({ atMs: 0, code: 4 });
    expect(p.waitsForInput).toBeUndefined();
  });
  it('a script that does not read stdin does not wait', () => {
    expect(runArgv(['sh', '-c', 'echo x'], open)).toMatchObject({ exit: { atMs: 0, code: 0 }, waitsForInput: undefined });
  });
  it('a binary that ran to its end gives its lines and status', () => {
    const p = runArgv(['sh', '-c', 'wget -qO- http://web; echo rc=$?'], { ...cfg(), binary: (a) => (a[0] === 'wget' ? { output: ["wget: bad address 'web'"], code: 1 } : undefined) });
    expect(p.lines.map((l) => l.text)).toEqual(["wget: bad address 'web'", 'rc=1']);
  });
});
