/**
 * stdout and stderr: error messages go to stderr, a pipe or a substitution takes only stdout,
 * and redirections (`2>/dev/null`, `2>&1`, `>&2`, `>file 2>&1`, `&>`, `<file`) apply left to
 * right, as in busybox ash. A log shows both streams; exec prints them apart.
 */
import { describe, expect, it } from 'vitest';
import { runArgv, type ShellConfig } from './shell';

const cfg: ShellConfig = {
  env: { PATH: '/bin', HOSTNAME: 'web-1' }, files: { '/etc/hosts': 'a\nb\nc\n' }, startMs: Date.UTC(2026, 0, 1), shell: 'sh', binary: () => undefined,
};

/** streams runs a script: its lines as "out: TEXT" / "err: TEXT", the files it wrote, its exit code. */
function streams(script: string): { lines: string[]; files: Record<string, string | undefined>; code: number | undefined } {
  const p = runArgv(['sh', '-c', script], cfg);
  return {
    lines: p.lines.map((l) => `${l.stream === 'stderr' ? 'err' : 'out'}: ${l.text}`),
    files: Object.fromEntries(p.files.map((f) => [f.path, f.content])),
    code: p.exit?.code,
  };
}

describe('shell output streams', () => {
  it('writes error messages to stderr, output to stdout', () => {
    expect(streams('echo a; cat /nope; nosuch').lines).toEqual([
      'out: a', "err: cat: can't open '/nope': No such file or directory", 'err: sh: nosuch: not found',
    ]);
    expect(streams('ls /nope /etc/hosts').lines).toEqual(['err: ls: /nope: No such file or directory', 'out: /etc/hosts']);
  });

  it('pipes stdout only: stderr of every stage goes where the pipeline\'s does', () => {
    expect(streams('ls /nope | wc -l').lines).toEqual(['err: ls: /nope: No such file or directory', 'out: 0']);
    expect(streams('cat /nope | wc -c; echo x | grep -q y /nope | wc -l').lines).toEqual([
      "err: cat: can't open '/nope': No such file or directory", 'out: 0', "err: grep: /nope: No such file or directory", 'out: 0',
    ]);
  });

  it('substitutes stdout only', () => {
    expect(streams('x=$(echo out; cat /nope); echo "[$x]"').lines).toEqual(["err: cat: can't open '/nope': No such file or directory", 'out: [out]']);
  });

  it('applies 2>/dev/null, 2>&1, >&2 and 1>&2', () => {
    expect(streams('ls /nope 2>/dev/null | wc -l').lines).toEqual(['out: 0']);
    expect(streams('ls /nope 2>&1 | wc -l').lines).toEqual(['out: 1']);
    expect(streams('echo a >&2 | wc -c; echo b 1>&2').lines).toEqual(['err: a', 'out: 0', 'err: b']);
    expect(streams('nosuch 2>/dev/null; echo $?').lines).toEqual(['out: 127']);
    expect(streams('echo gone >/dev/null; echo kept 2>/dev/null').lines).toEqual(['out: kept']);
  });

  it('applies redirections left to right: >file 2>&1 sends both to the file, 2>&1 >file stderr where stdout was', () => {
    const both = streams('ls /nope /etc/hosts >/tmp/o 2>&1');
    expect(both.lines).toEqual([]);
    expect(both.files['/tmp/o']).toBe('ls: /nope: No such file or directory\n/etc/hosts\n');
    const apart = streams('ls /nope /etc/hosts 2>&1 >/tmp/o');
    expect(apart.lines).toEqual(['out: ls: /nope: No such file or directory']);
    expect(apart.files['/tmp/o']).toBe('/etc/hosts\n');
    expect(streams('cat /nope 2>/tmp/e; echo x &>/tmp/a; echo y &>>/tmp/a').files).toEqual({
      '/tmp/e': "cat: can't open '/nope': No such file or directory\n", '/tmp/a': 'x\ny\n',
    });
  });

  it('reads stdin from <file, and fails the command when the file is missing', () => {
    expect(streams('wc -l < /etc/hosts; cat </etc/hosts').lines).toEqual(['out: 3', 'out: a', 'out: b', 'out: c']);
    expect(streams('cat < /nope; echo $?')).toMatchObject({ lines: ['err: sh: can\'t open /nope: no such file', 'out: 2'] });
  });

  it('keeps a digit inside a word as part of it: only a token\'s leading digit names a descriptor', () => {
    expect(streams('echo a2>/tmp/f; cat /tmp/f').lines).toEqual(['out: a2']);
    expect(streams('echo 2 >/tmp/f; cat /tmp/f').lines).toEqual(['out: 2']);
  });
});

describe('partial lines', () => {
  it('continue a line written without its newline (echo -n, printf, a file without a last newline)', () => {
    const p = runArgv(['sh', '-c', 'echo -n a; echo b; printf "c"; printf "d\\n"; cat /etc/part; echo e; echo -en "\\n\\n"; echo f; printf x > /tmp/x; cat /tmp/x /tmp/x'], { ...cfg, files: { '/etc/part': 'p1\np2' } });
    expect(p.lines.map((l) => `${l.text}${l.partial ? '<' : ''}`)).toEqual(['ab', 'cd', 'p1', 'p2e', '', '', 'f', 'xx<']);
    expect(p.files.find((f) => f.path === '/tmp/x')?.content).toBe('x');
  });
});
