/**
 * shell-trap: the `trap` builtin of busybox ash and bash — the actions a script sets for
 * signals and for its exit, as the interpreter keeps them (shell.ts runs them: EXIT when the
 * shell ends, TERM when the kubelet's SIGTERM reaches it and it next has control).
 */

/** SIGNALS are Linux's signal numbers by name (without SIG), as `kill -l` lists them. */
const SIGNALS: Readonly<Record<string, number>> = {
  EXIT: 0, HUP: 1, INT: 2, QUIT: 3, ILL: 4, TRAP: 5, ABRT: 6, BUS: 7, FPE: 8, KILL: 9, USR1: 10, SEGV: 11, USR2: 12,
  PIPE: 13, ALRM: 14, TERM: 15, STKFLT: 16, CHLD: 17, CONT: 18, STOP: 19, TSTP: 20, TTIN: 21, TTOU: 22, URG: 23,
  XCPU: 24, XFSZ: 25, VTALRM: 26, PROF: 27, WINCH: 28, IO: 29, PWR: 30, SYS: 31,
};
const NAMES = new Map(Object.entries(SIGNALS).map(([name, n]) => [n, name]));

/** SIGTERM and EXIT are the conditions the interpreter acts on. */
export const SIGTERM = 15;
export const EXIT = 0;

/** signalNumber reads a signal as trap takes it: a number, or a name with or without SIG, in any case. */
export function signalNumber(spec: string): number | undefined {
  if (/^\d+$/.test(spec)) return Number(spec) <= 31 ? Number(spec) : undefined;
  return SIGNALS[spec.toUpperCase().replace(/^SIG/, '')];
}

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
      const name = NAMES.get(n) ?? String(n);
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
