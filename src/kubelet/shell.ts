/**
 * shell: the emulated runtime's command interpreter. It "runs" a container's command in
 * simulated time without running anything: it works out what the process prints and
 * when, which files it writes, when it exits and with which code. It understands the
 * idioms pod specs use — `sleep N`, `echo`, `exit N`, `sh -c "…"` with `;`/`&&`/`||`,
 * `while true; do …; sleep N; done`, `for x in …`, `if [ … ]`, `date`, `env`, `cat`,
 * `touch`/`rm`, redirections — and fails unknown binaries the way busybox sh or bash do.
 * kubemu: everything but `sleep` takes no time; pipes pass only `cat`-like filters through.
 */

/** OutputLine is one line a process wrote, atMs after it started. */
export interface OutputLine { atMs: number; text: string }

/** FileEvent records a file written (content) or removed (undefined) atMs after start. */
export interface FileEvent { atMs: number; path: string; content?: string }

/** Loop is an endless `while true` loop: iteration i starts at atMs + i × periodMs. */
export interface Loop {
  atMs: number;
  periodMs: number;
  /** iteration renders iteration i's output (times relative to the iteration's start). */
  iteration(i: number): OutputLine[];
}

/** Program is what a process does over its life, relative to its start. */
export interface Program {
  lines: OutputLine[];
  loop?: Loop;
  /** exit: when and how it ends; undefined: it runs until stopped. */
  exit?: { atMs: number; code: number };
  files: FileEvent[];
  /** serves: TCP ports it listens on while it runs. */
  serves: number[];
}

/** ServerProgram is a long-running process some binary starts (nginx, python -m http.server …). */
export interface ServerProgram { lines: OutputLine[]; ports: number[] }

/** ShellConfig is what the interpreter needs from the container. */
export interface ShellConfig {
  env: Record<string, string>;
  /** files visible in the container at start (mounted ConfigMaps/Secrets, /etc/hostname …). */
  files: Record<string, string>;
  /** startMs is the absolute start time (for `date`). */
  startMs: number;
  /** shell flavour for error messages: busybox/alpine "sh", or "bash". */
  shell: 'sh' | 'bash';
  /** binary says whether an argv[0] outside the shell's utilities exists, and what it does. */
  binary(argv: string[]): ServerProgram | 'exists' | undefined;
}

/** FOREVER_MS stands for `sleep infinity`. */
const FOREVER_MS = Number.POSITIVE_INFINITY;
const MAX_STEPS = 10_000;

/** UTILITIES are the commands busybox (and coreutils) provide that the interpreter runs. */
export const UTILITIES = new Set([
  'echo', 'printf', 'sleep', 'exit', 'true', 'false', ':', 'date', 'env', 'printenv', 'cat', 'touch', 'rm', 'mkdir',
  'hostname', 'tail', 'test', '[', 'sh', 'bash', 'uname', 'whoami', 'pwd', 'id', 'ls', 'export', 'set', 'cd', 'wait',
  'trap', 'seq', 'head', 'wc', 'grep', 'tee', 'read', 'yes',
]);

// ---------- lexer ----------

type Tok = { op: string } | { word: string; quoted: boolean; raw: string };

function lex(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === ' ' || c === '\t') { i++; continue; }
    if (c === '\\' && src[i + 1] === '\n') { i += 2; continue; }
    if (c === '#' ) { while (i < src.length && src[i] !== '\n') i++; continue; }
    const two = src.slice(i, i + 2);
    if (two === '&&' || two === '||' || two === '>>' || two === ';;') { out.push({ op: two }); i += 2; continue; }
    if (src.slice(i, i + 4) === '2>&1' || src.slice(i, i + 4) === '1>&2') { out.push({ op: src.slice(i, i + 4) }); i += 4; continue; }
    if (two === '2>' || two === '&>') { out.push({ op: two }); i += 2; continue; }
    if (';|&<>\n(){}'.includes(c) && !(c === '{' || c === '}')) { out.push({ op: c }); i++; continue; }
    // a word: raw text up to an unquoted separator; quotes are kept in raw for expansion.
    let raw = '';
    let quoted = false;
    while (i < src.length) {
      const d = src[i]!;
      if (d === "'") { const j = src.indexOf("'", i + 1); const end = j < 0 ? src.length : j; raw += src.slice(i, end + 1); i = end + 1; quoted = true; continue; }
      if (d === '"') {
        let j = i + 1;
        while (j < src.length && src[j] !== '"') j += src[j] === '\\' ? 2 : 1;
        raw += src.slice(i, j + 1); i = j + 1; quoted = true; continue;
      }
      if (d === '$' && src[i + 1] === '(') {
        let depth = 0; let j = i + 1;
        for (; j < src.length; j++) { if (src[j] === '(') depth++; else if (src[j] === ')' && --depth === 0) break; }
        raw += src.slice(i, j + 1); i = j + 1; continue;
      }
      if (d === '\\' && i + 1 < src.length) { raw += src.slice(i, i + 2); i += 2; continue; }
      if (' \t;|&<>\n()'.includes(d)) break;
      raw += d; i++;
    }
    out.push({ word: raw, quoted, raw });
  }
  return out;
}

// ---------- parser ----------

type Node =
  | { t: 'simple'; words: string[]; redirects: { op: string; target: string }[] }
  | { t: 'pipe'; cmds: Node[] }
  | { t: 'andor'; first: Node; rest: { op: '&&' | '||'; node: Node }[] }
  | { t: 'list'; items: Node[] }
  | { t: 'while'; until: boolean; cond: Node; body: Node }
  | { t: 'for'; name: string; words: string[]; body: Node }
  | { t: 'if'; branches: { cond: Node; body: Node }[]; otherwise?: Node }
  | { t: 'group'; body: Node };

/** ShellSyntaxError is a script the interpreter cannot parse (sh prints a syntax error and exits 2). */
export class ShellSyntaxError extends Error {}

class Parser {
  private i = 0;
  constructor(private readonly toks: Tok[]) {}
  private peekWord(): string | undefined { const t = this.toks[this.i]; return t && 'word' in t ? t.word : undefined; }
  private peekOp(): string | undefined { const t = this.toks[this.i]; return t && 'op' in t ? t.op : undefined; }
  private skipSeps(): void { while (this.peekOp() === ';' || this.peekOp() === '\n') this.i++; }
  private expectWord(w: string): void {
    this.skipSeps();
    if (this.peekWord() !== w) throw new ShellSyntaxError(`syntax error: expected "${w}"`);
    this.i++;
  }
  parseAll(): Node {
    const n = this.list([]);
    if (this.i < this.toks.length) throw new ShellSyntaxError(`syntax error: unexpected "${'op' in this.toks[this.i]! ? (this.toks[this.i] as { op: string }).op : (this.toks[this.i] as { word: string }).word}"`);
    return n;
  }
  private list(terminators: string[]): Node {
    const items: Node[] = [];
    for (;;) {
      this.skipSeps();
      if (this.i >= this.toks.length) break;
      const w = this.peekWord();
      if (w !== undefined && terminators.includes(w)) break;
      if (this.peekOp() === ')' && terminators.includes(')')) break;
      items.push(this.andor());
      if (this.peekOp() === '&') this.i++;
    }
    return { t: 'list', items };
  }
  private andor(): Node {
    const first = this.pipeline();
    const rest: { op: '&&' | '||'; node: Node }[] = [];
    while (this.peekOp() === '&&' || this.peekOp() === '||') {
      const op = this.peekOp() as '&&' | '||';
      this.i++;
      while (this.peekOp() === '\n') this.i++;
      rest.push({ op, node: this.pipeline() });
    }
    return rest.length ? { t: 'andor', first, rest } : first;
  }
  private pipeline(): Node {
    const cmds = [this.command()];
    while (this.peekOp() === '|') { this.i++; cmds.push(this.command()); }
    return cmds.length > 1 ? { t: 'pipe', cmds } : cmds[0]!;
  }
  private command(): Node {
    const w = this.peekWord();
    if (w === 'while' || w === 'until') {
      this.i++;
      const cond = this.list(['do']);
      this.expectWord('do');
      const body = this.list(['done']);
      this.expectWord('done');
      return { t: 'while', until: w === 'until', cond, body };
    }
    if (w === 'for') {
      this.i++;
      const name = this.peekWord() ?? '';
      this.i++;
      const words: string[] = [];
      if (this.peekWord() === 'in') {
        this.i++;
        while (this.peekWord() !== undefined) words.push((this.toks[this.i++] as { raw: string }).raw);
      }
      this.expectWord('do');
      const body = this.list(['done']);
      this.expectWord('done');
      return { t: 'for', name, words, body };
    }
    if (w === 'if') {
      this.i++;
      const branches: { cond: Node; body: Node }[] = [];
      let otherwise: Node | undefined;
      for (;;) {
        const cond = this.list(['then']);
        this.expectWord('then');
        const body = this.list(['elif', 'else', 'fi']);
        branches.push({ cond, body });
        this.skipSeps();
        const k = this.peekWord();
        this.i++;
        if (k === 'elif') continue;
        if (k === 'else') { otherwise = this.list(['fi']); this.expectWord('fi'); }
        else if (k !== 'fi') throw new ShellSyntaxError('syntax error: expected "fi"');
        break;
      }
      return { t: 'if', branches, otherwise };
    }
    if (w === '{') {
      this.i++;
      const body = this.list(['}']);
      this.expectWord('}');
      return { t: 'group', body };
    }
    if (this.peekOp() === '(') {
      this.i++;
      const body = this.list([')']);
      if (this.peekOp() !== ')') throw new ShellSyntaxError('syntax error: expected ")"');
      this.i++;
      return { t: 'group', body };
    }
    const words: string[] = [];
    const redirects: { op: string; target: string }[] = [];
    for (;;) {
      const t = this.toks[this.i];
      if (!t) break;
      if ('word' in t) { words.push(t.raw); this.i++; continue; }
      if (t.op === '>' || t.op === '>>' || t.op === '<' || t.op === '2>' || t.op === '&>') {
        this.i++;
        const target = this.toks[this.i];
        if (!target || !('word' in target)) throw new ShellSyntaxError('syntax error: unexpected redirection');
        redirects.push({ op: t.op, target: target.raw });
        this.i++;
        continue;
      }
      if (t.op === '2>&1' || t.op === '1>&2') { this.i++; continue; }
      break;
    }
    if (!words.length && !redirects.length) {
      const bad = this.toks[this.i];
      throw new ShellSyntaxError(`syntax error: unexpected "${bad && 'op' in bad ? bad.op : (bad as { word?: string })?.word ?? 'end of file'}"`);
    }
    return { t: 'simple', words, redirects };
  }
}

/** parseScript parses `sh -c` text; throws ShellSyntaxError. */
export function parseScript(src: string): Node {
  return new Parser(lex(src)).parseAll();
}

// ---------- execution ----------

class ExitSignal { constructor(readonly code: number) {} }
class ForeverSignal {}

interface Frame {
  t: number;
  lines: OutputLine[];
  files: FileEvent[];
  fs: Map<string, string>;
  vars: Record<string, string>;
  status: number;
  steps: number;
  serves: number[];
  /** capture collects stdout instead of logging it (command substitution, redirects, pipes). */
  capture?: string[];
  loop?: Loop;
}

/** GO_DATE renders a time as busybox `date` does: "Mon Jan  2 15:04:05 UTC 2006". */
export function shellDate(ms: number): string {
  const d = new Date(ms);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${days[d.getUTCDay()]} ${months[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`;
}

/** parseSleep reads sleep's operand ("5", "0.5", "2m", "infinity"); undefined when invalid. */
export function parseSleep(arg: string): number | undefined {
  if (arg === 'infinity' || arg === 'inf') return FOREVER_MS;
  const m = /^(\d+(?:\.\d+)?|\.\d+)([smhd]?)$/.exec(arg);
  if (!m) return undefined;
  const mult = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2]!]!;
  return Math.round(Number(m[1]) * mult);
}

class Interpreter {
  constructor(private readonly cfg: ShellConfig) {}

  /** expand performs quote removal, $VAR/${VAR}/$?/$(…) expansion; returns the fields. */
  expand(raw: string, f: Frame, split = true): string[] {
    let out = '';
    let quotedAny = false;
    let i = 0;
    const fields: string[] = [];
    const push = () => { if (out.length || quotedAny) fields.push(out); out = ''; quotedAny = false; };
    const dollar = (s: string, j: number): [string, number] => {
      if (s[j + 1] === '(') {
        let depth = 0; let k = j + 1;
        for (; k < s.length; k++) { if (s[k] === '(') depth++; else if (s[k] === ')' && --depth === 0) break; }
        return [this.substitute(s.slice(j + 2, k), f), k + 1];
      }
      if (s[j + 1] === '{') { const k = s.indexOf('}', j); const name = s.slice(j + 2, k).replace(/:?-.*$/, ''); const def = /:?-(.*)$/.exec(s.slice(j + 2, k))?.[1]; return [f.vars[name] ?? def ?? '', k + 1]; }
      if (s[j + 1] === '?') return [String(f.status), j + 2];
      if (s[j + 1] === '$') return ['1', j + 2];
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(s.slice(j + 1));
      if (!m) return ['$', j + 1];
      return [f.vars[m[0]] ?? '', j + 1 + m[0].length];
    };
    while (i < raw.length) {
      const c = raw[i]!;
      if (c === "'") { const j = raw.indexOf("'", i + 1); out += raw.slice(i + 1, j < 0 ? raw.length : j); quotedAny = true; i = (j < 0 ? raw.length : j) + 1; continue; }
      if (c === '"') {
        quotedAny = true;
        let j = i + 1;
        while (j < raw.length && raw[j] !== '"') {
          if (raw[j] === '\\' && '"\\$`'.includes(raw[j + 1] ?? '')) { out += raw[j + 1]; j += 2; continue; }
          if (raw[j] === '$') { const [v, k] = dollar(raw, j); out += v; j = k; continue; }
          out += raw[j]; j++;
        }
        i = j + 1;
        continue;
      }
      if (c === '\\') { out += raw[i + 1] ?? ''; i += 2; continue; }
      if (c === '$') {
        const [v, k] = dollar(raw, i);
        if (split) { const parts = v.split(/\s+/); parts.forEach((p, n) => { if (n > 0) push(); out += p; }); } else out += v;
        i = k;
        continue;
      }
      out += c; i++;
    }
    push();
    return fields;
  }

  private substitute(src: string, f: Frame): string {
    const sub: Frame = { ...f, capture: [], lines: [], files: [], serves: [] };
    try { this.run(parseScript(src), sub); } catch (e) { if (!(e instanceof ExitSignal)) throw e; }
    f.t = sub.t;
    return sub.capture!.join('\n').replace(/\n+$/, '');
  }

  private write(f: Frame, text: string): void {
    if (f.capture) { f.capture.push(text); return; }
    f.lines.push({ atMs: f.t, text });
  }

  private notFound(f: Frame, name: string): number {
    this.write(f, this.cfg.shell === 'bash' ? `bash: line 1: ${name}: command not found` : `sh: ${name}: not found`);
    return 127;
  }

  run(n: Node, f: Frame): void {
    if (++f.steps > MAX_STEPS) throw new ForeverSignal();
    switch (n.t) {
      case 'list': for (const it of n.items) this.run(it, f); return;
      case 'group': this.run(n.body, f); return;
      case 'andor': {
        this.run(n.first, f);
        for (const r of n.rest) if ((r.op === '&&') === (f.status === 0)) this.run(r.node, f);
        return;
      }
      case 'pipe': {
        // Only the last command's output reaches the log; filters like cat/tee pass earlier output through.
        const captured: string[] = [];
        for (const [k, c] of n.cmds.entries()) {
          const last = k === n.cmds.length - 1;
          const name = c.t === 'simple' ? this.expand(c.words[0] ?? '', f)[0] : undefined;
          if (last && (name === 'cat' || name === 'tee') && c.t === 'simple' && c.words.length === 1) { for (const l of captured) this.write(f, l); f.status = 0; continue; }
          const sub: Frame = { ...f, capture: last ? f.capture : [] };
          this.run(c, sub);
          f.t = sub.t; f.status = sub.status; f.steps = sub.steps;
          if (!last) captured.splice(0, captured.length, ...(sub.capture ?? []));
        }
        return;
      }
      case 'if': {
        for (const b of n.branches) {
          this.run(b.cond, f);
          if (f.status === 0) { this.run(b.body, f); return; }
        }
        if (n.otherwise) this.run(n.otherwise, f); else f.status = 0;
        return;
      }
      case 'for': {
        const words = n.words.flatMap((w) => this.expand(w, f));
        for (const w of words) { f.vars[n.name] = w; this.run(n.body, f); }
        return;
      }
      case 'while': return this.runWhile(n, f);
      case 'simple': return this.runSimple(n, f);
    }
  }

  private runWhile(n: Extract<Node, { t: 'while' }>, f: Frame): void {
    const endless = n.cond.t === 'list' && n.cond.items.length === 1 && n.cond.items[0]!.t === 'simple'
      && ['true', ':'].includes((n.cond.items[0] as { words: string[] }).words[0] ?? '') && !n.until;
    if (!endless) {
      for (let k = 0; k < 1000; k++) {
        this.run(n.cond, f);
        if ((f.status === 0) === n.until) { f.status = 0; return; }
        this.run(n.body, f);
      }
      throw new ForeverSignal();
    }
    // while true: run the body once to learn its period, then describe it as a Loop.
    const start = f.t;
    const probe: Frame = { ...f, lines: [], files: [], fs: new Map(f.fs), vars: { ...f.vars }, capture: f.capture ? [] : undefined };
    this.run(n.body, probe);
    const period = probe.t - start;
    if (f.capture) throw new ForeverSignal();
    if (period === FOREVER_MS || !Number.isFinite(period)) { f.lines.push(...probe.lines); f.files.push(...probe.files); throw new ForeverSignal(); }
    // kubemu: a loop without a sleep would spin; it is modelled as one iteration per millisecond.
    const periodMs = Math.max(1, period);
    const vars = { ...f.vars };
    const fs = new Map(f.fs);
    f.loop = {
      atMs: start,
      periodMs,
      iteration: (i: number) => {
        const it: Frame = { t: start + i * periodMs, lines: [], files: [], fs: new Map(fs), vars: { ...vars }, status: 0, steps: 0, serves: [] };
        try { this.run(n.body, it); } catch (e) { if (!(e instanceof ExitSignal || e instanceof ForeverSignal)) throw e; }
        return it.lines.map((l) => ({ atMs: l.atMs - (start + i * periodMs), text: l.text }));
      },
    };
    f.files.push(...probe.files.map((e) => ({ ...e })));
    throw new ForeverSignal();
  }

  private runSimple(n: Extract<Node, { t: 'simple' }>, f: Frame): void {
    const words: string[] = [];
    const assigns: Record<string, string> = {};
    for (const w of n.words) {
      if (!words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) {
        const eq = w.indexOf('=');
        assigns[w.slice(0, eq)] = this.expand(w.slice(eq + 1), f, false).join(' ');
        continue;
      }
      words.push(...this.expand(w, f));
    }
    if (!words.length) { Object.assign(f.vars, assigns); f.status = 0; return; }
    let target: { op: string; path: string } | undefined;
    for (const r of n.redirects) {
      const path = this.expand(r.target, f)[0] ?? '';
      if (r.op === '>' || r.op === '>>' || r.op === '&>') target = { op: r.op, path };
    }
    const sink: Frame = target ? { ...f, capture: [] } : f;
    this.exec(words, sink, assigns);
    if (target) {
      f.t = sink.t; f.status = sink.status; f.steps = sink.steps;
      if (target.path !== '/dev/null' && target.path !== '/dev/stderr' && target.path !== '/dev/stdout') {
        const prev = target.op === '>>' ? (f.fs.get(target.path) ?? '') : '';
        const content = prev + sink.capture!.map((l) => `${l}\n`).join('');
        f.fs.set(target.path, content);
        f.files.push({ atMs: f.t, path: target.path, content });
      } else if (target.path !== '/dev/null') for (const l of sink.capture!) this.write(f, l);
    }
  }

  /** exec runs one command; sets f.status. */
  exec(argv: string[], f: Frame, assigns: Record<string, string> = {}): void {
    const [cmd, ...args] = argv as [string, ...string[]];
    const name = cmd.replace(/^\/(usr\/)?(local\/)?s?bin\//, '');
    f.status = 0;
    switch (name) {
      case 'echo': {
        let a = args;
        // kubemu: output is kept as lines, so -n (no trailing newline) changes nothing here.
        while (a[0] === '-n' || a[0] === '-e') a = a.slice(1);
        const text = a.join(' ').replace(/\\n/g, '\n');
        for (const l of text.split('\n')) this.write(f, l);
        return;
      }
      case 'printf': {
        const fmt = args[0] ?? '';
        let k = 1;
        const text = fmt.replace(/%[sdi]/g, () => args[k++] ?? '').replace(/\\n/g, '\n').replace(/\\t/g, '\t');
        const parts = text.split('\n');
        if (parts[parts.length - 1] === '') parts.pop();
        for (const l of parts) this.write(f, l);
        return;
      }
      case 'sleep': {
        const ms = args.length ? parseSleep(args[0]!) : undefined;
        if (ms === undefined) { this.write(f, `sleep: invalid number '${args[0] ?? ''}'`); f.status = 1; return; }
        if (ms === FOREVER_MS) throw new ForeverSignal();
        f.t += ms;
        return;
      }
      case 'exit': throw new ExitSignal(args.length ? Number(args[0]) & 255 : f.status);
      case 'true': case ':': case 'export': case 'set': case 'cd': case 'trap': case 'wait': case 'mkdir':
        if (name === 'export') for (const a of args) { const eq = a.indexOf('='); if (eq > 0) f.vars[a.slice(0, eq)] = a.slice(eq + 1); }
        return;
      case 'false': f.status = 1; return;
      case 'date': this.write(f, shellDate(this.cfg.startMs + f.t)); return;
      case 'hostname': this.write(f, f.vars.HOSTNAME ?? ''); return;
      case 'uname': this.write(f, args.includes('-a') ? `Linux ${f.vars.HOSTNAME ?? ''} 6.8.0 #1 SMP x86_64 GNU/Linux` : 'Linux'); return;
      case 'whoami': this.write(f, 'root'); return;
      case 'id': this.write(f, 'uid=0(root) gid=0(root) groups=0(root),10(wheel)'); return;
      case 'pwd': this.write(f, '/'); return;
      case 'env': case 'printenv': {
        const all = { ...f.vars, ...assigns };
        if (args.length && name === 'printenv') { const v = all[args[0]!]; if (v === undefined) f.status = 1; else this.write(f, v); return; }
        if (args.length && name === 'env') { this.exec(args, f); return; }
        for (const [k, v] of Object.entries(all)) if (this.cfg.env[k] !== undefined || k in assigns) this.write(f, `${k}=${v}`);
        return;
      }
      case 'seq': {
        const nums = args.map(Number);
        const [from, to] = nums.length === 1 ? [1, nums[0]!] : [nums[0]!, nums[1]!];
        for (let x = from; x <= Math.min(to, from + 10_000); x++) this.write(f, String(x));
        return;
      }
      case 'cat': case 'head': case 'tail': case 'grep': case 'wc': case 'tee': case 'ls': {
        if (name === 'tail' && args.includes('-f')) throw new ForeverSignal();
        const paths = args.filter((a) => !a.startsWith('-'));
        if (name === 'ls') { for (const p of paths) if (!f.fs.has(p) && ![...f.fs.keys()].some((k) => k.startsWith(`${p.replace(/\/$/, '')}/`))) { this.write(f, `ls: ${p}: No such file or directory`); f.status = 1; } return; }
        if (name === 'grep' || name === 'wc' || name === 'tee') return;
        if (!paths.length) { if (name === 'cat') throw new ForeverSignal(); return; }
        for (const p of paths) {
          const content = f.fs.get(p);
          if (content === undefined) {
            this.write(f, this.cfg.shell === 'bash' ? `${name}: ${p}: No such file or directory` : `${name}: can't open '${p}': No such file or directory`);
            f.status = 1;
            continue;
          }
          const lines = content.split('\n');
          if (lines[lines.length - 1] === '') lines.pop();
          for (const l of lines) this.write(f, l);
        }
        return;
      }
      case 'touch': for (const p of args) { const c = f.fs.get(p) ?? ''; f.fs.set(p, c); f.files.push({ atMs: f.t, path: p, content: c }); } return;
      case 'rm': for (const p of args.filter((a) => !a.startsWith('-'))) {
        if (!f.fs.has(p)) { if (!args.includes('-f') && !args.includes('-rf')) { this.write(f, `rm: can't remove '${p}': No such file or directory`); f.status = 1; } continue; }
        f.fs.delete(p); f.files.push({ atMs: f.t, path: p });
      }
        return;
      case 'test': case '[': { f.status = this.test(name === '[' ? args.slice(0, -1) : args, f) ? 0 : 1; return; }
      case 'yes': throw new ForeverSignal();
      case 'read': throw new ForeverSignal();
      case 'sh': case 'bash': {
        const c = args.findIndex((a) => /^-[a-z]*c[a-z]*$/.test(a));
        if (c >= 0) { this.run(parseScript(args[c + 1] ?? ''), f); return; }
        const script = args.find((a) => !a.startsWith('-'));
        // An interactive shell without a TTY reads EOF and exits 0; a script file runs.
        if (script === undefined) return;
        const text = f.fs.get(script);
        if (text === undefined) { this.write(f, `${name}: can't open '${script}': No such file or directory`); f.status = 2; return; }
        this.run(parseScript(text), f);
        return;
      }
    }
    const bin = this.cfg.binary(argv);
    if (bin === undefined) { f.status = this.notFound(f, cmd); return; }
    if (bin === 'exists') return;
    for (const l of bin.lines) f.lines.push({ atMs: f.t + l.atMs, text: l.text });
    f.serves.push(...bin.ports);
    throw new ForeverSignal();
  }

  private test(a: string[], f: Frame): boolean {
    if (a[0] === '!') return !this.test(a.slice(1), f);
    if (a.length === 2) {
      const [op, x] = a as [string, string];
      if (op === '-f' || op === '-e' || op === '-r' || op === '-s') return f.fs.has(x) && (op !== '-s' || f.fs.get(x) !== '');
      if (op === '-d') return [...f.fs.keys()].some((k) => k.startsWith(`${x.replace(/\/$/, '')}/`));
      if (op === '-z') return x === '';
      if (op === '-n') return x !== '';
    }
    if (a.length === 3) {
      const [x, op, y] = a as [string, string, string];
      switch (op) {
        case '=': case '==': return x === y;
        case '!=': return x !== y;
        case '-eq': return Number(x) === Number(y);
        case '-ne': return Number(x) !== Number(y);
        case '-lt': return Number(x) < Number(y);
        case '-le': return Number(x) <= Number(y);
        case '-gt': return Number(x) > Number(y);
        case '-ge': return Number(x) >= Number(y);
      }
    }
    return a.length === 1 && a[0] !== '';
  }
}

/** runArgv interprets a process's argv (the container's command + args) as its Program. */
export function runArgv(argv: string[], cfg: ShellConfig): Program {
  const interp = new Interpreter(cfg);
  const f: Frame = { t: 0, lines: [], files: [], fs: new Map(Object.entries(cfg.files)), vars: { ...cfg.env }, status: 0, steps: 0, serves: [] };
  let exit: Program['exit'];
  try {
    interp.exec(argv, f);
    exit = { atMs: f.t, code: f.status };
  } catch (e) {
    if (e instanceof ExitSignal) exit = { atMs: f.t, code: e.code };
    else if (e instanceof ShellSyntaxError) { f.lines.push({ atMs: f.t, text: `sh: ${e.message}` }); exit = { atMs: f.t, code: 2 }; }
    else if (!(e instanceof ForeverSignal)) throw e;
  }
  return { lines: f.lines, loop: f.loop, exit, files: f.files, serves: f.serves };
}
