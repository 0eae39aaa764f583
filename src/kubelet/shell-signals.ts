/**
 * shell-signals: Linux's signals as the container shell's `trap`, `kill` and `wait` name them —
 * numbers, names, which end a process by default, and the words busybox's ash prints when
 * `wait` finds a job a signal ended.
 */

/** SIGNALS are Linux's signal numbers by name (without SIG), in `kill -l`'s order. */
const SIGNALS: Readonly<Record<string, number>> = {
  EXIT: 0, HUP: 1, INT: 2, QUIT: 3, ILL: 4, TRAP: 5, ABRT: 6, BUS: 7, FPE: 8, KILL: 9, USR1: 10, SEGV: 11, USR2: 12,
  PIPE: 13, ALRM: 14, TERM: 15, STKFLT: 16, CHLD: 17, CONT: 18, STOP: 19, TSTP: 20, TTIN: 21, TTOU: 22, URG: 23,
  XCPU: 24, XFSZ: 25, VTALRM: 26, PROF: 27, WINCH: 28, IO: 29, PWR: 30, SYS: 31,
};
const NAMES = new Map(Object.entries(SIGNALS).map(([name, n]) => [n, name]));

/** EXIT is trap's condition for the shell's end; SIGTERM the kubelet's stop signal. */
export const EXIT = 0;
export const SIGTERM = 15;

/** signalNumber reads a signal: a number, or a name with or without SIG, in any case. */
export function signalNumber(spec: string): number | undefined {
  if (/^\d+$/.test(spec)) return Number(spec) <= 31 ? Number(spec) : undefined;
  return SIGNALS[spec.toUpperCase().replace(/^SIG/, '')];
}

/** signalName is a signal's name without SIG (EXIT for 0). */
export function signalName(n: number): string | undefined {
  return NAMES.get(n);
}

/** signalList is `kill -l` as busybox prints it: " 1) HUP" … one a line. */
export function signalList(): string[] {
  return [...NAMES].filter(([n]) => n > 0).map(([n, name]) => `${String(n).padStart(2)}) ${name}`);
}

/** LEFT_RUNNING are the signals whose default action does not end a process (ignore, stop, continue). */
const LEFT_RUNNING = new Set([SIGNALS.CHLD, SIGNALS.CONT, SIGNALS.URG, SIGNALS.WINCH, SIGNALS.STOP, SIGNALS.TSTP, SIGNALS.TTIN, SIGNALS.TTOU]);

/** endsProcess says whether a signal's default action ends the process it reaches. */
export function endsProcess(n: number): boolean {
  return n > 0 && !LEFT_RUNNING.has(n);
}

/** DEATH_WORDS are what ash's `wait PID` prints for a job a signal ended (strsignal; none for INT and PIPE). */
const DEATH_WORDS: Readonly<Record<number, string>> = {
  1: 'Hangup', 3: 'Quit', 4: 'Illegal instruction', 5: 'Trace/breakpoint trap', 6: 'Aborted', 7: 'Bus error', 8: 'Floating point exception',
  9: 'Killed', 10: 'User defined signal 1', 11: 'Segmentation fault', 12: 'User defined signal 2', 14: 'Alarm clock', 15: 'Terminated',
  16: 'Stack fault', 24: 'CPU time limit exceeded', 25: 'File size limit exceeded', 26: 'Virtual timer expired', 27: 'Profiling timer expired',
  29: 'I/O possible', 30: 'Power failure', 31: 'Bad system call',
};

/** deathWords is what busybox's `wait PID` prints for a job signal n ended, if anything. */
export function deathWords(n: number): string | undefined {
  return DEATH_WORDS[n];
}
