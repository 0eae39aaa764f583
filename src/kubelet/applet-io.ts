/**
 * applet-io: what the busybox text applets share — the view of files, stdin and output they
 * run against, the reading of their operands and options, and busybox's regular expressions
 * as JS ones (bounded: no pattern that could backtrack for exponential time).
 */

/** AppletIO is what an applet sees: files, its stdin, its output streams and the work budget. */
export interface AppletIO {
  read(path: string): string | undefined;
  /** files lists the files under a directory, recursively, relative to it and sorted; undefined when it is not a directory. */
  files?(dir: string): string[] | undefined;
  /** stdin is the piped input, or undefined when there is none (the applet would wait forever). */
  stdin(): string | undefined;
  out(line: string): void;
  /** partial writes text with no newline after it (output that does not end a line). */
  partial?(text: string): void;
  err(line: string): void;
  step(n?: number): void;
}

/** BUSYBOX_BANNER opens busybox's usage texts (the docker image's build). */
export const BUSYBOX_BANNER = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.';

/** writeText writes text as it is: its lines, the last one without a newline when it has none. */
export function writeText(io: AppletIO, text: string): void {
  const lines = text.split('\n');
  const last = lines.pop()!;
  for (const l of lines) io.out(l);
  if (last !== '') { if (io.partial) io.partial(last); else io.out(last); }
}

/** WAITS is an applet's answer when it would wait for input forever. */
export const WAITS = 'waits';


export function linesOf(text: string): string[] {
  const l = text.split('\n');
  if (l[l.length - 1] === '') l.pop();
  return l;
}

/** texts reads the named files (or stdin) whole: [name, text] per readable source; errors are reported. */
export function texts(name: string, files: string[], io: AppletIO, cantOpen: (p: string) => string): { sources: [string, string][]; failed: boolean } | typeof WAITS {
  if (!files.length || (files.length === 1 && files[0] === '-')) {
    const s = io.stdin();
    return s === undefined ? WAITS : { sources: [['-', s]], failed: false };
  }
  const sources: [string, string][] = [];
  let failed = false;
  for (const p of files) {
    const c = io.read(p);
    if (c === undefined) { io.err(`${name}: ${cantOpen(p)}`); failed = true; continue; }
    sources.push([p, c]);
  }
  return { sources, failed };
}

/** inputs reads the named files (or stdin) as lines: [name, lines] per readable source; errors are reported. */
export function inputs(name: string, files: string[], io: AppletIO, cantOpen: (p: string) => string): { sources: [string, string[]][]; failed: boolean } | typeof WAITS {
  const got = texts(name, files, io, cantOpen);
  if (got === WAITS) return WAITS;
  return {
    failed: got.failed,
    sources: got.sources.map(([p, text]) => {
      const lines = linesOf(text);
      io.step(lines.length);
      return [p, lines];
    }),
  };
}

/** NESTED_QUANTIFIER spots patterns like (a+)+ whose matching can take exponential time. */
export const NESTED_QUANTIFIER = /\([^)]*[+*}][^)]*\)[+*{]/;

export const openMsg = (p: string) => `can't open '${p}': No such file or directory`;

/** parseOpts splits argv into single-letter flags (with values for `withValue`) and operands. */
export function parseOpts(args: string[], withValue: string): { flags: Map<string, string>; rest: string[] } {
  const flags = new Map<string, string>();
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') { rest.push(...args.slice(i + 1)); break; }
    if (!a.startsWith('-') || a === '-') { rest.push(a); continue; }
    if (/^-\d+$/.test(a)) { flags.set('n', a.slice(1)); continue; }
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      if (withValue.includes(c)) { flags.set(c, a.slice(k + 1) || (args[++i] ?? '')); break; }
      flags.set(c, '');
    }
  }
  return { flags, rest };
}

/** POSIX_CLASSES are the bracket-expression classes, as the characters they stand for. */
const POSIX_CLASSES: Record<string, string> = {
  alpha: 'a-zA-Z', digit: '0-9', alnum: 'a-zA-Z0-9', upper: 'A-Z', lower: 'a-z', space: ' \\t\\n\\r\\f\\v', blank: ' \\t',
  punct: '!-\\/:-@\\[-`{-~', xdigit: '0-9A-Fa-f',
};

/**
 * toRegExp turns a busybox regex (basic unless extended) into a JS RegExp; undefined when invalid.
 * It matches in linear time (linear-regexp.ts), so no pattern and line a script chooses can
 * stall it. kubemu: a pattern with a backreference, which only a backtracking engine runs, is
 * refused as invalid when it also nests a quantifier, such as \(a*\)*\1.
 */
export function toRegExp(pattern: string, extended: boolean, flags: string): RegExp | undefined {
  // POSIX bracket classes ([[:digit:]] …) become their ranges; JS has no such classes.
  let src = pattern.replace(/\[:(alpha|digit|alnum|upper|lower|space|blank|punct|xdigit):\]/g, (_m, c: string) => POSIX_CLASSES[c]!);
  if (!extended) {
    // BRE: \( \) \{ \} \| \+ \? are operators; bare ( ) { } | + ? are literal.
    src = src.replace(/\\([(){}|+?])|([(){}|+?])/g, (_m, esc: string | undefined, lit: string | undefined) => (esc ? esc : `\\${lit}`));
  }
  if (!/\\[1-9]/.test(src)) {
    try {
      const { LinearRegExp } = require('./linear-regexp') as typeof import('./linear-regexp');
      return new LinearRegExp(src, flags);
    } catch { /* not RE2's syntax (or not JS's): V8 decides below */ }
  }
  if (NESTED_QUANTIFIER.test(pattern.replace(/\\([(){}|+?])/g, '$1'))) return undefined;
  try { return new RegExp(src, flags); } catch { return undefined; }
}

/** safeTest matches a line; with V8's engine, it refuses lines long enough for a nested quantifier to blow up. */
export function safeTest(re: RegExp, line: string, nested: boolean): boolean {
  if (nested && line.length > 24 && !(re as { linear?: boolean }).linear) return false;
  re.lastIndex = 0;
  return re.test(line);
}
