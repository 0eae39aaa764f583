/**
 * server-warnings: the API server's warnings for a request (admission's "would violate
 * PodSecurity …", a policy's Warn action, a deprecated API), printed on stderr as kubectl's
 * warning writer prints a response's Warning headers: `Warning: <text>`, in the order the server
 * gave them, each text once per invocation (kubectl deduplicates them). --warnings-as-errors
 * counts what was printed.
 */
import type { IOStreams } from './io';

/** printed holds, per command's output streams, the warning texts already written. */
const printed = new WeakMap<object, Set<string>>();

/** printServerWarnings is a WriteOptions.warn that writes each warning to stderr, once. */
export const printServerWarnings = (io: Pick<IOStreams, 'err'>) => (text: string): void => {
  let seen = printed.get(io);
  if (!seen) printed.set(io, (seen = new Set()));
  if (seen.has(text)) return;
  seen.add(text);
  io.err(`Warning: ${text}\n`);
};

/** serverWarningCount is how many warnings were written to io's stderr. */
export function serverWarningCount(io: object): number {
  return printed.get(io)?.size ?? 0;
}

/** warningsReceivedError is kubectl's --warnings-as-errors failure after a command that printed n > 0 warnings. */
export function warningsReceivedError(n: number): string {
  return `${n} ${n === 1 ? 'warning' : 'warnings'} received`;
}
