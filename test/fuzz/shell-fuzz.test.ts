/**
 * Container shell fuzzing: fast-check generates hostile `sh -c` scripts (shell-arbitrary.ts)
 * and each runs through the kubelet's shell. Every run must return — with a program, never
 * an exception — within its work budget, render its loop rounds within theirs, and give the
 * same program when run again. Work is asserted as step and byte counts, never as time.
 *   KUBEMU_FUZZ_SHELL=N (cases, default 300) and KUBEMU_FUZZ_SEED=S; bench/fuzz-shell.mjs runs more.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOOP_ITERATION_BYTES, LOOP_ITERATION_STEPS, MAX_OUTPUT_BYTES, MAX_STEPS, runArgv, type Program, type ShellConfig } from '../../src/kubelet/shell';
import { hostileScript } from './shell-arbitrary';

const CASES = Number(process.env.KUBEMU_FUZZ_SHELL ?? 300);
const SEED = Number(process.env.KUBEMU_FUZZ_SEED ?? 7);

const config = (shell: 'sh' | 'bash'): ShellConfig => ({
  env: { PATH: '/bin', HOSTNAME: 'fz', X: 'a b' }, files: { '/etc/cfg': 'k=v\n' }, startMs: Date.UTC(2026, 0, 1), shell,
  binary: (argv) => (argv[0] === 'nginx' ? { lines: [], ports: [80] } : undefined),
});

/** check runs one script and returns why it is wrong, or '' when it is fine; stats collect its outcome and work. */
function check(script: string, shell: 'sh' | 'bash', stats: { outcomes: Map<string, number>; maxSteps: number }): string {
  let p: Program;
  try {
    p = runArgv([shell, '-c', script], config(shell));
  } catch (e) {
    return `threw ${(e as Error)?.stack ?? String(e)}`;
  }
  const work = p.work!;
  stats.maxSteps = Math.max(stats.maxSteps, work.steps);
  if (work.steps > MAX_STEPS + 1) return `${work.steps} steps`;
  // One charge may take the count past the cap before the run stops: a line, a word or a file's content.
  if (work.bytes > 3 * MAX_OUTPUT_BYTES) return `${work.bytes} bytes written`;
  if (p.exit && !(Number.isInteger(p.exit.code) && p.exit.code >= 0 && p.exit.code <= 255)) return `exit code ${p.exit.code}`;
  if (p.loop) {
    for (const i of [0, 1, 1000]) {
      const round = p.loop.iteration(i);
      if (round.reduce((n, l) => n + l.text.length + 1, 0) > LOOP_ITERATION_BYTES || round.length > LOOP_ITERATION_STEPS) return `loop round ${i} wrote ${round.length} lines`;
    }
  }
  // A script that traps SIGTERM is run again as the kubelet stops it: that run is bounded too.
  if (p.termTrap) {
    let stopped: Program;
    try {
      stopped = runArgv([shell, '-c', script], { ...config(shell), sigtermAtMs: 1500 });
    } catch (e) {
      return `threw after SIGTERM ${(e as Error)?.stack ?? String(e)}`;
    }
    if (stopped.work!.steps > MAX_STEPS + 1) return `${stopped.work!.steps} steps after SIGTERM`;
    if (stopped.exit && !(Number.isInteger(stopped.exit.code) && stopped.exit.code >= 0 && stopped.exit.code <= 255)) return `exit code ${stopped.exit.code} after SIGTERM`;
  }
  const again = runArgv([shell, '-c', script], config(shell));
  if (JSON.stringify({ ...again, loop: !!again.loop }) !== JSON.stringify({ ...p, loop: !!p.loop })) return 'a second run gave another program';
  const outcome = work.exhausted ? 'out of budget' : p.exit ? (p.lines.some((l) => /syntax error/.test(l.text)) ? 'syntax error' : `exit ${p.exit.code}`) : p.loop ? 'loop' : 'runs on';
  stats.outcomes.set(outcome, (stats.outcomes.get(outcome) ?? 0) + 1);
  return '';
}

describe('container shell fuzz', () => {
  for (const shell of ['sh', 'bash'] as const) {
    const cases = shell === 'sh' ? CASES : Math.ceil(CASES / 5);
    it(`${cases} hostile ${shell} scripts all return within their budget`, { timeout: Math.max(120_000, cases * 100) }, () => {
      const stats = { outcomes: new Map<string, number>(), maxSteps: 0 };
      const result = fc.check(fc.property(hostileScript, (script) => {
        const why = check(script, shell, stats);
        return why === '' ? true : (console.log(`${why}: ${JSON.stringify(script).slice(0, 300)}`), false);
      }), { numRuns: cases, seed: SEED, endOnFailure: true });
      console.log(`shell fuzz (${shell}, seed ${SEED}): ${[...stats.outcomes].sort().map(([k, n]) => `${k} ${n}`).join(', ')}; most steps ${stats.maxSteps}`);
      expect(result.failed ? JSON.stringify(result.counterexample?.[0]).slice(0, 2000) : '').toBe('');
    });
  }
});
