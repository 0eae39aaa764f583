/**
 * sim-wait: how kubemu waits — instead of watching and sleeping, it fast-forwards the
 * simulated clock timer by timer until a condition holds or the deadline passes.
 */
import { DurationError, parseDuration } from '../../api/duration';
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

/** WAIT_TIMEOUT is client-go's wait.ErrWaitTimeout: kubectl's error when something does not get there in time. */
export const WAIT_TIMEOUT = 'timed out waiting for the condition';

/** ERR_WAIT_TIMEOUT names the object that did not get there in time. */
export const ERR_WAIT_TIMEOUT = (resource: string, name: string): string => `${WAIT_TIMEOUT} on ${resource}/${name}`;

/**
 * durationFlag reads a kubectl duration flag (pflag's DurationVar: time.ParseDuration) into
 * whole milliseconds, the simulated clock's unit (a fraction rounds away from zero, so "500us"
 * still waits); a bad value is pflag's error.
 */
export function durationFlag(v: string, flag: string): number {
  let ms: number;
  try {
    ms = parseDuration(v);
  } catch (e) {
    if (e instanceof DurationError) throw new CliError(`invalid argument "${v}" for "--${flag}" flag: ${e.message}`);
    throw e;
  }
  return Math.sign(ms) * Math.ceil(Math.abs(ms));
}
