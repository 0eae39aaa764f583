import { describe, expect, it } from 'vitest';
import { runArgv, shellDate, type ShellConfig } from './shell';

const cfg = (files: Record<string, string> = {}, shell: 'sh' | 'bash' = 'sh'): ShellConfig => ({
  env: { PATH: '/bin', HOSTNAME: 'web-1', GREETING: 'hi' }, files, startMs: Date.UTC(2026, 0, 1), shell, binary: () => undefined,
});

describe('shell interpreter', () => {
  const cases: { name: string; argv: string[]; files?: Record<string, string>; lines: string[]; exit?: { atMs: number; code: number } }[] = [
    { name: 'sleep N runs N seconds and exits 0', argv: ['sleep', '5'], lines: [], exit: { atMs: 5000, code: 0 } },
    { name: 'echo then exit N', argv: ['sh', '-c', 'echo bye; exit 3'], lines: ['bye'], exit: { atMs: 0, code: 3 } },
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
