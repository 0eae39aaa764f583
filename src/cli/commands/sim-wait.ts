/**
 * sim-wait: how kubemu waits — instead of watching and sleeping, it fast-forwards the
 * simulated clock timer by timer until a condition holds or the deadline passes.
 */
import type { CommandContext } from '../command';
import { CliError } from '../errors';

/** MAX_WAIT_MS bounds a wait with no timeout (kubectl's "forever") in simulated time. */
export const MAX_WAIT_MS = 60 * 60 * 1000;

/**
 * waitUntil moves simulated time forward until cond() holds (true) or timeoutMs has passed
 * (false). cond is evaluated against the settled cluster at every timer stop.
 */
export function waitUntil(ctx: CommandContext, cond: () => boolean, timeoutMs: number): boolean {
  const cluster = ctx.cluster();
  cluster.catchUp();
  return cluster.store.transaction(() => {
    const deadline = cluster.clock.nowMs() + timeoutMs;
    return cluster.sim.advanceUntil(deadline, cond);
  });
}

/** parseDuration reads a Go duration ("30s", "1m30s", "500ms", "0") into milliseconds. */
export function parseDuration(v: string, flag = 'timeout'): number {
  if (v === '0' || v === '') return 0;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g;
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let consumed = '';
  for (const m of v.matchAll(re)) { total += Number(m[1]) * units[m[2]!]!; consumed += m[0]; }
  const body = v.replace(/^[+-]/, '');
  if (consumed !== body) throw new CliError(`invalid argument "${v}" for "--${flag}" flag: time: ${/\d$/.test(v) ? 'missing unit in duration' : 'invalid duration'} "${v}"`);
  return v.startsWith('-') ? -total : total;
}
