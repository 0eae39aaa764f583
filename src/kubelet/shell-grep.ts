/**
 * shell-grep: busybox grep — several patterns (-e, -f), fixed strings or basic/extended
 * regexes, -i -v -w -x -o, the per-file outputs (-c -l -L -q), line numbers and file names
 * (-n -H -h), context (-A -B -C with busybox's "--" between groups), -m and -r over the
 * container's files. Exit status 0 on a match, 1 without, 2 after an open error.
 * kubemu: a directory named without -r is read as empty.
 */
import { type AppletIO, NESTED_QUANTIFIER, WAITS, linesOf, safeTest, toRegExp } from './applet-io';

const USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.';
/** BOOLEAN_FLAGS and VALUE_FLAGS are the options busybox's grep takes (-a and -I are accepted and ignored). */
const BOOLEAN_FLAGS = 'lnqvscFiHhLorwxEaIR';
const VALUE_FLAGS = 'efmABC';

interface GrepOptions { flags: Set<string>; patterns: string[]; patternFiles: string[]; nums: Map<string, number>; operands: string[] }

/** parseGrep reads grep's argv as busybox's getopt32 does; an error line when it cannot. */
function parseGrep(args: string[]): GrepOptions | string {
  const o: GrepOptions = { flags: new Set(), patterns: [], patternFiles: [], nums: new Map(), operands: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') { o.operands.push(...args.slice(i + 1)); break; }
    if (!a.startsWith('-') || a === '-') { o.operands.push(a); continue; }
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      if (VALUE_FLAGS.includes(c)) {
        const v = a.slice(k + 1) || args[++i];
        if (v === undefined) return `grep: option requires an argument -- '${c}'`;
        if (c === 'e') o.patterns.push(v);
        else if (c === 'f') o.patternFiles.push(v);
        else {
          if (!/^\d+$/.test(v)) return `grep: invalid number '${v}'`;
          o.nums.set(c, Number(v));
        }
        o.flags.add(c);
        break;
      }
      if (!BOOLEAN_FLAGS.includes(c)) return `grep: invalid option -- '${c}'`;
      o.flags.add(c === 'R' ? 'r' : c);
    }
  }
  return o;
}

/** Matcher finds a pattern in a line: the [start, end) of each match, in order (only the first unless all). */
type Matcher = (line: string, all: boolean) => [number, number][];

const isWordChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);

/** matcherOf compiles one pattern under grep's options; undefined when the regex is invalid. */
function matcherOf(pattern: string, flags: Set<string>): Matcher | undefined {
  const ci = flags.has('i') ? 'i' : '';
  let re: RegExp | undefined;
  if (flags.has('F')) re = new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), `g${ci}`);
  else {
    const base = toRegExp(pattern, flags.has('E'), ci);
    // -x asks for the whole line: anchored, so the longest alternative is tried too.
    // The same engine as base (linear-regexp.ts, or V8's for a backreference).
    re = base && new (base.constructor as RegExpConstructor)(flags.has('x') ? `^(?:${base.source})$` : base.source, `g${ci}`);
  }
  if (!re) return undefined;
  const nested = NESTED_QUANTIFIER.test(pattern);
  const word = flags.has('w') && !flags.has('x');
  return (line, all) => {
    if (nested && !safeTest(re, line, true)) return [];
    const found: [number, number][] = [];
    re.lastIndex = 0;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      const start = m.index;
      const end = start + m[0].length;
      // busybox skips an empty match (and with -w a line matching only emptily does not match).
      // -w retries after a match that is not a whole word, from its end, as busybox does.
      const ok = word ? end > start && !isWordChar(line[start - 1]) && !isWordChar(line[end]) : true;
      if (ok && (end > start || !all)) { found.push([start, end]); if (!all) break; }
      if (end === start) { if (word) break; re.lastIndex = end + 1; }
      if (re.lastIndex > line.length) break;
    }
    return found;
  };
}

/** grep runs busybox grep over its operands (or stdin). */
export function grep(args: string[], io: AppletIO): number | typeof WAITS {
  const o = parseGrep(args);
  if (typeof o === 'string') { io.err(o); io.err(USAGE); return 2; }
  const { flags, nums } = o;
  const patterns = [...o.patterns];
  let invert = flags.has('v');
  for (const p of o.patternFiles) {
    const text = p === '-' ? io.stdin() : io.read(p);
    if (text === undefined) { io.err(`grep: can't open '${p}': No such file or directory`); return 2; }
    patterns.push(...linesOf(text));
  }
  // -f of an empty file matches nothing, as GNU grep: busybox inverts an empty pattern.
  if (flags.has('f') && !patterns.length) { patterns.push(''); invert = !invert; }
  const operands = [...o.operands];
  if (!flags.has('e') && !flags.has('f')) {
    const p = operands.shift();
    if (p === undefined) { io.err(USAGE); return 2; }
    patterns.push(p);
  }
  const matchers: Matcher[] = [];
  for (const p of patterns) {
    const m = matcherOf(p, flags);
    if (!m) { io.err(`grep: bad regex '${p}'`); return 2; }
    matchers.push(m);
  }

  const summary = flags.has('c') || flags.has('q') || flags.has('l') || flags.has('L');
  const lineNumbers = flags.has('n') && !summary;
  let after = summary ? 0 : nums.get('A') ?? 0;
  let before = summary ? 0 : nums.get('B') ?? 0;
  // -C is both unless -A or -B says otherwise.
  if (!summary && flags.has('C')) { if (!flags.has('A')) after = nums.get('C')!; if (!flags.has('B')) before = nums.get('C')!; }
  const max = flags.has('m') ? nums.get('m')! : Infinity;
  let showNames = operands.length > 1;

  // State across files, as busybox keeps it: the "--" separator compares with the last line printed anywhere.
  let printedAny = false;
  let lastPrinted = 0;
  const printLine = (file: string, n: number, text: string, deco: ':' | '-') => {
    if ((before || after) && printedAny && lastPrinted !== n - 1) io.out('--');
    printedAny = true;
    lastPrinted = n;
    io.out(`${(showNames && !flags.has('h')) || flags.has('H') ? `${file}${deco}` : ''}${lineNumbers ? `${n}${deco}` : ''}${text}`);
  };

  /** grepLines greps one file's lines: its count of matching lines, or 'quit' for -q's first match. */
  const grepLines = (file: string, lines: string[]): number | 'quit' => {
    let count = 0;
    let afterLeft = 0;
    let held: [number, string][] = [];
    for (let k = 0; k < lines.length; k++) {
      io.step();
      const line = lines[k]!;
      let hitBy: Matcher | undefined;
      for (const m of matchers) if (m(line, false).length) { hitBy = m; break; }
      if ((hitBy !== undefined) !== invert) {
        count++;
        if (flags.has('q')) return 'quit';
        if (flags.has('l') || flags.has('L')) { if (flags.has('l')) io.out(file); return count; }
        if (count > max) break;
        if (!flags.has('c')) {
          for (const [n, t] of held) printLine(file, n, t, '-');
          held = [];
          afterLeft = after;
          if (!flags.has('o')) printLine(file, k + 1, line, ':');
          else if (hitBy && !invert) for (const [s, e] of hitBy(line, true)) printLine(file, k + 1, line.slice(s, e), ':');
        }
      } else if (afterLeft) {
        printLine(file, k + 1, line, '-');
        afterLeft--;
      } else if (before) {
        held.push([k + 1, line]);
        if (held.length > before) held.shift();
      }
      if (count >= max && !afterLeft) break;
    }
    if (flags.has('c')) io.out(`${(showNames && !flags.has('h')) || flags.has('H') ? `${file}:` : ''}${count}`);
    if (flags.has('L') && !count) io.out(file);
    return count;
  };

  let matched = 0;
  let openErrors = false;
  const sources = operands.length ? operands : ['-'];
  for (const name of sources) {
    let files: [string, string | undefined][];
    if (name === '-') {
      const s = io.stdin();
      if (s === undefined) return WAITS;
      files = [['(standard input)', s]];
    } else {
      const under = flags.has('r') ? io.files?.(name) : undefined;
      if (under) {
        if (!flags.has('h')) showNames = true;
        // recursive_action names each file from the operand as typed.
        const prefix = name.endsWith('/') ? name : `${name}/`;
        files = under.map((rel) => [`${prefix}${rel}`, io.read(`${prefix}${rel}`)]);
      } else {
        const dir = io.files?.(name);
        files = [[name, dir ? '' : io.read(name)]];
      }
    }
    for (const [file, text] of files) {
      if (text === undefined) {
        if (!flags.has('s')) io.err(`grep: ${file}: No such file or directory`);
        openErrors = true;
        continue;
      }
      const lines = linesOf(text);
      io.step(lines.length);
      const r = grepLines(file, lines);
      if (r === 'quit') return 0;
      // -L succeeds when it named a file.
      matched += flags.has('L') ? Number(r === 0) : r;
    }
  }
  if (openErrors) return 2;
  return matched ? 0 : 1;
}
