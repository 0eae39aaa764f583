/**
 * shell-sed: busybox sed — addresses (N, $, /re/ and \cREc, ranges addr1,addr2 and addr,+N,
 * negation with !), { } blocks, and the commands s (g, p, N, I flags), y, p, d, q, =, a, i,
 * c, n, N, h, H, g, G and x, labels (:label) and the branches b, t and T, with -n, -e, -f and
 * -E/-r. The inputs are one stream, so $ is the last line of the last file. Errors are busybox's
 * one-liners with exit status 1.
 * kubemu: no D, P, l, r or w.
 */
import { type AppletIO, NESTED_QUANTIFIER, WAITS, inputs, safeTest, toRegExp } from './applet-io';

const USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.';

type Addr = { line: number } | { last: true } | { re: RegExp; nested: boolean } | { plus: number };

interface SedCmd {
  a1?: Addr;
  a2?: Addr;
  negate: boolean;
  op: string;
  /** the range this command's addresses select is open (and, for a line number or +N, ends at `end`). */
  active?: boolean;
  end?: number;
  /** blockEnd is the index of a `{`'s matching `}`. */
  blockEnd?: number;
  text?: string;
  re?: RegExp;
  nested?: boolean;
  repl?: string;
  global?: boolean;
  nth?: number;
  print?: boolean;
  from?: string;
  to?: string;
  /** label is a `:`'s name, or the target of b, t and T (none: the end of the script). */
  label?: string;
}

class SedError extends Error {}

/** readDelimited reads up to the next unescaped delimiter; `\delim` stands for the delimiter itself. */
function readDelimited(s: string, i: number, d: string, what: string): [string, number] {
  let out = '';
  for (let k = i; k < s.length; k++) {
    const c = s[k]!;
    if (c === '\\' && k + 1 < s.length) {
      const n = s[k + 1]!;
      out += n === d ? d : n === 'n' ? '\n' : `\\${n}`;
      k++;
      continue;
    }
    if (c === d) return [out, k + 1];
    if (c === '\n' && what !== 'text') break;
    out += c;
  }
  throw new SedError(`unmatched '${d}'`);
}

/** parseSed reads a script into commands; throws SedError with busybox's text. */
function parseSed(s: string, extended: boolean): SedCmd[] {
  const cmds: SedCmd[] = [];
  const open: number[] = [];
  let i = 0;
  const regex = (src: string, flags = ''): [RegExp, boolean] => {
    const re = toRegExp(src, extended, flags);
    if (!re) throw new SedError(`bad regex '${src}'`);
    return [re, NESTED_QUANTIFIER.test(src)];
  };
  const address = (): Addr | undefined => {
    const num = /^\d+/.exec(s.slice(i));
    if (num) { i += num[0].length; return { line: Number(num[0]) }; }
    if (s[i] === '$') { i++; return { last: true }; }
    if (s[i] === '/' || (s[i] === '\\' && i + 1 < s.length)) {
      const d = s[i] === '/' ? '/' : s[++i]!;
      const [src, next] = readDelimited(s, i + 1, d, 'address');
      i = next;
      const [re, nested] = regex(src);
      return { re, nested };
    }
    return undefined;
  };
  while (i < s.length) {
    while (i < s.length && /[\s;]/.test(s[i]!)) i++;
    if (i >= s.length) break;
    const cmd: SedCmd = { negate: false, op: '' };
    cmd.a1 = address();
    if (cmd.a1 && s[i] === ',') {
      i++;
      const plus = /^\+(\d+)/.exec(s.slice(i));
      if (plus) { cmd.a2 = { plus: Number(plus[1]) }; i += plus[0].length; } else cmd.a2 = address();
      if (!cmd.a2) throw new SedError('unexpected \',\'');
    }
    while (s[i] === ' ' || s[i] === '\t') i++;
    if (s[i] === '!') { cmd.negate = true; i++; while (s[i] === ' ' || s[i] === '\t') i++; }
    const op = s[i++];
    if (op === undefined || op === '\n' || op === ';') throw new SedError('missing command');
    cmd.op = op;
    switch (op) {
      case '{': open.push(cmds.length); break;
      case '}': {
        const at = open.pop();
        // busybox takes a stray } as the end of the script.
        if (at === undefined) return cmds;
        cmds[at]!.blockEnd = cmds.length;
        break;
      }
      case 's': {
        const d = s[i]!;
        if (d === undefined || d === '\n' || d === '\\') throw new SedError(`unmatched '${d ?? 's'}'`);
        const [pat, p1] = readDelimited(s, i + 1, d, 'pattern');
        const [repl, p2] = readDelimited(s, p1, d, 'replacement');
        i = p2;
        let flags = '';
        for (; i < s.length && !/[\s;}]/.test(s[i]!); i++) {
          const f = s[i]!;
          if (f === 'g') cmd.global = true;
          else if (f === 'p') cmd.print = true;
          else if (f === 'I' || f === 'i') flags = 'i';
          else if (/\d/.test(f)) { const n = /^\d+/.exec(s.slice(i))![0]; cmd.nth = Number(n); i += n.length - 1; } else throw new SedError('bad option in substitution expression');
        }
        [cmd.re, cmd.nested] = regex(pat, `g${flags}`);
        cmd.repl = repl;
        break;
      }
      case 'y': {
        const d = s[i]!;
        const [from, p1] = readDelimited(s, i + 1, d, 'y');
        const [to, p2] = readDelimited(s, p1, d, 'y');
        i = p2;
        const unescape = (t: string) => t.replace(/\\(.)/g, '$1');
        cmd.from = unescape(from);
        cmd.to = unescape(to);
        if ([...cmd.from].length !== [...cmd.to].length) throw new SedError('strings for y command are different lengths');
        break;
      }
      case 'a': case 'i': case 'c': {
        while (s[i] === ' ' || s[i] === '\t') i++;
        if (s[i] === '\\') { i++; if (s[i] === '\n') i++; }
        let text = '';
        // The text runs to the end of the line; a backslash at the end continues it on the next.
        while (i < s.length && s[i] !== '\n') {
          if (s[i] === '\\' && s[i + 1] === '\n') { text += '\n'; i += 2; continue; }
          if (s[i] === '\\' && i + 1 < s.length) { text += s[i + 1]; i += 2; continue; }
          text += s[i++];
        }
        cmd.text = text;
        break;
      }
      case ':': case 'b': case 't': case 'T': {
        // busybox reads a label up to `;` or white space — so `ba}` names the label "a}".
        while (s[i] === ' ' || s[i] === '\t') i++;
        const m = /^[^;\s]+/.exec(s.slice(i));
        if (m) { cmd.label = m[0]; i += m[0].length; }
        break;
      }
      case 'p': case 'd': case 'q': case '=': case 'n': case 'N': case 'h': case 'H': case 'g': case 'G': case 'x': break;
      default: throw new SedError(`unsupported command ${op}`);
    }
    cmds.push(cmd);
  }
  if (open.length) throw new SedError('unterminated {');
  return cmds;
}

/** substitute is s///: the nth match (and with g every later one) replaced; undefined when nothing matched. */
function substitute(c: SedCmd, ps: string, step: () => void): string | undefined {
  if (c.nested && !safeTest(c.re!, ps, true)) return undefined;
  const re = c.re!;
  re.lastIndex = 0;
  let out = '';
  let from = 0;
  let count = 0;
  let replaced = false;
  const nth = c.nth ?? 1;
  for (let m = re.exec(ps); m; m = re.exec(ps)) {
    step();
    count++;
    const start = m.index;
    const end = start + m[0].length;
    if (count >= nth) {
      out += ps.slice(from, start) + expandReplacement(c.repl!, m);
      from = end;
      replaced = true;
      if (!c.global) break;
    }
    if (end === start) { if (end >= ps.length) break; re.lastIndex = end + 1; }
  }
  return replaced ? out + ps.slice(from) : undefined;
}

/** expandReplacement renders s's replacement for one match: & the match, \1…\9 its groups, \n a newline. */
function expandReplacement(repl: string, m: RegExpExecArray): string {
  let out = '';
  for (let k = 0; k < repl.length; k++) {
    const ch = repl[k]!;
    if (ch === '&') { out += m[0]; continue; }
    if (ch !== '\\' || k + 1 >= repl.length) { out += ch; continue; }
    const n = repl[++k]!;
    out += /\d/.test(n) ? (m[Number(n)] ?? '') : n === 'n' ? '\n' : n === 't' ? '\t' : n;
  }
  return out;
}

/** sed runs busybox sed over its operands (or stdin). */
export function sed(args: string[], io: AppletIO): number | typeof WAITS {
  let quiet = false;
  let extended = false;
  const scripts: string[] = [];
  const files: string[] = [];
  let scriptGiven = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') { files.push(...args.slice(i + 1)); break; }
    if (!a.startsWith('-') || a === '-') { if (!scriptGiven) { scripts.push(a); scriptGiven = true; } else files.push(a); continue; }
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      if (c === 'n') quiet = true;
      else if (c === 'E' || c === 'r') extended = true;
      else if (c === 'e' || c === 'f') {
        const v = a.slice(k + 1) || args[++i];
        if (v === undefined) { io.err(`sed: option requires an argument -- '${c}'`); io.err(USAGE); return 1; }
        if (c === 'f') {
          const text = io.read(v);
          if (text === undefined) { io.err(`sed: can't open '${v}': No such file or directory`); return 1; }
          scripts.push(text.replace(/\n$/, ''));
        } else scripts.push(v);
        scriptGiven = true;
        break;
      } else if (c !== 's' && c !== 'u') { io.err(`sed: invalid option -- '${c}'`); io.err(USAGE); return 1; }
    }
  }
  if (!scriptGiven) { io.err(USAGE); return 1; }
  let cmds: SedCmd[];
  try {
    cmds = parseSed(scripts.join('\n'), extended);
  } catch (e) {
    if (!(e instanceof SedError)) throw e;
    io.err(`sed: ${e.message}`);
    return 1;
  }
  const got = inputs('sed', files, io, (p) => `${p}: No such file or directory`);
  if (got === WAITS) return WAITS;
  const lines = got.sources.flatMap(([, l]) => l);
  const emit = (text: string) => { for (const l of text.split('\n')) io.out(l); };

  let next = 0;
  let lineNo = 0;
  let hold = '';
  let stop = false;
  const isLast = () => next >= lines.length;
  const matches = (a: Addr, ps: string): boolean => ('line' in a ? a.line === lineNo : 'last' in a ? isLast() : 're' in a ? safeTest(a.re, ps, a.nested) : false);
  const selected = (c: SedCmd, ps: string): boolean => {
    if (!c.a1) return true;
    if (!c.a2) return matches(c.a1, ps);
    const a2 = c.a2;
    if (c.active) {
      if ('re' in a2 ? safeTest(a2.re, ps, a2.nested) : 'last' in a2 ? isLast() : lineNo >= c.end!) c.active = false;
      return true;
    }
    if (!matches(c.a1, ps)) return false;
    // A second address at or before this line closes the range at once; a regex is tried from the next line.
    if ('line' in a2) { c.active = a2.line > lineNo; c.end = a2.line; } else if ('plus' in a2) { c.active = a2.plus > 0; c.end = lineNo + a2.plus; } else if ('last' in a2) c.active = !isLast();
    else c.active = true;
    return true;
  };

  // A branch's target is looked up when it is taken: busybox fails only then, after what it printed.
  const labelAt = (label: string): number => cmds.findIndex((c) => c.op === ':' && c.label === label);

  while (!stop && next < lines.length) {
    let ps = lines[next++]!;
    lineNo = next;
    let deleted = false;
    // substituted: an s succeeded since the last line was read (t and T test it; t clears it).
    let substituted = false;
    const appended: string[] = [];
    const flushAppended = () => { for (const t of appended.splice(0)) emit(t); };
    for (let pc = 0; pc < cmds.length; pc++) {
      io.step();
      const c = cmds[pc]!;
      if (c.op === '}') continue;
      if (selected(c, ps) === c.negate) { if (c.op === '{') pc = c.blockEnd!; continue; }
      let endCycle = false;
      switch (c.op) {
        case 'p': emit(ps); break;
        case 'd': deleted = true; endCycle = true; break;
        case 'q': stop = true; endCycle = true; break;
        case '=': io.out(String(lineNo)); break;
        case 'a': appended.push(c.text!); break;
        case 'i': emit(c.text!); break;
        case 'c':
          // Over a range, the text replaces the whole range: it is printed at its end.
          if (!c.a2 || !c.active || c.negate) emit(c.text!);
          deleted = true; endCycle = true;
          break;
        case 's': {
          const r = substitute(c, ps, () => io.step());
          if (r !== undefined) { ps = r; substituted = true; if (c.print) emit(ps); }
          break;
        }
        case 'b': case 't': case 'T': {
          if (c.op === 't') { if (!substituted) break; substituted = false; } else if (c.op === 'T' && substituted) break;
          if (c.label === undefined) { endCycle = true; break; }
          const at = labelAt(c.label);
          if (at < 0) { io.err(`sed: can't find label for jump to '${c.label}'`); return 1; }
          pc = at;
          break;
        }
        case 'y': ps = [...ps].map((ch) => { const k = [...c.from!].indexOf(ch); return k < 0 ? ch : [...c.to!][k]!; }).join(''); break;
        case 'n':
          if (isLast()) { stop = true; endCycle = true; break; }
          if (!quiet) emit(ps);
          flushAppended();
          ps = lines[next++]!;
          lineNo = next;
          substituted = false;
          break;
        case 'N':
          // At the last line, GNU sed (and busybox) print the pattern space and stop.
          if (isLast()) { stop = true; endCycle = true; break; }
          flushAppended();
          ps = `${ps}\n${lines[next++]!}`;
          lineNo = next;
          break;
        case 'h': hold = ps; break;
        case 'H': hold = `${hold}\n${ps}`; break;
        case 'g': ps = hold; break;
        case 'G': ps = `${ps}\n${hold}`; break;
        case 'x': [ps, hold] = [hold, ps]; break;
      }
      if (endCycle) break;
    }
    if (!deleted && !quiet) emit(ps);
    flushAppended();
  }
  return got.failed ? 1 : 0;
}
