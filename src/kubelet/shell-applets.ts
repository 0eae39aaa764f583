/**
 * shell-applets: the busybox text applets practice tasks pipe through — head, tail, wc,
 * sort, uniq, cut and tr here, grep (shell-grep.ts), sed (shell-sed.ts) and awk (awk/) — as pure
 * functions of their arguments and input, with busybox's output formats and error lines. Every line read or written is charged to the
 * caller's work budget, so a filter over a huge input is bounded work.
 * kubemu: the common options only (see each applet).
 */
import { type AppletIO, WAITS, inputs, linesOf, openMsg, parseOpts, texts, writeText } from './applet-io';
import type { AwkIO } from './awk/awk-run';
import { byteLength, bytesToText, textToBytes } from '../api/byte-string';

export { WAITS, toRegExp, type AppletIO } from './applet-io';

/** TEXT_APPLETS are the applets this file runs. */
export const TEXT_APPLETS = new Set(['head', 'tail', 'grep', 'wc', 'sort', 'uniq', 'cut', 'tr', 'sed', 'awk', 'tac', 'rev']);

/** count reads head's and tail's -n/-c value: a leading + (tail: from the start) or - (head: all but the last). */
function count(arg: string): { n: number; sign: '' | '+' | '-' } | undefined {
  const m = /^([+-]?)(\d+)$/.exec(arg);
  return m ? { n: Number(m[2]), sign: m[1] as '' | '+' | '-' } : undefined;
}

/** kept is the [from, to) of `length` items that head or tail keeps. */
function kept(length: number, c: { n: number; sign: string }, tail: boolean): [number, number] {
  if (tail) return c.sign === '+' ? [Math.max(0, c.n - 1), length] : [c.n ? Math.max(0, length - c.n) : length, length];
  return c.sign === '-' ? [0, Math.max(0, length - c.n)] : [0, Math.min(length, c.n)];
}

function head(args: string[], io: AwkIO, tail: boolean): number | typeof WAITS {
  const name = tail ? 'tail' : 'head';
  const { flags, rest } = parseOpts(args, 'nc');
  const bytes = flags.has('c');
  const nArg = flags.get(bytes ? 'c' : 'n') ?? '10';
  const c = count(nArg);
  if (!c) { io.err(`${name}: invalid number '${nArg}'`); return 1; }
  if (tail && (flags.has('f') || flags.has('F'))) {
    // A followed file that does not exist yet is waited for (a sidecar tailing a log); -F
    // (follow by name, retrying) says so first, as busybox's open_or_warn_stdin does.
    const text = rest.length ? io.read(rest[0]!) : undefined;
    if (text === undefined && rest.length && flags.has('F')) io.err(`tail: ${openMsg(rest[0]!)}`);
    if (text !== undefined) for (const l of linesOf(text).slice(-c.n || Infinity)) io.out(l);
    return WAITS;
  }
  if (bytes) {
    // /dev/zero gives as many NUL bytes as head asks for; counts are bytes of the byte string.
    const read = (p: string) => (p === '/dev/zero' && !tail && c.sign !== '-' ? (io.step(c.n), '\0'.repeat(c.n)) : io.read(p));
    const got = texts(name, rest, { ...io, read }, openMsg);
    if (got === WAITS) return WAITS;
    got.sources.forEach(([file, text], k) => {
      if (got.sources.length > 1) writeText(io, `${k ? '\n' : ''}==> ${file} <==\n`);
      io.step(text.length);
      const buf = textToBytes(text);
      writeText(io, bytesToText(buf.subarray(...kept(buf.length, c, tail))));
    });
    return got.failed ? 1 : 0;
  }
  const got = inputs(name, rest, io, openMsg);
  if (got === WAITS) return WAITS;
  got.sources.forEach(([file, lines], k) => {
    if (got.sources.length > 1) { if (k) io.out(''); io.out(`==> ${file} <==`); }
    for (const l of lines.slice(...kept(lines.length, c, tail))) io.out(l);
  });
  return got.failed ? 1 : 0;
}

/** tac prints each input's lines last first (a last line without a newline joins the next one printed); rev each line backwards. */
function reverse(name: 'tac' | 'rev', args: string[], io: AppletIO): number | typeof WAITS {
  const got = texts(name, args, io, openMsg);
  if (got === WAITS) return WAITS;
  for (const [, text] of got.sources) {
    io.step(text.length);
    if (name === 'rev') { for (const l of linesOf(text)) io.out([...l].reverse().join('')); continue; }
    writeText(io, (text.match(/[^\n]*\n|[^\n]+$/g) ?? []).reverse().join(''));
  }
  return got.failed ? 1 : 0;
}

function wc(args: string[], io: AppletIO): number | typeof WAITS {
  const { flags, rest } = parseOpts(args, '');
  let which = ['l', 'w', 'c'].filter((c) => flags.has(c));
  if (!which.length) which = ['l', 'w', 'c'];
  const got = texts('wc', rest, io, openMsg);
  if (got === WAITS) return WAITS;
  // busybox pads each count to 9 columns, except one count of one input.
  const pad = !(which.length === 1 && got.sources.length <= 1);
  const total = { l: 0, w: 0, c: 0 };
  const row = (counts: Record<string, number>, file: string) => {
    const cols = which.map((c, k) => (pad ? `${k ? ' ' : ''}${String(counts[c]).padStart(9)}` : `${k ? ' ' : ''}${counts[c]}`)).join('');
    io.out(file === '-' ? cols : `${cols} ${file}`);
  };
  for (const [file, text] of got.sources) {
    io.step(text.length);
    // Lines are newlines: a last line without one is not counted, as in every wc.
    const counts = { l: text.split('\n').length - 1, w: text.split(/\s+/).filter(Boolean).length, c: byteLength(text) };
    total.l += counts.l; total.w += counts.w; total.c += counts.c;
    row(counts, file);
  }
  if (got.sources.length > 1) row(total, 'total');
  return got.failed ? 1 : 0;
}

function sort(args: string[], io: AppletIO): number | typeof WAITS {
  const { flags, rest } = parseOpts(args, 'kt');
  const got = inputs('sort', rest, io, openMsg);
  if (got === WAITS) return WAITS;
  const sep = flags.get('t');
  const key = flags.has('k') ? Number((flags.get('k') ?? '1').split(/[,.]/)[0]) : 0;
  const keyOf = (l: string): string => {
    if (!key) return l;
    const fields = sep ? l.split(sep) : l.trim().split(/\s+/);
    return fields.slice(key - 1).join(sep ?? ' ');
  };
  let lines = got.sources.flatMap(([, l]) => l);
  io.step(lines.length);
  const num = (s: string) => { const m = /^\s*(-?\d+(\.\d+)?)/.exec(s); return m ? Number(m[1]) : 0; };
  lines.sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    const c = flags.has('n') ? num(ka) - num(kb) || (a < b ? -1 : a > b ? 1 : 0) : ka < kb ? -1 : ka > kb ? 1 : (a < b ? -1 : a > b ? 1 : 0);
    return flags.has('r') ? -c : c;
  });
  if (flags.has('u')) lines = lines.filter((l, k) => k === 0 || keyOf(l) !== keyOf(lines[k - 1]!));
  for (const l of lines) io.out(l);
  return got.failed ? 2 : 0;
}

function uniq(args: string[], io: AppletIO): number | typeof WAITS {
  const { flags, rest } = parseOpts(args, '');
  const got = inputs('uniq', rest.slice(0, 1), io, openMsg);
  if (got === WAITS) return WAITS;
  const lines = got.sources.flatMap(([, l]) => l);
  for (let k = 0; k < lines.length;) {
    let j = k;
    while (j < lines.length && lines[j] === lines[k]) j++;
    const n = j - k;
    if ((!flags.has('d') || n > 1) && (!flags.has('u') || n === 1)) io.out(flags.has('c') ? `${String(n).padStart(7)} ${lines[k]}` : lines[k]!);
    k = j;
  }
  return got.failed ? 1 : 0;
}

/** ranges reads cut's LIST (1,3-5,7-); returns a membership test for 1-based positions. */
function ranges(list: string): ((i: number) => boolean) | undefined {
  const parts = list.split(',').map((p) => /^(\d*)(-?)(\d*)$/.exec(p));
  if (!list || parts.some((m) => !m || (!m[1] && !m[3]))) return undefined;
  return (i) => parts.some((m) => {
    const lo = m![1] ? Number(m![1]) : 1;
    const hi = m![2] ? (m![3] ? Number(m![3]) : Infinity) : lo;
    return i >= lo && i <= hi;
  });
}

function cut(args: string[], io: AppletIO): number | typeof WAITS {
  const { flags, rest } = parseOpts(args, 'dfcb');
  const list = flags.get('f') ?? flags.get('c') ?? flags.get('b');
  if (list === undefined) { io.err('cut: expected a list of bytes, characters, or fields'); return 1; }
  const inList = ranges(list);
  if (!inList) { io.err(`cut: invalid byte or field list`); return 1; }
  const got = inputs('cut', rest, io, openMsg);
  if (got === WAITS) return WAITS;
  const delim = flags.get('d') ?? '\t';
  for (const [, lines] of got.sources) {
    for (const l of lines) {
      if (!flags.has('f')) { io.out([...l].filter((_, k) => inList(k + 1)).join('')); continue; }
      if (!l.includes(delim)) { if (!flags.has('s')) io.out(l); continue; }
      io.out(l.split(delim).filter((_, k) => inList(k + 1)).join(delim));
    }
  }
  return got.failed ? 1 : 0;
}

/** trSet expands tr's SET: escapes, a-z ranges and [:class:]es. */
function trSet(s: string): string[] {
  const t = s.replace(/\[:upper:\]/g, 'A-Z').replace(/\[:lower:\]/g, 'a-z').replace(/\[:digit:\]/g, '0-9')
    .replace(/\[:space:\]/g, ' \\t\\n').replace(/\[:alpha:\]/g, 'a-zA-Z').replace(/\[:alnum:\]/g, 'a-zA-Z0-9');
  const chars: string[] = [];
  for (let i = 0; i < t.length; i++) {
    let c = t[i]!;
    if (c === '\\' && i + 1 < t.length) { const e = t[++i]!; c = ({ n: '\n', t: '\t', '0': '\0', '\\': '\\' } as Record<string, string>)[e] ?? e; }
    if (t[i + 1] === '-' && i + 2 < t.length) {
      const end = t.charCodeAt(i + 2);
      for (let x = c.charCodeAt(0); x <= end && chars.length < 1024; x++) chars.push(String.fromCharCode(x));
      i += 2;
      continue;
    }
    chars.push(c);
  }
  return chars;
}

function tr(args: string[], io: AppletIO): number | typeof WAITS {
  const { flags, rest } = parseOpts(args, '');
  if (!rest.length) { io.err('tr: missing operand'); return 1; }
  const input = io.stdin();
  if (input === undefined) return WAITS;
  const from = trSet(rest[0]!);
  const to = trSet(rest[1] ?? '');
  let out = '';
  let last = '';
  for (const c of input) {
    const k = from.indexOf(c);
    let r = c;
    if (k >= 0) { if (flags.has('d')) continue; r = to.length ? to[Math.min(k, to.length - 1)]! : c; }
    if (flags.has('s') && r === last && (to.length ? to : from).includes(r)) continue;
    out += r;
    last = r;
  }
  io.step(out.length >> 6);
  const lines = out.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const l of lines) io.out(l);
  return 0;
}

/** runTextApplet runs one of TEXT_APPLETS: its exit status, or WAITS when it would wait for input forever. */
export function runTextApplet(name: string, args: string[], io: AwkIO): number | typeof WAITS {
  switch (name) {
    case 'head': return head(args, io, false);
    case 'tail': return head(args, io, true);
    // grep, sed and awk load on first use, as the shell's other big applets do (shell.ts).
    case 'grep': return (require('./shell-grep') as typeof import('./shell-grep')).grep(args, io);
    case 'wc': return wc(args, io);
    case 'sort': return sort(args, io);
    case 'uniq': return uniq(args, io);
    case 'cut': return cut(args, io);
    case 'tr': return tr(args, io);
    case 'sed': return (require('./shell-sed') as typeof import('./shell-sed')).sed(args, io);
    case 'tac': case 'rev': return reverse(name, args, io);
    default: return (require('./awk/awk-run') as typeof import('./awk/awk-run')).awk(args, io);
  }
}
