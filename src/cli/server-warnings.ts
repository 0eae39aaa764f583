/**
 * server-warnings: the API server's warnings for a request (admission's "would violate
 * PodSecurity …", a policy's Warn action), printed on stderr as kubectl's warning handler
 * prints a response's Warning headers: `Warning: <text>`, in the order the server gave them.
 */
import type { IOStreams } from './io';

/** printServerWarnings is a WriteOptions.warn that writes each warning to stderr. */
export const printServerWarnings = (io: Pick<IOStreams, 'err'>) => (text: string): void => io.err(`Warning: ${text}\n`);
