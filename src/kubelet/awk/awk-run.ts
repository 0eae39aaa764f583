/**
 * awk-run: the awk applet, busybox awk's dialect. A program (awk-syntax.ts) runs over its
 * inputs with awk's values: numbers, strings, and input that looks like a number (a "strnum",
 * compared as a number). Numbers print as integers when they are whole, else through OFMT
 * (%.6g); for-in walks keys in busybox's hash order (awk-array.ts); rand() is glibc's
 * generator as busybox draws from it. Every statement, loop round and byte built is charged
 * to the caller's budget, so no program can run away.
 * kubemu: strings are counted in characters, not bytes (the same for ASCII).
 */
import { type AppletIO, BUSYBOX_BANNER, WAITS, linesOf, toRegExp } from '../applet-io';
import { type Directive, formatFloat, formatInteger, formatString, isFloat, isInteger, parseDirective } from '../c-format';
import { AwkArray } from './awk-array';
import { type Expr, type LValue, type Program, type Stmt, AwkSyntaxError, numberAt, parseProgram, unescapeAwk } from './awk-syntax';

/** StrNum is input text (a field, getline, -v, split) that compares as a number when it looks like one. */
class StrNum { constructor(readonly s: string) {} }
type Value = number | string | StrNum | undefined;
/** Unset is a function's parameter given an unset variable: it becomes the caller's array if used as one. */
class Unset { constructor(readonly scope: Map<string, Slot>, readonly name: string) {} }
type Slot = Value | AwkArray<Value> | Unset;

/** AwkError is a run-time error: busybox prints "awk: cmd. line:N: MESSAGE" and exits 1. */
class AwkError extends Error {}
class NextSignal {}
class NextFileSignal {}
class ExitSignal { constructor(readonly code: number) {} }
class BreakSignal {}
class ContinueSignal {}
class ReturnSignal { constructor(readonly value: Value) {} }

/** AwkIO is what awk needs beyond a text applet's view: the environment, files to write, commands to run. */
export interface AwkIO extends AppletIO {
  env?: Record<string, string>;
  writeFile?(path: string, content: string): void;
  /** nowMs is the container's clock, for srand() without a seed. */
  nowMs?(): number;
  /** run runs a shell command (system(), `cmd | getline`, `print | cmd`): its stdout when captured, its status. */
  run?(cmd: string, opts: { input?: string; capture: boolean }): { out: string; status: number };
}

/** strtod reads the leading number of a string as busybox's getvar_i does; rest is what follows it. */
function strtod(s: string): { v: number; rest: string } {
  if (s.startsWith('0')) {
    const n = numberAt(s);
    if (n) return { v: n.v, rest: s.slice(n.len) };
  }
  const m = /^[ \t\n\r\f\v]*([+-]?)(inf(inity)?|nan|\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)/i.exec(s);
  if (!m) return { v: 0, rest: s };
  const body = m[2]!.toLowerCase();
  const v = body.startsWith('inf') ? Infinity : body === 'nan' ? NaN : Number(m[2]);
  return { v: m[1] === '-' ? -v : v, rest: s.slice(m[0].length) };
}

/** looksNumeric: input text that is a number and nothing else but blanks around it. */
function looksNumeric(s: string): boolean {
  if (!/\S/.test(s)) return false;
  return !/\S/.test(strtod(s).rest) && /[0-9]|inf|nan/i.test(s);
}

/** GlibcRandom is glibc's random() (TYPE_3): busybox awk's rand() divides its draws by RAND_MAX. */
class GlibcRandom {
  private r: number[] = [];
  private k = 0;
  constructor(seed: number) { this.seed(seed); }
  seed(seed: number): void {
    const s = (seed >>> 0) || 1;
    const r = [s];
    for (let i = 1; i < 31; i++) {
      const hi = Math.floor(r[i - 1]! / 127773);
      const lo = r[i - 1]! % 127773;
      let w = 16807 * lo - 2836 * hi;
      if (w < 0) w += 2147483647;
      r.push(w);
    }
    for (let i = 31; i < 34; i++) r.push(r[i - 31]!);
    this.r = r;
    this.k = 34;
    for (let i = 0; i < 310; i++) this.raw();
  }
  private raw(): number {
    const v = (this.r[this.k - 31]! + this.r[this.k - 3]!) >>> 0;
    this.r[this.k] = v;
    this.k++;
    if (this.r.length > 64) { this.r = this.r.slice(-34); this.k = 34; }
    return v >>> 1;
  }
  /** next is one rand(): busybox 1.35 built with glibc takes every third draw (measured against it). */
  next(): number {
    this.raw(); this.raw();
    return this.raw() / 2147483647;
  }
}

const MAX_INT = 2 ** 63;
/** MAX_WIDTH bounds a conversion's width or precision: more would outgrow any output budget. */
const MAX_WIDTH = 1 << 20;
/** EXHAUSTED is a charge no budget can pay: the run ends as one that outran its budget. */
const EXHAUSTED = 2 ** 30;

/** int32 is C's (int) cast of a double as busybox's printf makes it: out of range (or NaN) is INT_MIN on x86-64. */
function int32(n: number): bigint {
  return n >= -2147483648 && n < 2147483648 ? BigInt(Math.trunc(n)) : -2147483648n;
}

class AwkRun {
  private readonly globals = new Map<string, Slot>();
  private locals: Map<string, Slot>[] = [];
  private record = '';
  private fields: string[] | undefined = [''];
  private nf = 0;
  private pending = '';
  private readonly outFiles = new Map<string, string>();
  private readonly pipes = new Map<string, string>();
  private readonly readers = new Map<string, string[]>();
  private readonly regexCache = new Map<string, RegExp>();
  private readonly rng = new GlibcRandom(1);
  private seedValue = 1;
  private inRange: boolean[] = [];
  /** mainInput yields the records of the operands, one at a time (getline takes them too). */
  private mainInput: Iterator<string> | undefined;
  private callDepth = 0;
  /** skipFile: `nextfile` was run; the rest of the current input file is passed over. */
  private skipFile = false;

  constructor(private readonly prog: Program, private readonly io: AwkIO, private readonly operands: string[]) {
    const set = (k: string, v: Value) => this.globals.set(k, v);
    set('FS', ' '); set('OFS', ' '); set('ORS', '\n'); set('RS', '\n'); set('SUBSEP', '\x1c');
    set('CONVFMT', '%.6g'); set('OFMT', '%.6g'); set('NR', 0); set('FNR', 0); set('FILENAME', '');
    set('RSTART', 0); set('RLENGTH', -1);
    const env = new AwkArray<Value>();
    for (const [k, v] of Object.entries(io.env ?? {})) env.set(k, new StrNum(v));
    this.globals.set('ENVIRON', env);
    const argv = new AwkArray<Value>();
    argv.set('0', 'awk');
    operands.forEach((a, k) => argv.set(String(k + 1), new StrNum(a)));
    this.globals.set('ARGV', argv);
    set('ARGC', operands.length + 1);
  }

  // ---- values ----

  private num(v: Value): number {
    if (typeof v === 'number') return v;
    if (v === undefined) return 0;
    return strtod(typeof v === 'string' ? v : v.s).v;
  }

  private numStr(n: number, fmtVar: 'CONVFMT' | 'OFMT'): string {
    if (Number.isInteger(n) && Math.abs(n) < MAX_INT) return BigInt(n).toString();
    if (!Number.isFinite(n)) return Number.isNaN(n) ? 'nan' : n < 0 ? '-inf' : 'inf';
    // The format's first conversion lays the number out; one that is not numeric falls back to %.6g.
    const fmt = String(this.globals.get(fmtVar) ?? '%.6g');
    const at = fmt.indexOf('%');
    const { d, end } = parseDirective(at < 0 ? '%.6g' : fmt, Math.max(0, at));
    const body = isInteger(d) ? formatInteger(d, int32(n), 32) : formatFloat(isFloat(d) ? d : { flags: '', precision: 6, conv: 'g', text: '%.6g' }, n);
    return at < 0 ? body : fmt.slice(0, at) + body + fmt.slice(end);
  }

  private str(v: Value): string {
    if (typeof v === 'string') return v;
    if (typeof v === 'number') return this.numStr(v, 'CONVFMT');
    return v === undefined ? '' : v.s;
  }

  private out(v: Value): string { return typeof v === 'number' ? this.numStr(v, 'OFMT') : this.str(v); }

  private isNumeric(v: Value): boolean {
    return typeof v === 'number' || v === undefined || (v instanceof StrNum && looksNumeric(v.s));
  }

  private truthy(v: Value): boolean {
    if (this.isNumeric(v)) return this.num(v) !== 0;
    return this.str(v) !== '';
  }

  private compare(a: Value, b: Value): number {
    if (this.isNumeric(a) && this.isNumeric(b)) {
      const x = this.num(a);
      const y = this.num(b);
      return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
    }
    const x = this.str(a);
    const y = this.str(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  // ---- variables and fields ----

  private scope(name: string): Map<string, Slot> {
    const top = this.locals[this.locals.length - 1];
    return top && top.has(name) ? top : this.globals;
  }

  private get(name: string): Value {
    if (name === 'NF') { this.split(); return this.nf; }
    const v = this.scope(name).get(name);
    if (v instanceof AwkArray) throw new AwkError(`Can't use array ${name} in scalar context`);
    return v instanceof Unset ? undefined : v;
  }

  /** set assigns a scalar (busybox lets one replace an array); FS splits the record it is set in first. */
  private set(name: string, v: Value): Value {
    if (name === 'NF') { this.setNF(Math.trunc(this.num(v))); return v; }
    if (name === 'FS') this.split();
    this.scope(name).set(name, v);
    return v;
  }

  /** preset sets a global before the program runs (-F, -v). */
  preset(name: string, v: Value): void { this.globals.set(name, v); }

  private array(name: string, s: Map<string, Slot> = this.scope(name)): AwkArray<Value> {
    const v = s.get(name);
    if (v instanceof AwkArray) return v;
    if (v instanceof Unset) {
      const a = this.array(v.name, v.scope);
      s.set(name, a);
      return a;
    }
    if (v !== undefined) throw new AwkError(`Can't use scalar ${name} as array`);
    const a = new AwkArray<Value>();
    s.set(name, a);
    return a;
  }

  private splitText(text: string, fs: string): string[] {
    if (text === '') return [];
    if (fs === ' ') return text.split(/[ \t\n]+/).filter(Boolean);
    if (fs.length === 1 && fs !== '\\') return text.split(fs);
    return text.split(this.regex(fs));
  }

  private split(): void {
    if (this.fields) return;
    const parts = this.splitText(this.record, this.str(this.globals.get('FS') as Value));
    this.tick(parts.length);
    this.fields = ['', ...parts];
    this.nf = parts.length;
  }

  private setRecord(text: string): void {
    this.record = text;
    this.fields = undefined;
  }

  private rebuild(): void {
    this.record = this.fields!.slice(1, this.nf + 1).join(this.str(this.globals.get('OFS') as Value));
    this.tick(this.record.length);
  }

  private field(i: number): Value {
    if (i < 0) throw new AwkError('Access to negative field');
    if (i === 0) return new StrNum(this.record);
    this.split();
    return i <= this.nf ? new StrNum(this.fields![i]!) : new StrNum('');
  }

  private setField(i: number, text: string): void {
    if (i < 0) throw new AwkError('Access to negative field');
    if (i === 0) { this.setRecord(text); return; }
    this.split();
    this.tick(i);
    while (this.fields!.length <= i) this.fields!.push('');
    this.fields![i] = text;
    this.nf = Math.max(this.nf, i);
    this.rebuild();
  }

  private setNF(n: number): void {
    this.split();
    this.tick(Math.max(0, n));
    while (this.fields!.length <= n) this.fields!.push('');
    this.nf = Math.max(0, n);
    this.fields!.length = this.nf + 1;
    this.rebuild();
  }

  private key(subs: Expr[]): string {
    return subs.map((e) => this.str(this.eval(e))).join(this.str(this.globals.get('SUBSEP') as Value));
  }

  private read(lv: LValue): Value {
    if (lv.k === 'var') return this.get(lv.name);
    if (lv.k === 'field') return this.field(Math.trunc(this.num(this.eval(lv.e))));
    const a = this.array(lv.name);
    const k = this.key(lv.subs);
    // Reading an element creates it, as in every awk.
    if (!a.has(k)) a.set(k, undefined);
    return a.get(k);
  }

  private write(lv: LValue, v: Value): Value {
    if (lv.k === 'var') return this.set(lv.name, v);
    if (lv.k === 'field') { this.setField(Math.trunc(this.num(this.eval(lv.e))), this.str(v)); return v; }
    this.array(lv.name).set(this.key(lv.subs), v);
    return v;
  }

  // ---- regular expressions ----

  private regex(src: string): RegExp {
    let re = this.regexCache.get(src);
    if (!re) {
      const made = toRegExp(src, true, 'g');
      if (!made) throw new AwkError(`bad regex '${src}'`);
      re = made;
      this.regexCache.set(src, re);
    }
    re.lastIndex = 0;
    return re;
  }

  private regexOf(e: Expr): RegExp {
    return this.regex(e.k === 're' ? e.src : this.str(this.eval(e)));
  }

  // ---- printf ----

  /** sprintf formats awk's way: a missing argument is empty, %c of a number is its character, %d truncates. */
  sprintf(args: Value[]): string {
    const fmt = this.str(args[0]);
    let k = 1;
    let out = '';
    const arg = (): Value => args[k++];
    for (let i = 0; i < fmt.length;) {
      const c = fmt[i]!;
      if (c !== '%') { out += c; i++; continue; }
      if (fmt[i + 1] === '%') { out += '%'; i += 2; continue; }
      const { d, end } = parseDirective(fmt, i);
      if (!d.conv || d.conv === 'b') { out += fmt.slice(i, end); i = end; continue; }
      if (d.width === -1 || d.precision === -1) throw new AwkError('%*x formats are not supported');
      if ((d.width ?? 0) > MAX_WIDTH || (d.precision ?? 0) > MAX_WIDTH) this.io.step(EXHAUSTED);
      const piece = this.directive(d, arg());
      this.tick(1 + piece.length);
      out += piece;
      i = end;
    }
    return out;
  }

  private directive(d: Directive, v: Value): string {
    if (isInteger(d)) return formatInteger(d, int32(this.num(v)), 32);
    if (isFloat(d)) return formatFloat(d, this.num(v));
    if (d.conv === 'c') {
      const ch = this.isNumeric(v) ? String.fromCharCode(Math.trunc(this.num(v)) & 255) : this.str(v)[0] ?? '';
      return formatString(d, ch);
    }
    return formatString(d, this.str(v));
  }

  // ---- output ----

  private emit(text: string, redirect?: { op: string; target: string }): void {
    this.tick(1 + text.length);
    if (!redirect || redirect.target === '/dev/stdout' || redirect.target === '-') {
      const all = this.pending + text;
      const lines = all.split('\n');
      this.pending = lines.pop()!;
      for (const l of lines) this.io.out(l);
      return;
    }
    const { op, target } = redirect;
    if (target === '/dev/stderr') { for (const l of linesOf(text)) this.io.err(l); return; }
    if (op === '|') { this.pipes.set(target, (this.pipes.get(target) ?? '') + text); return; }
    if (!this.outFiles.has(target)) this.outFiles.set(target, op === '>>' ? (this.io.read(target) ?? '') : '');
    this.outFiles.set(target, this.outFiles.get(target)! + text);
  }

  private close(name: string): number {
    if (this.outFiles.has(name)) {
      if (!this.io.writeFile) throw new AwkError(`can't open '${name}'`);
      this.io.writeFile(name, this.outFiles.get(name)!);
      this.outFiles.delete(name);
      return 0;
    }
    if (this.pipes.has(name)) {
      this.flushStdout();
      const input = this.pipes.get(name)!;
      this.pipes.delete(name);
      return this.io.run ? this.io.run(name, { input, capture: false }).status : -1;
    }
    return this.readers.delete(name) ? 0 : -1;
  }

  private flushStdout(): void {
    if (this.pending) { if (this.io.partial) this.io.partial(this.pending); else this.io.out(this.pending); this.pending = ''; }
  }

  finish(): void {
    for (const name of [...this.outFiles.keys(), ...this.pipes.keys()]) this.close(name);
    this.flushStdout();
  }

  // ---- input ----

  private *records(): Generator<string> {
    let any = false;
    for (let i = 0; i < this.operands.length; i++) {
      const a = this.operands[i]!;
      // An operand var=value assigns when the input reaches it.
      const assign = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(a);
      if (assign) { this.set(assign[1]!, new StrNum(unescapeAwk(assign[2]!))); continue; }
      any = true;
      const text = a === '-' ? this.io.stdin() : this.io.read(a);
      if (text === undefined) {
        if (a === '-') throw WAITS_SIGNAL;
        throw new AwkError(`${a}: No such file or directory`, { cause: 'open' });
      }
      this.globals.set('FILENAME', a);
      this.globals.set('FNR', 0);
      yield* this.recordsOf(text);
    }
    if (!any) {
      const text = this.io.stdin();
      if (text === undefined) throw WAITS_SIGNAL;
      yield* this.recordsOf(text);
    }
  }

  private *recordsOf(text: string): Generator<string> {
    const rs = this.str(this.globals.get('RS') as Value);
    const recs = rs === '' ? text.split(/\n\n+/).map((r) => r.replace(/^\n+|\n+$/g, '')).filter((r) => r !== '')
      : rs === '\n' ? linesOf(text) : text.split(rs.length === 1 ? rs : this.regex(rs)).filter((r, k, all) => k < all.length - 1 || r !== '');
    this.skipFile = false;
    for (const r of recs) {
      if (this.skipFile) return;
      this.tick(1 + r.length);
      this.globals.set('FNR', this.num(this.globals.get('FNR') as Value) + 1);
      this.globals.set('NR', this.num(this.globals.get('NR') as Value) + 1);
      yield r;
    }
  }

  private nextMain(): string | undefined {
    this.mainInput ??= this.records();
    const r = this.mainInput.next();
    return r.done ? undefined : r.value;
  }

  private getline(e: Extract<Expr, { k: 'getline' }>): number {
    let line: string | undefined;
    if (e.cmd || e.file) {
      const name = this.str(this.eval((e.cmd ?? e.file)!));
      let buf = this.readers.get(name);
      if (!buf) {
        if (e.cmd) {
          if (!this.io.run) return -1;
          this.flushStdout();
          buf = linesOf(this.io.run(name, { capture: true }).out);
        } else {
          const text = name === '-' || name === '/dev/stdin' ? this.io.stdin() : this.io.read(name);
          if (text === undefined) return -1;
          buf = linesOf(text);
        }
        this.readers.set(name, buf);
      }
      line = buf.shift();
      if (line === undefined) return 0;
      // `cmd | getline` counts a record; `getline < file` does not.
      if (e.cmd) this.globals.set('NR', this.num(this.globals.get('NR') as Value) + 1);
    } else {
      line = this.nextMain();
      if (line === undefined) return 0;
    }
    if (e.target) this.write(e.target, new StrNum(line)); else this.setRecord(line);
    return 1;
  }

  // ---- evaluation ----

  eval(e: Expr): Value {
    switch (e.k) {
      case 'num': return e.v;
      case 'str': return e.v;
      case 're': return this.regex(e.src).test(this.record) ? 1 : 0;
      case 'var': case 'idx': case 'field': return this.read(e);
      case 'group': { let v: Value; for (const it of e.items) v = this.eval(it); return v; }
      case 'assign': {
        if (e.op === '=') {
          const v = this.eval(e.e);
          // Assigning copies the value; a strnum stays a strnum.
          return this.write(e.target, v === undefined ? '' : v);
        }
        const b = this.num(this.eval(e.e));
        const a = this.num(this.read(e.target));
        return this.write(e.target, this.arith(e.op.slice(0, -1), a, b));
      }
      case 'cond': return this.truthy(this.eval(e.c)) ? this.eval(e.a) : this.eval(e.b);
      case 'or': return this.truthy(this.eval(e.a)) || this.truthy(this.eval(e.b)) ? 1 : 0;
      case 'and': return this.truthy(this.eval(e.a)) && this.truthy(this.eval(e.b)) ? 1 : 0;
      case 'in': return this.array(e.name).has(this.key(e.subs)) ? 1 : 0;
      case 'match': {
        const s = this.str(this.eval(e.a));
        this.tick(s.length);
        return this.regexOf(e.re).test(s) !== e.neg ? 1 : 0;
      }
      case 'cmp': {
        const c = this.compare(this.eval(e.a), this.eval(e.b));
        switch (e.op) {
          case '<': return c < 0 ? 1 : 0;
          case '<=': return c <= 0 ? 1 : 0;
          case '>': return c > 0 ? 1 : 0;
          case '>=': return c >= 0 ? 1 : 0;
          case '==': return c === 0 ? 1 : 0;
          default: return c !== 0 ? 1 : 0;
        }
      }
      case 'concat': {
        const s = this.str(this.eval(e.a)) + this.str(this.eval(e.b));
        this.tick(s.length);
        return s;
      }
      case 'bin': return this.arith(e.op, this.num(this.eval(e.a)), this.num(this.eval(e.b)));
      case 'unary': {
        const v = this.eval(e.e);
        return e.op === '!' ? (this.truthy(v) ? 0 : 1) : e.op === '-' ? -this.num(v) : this.num(v);
      }
      case 'incdec': {
        const old = this.num(this.read(e.target));
        const now = e.op === '++' ? old + 1 : old - 1;
        this.write(e.target, now);
        return e.prefix ? now : old;
      }
      case 'call': return this.call(e.name, e.args);
      case 'builtin': return this.builtin(e.name, e.args);
      case 'getline': return this.getline(e);
    }
  }

  private arith(op: string, a: number, b: number): number {
    switch (op) {
      case '+': return a + b;
      case '-': return a - b;
      case '*': return a * b;
      case '/': if (b === 0) throw new AwkError('Division by zero'); return a / b;
      case '%': if (b === 0) throw new AwkError('Division by zero'); return a % b;
      default: return a ** b;
    }
  }

  private call(name: string, args: Expr[]): Value {
    const fn = this.prog.funcs.get(name);
    if (!fn) throw new AwkError('Call to undefined function');
    if (args.length > fn.params.length) throw new AwkError('Too many arguments');
    if (++this.callDepth > 200) throw new AwkError('Recursion too deep');
    const frame = new Map<string, Slot>();
    fn.params.forEach((p, k) => {
      const a = args[k];
      if (a === undefined) { frame.set(p, undefined); return; }
      // An array argument is passed by reference; a scalar by value.
      if (a.k === 'var') {
        const scope = this.scope(a.name);
        const slot = scope.get(a.name);
        if (slot instanceof AwkArray || slot instanceof Unset) { frame.set(p, slot); return; }
        if (slot === undefined && a.name !== 'NF') { frame.set(p, new Unset(scope, a.name)); return; }
      }
      frame.set(p, this.eval(a));
    });
    this.locals.push(frame);
    try {
      this.block(fn.body);
      return undefined;
    } catch (e) {
      if (e instanceof ReturnSignal) return e.value;
      throw e;
    } finally {
      this.locals.pop();
      this.callDepth--;
    }
  }

  private builtin(name: string, args: Expr[]): Value {
    const s = (k: number): string => this.str(this.eval(args[k]!));
    const n = (k: number): number => this.num(this.eval(args[k]!));
    switch (name) {
      case 'length': {
        const a = args[0];
        if (a?.k === 'var' && this.scope(a.name).get(a.name) instanceof AwkArray) return this.array(a.name).size;
        if (a?.k === 'var' && this.scope(a.name).get(a.name) instanceof Unset) return 0;
        return (a ? s(0) : this.record).length;
      }
      case 'substr': {
        const str = s(0);
        const i = Math.min(str.length, Math.max(0, Math.trunc(n(1) - 1)));
        const len = args.length > 2 ? Math.max(0, Math.trunc(n(2))) : str.length - i;
        return str.slice(i, i + len);
      }
      case 'index': { const t = s(1); return t === '' ? 0 : s(0).indexOf(t) + 1; }
      case 'split': {
        const text = s(0);
        const target = args[1];
        if (target?.k !== 'var') throw new AwkError('Not an array');
        const fs = args[2] ? (args[2].k === 're' ? args[2].src : s(2)) : this.str(this.globals.get('FS') as Value);
        const parts = this.splitText(text, fs);
        this.tick(parts.length);
        const a = this.array(target.name);
        a.clear();
        parts.forEach((p, k) => a.set(String(k + 1), new StrNum(p)));
        return parts.length;
      }
      case 'sub': case 'gsub': return this.substitute(args, name === 'gsub');
      case 'match': {
        const str = s(0);
        const re = this.regexOf(args[1]!);
        const m = re.exec(str);
        this.globals.set('RSTART', m ? m.index + 1 : 0);
        this.globals.set('RLENGTH', m ? m[0].length : -1);
        return m ? m.index + 1 : 0;
      }
      case 'sprintf': return this.sprintf(args.map((a) => this.eval(a)));
      case 'tolower': return s(0).toLowerCase();
      case 'toupper': return s(0).toUpperCase();
      case 'int': return Math.trunc(n(0));
      case 'sqrt': return Math.sqrt(n(0));
      case 'exp': return Math.exp(n(0));
      case 'log': return Math.log(n(0));
      case 'sin': return Math.sin(n(0));
      case 'cos': return Math.cos(n(0));
      case 'atan2': return Math.atan2(n(0), n(1));
      case 'rand': return this.rng.next();
      case 'srand': {
        const prev = this.seedValue;
        this.seedValue = args.length ? Math.trunc(n(0)) : Math.floor((this.io.nowMs?.() ?? 0) / 1000);
        this.rng.seed(this.seedValue);
        return prev;
      }
      case 'system': {
        const cmd = s(0);
        this.flushStdout();
        return this.io.run ? this.io.run(cmd, { capture: false }).status : 127;
      }
      case 'close': return this.close(s(0));
      default: return 0;
    }
  }

  private substitute(args: Expr[], global: boolean): number {
    const re = this.regexOf(args[0]!);
    const repl = this.str(this.eval(args[1]!));
    const target: LValue = args[2] ? (args[2].k === 'var' || args[2].k === 'idx' || args[2].k === 'field' ? args[2] : (() => { throw new AwkError('Non-variable in sub'); })()) : { k: 'field', e: { k: 'num', v: 0 } };
    const text = this.str(this.read(target));
    this.tick(text.length);
    let count = 0;
    let out = '';
    let i = 0;
    while (i <= text.length) {
      re.lastIndex = i;
      const m = re.exec(text);
      if (!m) break;
      count++;
      out += text.slice(i, m.index) + repl.replace(/\\\\|\\&|&/g, (t) => (t === '&' ? m[0] : t === '\\&' ? '&' : '\\'));
      this.tick(repl.length);
      if (m[0].length === 0) {
        // An empty match replaces before the next character, which is kept.
        if (m.index < text.length) out += text[m.index];
        i = m.index + 1;
      } else i = m.index + m[0].length;
      if (!global) break;
    }
    if (!count) return 0;
    out += text.slice(i);
    this.write(target, out);
    return count;
  }

  // ---- statements ----

  private block(body: Stmt[]): void { for (const s of body) this.exec(s); }

  /**
   * tick charges units of work: a statement or loop round is one, a byte built or read one.
   * The caller's budget counts a step per 16 units (its charge for a line of text), and an awk
   * statement is as cheap as that: charging each as a shell command would stop a 50 000-round
   * loop busybox runs in milliseconds.
   */
  private tick(units = 1): void {
    this.ticks += units;
    if (this.ticks < 16) return;
    this.io.step(this.ticks);
    this.ticks = 0;
  }

  private ticks = 0;

  /**
   * action runs an action: break, continue or return outside what they belong to end it, and so
   * do next and nextfile in BEGIN and END, as in busybox; in a rule those go on to the next record.
   */
  private action(body: Stmt[], inRule = false): void {
    try { this.block(body); } catch (e) {
      if (e instanceof BreakSignal || e instanceof ContinueSignal || e instanceof ReturnSignal) return;
      if (!inRule && (e instanceof NextSignal || e instanceof NextFileSignal)) return;
      throw e;
    }
  }

  private exec(s: Stmt): void {
    this.tick();
    switch (s.k) {
      case 'print': case 'printf': {
        const redirect = s.redirect ? { op: s.redirect.op, target: this.str(this.eval(s.redirect.target)) } : undefined;
        if (s.k === 'printf') { this.emit(this.sprintf(s.args.map((a) => this.eval(a))), redirect); return; }
        const parts = s.args.length ? s.args.map((a) => this.out(this.eval(a))) : [this.record];
        this.emit(parts.join(this.str(this.globals.get('OFS') as Value)) + this.str(this.globals.get('ORS') as Value), redirect);
        return;
      }
      case 'expr': this.eval(s.e); return;
      case 'block': this.block(s.body); return;
      case 'if': if (this.truthy(this.eval(s.c))) this.exec(s.then); else if (s.else) this.exec(s.else); return;
      case 'while': while (this.truthy(this.eval(s.c))) { if (this.loopBody(s.body)) break; } return;
      case 'do': do { if (this.loopBody(s.body)) break; } while (this.truthy(this.eval(s.c))); return;
      case 'for':
        for (s.init && this.eval(s.init); !s.c || this.truthy(this.eval(s.c)); s.step && this.eval(s.step)) if (this.loopBody(s.body)) break;
        return;
      case 'forin': {
        const a = this.array(s.arr);
        for (const k of a.keys()) {
          if (!a.has(k)) continue;
          this.set(s.v, new StrNum(k));
          if (this.loopBody(s.body)) break;
        }
        return;
      }
      case 'break': throw new BreakSignal();
      case 'continue': throw new ContinueSignal();
      case 'next': throw new NextSignal();
      case 'nextfile': throw new NextFileSignal();
      case 'exit': throw new ExitSignal(s.e ? Math.trunc(this.num(this.eval(s.e))) & 255 : this.exitCode);
      case 'return': throw new ReturnSignal(s.e ? this.eval(s.e) : undefined);
      case 'delete': {
        const a = this.array(s.name);
        if (s.subs) a.delete(this.key(s.subs)); else a.clear();
      }
    }
  }

  /** loopBody runs one round; true when it broke out. */
  private loopBody(body: Stmt): boolean {
    this.tick();
    try { this.exec(body); } catch (e) {
      if (e instanceof BreakSignal) return true;
      if (e instanceof ContinueSignal) return false;
      throw e;
    }
    return false;
  }

  exitCode = 0;

  /** main runs BEGIN, the rules over every record, then END, as awk does. */
  main(): void {
    const { begin, end, rules } = this.prog;
    try {
      for (const b of begin) this.action(b);
      if (rules.length || end.length) {
        this.inRange = rules.map(() => false);
        for (let r = this.nextMain(); r !== undefined; r = this.nextMain()) {
          this.setRecord(r);
          try { this.rules(); } catch (e) {
            if (e instanceof NextFileSignal) this.skipFile = true;
            else if (!(e instanceof NextSignal)) throw e;
          }
        }
      }
    } catch (e) {
      if (!(e instanceof ExitSignal)) throw e;
      this.exitCode = e.code;
    }
    try {
      for (const b of end) this.action(b);
    } catch (e) {
      if (!(e instanceof ExitSignal)) throw e;
      this.exitCode = e.code;
    }
  }

  private rules(): void {
    this.prog.rules.forEach((rule, k) => {
      let hit: boolean;
      if (rule.range) {
        if (!this.inRange[k]) {
          hit = this.truthy(this.eval(rule.range[0]));
          if (hit) this.inRange[k] = !this.truthy(this.eval(rule.range[1]));
        } else {
          hit = true;
          if (this.truthy(this.eval(rule.range[1]))) this.inRange[k] = false;
        }
      } else hit = !rule.pattern || this.truthy(this.eval(rule.pattern));
      if (!hit) return;
      if (rule.action) this.action(rule.action, true); else this.emit(this.record + this.str(this.globals.get('ORS') as Value));
    });
  }
}

/** WAITS_SIGNAL: the input is a terminal no one writes to; the applet waits. */
const WAITS_SIGNAL = Symbol('waits');

/** usage is busybox awk's usage text, on stderr; status 1. */
function usage(io: AppletIO): number {
  for (const l of [BUSYBOX_BANNER, '', 'Usage: awk [OPTIONS] [AWK_PROGRAM] [FILE]...', '', '\t-v VAR=VAL\tSet variable',
    '\t-F SEP\t\tUse SEP as field separator', '\t-f FILE\t\tRead program from FILE', '\t-e AWK_PROGRAM']) io.err(l);
  return 1;
}

/** awk runs `awk [-F FS] [-v VAR=VAL]... [-f FILE | PROGRAM] [FILE | VAR=VAL]...`. */
export function awk(args: string[], io: AwkIO): number | typeof WAITS {
  let fs: string | undefined;
  const assigns: [string, string][] = [];
  let progText: string | undefined;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') { i++; break; }
    if (!a.startsWith('-') || a === '-') break;
    const opt = a[1]!;
    const val = a.length > 2 ? a.slice(2) : args[++i];
    if (!'Fvfe W'.includes(opt)) { io.err(`awk: invalid option -- '${opt}'`); return usage(io); }
    if (val === undefined) { io.err(`awk: option requires an argument -- '${opt}'`); return usage(io); }
    if (opt === 'F') fs = val === 't' ? '\t' : unescapeAwk(val);
    else if (opt === 'v') {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(val);
      if (!m) return usage(io);
      assigns.push([m[1]!, m[2]!]);
    } else if (opt === 'f') {
      const text = io.read(val);
      if (text === undefined) { io.err(`awk: can't open '${val}': No such file or directory`); return 1; }
      progText = (progText ?? '') + text + '\n';
    } else if (opt === 'e') progText = (progText ?? '') + val + '\n';
  }
  if (progText === undefined) progText = args[i++];
  if (progText === undefined) return usage(io);
  let prog: Program;
  try {
    prog = parseProgram(progText);
  } catch (e) {
    if (e instanceof AwkSyntaxError) { io.err(`awk: cmd. line:${e.line}: ${e.message}`); return 1; }
    // A program nested deeper than the interpreter's stack (or a string past V8's) is a run too big for the budget, as in the shell.
    if (e instanceof RangeError) io.step(EXHAUSTED);
    throw e;
  }
  const run = new AwkRun(prog, io, args.slice(i));
  try {
    if (fs !== undefined) run.preset('FS', fs);
    for (const [k, v] of assigns) run.preset(k, new StrNum(unescapeAwk(v)));
    run.main();
  } catch (e) {
    if (e === WAITS_SIGNAL) { run.finish(); return WAITS; }
    if (e instanceof RangeError) io.step(EXHAUSTED);
    if (e instanceof AwkError) {
      run.finish();
      io.err(e.cause === 'open' ? `awk: ${e.message}` : `awk: cmd. line:1: ${e.message}`);
      return 1;
    }
    throw e;
  }
  run.finish();
  return run.exitCode;
}
