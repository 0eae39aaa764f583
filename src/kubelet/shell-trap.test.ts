/**
 * trap, as busybox 1.35's ash (and bash) run it: the listing, bad signals, the EXIT trap, and a
 * SIGTERM that reaches the shell at a given moment (the kubelet stopping the container). The
 * expected times and statuses are busybox's, signalled half a second into each script.
 */
import { describe, expect, it } from 'vitest';
import { runArgv, type ShellConfig } from './shell';
import { signalNumber } from './shell-signals';
import { trapCommand } from './shell-trap';

const cfg = (sigtermAtMs?: number, shell: 'sh' | 'bash' = 'sh'): ShellConfig => ({
  env: {}, files: {}, startMs: 0, shell, binary: () => undefined, ...(sigtermAtMs === undefined ? {} : { sigtermAtMs }),
});
const run = (script: string, sigtermAtMs?: number) => {
  const p = runArgv(['sh', '-c', script], cfg(sigtermAtMs));
  return { lines: p.lines.map((l) => `${l.atMs} ${l.text}`), exit: p.exit };
};

describe('trap', () => {
  it('lists the traps in signal order, quoted as busybox quotes them (bash as bash does)', () => {
    expect(run(`trap 'it'\\''s' term; trap 'echo x' 0 QUIT SIGUSR1; trap`).lines).toEqual([
      "0 trap -- 'echo x' EXIT", "0 trap -- 'echo x' QUIT", "0 trap -- 'echo x' USR1", `0 trap -- 'it'"'"'s' TERM`, '0 x',
    ]);
    const traps = new Map<number, string>();
    trapCommand(["it's", 'TERM'], traps, 'bash');
    expect(trapCommand([], traps, 'bash').out).toEqual([`trap -- 'it'\\''s' SIGTERM`]);
  });

  it('refuses a bad signal with status 1, and resets with - or a lone signal', () => {
    expect(run("trap 'z' 99; echo rc=$?").lines).toEqual(['0 sh: trap: line 0: 99: invalid signal specification', '0 rc=1']);
    expect(run("trap 'a' INT HUP; trap - INT; trap HUP; trap; echo rc=$?").lines).toEqual(['0 rc=0']);
    expect(trapCommand(['x', 'BOGUS'], new Map(), 'bash').err).toEqual(['bash: line 1: trap: BOGUS: invalid signal specification']);
    expect([signalNumber('sigterm'), signalNumber('15'), signalNumber('EXIT'), signalNumber('99')]).toEqual([15, 15, 0, undefined]);
  });

  it('runs the EXIT trap as the shell ends, keeping its status unless the trap exits', () => {
    expect(run("trap 'echo bye' EXIT; echo main; exit 4")).toEqual({ lines: ['0 main', '0 bye'], exit: { atMs: 0, code: 4 } });
    expect(run("trap 'echo bye; exit 7' EXIT; echo main")).toEqual({ lines: ['0 main', '0 bye'], exit: { atMs: 0, code: 7 } });
  });
});

describe('a SIGTERM reaching a shell', () => {
  it('runs its trap when the foreground command ends', () => {
    expect(run("trap 'echo got TERM; exit 3' TERM; echo start; sleep 5; echo after", 500)).toEqual({
      lines: ['0 start', '5000 got TERM'], exit: { atMs: 5000, code: 3 },
    });
  });

  it('interrupts wait at once', () => {
    expect(run("trap 'echo got TERM; exit 3' TERM; sleep 5 & wait $!; echo after", 500)).toEqual({ lines: ['500 got TERM'], exit: { atMs: 500, code: 3 } });
    expect(run("trap 'exit 0' TERM; sleep infinity & wait", 100).exit).toEqual({ atMs: 100, code: 0 });
  });

  it('goes on after a trap that does not exit, and runs the EXIT trap at the end', () => {
    expect(run("trap 'echo got TERM' TERM; i=0; while [ $i -lt 3 ]; do sleep 1; i=$((i+1)); done; echo loop-done", 500)).toEqual({
      lines: ['1000 got TERM', '3000 loop-done'], exit: { atMs: 3000, code: 0 },
    });
    expect(run("trap 'echo in-term' TERM; trap 'echo at-exit' EXIT; sleep 1; echo end", 300).lines).toEqual(['1000 in-term', '1000 end', '1000 at-exit']);
  });

  it("ends an endless loop at the end of the round's command it came in, if its trap exits", () => {
    expect(run("trap 'exit 0' TERM; while true; do echo tick; sleep 2; done", 4500).exit).toEqual({ atMs: 6000, code: 0 });
    expect(run("trap 'echo hi' TERM; while true; do echo tick; sleep 2; done", 4500).exit).toBeUndefined();
  });

  it('is ignored without a trap (the shell is PID 1), and cannot interrupt a foreground sleep for ever', () => {
    expect(run('while true; do echo tick; sleep 2; done', 4500).exit).toBeUndefined();
    expect(run("trap 'exit 0' TERM; sleep infinity", 100).exit).toBeUndefined();
    expect(runArgv(['sh', '-c', 'sleep 2'], cfg(500)).termTrap).toBeUndefined();
  });
});
