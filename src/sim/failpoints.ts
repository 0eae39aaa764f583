/**
 * failpoints: named places where a test can make kubemu die at once (SIGKILL, as a crash or
 * an OOM kill would), in the manner of etcd's gofail: KUBEMU_FAILPOINT=<name>. They let the
 * kill -9 tests aim at the moments that matter instead of hoping a random kill lands there.
 */

/** FAILPOINTS names every place a failpoint is checked. */
export const FAILPOINTS = ['before-commit', 'after-commit', 'between-controllers', 'mid-scheduling'] as const;
export type Failpoint = (typeof FAILPOINTS)[number];

const armed = process.env.KUBEMU_FAILPOINT as Failpoint | undefined;

/** failpoint kills the process if the environment armed this failpoint. */
export function failpoint(name: Failpoint): void {
  if (armed === name) process.kill(process.pid, 'SIGKILL');
}
