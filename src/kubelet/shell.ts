/**
 * shell: the emulated runtime's command interpreter. It "runs" a container's command in
 * simulated time without running anything: it works out what the process prints and
 * when, which files it writes, when it exits and with which code. It understands the
 * idioms pod specs use — `sleep N`, `echo`, `exit N`, `sh -c "…"` with `;`/`&&`/`||`,
 * `while true; do …; sleep N; done`, `for x in …`, `if [ … ]`, `date`, `env`, `cat`,
 * `touch`/`rm`, redirections — and fails unknown binaries the way busybox sh or bash do.
 * kubemu: everything but `sleep` takes no time; pipes pass only `cat`-like filters through.
 */
import { EXIT, SIGTERM, deathWords, endsProcess } from './shell-signals';
import { parseKill } from './shell-kill';
import { type Traps, trapCommand } from './shell-trap';
import { ArithError, evalArith } from './shell-arith';
import { WAITS, runTextApplet } from './shell-applets';
import type { AwkIO } from './awk/awk-run';
import { BUSYBOX_BANNER, linesOf } from './applet-io';
import { ROOT_DIRS, busyboxId, df, du, groupName, ps, userName, whoami } from './shell-system';
import { type LsView, isFolder, ls } from './shell-ls';
import type { StatOf } from './file-stats';
import { READ_ONLY_FILE_SYSTEM, isReadOnly, type ReadOnlyPaths } from './read-only-paths';
import { BAD_SUBSTITUTION, END_OF_FILE, type Node, type Redirect, ScriptReader, ShellSyntaxError, TooDeep, constructEnd, parseScript, splitArrayWords } from './shell-parser';
import { dirView, expandPathname, hasGlob, patternMatches } from './shell-glob';
import { processesIn } from './pid-namespace';
import { basename, dirname } from './shell-path-names';
import { printf } from './shell-printf';
import { expandEscapes } from './c-format';
import { throughDataLink } from './atomic-writer';
import { LazyFiles } from './lazy-files';

export { ShellSyntaxError, parseScript } from './shell-parser';

/** NO_SPACE is busybox sh's line when a write fails on a full filesystem. */
export const NO_SPACE = 'sh: write error: No space left on device';

/**
 * OutputLine is a line the process wrote, atMs after its start: to stdout, or to stderr
 * (stream). A partial line has no newline after it yet (`echo -n`, `printf` without `\n`, a
 * file without a last newline): what is written next continues it.
 */
export interface OutputLine { atMs: number; text: string; stream?: 'stderr'; partial?: true }

/** FileEvent records a file written (content) or removed (undefined) atMs after start; appended is what a `>>` added at its end. */
export interface FileEvent { atMs: number; path: string; content?: string; appended?: string }

/** Loop is an endless `while true` loop: iteration i starts at atMs + i × periodMs. */
export interface Loop {
  atMs: number;
  periodMs: number;
  /** iteration renders iteration i's output (times relative to the iteration's start). */
  iteration(i: number): OutputLine[];
  /** writes are iteration i's file writes (times relative to its start); each round starts from the files as the loop began. */
  writes(i: number): FileEvent[];
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
  /** waitsForInput: it stopped to read a stdin that has not been sent (it runs until input comes or it is stopped). */
  waitsForInput?: boolean;
  /** work: what interpreting the command cost; exhausted when it outran its Budget (it then runs until stopped). */
  work?: { steps: number; bytes: number; exhausted: boolean };
  /** execd is the program `exec` replaced the shell with (argv[0]), which is then the process's: it is what a stop signals. */
  execd?: string;
  /** termTrap: the shell set a trap for SIGTERM, so a stop depends on when it comes (run it again with sigtermAtMs). */
  termTrap?: true;
}

/** ServerProgram is a long-running process some binary starts (nginx, python -m http.server …). */
export interface ServerProgram { lines: OutputLine[]; ports: number[] }

/**
 * FinishedCommand is a binary that ran to its end at once (wget, curl, nslookup): its output
 * lines and exit status, and the files it wrote (content) or removed (no content) — an editor
 * on a node host writes the file it edited.
 */
export interface FinishedCommand { output: string[]; errors?: string[]; code: number; writes?: { path: string; content?: string }[] }

/** BinaryContext lets a binary read the files the shell sees, relative to its working directory. */
export interface BinaryContext { read(path: string): string | undefined; cwd: string }

/** ShellConfig is what the interpreter needs from the container. */
export interface ShellConfig {
  env: Record<string, string>;
  /** files visible in the container at start (mounted ConfigMaps/Secrets, /etc/hostname …); a function builds them on first read. */
  files: Record<string, string> | (() => Record<string, string>);
  /** startMs is the absolute start time (for `date`). */
  startMs: number;
  /** shell flavour for error messages: busybox/alpine "sh", or "bash". */
  shell: 'sh' | 'bash';
  /** binary says whether an argv[0] outside the shell's utilities exists, and what it does when run atMs after the start. */
  binary(argv: string[], atMs?: number, files?: BinaryContext): ServerProgram | FinishedCommand | 'exists' | undefined;
  /** writable bounds what may be written over `base` (the image's and mounted files); unbounded when absent. */
  writable?: { base: Record<string, string>; limitBytes: number };
  /** readOnly says which paths refuse writes (readOnlyRootFilesystem, read-only mounts); all writable when absent. */
  readOnly?: ReadOnlyPaths;
  /** user is who the process runs as (securityContext runAsUser, runAsGroup, fsGroup, supplementalGroups); root when absent. */
  user?: { uid: number; gid: number; groups: number[] };
  /** stdin is the text `exec -i` passes: `sh` with no script reads commands from it, `read` reads lines. */
  stdin?: string;
  /** stdinOpen: without stdin, a shell reading commands from it waits (a container started with stdin: true nobody has attached to) instead of meeting EOF. */
  stdinOpen?: boolean;
  /** stat tells `ls -l` who owns a path, its mode and time (file-stats.ts); root's and the start's when absent. */
  stat?: StatOf;
  /** mountPoints are the container's standing folders (volume mount points, working directory): folders even while empty. */
  mountPoints?: string[];
  /** commandDir is the folder the image keeps a command in (command-paths.ts); /bin (sh) or /usr/bin (bash) when absent. */
  commandDir?(name: string): string;
  /**
   * sigtermAtMs: the kubelet's SIGTERM reaches the shell then (relative to its start). A TERM
   * trap runs when the shell next has control: when its foreground command ends, at once in
   * `wait`. Without one the shell, as PID 1, ignores it.
   */
  sigtermAtMs?: number;
}

/** SHELL_KEYWORDS are the reserved words `type` names as such. */
const SHELL_KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'fi', 'case', 'esac', 'for', 'while', 'until', 'do', 'done', 'in', 'function', '{', '}', '!']);
/** SHELL_BUILTINS are the commands busybox ash and bash run themselves (`type` says "a shell builtin"). */
const SHELL_BUILTINS = new Set([
  '.', ':', '[', '[[', 'alias', 'bg', 'break', 'cd', 'command', 'continue', 'echo', 'eval', 'exec', 'exit', 'export', 'false', 'fg',
  'getopts', 'hash', 'help', 'jobs', 'kill', 'let', 'local', 'printf', 'pwd', 'read', 'readonly', 'return', 'set', 'shift', 'source',
  'test', 'times', 'trap', 'true', 'type', 'ulimit', 'umask', 'unalias', 'unset', 'wait',
]);

/**
 * onUse loads the applets most containers never run when one first does: every command that
 * starts a container reads the shell, and these are a fifth of it.
 */
const onUse = {
  expr: () => require('./shell-expr') as typeof import('./shell-expr'),
  find: () => require('./shell-find') as typeof import('./shell-find'),
  stat: () => require('./shell-stat') as typeof import('./shell-stat'),
  xargs: () => require('./shell-xargs') as typeof import('./shell-xargs'),
  digest: () => require('./shell-digest') as typeof import('./shell-digest'),
  tar: () => require('./shell-tar') as typeof import('./shell-tar'),
};

/**
 * appletSteps is the budget's steps for an applet's units of work (a line, a byte read or built):
 * one per 16, at least one. Plain division: a shift would wrap a count past 2^31 to nothing.
 */
const appletSteps = (units: number): number => Math.max(1, Math.floor(units / 16));

/** utilityName is a command's applet name: /bin/ls, /usr/bin/ls and ls are all ls. */
const utilityName = (cmd: string): string => cmd.replace(/^\/(usr\/)?(local\/)?s?bin\//, '');

/** BACKGROUND_PID is the first background job's PID (the shell is PID 1; kubemu numbers the jobs after it). */
const BACKGROUND_PID = 7;

/** FOREVER_MS stands for `sleep infinity`. */
const FOREVER_MS = Number.POSITIVE_INFINITY;

/** UTILITIES are the commands busybox (and coreutils) provide that the interpreter runs. */
export const UTILITIES = new Set([
  'echo', 'printf', 'sleep', 'exit', 'true', 'false', ':', 'date', 'env', 'printenv', 'cat', 'touch', 'rm', 'mkdir',
  'hostname', 'tail', 'test', '[', 'sh', 'bash', 'uname', 'whoami', 'pwd', 'id', 'ls', 'export', 'set', 'cd', 'wait',
  'trap', 'kill', 'seq', 'head', 'wc', 'grep', 'tee', 'read', 'yes', 'sort', 'uniq', 'cut', 'tr', 'sed', 'awk', 'ps', 'df', 'du', 'timeout',
  'cp', 'mv', 'basename', 'dirname', 'expr', '[[', 'which', 'type', 'command', 'find', 'stat', 'xargs', 'tac', 'rev', 'base64', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum',
  'tar',
]);

// ---------- execution ----------

class ExitSignal { constructor(readonly code: number) {} }
/** ReturnSignal is `return N` leaving a function. */
class ReturnSignal { constructor(readonly code: number) {} }
/** ForeverSignal: the process does not finish (it sleeps, serves, waits for input … or outruns its Budget). */
class ForeverSignal {}
/** Exhausted: the script outran its Budget; it is modelled as a process that keeps running. */
class Exhausted extends ForeverSignal {}
/** FatalError is an error that ends a non-interactive sh at run time ("sh: TEXT", exit 2). */
class FatalError extends Error {}

/**
 * MAX_STEPS is the work one container start (or one exec) may do: one step per command,
 * loop iteration, expansion and line written, nested substitutions, subshells and
 * `sh -c` included. A script that needs more is modelled as still running — as a real
 * long loop would be — so it can never stall a settle. For exec that is a command that runs
 * too long: exec returns at once from any command that would run on, with what it printed
 * and exit code 0 (no exit status exists to report; kubectl would still be waiting).
 */
export const MAX_STEPS = 100_000;
/** MAX_OUTPUT_BYTES bounds what a script writes (log lines, captured output, file contents) and any one expanded word. */
export const MAX_OUTPUT_BYTES = 1024 * 1024;
/** LOOP_ITERATION_STEPS bounds one iteration of a `while true` loop, which logs re-render thousands of times. */
export const LOOP_ITERATION_STEPS = 200;
/** LOOP_ITERATION_BYTES bounds one such iteration's output. */
export const LOOP_ITERATION_BYTES = 4096;
/** MAX_CALL_DEPTH bounds the interpreter's recursion (nested scripts, substitutions, `sh -c` in `sh -c` …). */
const MAX_CALL_DEPTH = 600;

/** Budget is the work a run may still do, shared by every frame of the run. */
export class Budget {
  steps = 0;
  bytes = 0;
  depth = 0;
  exhausted = false;
  constructor(readonly maxSteps = MAX_STEPS, readonly maxBytes = MAX_OUTPUT_BYTES) {}
  step(n = 1): void {
    this.steps += n;
    if (this.steps > this.maxSteps) this.exhaust();
  }
  output(bytes: number): void {
    this.bytes += bytes;
    if (this.bytes > this.maxBytes) this.exhaust();
    this.step();
  }
  /** exhaust ends the run; a large charge that crossed the cap counts as reaching it. */
  exhaust(): never {
    this.exhausted = true;
    this.steps = Math.min(this.steps, this.maxSteps + 1);
    throw new Exhausted();
  }
}

/**
 * Sink is where an output stream goes: the process's own stdout or stderr (its log, exec's two
 * streams), nowhere (/dev/null), or lines captured for a pipe, a substitution or a file.
 */
type Sink = 'stdout' | 'stderr' | 'null' | string[];

/**
 * Job is a background process: its PID, when it ends (Infinity: it runs on) and its status,
 * the signal that ended it, and what it wrote (taken back from the moment a signal ends it).
 */
interface Job { pid: number; endsAt: number; code: number; signal?: number; lines: OutputLine[]; files: FileEvent[] }

interface Frame {
  t: number;
  lines: OutputLine[];
  files: FileEvent[];
  fs: Map<string, string>;
  vars: Record<string, string>;
  status: number;
  budget: Budget;
  serves: number[];
  /** funcs are the shell functions defined so far; args the positional parameters ($1 …) of the running function. */
  funcs: Map<string, Node>;
  args: string[];
  /** out and err are where the command's stdout and stderr go (command substitution, redirects and pipes capture them). */
  out: Sink;
  err: Sink;
  /** pipeIn is what the previous stage of a pipeline wrote: this stage's stdin. */
  pipeIn?: string[];
  /** exported are the variables `export` gave the environment, beside the container's own. */
  exported: Set<string>;
  /** jobs are the background processes (`CMD &`) started so far. */
  jobs: Job[];
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

/** resolvePath makes a path absolute against the working directory, folding . and .. as the kernel does. */
export function resolvePath(cwd: string | undefined, p: string): string {
  if (!p) return p;
  const parts: string[] = [];
  for (const seg of (p.startsWith('/') ? p : `${cwd || '/'}/${p}`).split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop(); else parts.push(seg);
  }
  return `/${parts.join('/')}${p.endsWith('/') && parts.length ? '/' : ''}`;
}

/** formatDate renders `date +FORMAT` for the common conversions (%Y %m %d %H %M %S %s %F %T %Z %%). */
export function formatDate(ms: number, fmt: string): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  const conv: Record<string, string> = {
    Y: String(d.getUTCFullYear()), m: p(d.getUTCMonth() + 1), d: p(d.getUTCDate()), H: p(d.getUTCHours()), M: p(d.getUTCMinutes()),
    S: p(d.getUTCSeconds()), s: String(Math.floor(ms / 1000)), Z: 'UTC', '%': '%',
  };
  conv.F = `${conv.Y}-${conv.m}-${conv.d}`;
  conv.T = `${conv.H}:${conv.M}:${conv.S}`;
  return fmt.replace(/%(.)/g, (all, c: string) => conv[c] ?? all);
}

/** parseSleep reads sleep's operand ("5", "0.5", "2m", "infinity"); undefined when invalid. */
export function parseSleep(arg: string): number | undefined {
  if (arg === 'infinity' || arg === 'inf') return FOREVER_MS;
  const m = /^(\d+(?:\.\d+)?|\.\d+)([smhd]?)$/.exec(arg);
  if (!m) return undefined;
  const mult = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2]!]!;
  return Math.round(Number(m[1]) * mult);
}

/**
 * trimPattern is ${v%p} ${v%%p} ${v#p} ${v##p}: the shortest or longest suffix or prefix
 * matching a glob. Each candidate is charged to the budget by its size: a long value tried
 * against a pattern costs length × pattern steps, never more than the budget allows.
 */
function trimPattern(value: string, op: string, pattern: string, budget: Budget): string {
  const fromEnd = op.startsWith('%');
  const longest = op.length === 2;
  for (let k = 0; k <= value.length; k++) {
    const cut = longest ? value.length - k : k;
    budget.step(1 + Math.floor((cut * (pattern.length + 1)) / 1024));
    if (globMatch(fromEnd ? value.slice(value.length - cut) : value.slice(0, cut), pattern)) return fromEnd ? value.slice(0, value.length - cut) : value.slice(cut);
  }
  return value;
}

/** globMatch matches `*` and `?` the iterative way (back to the last star): at most length × pattern steps, no backtracking blow-up. */
function globMatch(text: string, pattern: string): boolean {
  let t = 0;
  let p = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (pattern[p] === '*') { star = p++; resume = t; continue; }
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === text[t])) { t++; p++; continue; }
    if (star < 0) return false;
    p = star + 1;
    t = ++resume;
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

/** patternOf is a word as a glob pattern: its pattern characters at the unquoted places (at), every other one escaped. */
function patternOf(word: string, at: readonly number[]): string {
  const live = new Set(at);
  let p = '';
  for (let k = 0; k < word.length; k++) { const c = word[k]!; p += '\\*?[]'.includes(c) && !live.has(k) ? `\\${c}` : c; }
  return p;
}

/**
 * expandHeredocs rewrites each here-document (`cmd <<EOF` … `EOF`, `<<'EOF'`, `<<-EOF`) as
 * its lines echoed into the command through a pipe, which the interpreter runs: the body is
 * the command's stdin. Quoted delimiters keep the body literal; unquoted ones expand $VAR.
 * kubemu: `<<-` strips leading tabs; one here-document per line.
 */
export function expandHeredocs(src: string): string {
  const lines = src.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = /<<(-?)\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\2/.exec(line);
    // An operator inside quotes is text, as is one in a comment.
    const before = m ? line.slice(0, m.index) : '';
    if (!m || /^\s*#/.test(line) || (before.split("'").length - 1) % 2 || (before.split('"').length - 1) % 2) { out.push(line); continue; }
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = m[1] ? lines[j]!.replace(/^\t+/, '') : lines[j]!;
      if (l === m[3]) break;
      body.push(l);
    }
    const quote = (l: string) => (m[2] ? `'${l.replace(/'/g, `'\\''`)}'` : `"${l.replace(/(["\\`])/g, '\\$1')}"`);
    const cmd = (line.slice(0, m.index) + line.slice(m.index + m[0].length)).trim();
    out.push(`{ ${body.map((l) => `echo ${quote(l)}; `).join('')}true; } | ${cmd}`);
    i = j;
  }
  return out.join('\n');
}

/** syntaxErrorLine is the line a shell prints for a script it cannot parse. */
export function syntaxErrorLine(shell: 'sh' | 'bash', e: ShellSyntaxError): string {
  if (shell === 'sh') return `sh: syntax error: ${e.message}`;
  // bash words the same failures its own way.
  if (e.open) return `bash: -c: line 1: unexpected EOF while looking for matching \`${e.open}'`;
  const tok = /^unexpected (.*?)(?: \(expecting .*\))?$/.exec(e.message)?.[1];
  if (tok === undefined || tok === END_OF_FILE) return 'bash: -c: line 1: syntax error: unexpected end of file';
  return `bash: -c: line 1: syntax error near unexpected token \`${tok.replace(/^"(.*)"$/, '$1')}'`;
}

class Interpreter {
  /** parsed caches the parse of each substitution's text: a loop re-expands the same words. */
  private readonly parsed = new Map<string, Node>();
  /** input is what is left of stdin (exec -i); undefined when the process has none and waits for it. */
  private input: string[] | undefined;
  /** waitedForInput: the process stopped to wait for stdin that was never sent. */
  waitedForInput = false;
  /** flavor is the shell reading the script now: the image's sh, or bash once `bash` runs a script (the bash image's sh is busybox's). */
  private flavor: 'sh' | 'bash';
  constructor(private readonly cfg: ShellConfig) {
    this.flavor = cfg.shell;
    if (cfg.stdin !== undefined) this.input = this.stdinLines(cfg.stdin);
  }

  /** waitForInput is the signal of a read of stdin that has not been sent: the process waits from here on. */
  private waitForInput(): ForeverSignal {
    this.waitedForInput = true;
    return new ForeverSignal();
  }

  /** readInput takes all of stdin that is left (an empty string at EOF), its last newline only if it had one. */
  private readInput(): string {
    const rest = this.input ?? [];
    this.input = [];
    return this.pipeText(rest);
  }

  private parse(src: string): Node {
    let n = this.parsed.get(src);
    if (!n) { n = parseScript(src); this.parsed.set(src, n); }
    return n;
  }

  /**
   * expand performs quote removal, parameter, command and arithmetic expansion and, for a
   * command's words (glob), pathname expansion over the files (shell-glob.ts); returns the fields.
   */
  expand(raw: string, f: Frame, split = true, glob = split, asPattern = false): string[] {
    // A long word costs in proportion: it is re-scanned each time a loop expands it.
    f.budget.step(1 + (raw.length >> 8));
    let out = '';
    // Only unquoted *, ? and [ are pattern characters: globAt keeps where they are in out.
    let globAt: number[] = [];
    let quotedAny = false;
    const fields: string[] = [];
    const patterns: Array<string | undefined> = [];
    const push = () => {
      if (out.length || quotedAny) { fields.push(out); patterns.push(globAt.length ? patternOf(out, globAt) : undefined); }
      out = ''; globAt = []; quotedAny = false;
    };
    const lit = (s: string, quoted: boolean) => {
      if (!quoted && glob) for (let k = 0; k < s.length; k++) { const ch = s.charCodeAt(k); if (ch === 42 || ch === 63 || ch === 91) globAt.push(out.length + k); }
      out += s;
    };
    const add = (v: string, unquoted: boolean) => {
      if (unquoted && split) { const parts = v.split(/\s+/); parts.forEach((p, n) => { if (n > 0) push(); lit(p, false); }); } else lit(v, !unquoted);
      if (out.length > MAX_OUTPUT_BYTES) f.budget.exhaust();
    };
    let i = 0;
    while (i < raw.length) {
      const c = raw[i]!;
      if (c === "'") { const end = constructEnd(raw, i, false); lit(raw.slice(i + 1, end - 1), true); quotedAny = true; i = end; continue; }
      if (c === '"') {
        quotedAny = true;
        const end = constructEnd(raw, i, false) - 1;
        let j = i + 1;
        while (j < end) {
          const d = raw[j]!;
          if (d === '\\' && '"\\$`'.includes(raw[j + 1] ?? '')) { lit(raw[j + 1]!, true); j += 2; continue; }
          // "${NAME[@]}" is one field per element.
          const each = d === '$' && this.flavor === 'bash' ? /^\$\{([A-Za-z_][A-Za-z0-9_]*)\[@\]\}/.exec(raw.slice(j, j + 200)) : null;
          if (each) { this.arrayOf(each[1]!, f).forEach((e, n) => { if (n > 0) push(); lit(e, true); }); j += each[0].length; continue; }
          if (d === '$' || d === '`') { const [v, k] = this.dollar(raw, j, f, true); add(v, false); j = k; continue; }
          lit(d, true); j++;
        }
        i = end + 1;
        continue;
      }
      if (c === '\\') { lit(raw[i + 1] ?? '', true); i += 2; continue; }
      if (c === '$' || c === '`') { const [v, k] = this.dollar(raw, i, f, false); add(v, true); i = k; continue; }
      lit(c, false); i++;
    }
    push();
    f.budget.step(fields.reduce((n, w) => n + w.length, 0) >> 10);
    // asPattern: each field as a pattern (its quoted pattern characters escaped), not expanded over the files.
    if (asPattern) return fields.map((w, k) => patterns[k] ?? patternOf(w, []));
    if (!patterns.some((p) => p !== undefined && hasGlob(p))) return fields;
    f.budget.step(1 + (f.fs.size >> 4));
    const view = dirView(f.fs.keys(), ROOT_DIRS);
    return fields.flatMap((w, k) => { const p = patterns[k]; return p !== undefined && hasGlob(p) ? expandPathname(p, f.vars.PWD || '/', view) ?? [w] : [w]; });
  }

  /** dollar expands the `$…` or backquote construct at s[j]; returns its value and the index after it. */
  private dollar(s: string, j: number, f: Frame, inDouble: boolean): [string, number] {
    if (s[j] === '`') {
      const end = constructEnd(s, j, inDouble);
      return [this.substitute(s.slice(j + 1, end - 1).replace(/\\([`\\$])/g, '$1'), f), end];
    }
    const next = s[j + 1];
    if (next === '(') {
      const end = constructEnd(s, j, inDouble);
      if (s[j + 2] === '(') return [this.arith(s.slice(j + 3, end - 2), f), end];
      return [this.substitute(s.slice(j + 2, end - 1), f), end];
    }
    if (next === '{') {
      const end = constructEnd(s, j, inDouble);
      return [this.parameter(s.slice(j + 2, end - 1), f), end];
    }
    const m = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9?$#@*!-])/.exec(s.slice(j + 1, j + 200));
    if (!m) return ['$', j + 1];
    return [this.special(m[0], f) ?? f.vars[m[0]] ?? '', j + 1 + m[0].length];
  }

  /** special is a special or positional parameter's value (the shell runs with no arguments). */
  private special(name: string, f: Frame): string | undefined {
    if (name === '?') return String(f.status);
    if (name === '$') return '1';
    if (name === '#') return String(f.args.length);
    if (name === '0') return 'sh';
    if (/^[0-9]+$/.test(name)) return f.args[Number(name) - 1] ?? '';
    if (name === '@' || name === '*') return f.args.join(' ');
    if (name === '!') return String(f.jobs[f.jobs.length - 1]?.pid ?? '');
    if (name === '-') return '';
    return undefined;
  }

  /**
   * assignArray is bash's NAME=(WORD …): each word expanded (and split), kept as NAME[0], NAME[1] …
   * beside NAME itself, which is element 0 (ash has no arrays: its parser refuses the `(`).
   */
  private assignArray(name: string, list: string, f: Frame): void {
    if (this.flavor !== 'bash') throw new FatalError('syntax error: unexpected "("');
    for (const k of Object.keys(f.vars)) if (k.startsWith(`${name}[`)) delete f.vars[k];
    const elements = splitArrayWords(list).flatMap((w) => this.expand(w, f));
    elements.forEach((e, k) => { f.vars[`${name}[${k}]`] = e; });
    f.vars[`${name}[#]`] = String(elements.length);
    f.vars[name] = elements[0] ?? '';
    f.status = 0;
  }

  /** arrayOf is an array's elements (a plain variable is an array of one; an unset one of none). */
  private arrayOf(name: string, f: Frame): string[] {
    const count = f.vars[`${name}[#]`];
    if (count === undefined) return f.vars[name] === undefined ? [] : [f.vars[name]!];
    return Array.from({ length: Number(count) }, (_, k) => f.vars[`${name}[${k}]`] ?? '');
  }

  /** parameter expands `${…}`: NAME, #NAME, bash's NAME[i], NAME[@] and #NAME[@], and the -, =, +, ?, %, %%, #, ## operators (with or without :). */
  private parameter(body: string, f: Frame): string {
    const element = this.flavor === 'bash' ? /^(#?)([A-Za-z_][A-Za-z0-9_]*)\[([^\]]*)\](.*)$/s.exec(body) : null;
    const m = element ?? /^(#?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[?$#@*!-])(.*)$/s.exec(body);
    if (!m || (m[1] && (element ? m[4] : m[3]))) {
      if (body === '#') return '0';
      throw new FatalError(`syntax error: ${BAD_SUBSTITUTION}`);
    }
    const [, length, name] = m as unknown as [string, string, string];
    const rest = (element ? m[4] : m[3]) ?? '';
    let value: string | undefined;
    if (element) {
      const sub = m[3]!;
      const all = this.arrayOf(name, f);
      if (sub === '@' || sub === '*') {
        if (length) return String(all.length);
        value = all.length ? all.join(' ') : undefined;
      } else {
        const index = Number(this.arith(sub, f));
        value = index < 0 ? all[all.length + index] : all[index];
      }
    } else value = this.special(name, f) ?? f.vars[name];
    if (length) return String((value ?? '').length);
    if (!rest) return value ?? '';
    const op = /^(:?[-=+?]|%%|##|%|#)(.*)$/s.exec(rest);
    if (!op) throw new FatalError(`syntax error: ${BAD_SUBSTITUTION}`);
    const word = () => this.expand(op[2]!, f, false).join(' ');
    const unset = op[1]!.startsWith(':') ? !value : value === undefined;
    switch (op[1]!.replace(':', '')) {
      case '-': return unset ? word() : value!;
      case '=': { if (!unset) return value!; const w = word(); f.vars[name] = w; return w; }
      case '+': return unset ? '' : word();
      case '?': if (!unset) return value!; throw new FatalError(`${name}: ${word() || 'parameter not set'}`);
      default: return trimPattern(value ?? '', op[1]!, word(), f.budget);
    }
  }

  private arith(expr: string, f: Frame): string {
    const text = this.expand(expr, f, false).join(' ');
    try {
      return String(evalArith(text, (name) => this.special(name, f) ?? f.vars[name]));
    } catch (e) {
      if (e instanceof ArithError) throw new FatalError(e.message);
      throw e;
    }
  }

  private substitute(src: string, f: Frame): string {
    const out: string[] = [];
    // Only stdout is substituted: what the command writes to stderr reaches the shell's.
    const sub: Frame = { ...f, out, files: [], serves: [] };
    try { this.run(this.parse(src), sub); } catch (e) { if (!(e instanceof ExitSignal || e instanceof ReturnSignal)) throw e; sub.status = e.code; }
    f.t = sub.t;
    f.status = sub.status;
    return out.join('\n').replace(/\n+$/, '');
  }

  /** write writes a line to stdout; writeErr to stderr (error messages). */
  private write(f: Frame, text: string, partial = false): void {
    this.emit(f, f.out, text, partial);
  }

  private writeErr(f: Frame, text: string): void {
    this.emit(f, f.err, text, false);
  }

  /** writeText writes text as it is: its lines, the last one partial unless the text ends with a newline. */
  private writeText(f: Frame, text: string): void {
    const parts = text.split('\n');
    const last = parts.pop()!;
    for (const l of parts) this.write(f, l);
    if (last !== '') this.write(f, last, true);
  }

  /** emit writes a line to a sink, continuing the sink's partial line if it has one. */
  private emit(f: Frame, to: Sink, text: string, partial: boolean): void {
    f.budget.output(text.length + 1);
    if (to === 'null') return;
    if (typeof to !== 'string') {
      if (this.partialSinks.has(to) && to.length) to[to.length - 1] += text; else to.push(text);
      if (partial) this.partialSinks.add(to); else this.partialSinks.delete(to);
      return;
    }
    const last = f.lines[f.lines.length - 1];
    if (last?.partial && (last.stream === 'stderr') === (to === 'stderr')) {
      last.text += text;
      if (!partial) delete last.partial;
      return;
    }
    const line: OutputLine = to === 'stderr' ? { atMs: f.t, text, stream: 'stderr' } : { atMs: f.t, text };
    if (partial) line.partial = true;
    f.lines.push(line);
  }

  /** partialSinks are the captures whose last line has no newline yet. */
  private readonly partialSinks = new WeakSet<string[]>();

  private notFound(f: Frame, name: string): number {
    this.writeErr(f, this.flavor === 'bash' ? `bash: line 1: ${name}: command not found` : `sh: ${name}: not found`);
    return 127;
  }

  /**
   * background runs `CMD &`: a process of its own from now on, while the shell goes on at once
   * (its time does not pass for the shell). It shares the log, the files and the ports; a
   * server it starts serves, an endless loop it runs is the container's loop; `$!` is its PID,
   * `wait` waits for it. Its stdin is /dev/null, as a non-interactive shell gives it.
   */
  private background(body: Node, f: Frame): void {
    const job: Job = { pid: BACKGROUND_PID + f.jobs.length, endsAt: Infinity, code: 0, lines: [], files: [] };
    const sub: Frame = { ...f, vars: { ...f.vars }, pipeIn: [], exported: new Set(f.exported), jobs: [] };
    const lineFrom = f.lines.length;
    const fileFrom = f.files.length;
    this.hadBackground = true;
    try {
      this.run(body, sub);
      job.endsAt = sub.t;
      job.code = sub.status;
    } catch (e) {
      if (e instanceof ExitSignal || e instanceof ReturnSignal) { job.endsAt = sub.t; job.code = e.code; } else if (!(e instanceof ForeverSignal) || e instanceof Exhausted) throw e;
    }
    job.lines = f.lines.slice(lineFrom);
    job.files = f.files.slice(fileFrom);
    if (sub.loop && !f.loop) f.loop = sub.loop;
    f.jobs.push(job);
    f.status = 0;
  }

  /** jobOf is the background job a `wait` or `kill` operand names: a PID, or %N. */
  private jobOf(spec: string, f: Frame): Job | undefined {
    const n = /^%\d+$/.test(spec) ? BACKGROUND_PID + Number(spec.slice(1)) - 1 : /^\d+$/.test(spec) ? Number(spec) : NaN;
    return f.jobs.find((j) => j.pid === n);
  }

  /**
   * kill sends a signal to background jobs: one whose default action ends a process ends the job
   * now (what it would have written later is taken back; `wait` then gives 128+N); -0 only asks
   * whether it runs. PID 1 is the shell itself: as PID 1 it ignores what it does not trap.
   */
  private kill(args: string[], f: Frame): void {
    const req = parseKill(args, this.flavor);
    if ('error' in req) { this.writeErr(f, req.error); f.status = req.status; return; }
    if ('out' in req) { for (const l of req.out) this.write(f, l); f.status = 0; return; }
    f.status = 0;
    for (const spec of req.targets) {
      if (!/^(%?\d+)$/.test(spec)) {
        this.writeErr(f, this.flavor === 'bash' ? `bash: line 1: kill: ${spec}: arguments must be process or job IDs` : `sh: invalid number '${spec}'`);
        f.status = 1;
        continue;
      }
      if (spec === '1') continue;
      const job = this.jobOf(spec, f);
      if (!job || job.endsAt <= f.t) {
        this.writeErr(f, this.flavor === 'bash' ? `bash: line 1: kill: (${spec}) - No such process` : `sh: can't kill pid ${spec}: No such process`);
        f.status = 1;
        continue;
      }
      if (!endsProcess(req.signal)) continue;
      job.endsAt = f.t;
      job.signal = req.signal;
      job.code = 128 + req.signal;
      const later = new Set<unknown>([...job.lines.filter((l) => l.atMs > f.t), ...job.files.filter((e) => e.atMs > f.t)]);
      if (later.size) {
        // In place, and charged: a log can hold more lines than a call can spread.
        f.budget.step(appletSteps(f.lines.length + f.files.length));
        dropAll(f.lines, later);
        dropAll(f.files, later);
      }
    }
  }

  /** top is the process's own frame (exec there replaces the process); execd what it exec'd. */
  top: Frame | undefined;
  execd: string | undefined;

  /** traps are the actions `trap` set, by signal number (EXIT is 0). */
  readonly traps: Traps = new Map();
  /** termTrapped: a TERM trap was set at some point; termHandled: the SIGTERM (sigtermAtMs) has been taken. */
  termTrapped = false;
  private termHandled = false;

  /** termPending says whether the SIGTERM has reached the shell's own thread of control by t and a trap awaits it. */
  private termPending(f: Frame, t: number): boolean {
    const at = this.cfg.sigtermAtMs;
    return at !== undefined && !this.termHandled && f === this.top && t >= at && !!this.traps.get(SIGTERM);
  }

  /** signalPoint is where the shell has control again (a command ended): a SIGTERM that came meanwhile runs its trap now. */
  private signalPoint(f: Frame): void {
    if (!this.termPending(f, f.t)) return;
    this.termHandled = true;
    this.runTrap(this.traps.get(SIGTERM)!, f);
  }

  /** runTrap runs a trap's action in the shell; `$?` is the interrupted command's after it, and an exit in it ends the shell. */
  runTrap(action: string, f: Frame): void {
    const status = f.status;
    this.script(action, f, true);
    f.status = status;
  }

  /** runnable says whether a command exists as a program (an applet or the image's binary), as exec, xargs and `which` find it. */
  private runnable(cmd: string): boolean {
    return UTILITIES.has(utilityName(cmd)) || this.cfg.binary([cmd]) !== undefined;
  }

  /** hadBackground: a job ran in the background, so the log's lines are put back in time order at the end. */
  hadBackground = false;

  /**
   * lookup answers `which` (the path of each command found), `command -v` (a builtin's or
   * function's name, else the path) and `type` (what each name is), in busybox's or bash's words.
   */
  private lookup(how: 'which' | 'type' | 'command -v', names: string[], f: Frame): void {
    const bash = this.flavor === 'bash';
    if (how === 'which' && !names.length) { for (const l of this.usage('which', '[-a] COMMAND...', 'Locate COMMAND', '', '\t-a\tShow all matches')) this.writeErr(f, l); f.status = 1; return; }
    f.status = 0;
    for (const name of names.filter((n) => how !== 'which' || n !== '-a')) {
      const keyword = SHELL_KEYWORDS.has(name) || (bash && name === '[[');
      const builtin = !keyword && SHELL_BUILTINS.has(name);
      const fn = f.funcs.has(name);
      const onPath = name.includes('/') ? (f.fs.has(name) || this.cfg.binary([name]) !== undefined) : this.runnable(name);
      const path = name.includes('/') ? name : `${this.cfg.commandDir?.(name) ?? (bash ? '/usr/bin' : '/bin')}/${name}`;
      if (how === 'which') {
        if (onPath && !keyword) this.write(f, path); else f.status = 1;
        continue;
      }
      if (how === 'command -v') {
        if (keyword || builtin || fn) this.write(f, name); else if (onPath) this.write(f, path); else f.status = bash ? 1 : 127;
        continue;
      }
      if (keyword) this.write(f, `${name} is a shell keyword`);
      else if (fn) this.write(f, `${name} is a function`);
      else if (builtin) this.write(f, `${name} is a shell builtin`);
      else if (onPath) this.write(f, `${name} is ${path}`);
      else if (bash) { this.writeErr(f, `bash: type: ${name}: not found`); f.status = 1; } else { this.write(f, `${name}: not found`); f.status = 127; }
    }
  }

  /** pipeText is what a pipe or an input file carries, as text: a last line without a newline stays without one. */
  private pipeText(lines: string[]): string {
    return lines.join('\n') + (lines.length && !this.partialSinks.has(lines) ? '\n' : '');
  }

  /** stdinLines are a text's lines as a stage's stdin, remembering a last line without a newline. */
  private stdinLines(text: string): string[] {
    const lines = linesOf(text);
    if (text !== '' && !text.endsWith('\n')) this.partialSinks.add(lines);
    return lines;
  }

  /** appletIO is what an applet sees of the frame: its files, stdin, output streams, budget, environment and children. */
  private appletIO(f: Frame, assigns: Record<string, string>): AwkIO {
    return {
      read: (p) => f.fs.get(resolvePath(f.vars.PWD, p)),
      files: (p) => filesUnder(f, resolvePath(f.vars.PWD, p)),
      stdin: () => (f.pipeIn ? this.pipeText(f.pipeIn) : this.input !== undefined ? this.readInput() : undefined),
      out: (l) => this.write(f, l),
      partial: (t) => this.write(f, t, true),
      err: (l) => this.writeErr(f, l),
      step: (n = 1) => f.budget.step(appletSteps(n)),
      env: { ...f.vars, ...assigns },
      writeFile: (p, content) => this.writeFile(f, resolvePath(f.vars.PWD, p), content, 'awk'),
      nowMs: () => this.cfg.startMs + f.t,
      run: (cmd, o) => this.child(cmd, f, o),
    };
  }

  /** child runs `sh -c CMD` for a command's own child (awk's system() and pipes): its captured stdout and status. */
  private child(cmd: string, f: Frame, o: { input?: string; capture: boolean }): { out: string; status: number } {
    const out: string[] = [];
    const sub: Frame = { ...f, vars: { ...f.vars }, pipeIn: o.input === undefined ? undefined : this.stdinLines(o.input), ...(o.capture ? { out } : {}) };
    this.script(cmd, sub);
    f.t = sub.t;
    return { out: out.map((l) => `${l}\n`).join(''), status: sub.status };
  }

  /**
   * script runs a script as a child sh would: line by line, a syntax error or a fatal
   * error printed and exit status 2, `exit` ending only this shell — unless exitEndsShell (a
   * trap's action, run in the shell that set it).
   */
  script(src: string, f: Frame, exitEndsShell = false): void {
    try {
      const reader = new ScriptReader(src.includes('<<') ? expandHeredocs(src) : src);
      for (let line = reader.next(); line; line = reader.next()) this.run(line, f);
    } catch (e) {
      if ((e instanceof ExitSignal || e instanceof ReturnSignal) && !exitEndsShell) { f.status = e.code; return; }
      if (e instanceof ShellSyntaxError) { this.writeErr(f, syntaxErrorLine(this.flavor, e)); f.status = 2; return; }
      if (e instanceof FatalError) { this.writeErr(f, `${this.flavor}: ${e.message}`); f.status = 2; return; }
      if (e instanceof TooDeep) f.budget.exhaust();
      throw e;
    }
  }

  run(n: Node, f: Frame): void {
    f.budget.step();
    if (++f.budget.depth > MAX_CALL_DEPTH) f.budget.exhaust();
    try { this.node(n, f); } finally { f.budget.depth--; }
  }

  private node(n: Node, f: Frame): void {
    switch (n.t) {
      case 'list': for (const it of n.items) this.run(it, f); return;
      case 'background': return this.background(n.body, f);
      case 'group': this.run(n.body, f); return;
      case 'andor': {
        this.run(n.first, f);
        for (const r of n.rest) if ((r.op === '&&') === (f.status === 0)) this.run(r.node, f);
        return;
      }
      case 'pipe': {
        // Only the last command's stdout reaches the log; filters like cat/tee pass earlier output
        // through. Every stage's stderr goes where the pipeline's does.
        let captured: string[] = [];
        for (const [k, c] of n.cmds.entries()) {
          const last = k === n.cmds.length - 1;
          const name = c.t === 'simple' ? this.expand(c.words[0] ?? '', f)[0] : undefined;
          if (last && (name === 'cat' || name === 'tee') && c.t === 'simple' && c.words.length === 1 && !c.redirects.length) { for (const l of captured) this.write(f, l); f.status = 0; continue; }
          const out: Sink = last ? f.out : [];
          const sub: Frame = { ...f, out, pipeIn: k ? captured : f.pipeIn };
          this.run(c, sub);
          f.t = sub.t; f.status = sub.status;
          // Assigned, not spread: a stage may write hundreds of thousands of lines.
          if (typeof out !== 'string') captured = out;
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
        f.status = 0;
        for (const w of words) { f.budget.step(); f.vars[n.name] = w; this.run(n.body, f); }
        return;
      }
      case 'case': {
        // The word and the patterns are expanded without field splitting or pathname expansion.
        const word = this.expand(n.word, f, false, false)[0] ?? '';
        f.status = 0;
        const arm = n.arms.find((a) => a.patterns.some((raw) => {
          const p = this.expand(raw, f, false, true, true)[0] ?? '';
          // A match costs up to the word's length times the pattern's.
          f.budget.step(1 + Math.floor((word.length * p.length) / 1024));
          return patternMatches(word, p);
        }));
        if (arm) this.run(arm.body, f);
        return;
      }
      case 'while': return this.runWhile(n, f);
      case 'simple': return this.runSimple(n, f);
      case 'function': f.funcs.set(n.name, n.body); f.status = 0; return;
    }
  }

  private runWhile(n: Extract<Node, { t: 'while' }>, f: Frame): void {
    const endless = n.cond.t === 'list' && n.cond.items.length === 1 && n.cond.items[0]!.t === 'simple'
      && ['true', ':'].includes((n.cond.items[0] as { words: string[] }).words[0] ?? '') && !n.until;
    if (!endless) {
      // kubemu: a loop still going after 1000 rounds is taken to wait for something that never comes.
      for (let k = 0; k < 1000; k++) {
        this.run(n.cond, f);
        if ((f.status === 0) === n.until) { f.status = 0; return; }
        this.run(n.body, f);
      }
      throw new ForeverSignal();
    }
    // while true: run the body once to learn its period, then describe it as a Loop.
    const start = f.t;
    // The probe has an iteration's budget too: logs re-render the body once per iteration shown.
    const iterationBudget = () => new Budget(LOOP_ITERATION_STEPS, LOOP_ITERATION_BYTES);
    const captured = typeof f.out !== 'string';
    const probe: Frame = { ...f, lines: [], files: [], fs: new Map(f.fs), vars: { ...f.vars }, out: captured ? [] : f.out, budget: iterationBudget() };
    probe.budget.depth = f.budget.depth;
    try {
      this.run(n.body, probe);
    } catch (e) {
      if (!(e instanceof ForeverSignal)) throw e;
      // The first round never ends (sleep infinity, a server …, or too much work): its output so far is all there is.
      if (!captured) { f.lines.push(...probe.lines); f.files.push(...probe.files); f.serves.push(...probe.serves); }
      f.budget.step(probe.budget.steps);
      if (e instanceof Exhausted) f.budget.exhaust();
      throw e;
    }
    f.budget.step(probe.budget.steps);
    const period = probe.t - start;
    if (captured) throw new ForeverSignal();
    if (period === FOREVER_MS || !Number.isFinite(period)) { f.lines.push(...probe.lines); f.files.push(...probe.files); throw new ForeverSignal(); }
    // kubemu: a loop without a sleep would spin; it is modelled as one iteration per millisecond.
    const periodMs = Math.max(1, period);
    const vars = { ...f.vars };
    const fs = new Map(f.fs);
    const round = (i: number): Frame => {
      const it: Frame = { t: start + i * periodMs, lines: [], files: [], fs: new Map(fs), vars: { ...vars }, status: 0, budget: iterationBudget(), serves: [], funcs: f.funcs, args: f.args, out: f.out, err: f.err, exported: new Set(f.exported), jobs: [] };
      try { this.run(n.body, it); } catch (e) { if (!(e instanceof ExitSignal || e instanceof ReturnSignal || e instanceof ForeverSignal || e instanceof FatalError || e instanceof ShellSyntaxError)) throw e; }
      return it;
    };
    f.loop = {
      atMs: start,
      periodMs,
      iteration: (i: number) => round(i).lines.map((l) => ({ ...l, atMs: l.atMs - (start + i * periodMs) })),
      writes: (i: number) => round(i).files.map((e) => ({ ...e, atMs: e.atMs - (start + i * periodMs) })),
    };
    f.files.push(...probe.files.map((e) => ({ ...e })));
    // A trapped SIGTERM is taken in the round it lands in, at the end of the command then running.
    const at = this.cfg.sigtermAtMs;
    if (at !== undefined && at >= start && this.termPending(f, at)) {
      const i = Math.floor((at - start) / periodMs);
      const it: Frame = { ...f, t: start + i * periodMs, lines: [], files: [], fs: new Map(fs), vars: { ...vars }, budget: iterationBudget(), serves: [], exported: new Set(f.exported), jobs: [] };
      this.top = it;
      // An exit in the trap ends the shell then; a trap that does not exit leaves the loop going.
      try { this.run(n.body, it); } catch (e) { f.t = it.t; throw e; } finally { this.top = f; }
    }
    throw new ForeverSignal();
  }

  private runSimple(n: Extract<Node, { t: 'simple' }>, f: Frame): void {
    const words: string[] = [];
    const assigns: Record<string, string> = {};
    for (const w of n.words) {
      if (!words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) {
        const eq = w.indexOf('=');
        if (w[eq + 1] === '(' && w.endsWith(')')) { this.assignArray(w.slice(0, eq), w.slice(eq + 2, -1), f); continue; }
        assigns[w.slice(0, eq)] = this.expand(w.slice(eq + 1), f, false).join(' ');
        continue;
      }
      for (const field of this.expand(w, f)) words.push(field);
    }
    if (!words.length) { Object.assign(f.vars, assigns); if (!n.words.some((w) => /\$\(|`/.test(w))) f.status = 0; return; }
    const fn = f.funcs.get(words[0]!);
    if (fn) return this.call(fn, words.slice(1), f);
    if (!n.redirects.length) { this.exec(words, f, assigns); this.signalPoint(f); return; }
    const io = this.redirect(n.redirects, f);
    // As in dash and ash, a redirection that fails ends the command with status 2.
    if (!io) { f.status = 2; return; }
    const sink: Frame = { ...f, out: io.out, err: io.err, ...(io.stdin ? { pipeIn: io.stdin } : {}) };
    try {
      this.exec(words, sink, assigns);
    } finally {
      f.t = sink.t; f.status = sink.status;
      if (sink.loop) f.loop = sink.loop;
    }
    for (const file of io.files) {
      const prev = file.append ? (f.fs.get(file.path) ?? '') : '';
      const added = file.lines.map((l, k) => (k === file.lines.length - 1 && this.partialSinks.has(file.lines) ? l : `${l}\n`)).join('');
      f.budget.output(prev.length + added.length);
      this.writeFile(f, file.path, prev + added, 'redirect', file.append ? added : undefined);
    }
    this.signalPoint(f);
  }

  /**
   * redirect applies a command's redirections left to right, as the shell does: `>file 2>&1`
   * sends both streams to the file, `2>&1 >file` stderr where stdout went before. The files are
   * written once the command is done. undefined: an input file is missing (the shell said so).
   */
  private redirect(redirects: Redirect[], f: Frame): { out: Sink; err: Sink; stdin?: string[]; files: { path: string; append: boolean; lines: string[] }[] } | undefined {
    let out = f.out;
    let err = f.err;
    let stdin: string[] | undefined;
    const files: { path: string; append: boolean; lines: string[] }[] = [];
    const set = (fd: number | undefined, to: Sink) => {
      if (fd === undefined || fd === 1) out = to;
      if (fd === undefined || fd === 2) err = to;
    };
    for (const r of redirects) {
      const word = this.expand(r.target, f, true, false)[0] ?? '';
      if (r.op === '>&' && /^[0-9-]$/.test(word)) { set(r.fd, word === '1' ? out : word === '2' ? err : 'null'); continue; }
      if (r.op === '<&') continue;
      if (r.op === '<') {
        const content = word === '/dev/null' ? '' : f.fs.get(resolvePath(f.vars.PWD, word));
        if (content === undefined) { this.writeErr(f, this.flavor === 'bash' ? `bash: ${word}: No such file or directory` : `sh: can't open ${word}: no such file`); return undefined; }
        if (r.fd === 0) stdin = this.stdinLines(content);
        continue;
      }
      // `>&file` (bash) is `&>file`.
      const fd = r.op === '>&' ? undefined : r.fd;
      if (word === '/dev/null') { set(fd, 'null'); continue; }
      if (word === '/dev/stdout') { set(fd, out); continue; }
      if (word === '/dev/stderr') { set(fd, err); continue; }
      const lines: string[] = [];
      files.push({ path: resolvePath(f.vars.PWD, word), append: r.op.endsWith('>>'), lines });
      set(fd, lines);
    }
    return { out, err, stdin, files };
  }

  /**
   * writeFile stores a file, or fails as a full disk does when it would outgrow the writable
   * layer, or as a read-only filesystem does (EROFS) in the words of the applet that wrote.
   */
  private writeFile(f: Frame, path: string, content: string, by: 'redirect' | 'touch' | 'mkdir' | 'tee' | 'cp' | 'mv' | 'sed' | 'awk' | 'tool', appended?: string): void {
    if (isReadOnly(this.cfg.readOnly, path)) {
      const shown = path.replace(/(.)\/$/, '$1');
      this.writeErr(f, by === 'redirect' ? (this.flavor === 'bash' ? `bash: ${shown}: ${READ_ONLY_FILE_SYSTEM}` : `sh: can't create ${shown}: ${READ_ONLY_FILE_SYSTEM}`)
        : by === 'mkdir' ? `mkdir: can't create directory '${shown}': ${READ_ONLY_FILE_SYSTEM}`
        : by === 'cp' || by === 'mv' || by === 'sed' ? `${by}: can't create '${shown}': ${READ_ONLY_FILE_SYSTEM}`
        : by === 'awk' ? `awk: can't open '${shown}': ${READ_ONLY_FILE_SYSTEM}`
        : by === 'tool' ? `${shown}: ${READ_ONLY_FILE_SYSTEM}` : `${by}: ${shown}: ${READ_ONLY_FILE_SYSTEM}`);
      f.status = 1;
      return;
    }
    const w = this.cfg.writable;
    if (w) {
      // Each write re-counts the layer: charged to the budget so many small files stay bounded work.
      f.budget.step(1 + (f.fs.size >> 4));
      let used = w.base[path] === content ? 0 : content.length;
      for (const [p, c] of f.fs) if (p !== path && w.base[p] !== c) used += c.length;
      if (used > w.limitBytes) { this.writeErr(f, NO_SPACE); f.status = 1; return; }
    }
    f.fs.set(path, content);
    f.files.push(appended === undefined ? { atMs: f.t, path, content } : { atMs: f.t, path, content, appended });
  }

  /** timeout runs a command for at most N seconds; one still running then is killed (exit 143). */
  private timeout(args: string[], f: Frame): void {
    let a = args;
    if (a[0] === '-s') a = a.slice(2);
    const ms = parseSleep(a[0] ?? '');
    if (ms === undefined || a.length < 2) { this.writeErr(f, `timeout: invalid time interval '${a[0] ?? ''}'`); f.status = 1; return; }
    const start = f.t;
    try {
      this.exec(a.slice(1), f);
    } catch (e) {
      if (!(e instanceof ForeverSignal) || e instanceof Exhausted) throw e;
      if (ms === FOREVER_MS) throw e;
      f.t = start + ms; f.status = 143;
      return;
    }
    if (f.t - start > ms) { f.t = start + ms; f.status = 143; }
  }

  /** call runs a shell function with its arguments as $1 …; recursion draws on the budget like any nesting. */
  private call(body: Node, args: string[], f: Frame): void {
    const saved = f.args;
    f.args = args;
    try {
      this.run(body, f);
    } catch (e) {
      if (!(e instanceof ReturnSignal)) throw e;
      f.status = e.code;
    } finally {
      f.args = saved;
    }
  }

  /** exec runs one command; sets f.status. */
  /** shellCommand is `sh` or `bash` run as a command: its -c script, the script file it names, or its stdin. */
  private shellCommand(name: string, args: string[], f: Frame): void {
    const c = args.findIndex((a) => /^-[a-z]*c[a-z]*$/.test(a));
    if (c >= 0) { this.script(args[c + 1] ?? '', f); return; }
    const script = args.find((a) => !a.startsWith('-'));
    // Without a script the shell reads its commands from stdin: exec -i's input, else EOF at
    // once — or, while stdin is held open for an attach that has not come, it waits.
    if (script === undefined) {
      if (this.input === undefined && this.cfg.stdinOpen) throw this.waitForInput();
      if (this.input?.length) this.script(this.readInput(), f);
      return;
    }
    const text = f.fs.get(resolvePath(f.vars.PWD, script));
    if (text === undefined) { this.writeErr(f, `${name}: can't open '${script}': No such file or directory`); f.status = 2; return; }
    this.script(text, f);
  }

  exec(argv: string[], f: Frame, assigns: Record<string, string> = {}): void {
    const [cmd, ...args] = argv as [string, ...string[]];
    const name = utilityName(cmd);
    f.status = 0;
    switch (name) {
      case 'echo': {
        // busybox's and bash's echo expand escapes only with -e (dash's would always).
        let a = args;
        let newline = true;
        let escapes = false;
        for (; a[0] !== undefined && /^-[neE]+$/.test(a[0]); a = a.slice(1)) {
          for (const o of a[0].slice(1)) if (o === 'n') newline = false; else escapes = o === 'e';
        }
        const e = escapes ? expandEscapes(a.join(' '), this.flavor === 'bash' ? 'zero' : 'either') : { text: a.join(' '), stopped: false };
        this.writeText(f, newline && !e.stopped ? `${e.text}\n` : e.text);
        return;
      }
      case 'printf': {
        const r = printf(args, this.flavor, f.budget.maxBytes - f.budget.bytes);
        if (r.overflow) f.budget.exhaust();
        for (const l of r.errors) this.writeErr(f, l);
        this.writeText(f, r.text);
        f.status = r.status;
        return;
      }
      case 'sleep': {
        const ms = args.length ? parseSleep(args[0]!) : undefined;
        if (ms === undefined) { this.writeErr(f, `sleep: invalid number '${args[0] ?? ''}'`); f.status = 1; return; }
        if (ms === FOREVER_MS) throw new ForeverSignal();
        f.t += ms;
        return;
      }
      case 'exit': throw new ExitSignal(args.length ? Number(args[0]) & 255 : f.status);
      case 'return': throw new ReturnSignal(args.length ? Number(args[0]) & 255 : f.status);
      case 'mkdir': {
        // A directory is kept as a "DIR/" entry, so ls, test -d and the writable layer see it.
        for (const p of args.filter((a) => !a.startsWith('-'))) {
          const dir = resolvePath(f.vars.PWD, p).replace(/\/+$/, '');
          const exists = this.isDir(f, dir);
          f.budget.step(1 + (f.fs.size >> 4));
          if (exists) { if (!args.includes('-p')) { this.writeErr(f, `mkdir: can't create directory '${p}': File exists`); f.status = 1; } continue; }
          this.writeFile(f, `${dir}/`, '', 'mkdir');
        }
        return;
      }
      case 'cd': {
        const to = args[0] ?? f.vars.HOME ?? '/root';
        const dir = resolvePath(f.vars.PWD, to).replace(/(.)\/+$/, '$1');
        if (!this.isDir(f, dir)) {
          // busybox's ash raises an error a script goes on after (status 2); bash returns 1.
          const why = f.fs.has(dir) ? 'Not a directory' : 'No such file or directory';
          this.writeErr(f, this.flavor === 'bash' ? `bash: line 1: cd: ${to}: ${why}` : `sh: cd: line 1: can't cd to ${to}: ${why}`);
          f.status = this.flavor === 'bash' ? 1 : 2;
          return;
        }
        f.vars.PWD = dir;
        return;
      }
      case 'wait': {
        // wait waits for every background job (or the ones named): for ever if one runs on.
        const named = args.map((a) => this.jobOf(a, f));
        const jobs = args.length ? named.filter((j): j is Job => j !== undefined) : f.jobs;
        const until = Math.max(f.t, ...jobs.map((j) => j.endsAt));
        // A trapped SIGTERM interrupts wait at once: it returns 128+15 and the trap runs.
        const at = this.cfg.sigtermAtMs ?? Infinity;
        if (at < until && this.termPending(f, Math.max(at, f.t))) { f.t = Math.max(at, f.t); f.status = 143; return; }
        if (until === Infinity) throw new ForeverSignal();
        f.t = until;
        // Its status is the last named job's: 127 for no such job, 128+N for one signal N ended (ash says which).
        f.status = 0;
        args.forEach((a, i) => {
          const job = named[i];
          if (!job) {
            if (this.flavor === 'bash') this.writeErr(f, `bash: line 1: wait: pid ${a} is not a child of this shell`);
            f.status = 127;
            return;
          }
          const words = job.signal !== undefined && this.flavor === 'sh' ? deathWords(job.signal) : undefined;
          if (words) this.writeErr(f, words);
          f.status = job.code;
        });
        return;
      }
      case 'kill': return this.kill(args, f);
      case 'trap': {
        const r = trapCommand(args, this.traps, this.flavor);
        for (const l of r.err) this.writeErr(f, l);
        for (const l of r.out) this.write(f, l);
        if (this.traps.get(SIGTERM)) this.termTrapped = true;
        f.status = r.status;
        return;
      }
      case 'true': case ':': case 'export': case 'set':
        if (name === 'export') {
          for (const a of args) {
            const eq = a.indexOf('=');
            const key = eq > 0 ? a.slice(0, eq) : a;
            if (eq > 0) f.vars[key] = a.slice(eq + 1);
            if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) f.exported.add(key);
          }
        }
        return;
      case 'false': f.status = 1; return;
      case 'date': {
        const fmt = args.find((x) => x.startsWith('+'));
        this.write(f, fmt ? formatDate(this.cfg.startMs + f.t, fmt.slice(1)) : shellDate(this.cfg.startMs + f.t));
        return;
      }
      case 'hostname': {
        const host = f.vars.HOSTNAME ?? '';
        if (!args.includes('-i')) { this.write(f, host); return; }
        // -i resolves the hostname through /etc/hosts, where the kubelet put the pod IP.
        const ips = (f.fs.get('/etc/hosts') ?? '').split('\n').map((l) => l.split(/\s+/)).filter((w) => w.slice(1).includes(host)).map((w) => w[0]!);
        if (!ips.length) { this.writeErr(f, `hostname: ${host}: Unknown host`); f.status = 1; return; }
        this.write(f, `${ips.join(' ')} `);
        return;
      }
      case 'uname': this.write(f, args.includes('-a') ? `Linux ${f.vars.HOSTNAME ?? ''} 6.8.0 #1 SMP x86_64 GNU/Linux` : 'Linux'); return;
      case 'whoami': { const w = whoami(this.cfg.user); if (w.ok) this.write(f, w.text); else { this.writeErr(f, w.text); f.status = 1; } return; }
      case 'id': this.write(f, busyboxId(this.cfg.user)); return;
      case 'ps': for (const l of ps(processesIn(f.fs.keys(), (p) => f.fs.get(p)), argv.join(' '), this.cfg.user)) this.write(f, l); return;
      case 'df': for (const l of df(args.includes('-h'))) this.write(f, l); return;
      case 'du': for (const l of du(args, f.fs)) this.write(f, l); return;
      case 'timeout': return this.timeout(args, f);
      case 'exec': {
        // exec replaces the shell with the command: what it does is the process's to the end.
        // kubemu: `exec` with only redirections changes nothing (they apply to it alone).
        if (!args.length) return;
        const cmd = args[0]!;
        if (!this.runnable(cmd)) {
          this.writeErr(f, this.flavor === 'bash' ? `bash: exec: ${cmd}: not found` : `sh: exec: line 0: ${cmd}: not found`);
          throw new ExitSignal(127);
        }
        if (f === this.top) this.execd = cmd;
        this.exec(args, f, assigns);
        throw new ExitSignal(f.status);
      }
      case 'which': case 'type': return this.lookup(name, args, f);
      case 'xargs': {
        const code = onUse.xargs().xargs(args, {
          stdin: () => (f.pipeIn ? this.pipeText(f.pipeIn) : this.input !== undefined ? this.readInput() : undefined),
          read: (p) => f.fs.get(resolvePath(f.vars.PWD, p)),
          exists: (cmd) => this.runnable(cmd),
          // The command's stdin is not xargs' input (busybox gives it /dev/null).
          run: (argv) => { const sub: Frame = { ...f, pipeIn: [] }; this.exec(argv, sub); f.t = sub.t; return sub.status; },
          err: (l) => this.writeErr(f, l), step: (n = 1) => f.budget.step(appletSteps(n)),
        });
        if (code === WAITS) throw new ForeverSignal();
        f.status = code;
        return;
      }
      case 'stat': {
        f.budget.step((1 + (f.fs.size >> 4)) * (1 + args.length));
        const r = onUse.stat().stat(args, this.lsView(f));
        for (const l of r.err) this.writeErr(f, l);
        for (const l of r.out) this.write(f, l);
        f.status = r.status;
        return;
      }
      case 'find': {
        const stat = this.cfg.stat;
        f.status = onUse.find().find(args, {
          files: f.fs, rootEntries: ROOT_DIRS, mountPoints: this.cfg.mountPoints, resolve: (p) => resolvePath(f.vars.PWD, p), nowMs: this.cfg.startMs + f.t,
          stat: stat && ((p, kind) => stat(p, kind, this.writtenAt(f, kind === 'file' ? p : `${p}/`))), userName, groupName,
          exec: (argv) => { this.exec(argv, f); return f.status; },
          remove: (p) => this.removeForFind(f, p),
          out: (text) => this.writeText(f, text), err: (l) => this.writeErr(f, l), step: (n = 1) => f.budget.step(n),
        });
        return;
      }
      case 'command': {
        if (args[0] === '-v' || args[0] === '-V') return this.lookup(args[0] === '-v' ? 'command -v' : 'type', args.slice(1), f);
        // `command NAME` runs NAME passing over functions of that name.
        if (args.length) this.exec(args, f, assigns);
        return;
      }
      case 'pwd': this.write(f, f.vars.PWD || '/'); return;
      case 'env': case 'printenv': {
        // The environment is the container's variables, those exported since, and the command's own assignments.
        const inEnv = (k: string) => this.cfg.env[k] !== undefined || f.exported.has(k) || k in assigns;
        const all = { ...f.vars, ...assigns };
        if (args.length && name === 'printenv') { const v = inEnv(args[0]!) ? all[args[0]!] : undefined; if (v === undefined) f.status = 1; else this.write(f, v); return; }
        if (args.length && name === 'env') { this.exec(args, f); return; }
        for (const [k, v] of Object.entries(all)) if (inEnv(k)) this.write(f, `${k}=${v}`);
        return;
      }
      case 'basename': case 'dirname': {
        const ops = args[0] === '--' ? args.slice(1) : args;
        if (!ops.length) {
          const usage = name === 'basename'
            ? this.usage(name, 'FILE [SUFFIX] | -a FILE... | -s SUFFIX FILE...', 'Strip directory path and SUFFIX from FILE', '', '\t-a\t\tAll arguments are FILEs', '\t-s SUFFIX\tRemove SUFFIX (implies -a)')
            : this.usage(name, 'FILENAME', 'Strip non-directory suffix from FILENAME');
          for (const l of usage) this.writeErr(f, l);
          f.status = 1;
          return;
        }
        this.write(f, name === 'basename' ? basename(ops[0]!, ops[1]) : dirname(ops[0]!));
        return;
      }
      case 'expr': {
        const r = onUse.expr().expr(args, this.flavor === 'bash');
        if ('error' in r) for (const l of r.error.split('\n')) this.writeErr(f, l);
        else this.write(f, r.out);
        f.status = r.status;
        return;
      }
      case 'seq': {
        const nums = args.map(Number);
        const [from, to] = nums.length === 1 ? [1, nums[0]!] : [nums[0]!, nums[1]!];
        // Every number written counts against the budget: `seq 1000000000` runs out of it rather than memory.
        if (Number.isFinite(from) && Number.isFinite(to)) for (let x = from; x <= to; x++) this.write(f, String(x));
        return;
      }
      case 'cp': case 'mv': return this.copy(name, args, f);
      case 'tar': return this.tar(args, f);
      case 'head': case 'tail': case 'grep': case 'wc': case 'sort': case 'uniq': case 'cut': case 'tr': case 'sed': case 'awk':
      case 'tac': case 'rev': case 'base64': case 'md5sum': case 'sha1sum': case 'sha256sum': case 'sha512sum': {
        if (name === 'sed' && args.some((a) => /^-[a-z]*i/.test(a))) return this.sedInPlace(args, f);
        const io = this.appletIO(f, assigns);
        const digest = name === 'base64' || name.endsWith('sum');
        const code = digest ? onUse.digest().runDigestApplet(name, args, io) : runTextApplet(name, args, io);
        if (code === WAITS) throw new ForeverSignal();
        f.status = code;
        return;
      }
      case 'cat': case 'tee': case 'ls': {
        const paths = args.filter((a) => !a.startsWith('-'));
        if (name === 'ls') {
          // Each operand's folder is read whole, and -l reads each entry's folder for its links.
          f.budget.step((1 + (f.fs.size >> 4)) * (1 + args.length));
          const r = ls(args.concat(args.some((a) => !a.startsWith('-')) ? [] : [f.vars.PWD || '/']), this.lsView(f));
          f.budget.step(r.out.length * (1 + (f.fs.size >> 4)));
          for (const l of r.err) this.writeErr(f, l);
          for (const l of r.out) this.write(f, l);
          f.status = r.status;
          return;
        }
        if (name === 'tee' && !f.pipeIn) return;
        if (!paths.length || name === 'tee') {
          if (f.pipeIn) { const text = this.pipeText(f.pipeIn); this.writeText(f, text); if (name === 'tee') for (const p of paths) this.writeFile(f, resolvePath(f.vars.PWD, p), text, 'tee'); return; }
          if (name === 'cat' && this.input === undefined) throw this.waitForInput();
          if (name === 'cat') this.writeText(f, this.readInput());
          return;
        }
        for (const p of paths) {
          const content = f.fs.get(resolvePath(f.vars.PWD, p));
          if (content === undefined) {
            this.writeErr(f, this.flavor === 'bash' ? `${name}: ${p}: No such file or directory` : `${name}: can't open '${p}': No such file or directory`);
            f.status = 1;
            continue;
          }
          this.writeText(f, content);
        }
        return;
      }
      case 'touch': for (const a of args) { const p = resolvePath(f.vars.PWD, a); this.writeFile(f, p, f.fs.get(p) ?? '', 'touch'); } return;
      case 'rm': for (const p of args.filter((a) => !a.startsWith('-')).map((a) => resolvePath(f.vars.PWD, a))) {
        const recursive = args.some((a) => /^-[a-zA-Z]*[rR]/.test(a));
        const under = `${p.replace(/\/+$/, '')}/`;
        f.budget.step(1 + (f.fs.size >> 4));
        const inside = [...f.fs.keys()].filter((k) => k.startsWith(under));
        if (inside.length && !f.fs.has(p)) {
          if (!recursive) { this.writeErr(f, `rm: '${p}' is a directory`); f.status = 1; continue; }
          for (const k of inside) { f.fs.delete(k); f.files.push({ atMs: f.t, path: k }); }
          continue;
        }
        if (!f.fs.has(p)) { if (!args.some((a) => /^-[a-zA-Z]*f/.test(a))) { this.writeErr(f, `rm: can't remove '${p}': No such file or directory`); f.status = 1; } continue; }
        if (isReadOnly(this.cfg.readOnly, p)) { this.writeErr(f, `rm: can't remove '${p}': ${READ_ONLY_FILE_SYSTEM}`); f.status = 1; continue; }
        this.removeFile(f, p);
      }
        return;
      // busybox ash's `[[` is `test` ending at `]]` (a builtin, not bash's keyword).
      case 'test': case '[': case '[[': { f.status = this.test(name === 'test' ? args : args.slice(0, -1), f) ? 0 : 1; return; }
      case 'yes': throw new ForeverSignal();
      case 'read': {
        // Reads the pipe, else exec -i's input; without either it waits forever; at the end it fails, as at EOF.
        const source = f.pipeIn ?? this.input;
        if (source === undefined) throw this.waitForInput();
        const line = source.shift();
        if (line === undefined) { f.status = 1; return; }
        const names = args.filter((a) => !a.startsWith('-'));
        const words = line.trim().split(/\s+/).filter(Boolean);
        if (!names.length) { f.vars.REPLY = line; return; }
        names.forEach((n, k) => { f.vars[n] = k === names.length - 1 ? words.slice(k).join(' ') : (words[k] ?? ''); });
        return;
      }
      case 'sh': case 'bash': {
        const outer = this.flavor;
        this.flavor = name === 'bash' ? 'bash' : this.cfg.shell;
        try { this.shellCommand(name, args, f); } finally { this.flavor = outer; }
        return;
      }
    }
    const bin = this.cfg.binary(argv, f.t, { read: (p) => f.fs.get(resolvePath(f.vars.PWD, p)), cwd: f.vars.PWD || '/' });
    if (bin === undefined) { f.status = this.notFound(f, cmd); return; }
    if (bin === 'exists') return;
    if ('code' in bin) {
      for (const l of bin.errors ?? []) this.writeErr(f, l);
      for (const l of bin.output) this.write(f, l);
      for (const w of bin.writes ?? []) {
        const p = resolvePath(f.vars.PWD, w.path);
        if (w.content === undefined) { f.fs.delete(p); f.files.push({ atMs: f.t, path: p }); } else this.writeFile(f, p, w.content, 'tool');
      }
      f.status = bin.code;
      return;
    }
    for (const l of bin.lines) f.lines.push({ atMs: f.t + l.atMs, text: l.text });
    f.serves.push(...bin.ports);
    throw new ForeverSignal();
  }

  /** usage is what an applet run without its operands prints: busybox's banner and usage line, or coreutils' two lines. */
  private usage(name: string, synopsis: string, ...detail: string[]): string[] {
    return this.flavor === 'bash'
      ? [`${name}: missing operand`, `Try '${name} --help' for more information.`]
      : [BUSYBOX_BANNER, '', `Usage: ${name} ${synopsis}`, ...(detail.length ? ['', ...detail] : [])];
  }

  /** copy is busybox cp/mv of files (cp -r/mv of a directory copies what is under it) onto a file or into a directory. */
  private copy(name: 'cp' | 'mv', args: string[], f: Frame): void {
    const ops = args.filter((a) => !a.startsWith('-'));
    if (ops.length < 2) { this.writeErr(f, `${name}: missing file operand`); f.status = 1; return; }
    const dest = resolvePath(f.vars.PWD, ops[ops.length - 1]!).replace(/(.)\/+$/, '$1');
    const isDir = (p: string) => this.isDir(f, p);
    f.budget.step(1 + (f.fs.size >> 4));
    for (const raw of ops.slice(0, -1)) {
      const src = resolvePath(f.vars.PWD, raw).replace(/(.)\/+$/, '$1');
      const target = isDir(dest) ? `${dest.replace(/\/$/, '')}/${src.split('/').pop()}` : dest;
      const content = f.fs.get(src);
      if (content === undefined && isDir(src)) {
        if (name === 'cp' && !args.some((a) => /^-[a-zA-Z]*[rRa]/.test(a))) { this.writeErr(f, `cp: omitting directory '${raw}'`); f.status = 1; continue; }
        for (const [k, c] of [...f.fs].filter(([k]) => k.startsWith(`${src}/`))) {
          this.writeFile(f, target + k.slice(src.length), c, name);
          if (name === 'mv') { f.fs.delete(k); f.files.push({ atMs: f.t, path: k }); }
        }
        continue;
      }
      if (content === undefined) { this.writeErr(f, `${name}: can't stat '${raw}': No such file or directory`); f.status = 1; continue; }
      this.writeFile(f, target, content, name);
      if (name === 'mv' && target !== src) this.removeFile(f, src);
    }
  }

  /**
   * tar (shell-tar.ts: busybox's, or GNU tar's words in a bash image) as `kubectl cp` runs it:
   * c or x, f FILE (- is stdout or stdin), -C DIR, v (member names), m (no times kept, which
   * kubemu keeps none of anyway).
   */
  private tar(args: string[], f: Frame): void {
    const letters: string[] = [];
    const operands: string[] = [];
    let file: string | undefined;
    let dir: string | undefined;
    const pending: ('f' | 'C')[] = [];
    args.forEach((a, i) => {
      if (pending.length) { const opt = pending.shift()!; if (opt === 'f') file = a; else dir = a; return; }
      // The first argument may bundle its letters without a dash (tar cf -), as busybox allows.
      if ((a.startsWith('-') && a !== '-') || (i === 0 && /^[a-zA-Z]+$/.test(a))) {
        for (const c of a.replace(/^-/, '')) { if (c === 'f' || c === 'C') pending.push(c); else letters.push(c); }
        return;
      }
      operands.push(a);
    });
    const bad = letters.find((c) => !'cxvmoph'.includes(c));
    if (bad) { this.writeErr(f, `tar: invalid option -- '${bad}'`); f.status = 1; return; }
    const create = letters.includes('c');
    if (create === letters.includes('x')) { this.writeErr(f, create ? "tar: can't combine -c and -x" : 'tar: need to specify one of -c or -x'); f.status = 1; return; }
    f.budget.step(1 + (f.fs.size >> 4));
    const cwd = resolvePath(f.vars.PWD, dir ?? '.');
    const tarFs = {
      files: f.fs as ReadonlyMap<string, string>,
      isDir: (p: string) => this.isDir(f, p),
      write: (p: string, content: string) => { this.writeFile(f, p, content, 'tool'); return f.fs.get(p) === content; },
    };
    const { tarCreate, tarExtract } = onUse.tar();
    if (create) {
      if (!operands.length) { this.writeErr(f, 'tar: empty archive'); f.status = 1; return; }
      const r = tarCreate(operands, cwd, tarFs, this.cfg.startMs + f.t, this.cfg.shell === 'bash');
      for (const e of r.err) this.writeErr(f, e);
      const toStdout = file === undefined || file === '-';
      // -v lists each member: on stderr while the archive itself goes to stdout.
      if (letters.includes('v')) for (const m of r.members) { if (toStdout) this.writeErr(f, m); else this.write(f, m); }
      if (toStdout) this.writeText(f, r.out);
      else this.writeFile(f, resolvePath(f.vars.PWD, file!), r.out, 'tool');
      f.status = f.status || r.status;
      return;
    }
    let stream: string | undefined;
    if (file !== undefined && file !== '-') {
      stream = f.fs.get(resolvePath(f.vars.PWD, file));
      if (stream === undefined) { this.writeErr(f, `tar: can't open '${file}': No such file or directory`); f.status = 1; return; }
    } else if (f.pipeIn) stream = this.pipeText(f.pipeIn);
    else {
      if (this.input === undefined) throw this.waitForInput();
      stream = this.readInput();
    }
    const r = tarExtract(stream, cwd, tarFs, this.cfg.shell === 'bash');
    for (const e of r.err) this.writeErr(f, e);
    if (letters.includes('v')) for (const m of r.members) this.write(f, m);
    f.status = f.status || r.status;
  }

  /** isDir says a path is a folder, as ls sees it: made, implied by what is in it, an image's or a standing one. */
  private isDir(f: Frame, p: string): boolean {
    return isFolder({ files: f.fs, rootEntries: ROOT_DIRS, mountPoints: this.cfg.mountPoints }, p);
  }

  /** lsView is what ls and stat read of the frame's files. */
  private lsView(f: Frame): LsView {
    return {
      files: f.fs, rootEntries: ROOT_DIRS, mountPoints: this.cfg.mountPoints, resolve: (p) => resolvePath(f.vars.PWD, p), stat: this.cfg.stat,
      nowMs: this.cfg.startMs + f.t, writtenAt: (p) => this.writtenAt(f, p), userName, groupName,
    };
  }

  /** writtenAt is when this run wrote a path (a folder as `dir/`), if it did. */
  private writtenAt(f: Frame, path: string): number | undefined {
    for (let k = f.files.length - 1; k >= 0; k--) if (f.files[k]!.path === path) return this.cfg.startMs + f.files[k]!.atMs;
    return undefined;
  }

  /** removeForFind is find's -delete: a file, or a folder with nothing left in it; false (said why) when it cannot. */
  private removeForFind(f: Frame, path: string): boolean {
    const dir = `${path}/`;
    const isDir = !f.fs.has(path);
    // Each deletion reads the files for what is left in the folder: charged as rm charges it.
    f.budget.step(1 + (f.fs.size >> 4));
    if (isDir && [...f.fs.keys()].some((k) => k.startsWith(dir) && k !== dir)) { this.writeErr(f, `find: cannot delete '${path}': Directory not empty`); return false; }
    if (isReadOnly(this.cfg.readOnly, path)) { this.writeErr(f, `find: cannot delete '${path}': ${READ_ONLY_FILE_SYSTEM}`); return false; }
    if (isDir) { if (f.fs.delete(dir)) f.files.push({ atMs: f.t, path: dir }); return true; }
    this.removeFile(f, path);
    return true;
  }

  /** removeFile deletes one file; its folder stays, empty ("DIR/"), when it was the last one there. */
  private removeFile(f: Frame, path: string): void {
    f.fs.delete(path);
    f.files.push({ atMs: f.t, path });
    const dir = path.slice(0, path.lastIndexOf('/'));
    if (!dir || ROOT_DIRS.includes(dir.slice(1)) || [...f.fs.keys()].some((k) => k.startsWith(`${dir}/`))) return;
    f.fs.set(`${dir}/`, '');
    f.files.push({ atMs: f.t, path: `${dir}/`, content: '' });
  }

  /** sedInPlace is `sed -i SCRIPT FILE…`: each file replaced by what sed prints for it. */
  private sedInPlace(args: string[], f: Frame): void {
    const rest = args.filter((a) => !/^-[a-z]*i/.test(a));
    const hasE = rest.includes('-e');
    const files: string[] = [];
    const opts: string[] = [];
    for (let i = 0, script = hasE; i < rest.length; i++) {
      const a = rest[i]!;
      if (a === '-e') { opts.push(a, rest[++i] ?? ''); continue; }
      if (a.startsWith('-')) { opts.push(a); continue; }
      if (!script) { opts.push(a); script = true; continue; }
      files.push(a);
    }
    if (!files.length) { this.writeErr(f, 'sed: no input files'); f.status = 1; return; }
    for (const p of files) {
      const out: string[] = [];
      const code = runTextApplet('sed', [...opts, p], {
        read: (q) => f.fs.get(resolvePath(f.vars.PWD, q)), stdin: () => undefined,
        out: (l) => out.push(l), err: (l) => this.writeErr(f, l), step: (n = 1) => f.budget.step(appletSteps(n)),
      });
      if (code !== 0) { f.status = typeof code === 'number' ? code : 1; return; }
      this.writeFile(f, resolvePath(f.vars.PWD, p), out.map((l) => `${l}\n`).join(''), 'sed');
    }
  }

  private test(a: string[], f: Frame): boolean {
    if (a[0] === '!') return !this.test(a.slice(1), f);
    if (a.length === 2) {
      const [op, raw] = a as [string, string];
      const x = /^-[a-z]$/.test(op) && !['-z', '-n'].includes(op) ? resolvePath(f.vars.PWD, raw) : raw;
      if (op === '-f') return f.fs.has(x);
      // A folder exists, can be read and is not empty (its size is its block's).
      if (op === '-e' || op === '-r' || op === '-s') return f.fs.has(x) ? op !== '-s' || f.fs.get(x) !== '' : this.isDir(f, x);
      if (op === '-d') return this.isDir(f, x);
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

/** filesUnder lists the files under a directory, relative to it and sorted; undefined when nothing is under it. */
function filesUnder(f: Frame, dir: string): string[] | undefined {
  const root = dir.replace(/\/+$/, '');
  f.budget.step(1 + (f.fs.size >> 4));
  const under = [...f.fs.keys()].filter((k) => k.startsWith(`${root}/`));
  if (!under.length) return ROOT_DIRS.includes(root.slice(1)) || root === '' ? [] : undefined;
  // Recursion does not descend a volume's `..data` link; its keys are read in the timestamped folder and through their own links.
  return under.filter((k) => !k.endsWith('/') && !throughDataLink(k)).map((k) => k.slice(root.length + 1)).sort();
}

/** filesOf is a ShellConfig's files as the frame's map: built at once, or on first use when given as a function. */
function filesOf(files: ShellConfig['files']): Map<string, string> {
  return typeof files === 'function' ? new LazyFiles(files) : new Map(Object.entries(files));
}

/** dropAll removes the given items from a list, in place, keeping the others' order. */
function dropAll<T>(list: T[], gone: Set<unknown>): void {
  let kept = 0;
  for (const x of list) if (!gone.has(x)) list[kept++] = x;
  list.length = kept;
}

/** endOf is how a shell stopped by e ends: its exit, or undefined when it runs on (for ever, or out of budget). */
function endOf(e: unknown, f: Frame): Program['exit'] {
  if (e instanceof ExitSignal || e instanceof ReturnSignal) return { atMs: f.t, code: e.code };
  if (e instanceof ForeverSignal) return undefined;
  throw e;
}

/** runArgv interprets a process's argv (the container's command + args) as its Program. */
export function runArgv(argv: string[], cfg: ShellConfig, budget = new Budget()): Program {
  const interp = new Interpreter(cfg);
  const f: Frame = { t: 0, lines: [], files: [], fs: filesOf(cfg.files), vars: { ...cfg.env }, status: 0, budget, serves: [], funcs: new Map(), args: [], out: 'stdout', err: 'stderr', exported: new Set(), jobs: [] };
  let exit: Program['exit'];
  interp.top = f;
  try {
    interp.exec(argv, f);
    exit = { atMs: f.t, code: f.status };
  } catch (e) {
    exit = endOf(e, f);
  }
  // An EXIT trap runs as the shell ends (not when it is killed); an exit in it sets the status.
  const onExit = interp.traps.get(EXIT);
  if (exit && onExit) {
    interp.traps.delete(EXIT);
    try {
      interp.runTrap(onExit, f);
      exit = { atMs: f.t, code: exit.code };
    } catch (e) {
      exit = endOf(e, f);
    }
  }
  // Background jobs wrote at their own times: the log and the files are in time order (a stable sort).
  if (interp.hadBackground) { f.lines.sort((a, b) => a.atMs - b.atMs); f.files.sort((a, b) => a.atMs - b.atMs); }
  return {
    lines: f.lines, loop: f.loop, exit, files: f.files, serves: f.serves, waitsForInput: interp.waitedForInput || undefined,
    ...(interp.execd !== undefined ? { execd: interp.execd } : {}),
    ...(interp.termTrapped ? { termTrap: true as const } : {}),
    work: { steps: budget.steps, bytes: budget.bytes, exhausted: budget.exhausted },
  };
}
