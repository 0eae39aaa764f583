/**
 * errors: the one place that turns failures into kubectl's text and exit codes
 * (kubectl's CheckErr). Commands throw; main() formats.
 */
import { ApiError } from '../apiserver/errors';
import { NoKindMatchError, UnknownResourceTypeError } from '../api/registry';
import { NotAStateFileError, StateFileError } from '../store/sqlite/sqlite-store';
import { clusterOfState } from '../cluster/home';
import { goErrnoKnown, goPathErrorText } from './go-path-error';

/** UsageError is a command-line mistake; it adds kubectl's "See '… -h'" hint. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(message: string, readonly command?: string) { super(message); }
}

/** CliError is a plain `error: …` failure with an exit code; `stdout` is what kubectl prints to stdout before it (a template's debugging dump). */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(message: string, readonly exitCode = 1, readonly stdout?: string) { super(message); }
}

/**
 * StandardMessageError is an error kubectl's CheckErr words with its standard message (an API
 * mapper's "the server doesn't have a resource type"): printed as it is, without "error: ".
 */
export class StandardMessageError extends Error {
  override readonly name = 'StandardMessageError';
}

/** unexpectedArgs is kubectl's "Unexpected args: [a b]" (Go's %v of the arguments). */
export const unexpectedArgs = (args: readonly string[]): string => `Unexpected args: [${args.join(' ')}]`;

/** SilentExit ends a command with an exit code after it has printed its own messages. */
export class SilentExit extends Error {
  override readonly name = 'SilentExit';
  constructor(readonly exitCode: number) { super(`exit ${exitCode}`); }
}

/**
 * CollectedError is an error a command went on past, as kubectl prints it when it is the
 * command's only error (alone) and when it is one of several (among: MultipleErrors' standard
 * form). A plain string is the alone form of an error whose other form drops "error: ".
 */
export type CollectedError = string | { alone: string; among: string };

/**
 * finishWithErrors prints the errors a command collected while it went on past failures
 * (one line each, after the successes) and ends with exit 1 if any. With aggregate (a command
 * that returns them as one aggregate, as apply and create do), one error is printed as
 * checkErr prints it alone, several each in the standard form (MultipleErrors): a client-side
 * error without "error: ", an Invalid one as the server's message.
 */
export function finishWithErrors(io: { err(text: string): void }, errors: readonly CollectedError[], aggregate = false): number {
  const among = aggregate && errors.length > 1;
  for (const e of errors) io.err(`${collectedLine(e, among)}\n`);
  if (errors.length) throw new SilentExit(1);
  return 0;
}

/** aggregateText is the text of Go's error aggregate: its one message, or "[a, b]" (repeats left out). */
export function aggregateText(messages: readonly string[]): string {
  const distinct = [...new Set(messages)];
  return distinct.length === 1 ? distinct[0]! : `[${distinct.join(', ')}]`;
}

/** collectedLine is how a collected error is printed alone, or among several. */
export function collectedLine(e: CollectedError, among: boolean): string {
  if (typeof e !== 'string') return among ? e.among : e.alone;
  return among && e.startsWith('error: ') ? e.slice('error: '.length) : e;
}

/** INVALID_REQUEST is kubectl's head for an Invalid error that names no kind or object. */
export const INVALID_REQUEST = 'The request is invalid';

/**
 * formatApiError renders an API status error as kubectl does; `context` is e.g. 'error when creating "x.yaml": '.
 * An Invalid error is worded from its details (kubectl's checkErr): the kind without its
 * group, as the server's details.kind carries it, and one line per distinct cause.
 */
export function formatApiError(e: ApiError, context = ''): string {
  if (e.reason === 'Invalid') {
    const { kind, name, causes } = e.details;
    const head = kind || name ? `The ${kind ?? ''} "${name ?? ''}" is invalid` : INVALID_REQUEST;
    // A cause with an empty field still gets kubectl's "field: " (a policy's denial reads `is invalid: : ValidatingAdmissionPolicy …`).
    const lines = [...new Set((causes ?? []).map((c) => `${c.field !== undefined ? `${c.field}: ` : ''}${c.message}`))];
    // With no kind, name or causes, kubectl adds the server's message.
    if (!lines.length) return kind || name || !e.message ? head : `${head}: ${e.message}`;
    if (lines.length === 1) return `${head}: ${lines[0]}`;
    return `${head}: \n` + lines.map((l) => `* ${l}`).join('\n');
  }
  if (!e.reason) return `Error from server: ${context}${e.message}`;
  return `Error from server (${e.reason}): ${context}${e.message}`;
}

/** notAStateFile is the line for a cluster whose state file holds no kubemu schema. */
export const notAStateFile = (cluster: string): string => `cluster "${cluster}" state file is empty or not a kubemu state file`;

/** formatError returns the stderr text (without trailing newline) and the exit code for any failure. */
export function formatError(e: unknown, command = 'kubectl'): { text: string; exitCode: number } {
  if (e instanceof SilentExit) return { text: '', exitCode: e.exitCode };
  if (e instanceof ApiError) return { text: formatApiError(e), exitCode: 1 };
  if (e instanceof UsageError) {
    return { text: `error: ${e.message}\nSee '${command} ${e.command ?? ''}${e.command ? ' ' : ''}-h' for help and examples`.replace(`${command}  -h`, `${command} -h`), exitCode: 1 };
  }
  if (e instanceof CliError) return { text: withPrefix(e.message), exitCode: e.exitCode };
  if (e instanceof StandardMessageError) return { text: e.message, exitCode: 1 };
  if (e instanceof UnknownResourceTypeError || e instanceof NoKindMatchError) return { text: withPrefix(e.message), exitCode: 1 };
  if (e instanceof NotAStateFileError) return { text: withPrefix(notAStateFile(clusterOfState(e.file))), exitCode: 1 };
  if (e instanceof StateFileError) return { text: withPrefix(`${e.message}; run 'kubemu cluster delete' and create it again, or restore the file`), exitCode: 1 };
  const err = e as Error & { code?: string };
  if (err?.code === 'SQLITE_BUSY' || err?.code === 'SQLITE_LOCKED') {
    return { text: 'error: the cluster is busy: another kubemu command held it too long; try again', exitCode: 1 };
  }
  if (err?.code?.startsWith?.('SQLITE_CORRUPT') || err?.code === 'SQLITE_NOTADB') {
    return { text: "error: the cluster state file is corrupt; run 'kubemu cluster delete' and create it again", exitCode: 1 };
  }
  if (err?.code === 'SQLITE_FULL' || err?.code === 'ENOSPC') return { text: 'error: no space left on device to write the cluster state; nothing was changed', exitCode: 1 };
  if (err?.code?.startsWith?.('SQLITE_IOERR')) {
    return { text: `error: cannot write the cluster state (${err.message}: is the disk full?); nothing was changed`, exitCode: 1 };
  }
  if (err?.code === 'SQLITE_READONLY' || err?.code?.startsWith?.('SQLITE_READONLY') || err?.code === 'SQLITE_CANTOPEN' || err?.code === 'EACCES') {
    return { text: `error: cannot write the cluster state (${err.message})`, exitCode: 1 };
  }
  // A host file the command could not read or write: Go's *PathError, as kubectl prints it.
  const fsError = err as { syscall?: string; path?: string };
  if (typeof fsError?.syscall === 'string' && typeof fsError.path === 'string' && goErrnoKnown(err)) {
    return { text: withPrefix(goPathErrorText(fsError.syscall, fsError.path, err)), exitCode: 1 };
  }
  const msg = err?.message ?? String(e);
  const debug = process.env.KUBEMU_DEBUG ? `\n${err?.stack ?? ''}` : '';
  return { text: withPrefix(msg) + debug, exitCode: 1 };
}

function withPrefix(msg: string): string {
  return msg.startsWith('error: ') ? msg : `error: ${msg}`;
}
