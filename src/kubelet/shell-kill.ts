/**
 * shell-kill: the `kill` builtin's command line as busybox's ash and bash read it — the signal
 * (-N, -NAME, -s NAME, -n N), `-l`, and the PIDs or %N jobs it is sent to — with their errors.
 * The interpreter (shell.ts) delivers the signal to its background jobs.
 */
import { signalList, signalName, signalNumber } from './shell-signals';

/** KillRequest is what kill was asked: a signal and targets, or a listing to print, or an error and its status. */
export type KillRequest =
  | { signal: number; targets: string[] }
  | { out: string[] }
  | { error: string; status: number };

/** parseKill reads kill's arguments. */
export function parseKill(args: string[], shell: 'sh' | 'bash'): KillRequest {
  const badSignal = (s: string): KillRequest => ({ error: shell === 'bash' ? `bash: line 1: kill: ${s}: invalid signal specification` : `sh: bad signal name '${s}'`, status: 1 });
  let signal = 15;
  let rest = args;
  const first = args[0];
  if (first === '-l' || first === '-L') {
    if (args.length === 1) return { out: signalList() };
    return { out: args.slice(1).map((a) => (/^\d+$/.test(a) ? signalName(Number(a) & 127) ?? a : String(signalNumber(a) ?? a))) };
  }
  if ((first === '-s' || first === '-n') && args.length > 1) {
    const n = signalNumber(args[1]!);
    if (n === undefined) return badSignal(args[1]!);
    signal = n;
    rest = args.slice(2);
  } else if (first !== undefined && /^-(\d+|[A-Za-z][A-Za-z0-9+]*)$/.test(first)) {
    const n = signalNumber(first.slice(1));
    if (n === undefined) return badSignal(first.slice(1));
    signal = n;
    rest = args.slice(1);
  }
  if (rest[0] === '--') rest = rest.slice(1);
  if (!rest.length) {
    return shell === 'bash'
      ? { error: 'kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]', status: 2 }
      : { error: 'sh: you need to specify whom to kill', status: 1 };
  }
  return { signal, targets: rest };
}
