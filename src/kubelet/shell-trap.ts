/**
 * shell-trap: the `trap` builtin of busybox ash and bash — the actions a script sets for
 * signals and for its exit, as the interpreter keeps them (shell.ts runs them: EXIT when the
 * shell ends, TERM when the kubelet's SIGTERM reaches it and it next has control).
 */
import { EXIT, signalName, signalNumber } from './shell-signals';

/** Traps maps a signal number to its action ('' ignores it); a signal not in it has its default action. */
export type Traps = Map<number, string>;

/** TrapResult is what the builtin printed and its status. */
export interface TrapResult { out: string[]; err: string[]; status: number }

/** trapCommand runs `trap [action] [signal...]` on traps, as busybox ash (sh) or bash does. */
export function trapCommand(args: string[], traps: Traps, shell: 'sh' | 'bash'): TrapResult {
  const out: string[] = [];
  const err: string[] = [];
  const operands = args[0] === '--' ? args.slice(1) : args;
  if (!operands.length || operands[0] === '-p') {
    for (const [n, action] of [...traps].sort((a, b) => a[0] - b[0])) {
      const name = signalName(n) ?? String(n);
      out.push(`trap -- ${quote(action, shell)} ${shell === 'bash' && n !== EXIT ? `SIG${name}` : name}`);
    }
    return { out, err, status: 0 };
  }
  // One operand, or a first one that is a signal number: the signals named go back to their defaults.
  const reset = operands.length === 1 || /^\d+$/.test(operands[0]!);
  const action = reset ? '-' : operands[0]!;
  let status = 0;
  for (const spec of reset ? operands : operands.slice(1)) {
    const n = signalNumber(spec);
    if (n === undefined) {
      err.push(shell === 'bash' ? `bash: line 1: trap: ${spec}: invalid signal specification` : `sh: trap: line 0: ${spec}: invalid signal specification`);
      status = 1;
      continue;
    }
    if (action === '-') traps.delete(n); else traps.set(n, action);
  }
  return { out, err, status };
}

/** quote single-quotes an action as each shell's listing does. */
function quote(s: string, shell: 'sh' | 'bash'): string {
  return `'${s.replace(/'/g, shell === 'bash' ? "'\\''" : `'"'"'`)}'`;
}
