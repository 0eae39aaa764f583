/**
 * failpoints: named places where a test can make kubemu die at once (SIGKILL, as a crash or
 * an OOM kill would), in the manner of etcd's gofail: KUBEMU_FAILPOINT=<name>[@<n>][:stop].
 * `@n` fires the n-th time the place is reached (a later batch of an apply, a later step of a
 * long tick); `:stop` stops the process (SIGSTOP) instead of killing it, there and at every
 * later pass, so a test can act while it is held and then let it go on (SIGCONT). They let the tests aim at the
 * moments that matter instead of hoping a random signal lands there.
 */

/** FAILPOINTS names every place a failpoint is checked. */
export const FAILPOINTS = ['before-commit', 'after-commit', 'between-controllers', 'mid-scheduling', 'after-batch-printed', 'in-tick-step', 'after-tick-step'] as const;
export type Failpoint = (typeof FAILPOINTS)[number];

const spec = /^([a-z-]+)(?:@(\d+))?(?::(stop))?$/.exec(process.env.KUBEMU_FAILPOINT ?? '');
const armed = spec?.[1] as Failpoint | undefined;
const signal = spec?.[3] === 'stop' ? 'SIGSTOP' : 'SIGKILL';
let countdown = spec?.[2] ? Number(spec[2]) : 1;

/** failpoint kills the process if the environment armed this failpoint and its count is reached; `:stop` stops it then and at every later pass. */
export function failpoint(name: Failpoint): void {
  if (armed === name && --countdown <= 0 && (countdown === 0 || signal === 'SIGSTOP')) process.kill(process.pid, signal);
}
