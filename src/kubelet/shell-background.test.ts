/**
 * Background jobs (`CMD &`): a process of its own from the moment it starts, the shell going on
 * at once; `$!`, `wait`; what they print joins the log at its own times.
 */
import { describe, expect, it } from 'vitest';
import { runArgv, type ShellConfig } from './shell';

const cfg: ShellConfig = {
  env: { PATH: '/bin' }, files: {}, startMs: 0, shell: 'sh',
  binary: (a) => (a[0] === 'nginx' ? { lines: [{ atMs: 0, text: 'nginx started' }], ports: [80] } : undefined),
};
const run = (script: string) => {
  const p = runArgv(['sh', '-c', script], cfg);
  return { lines: p.lines.map((l) => `${l.atMs} ${l.text}`), exit: p.exit, serves: p.serves, loop: !!p.loop };
};

describe('background jobs', () => {
  it('go on beside the shell, which does not wait for them', () => {
    expect(run('(sleep 3; echo late) & echo early; sleep 5; echo last')).toEqual({
      lines: ['0 early', '3000 late', '5000 last'], exit: { atMs: 5000, code: 0 }, serves: [], loop: false,
    });
  });

  it('give $! their PID, and wait waits for them to end', () => {
    expect(run('sleep 5 & echo started $!; wait; echo done').lines).toEqual(['0 started 7', '5000 done']);
    expect(run('sleep 2 & sleep 9 & wait 7; echo one; wait; echo all').lines).toEqual(['2000 one', '9000 all']);
  });

  it('let a server serve beside a foreground loop, or a loop run beside a foreground server', () => {
    expect(run('nginx & while true; do echo alive; sleep 10; done')).toMatchObject({ serves: [80], loop: true, exit: undefined });
    expect(run('while true; do echo tick; sleep 1; done & nginx')).toMatchObject({ serves: [80], loop: true, exit: undefined });
  });

  it('end with the shell: when it exits, the container does', () => {
    expect(run('nginx & sleep 2; echo up')).toMatchObject({ exit: { atMs: 2000, code: 0 } });
    expect(run('sleep infinity & wait; echo never')).toMatchObject({ lines: [], exit: undefined });
  });
});

describe('exec', () => {
  it('replaces the shell with the command: nothing after it runs, its status is the shell\'s', () => {
    expect(run('echo hi; exec nginx; echo never')).toEqual({ lines: ['0 hi', '0 nginx started'], exit: undefined, serves: [80], loop: false });
    expect(run('exec sh -c "echo inner; exit 4"; echo never')).toMatchObject({ lines: ['0 inner'], exit: { atMs: 0, code: 4 } });
    expect(runArgv(['sh', '-c', 'echo hi; exec nginx'], cfg).execd).toBe('nginx');
  });

  it('fails as busybox does for a command that is not there, and does nothing without one', () => {
    expect(run('exec nosuch; echo never')).toMatchObject({ lines: ['0 sh: exec: line 0: nosuch: not found'], exit: { atMs: 0, code: 127 } });
    expect(run('exec; echo still').lines).toEqual(['0 still']);
  });
});
