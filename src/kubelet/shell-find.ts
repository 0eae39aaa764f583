/**
 * shell-find: busybox `find` over a container's files: paths, then an expression of tests
 * (-name -iname -path -ipath -type -size -empty -mtime -mmin -newer -user -group), actions
 * (-print -print0 -exec … ; and + -delete -prune -quit) and operators (! -not -a -and -o -or
 * and parentheses), with -maxdepth, -mindepth and -depth; -print when no action is given.
 * Links are not followed (a volume's `..data`, its keys), as without -L.
 * kubemu: a folder's entries are visited in name order (a real filesystem lists them in its
 * own); -L, -xdev, -regex, -perm, -inum, -links and the like are refused as unknown.
 */
import { BUSYBOX_BANNER } from './applet-io';
import type { FileStat, StatOf } from './file-stats';
import { patternMatches } from './shell-glob';
import { byteLength } from '../api/byte-string';

/** FindView is what find reads and does: the files, the folders the image has, and its hooks for -exec and -delete. */
export interface FindView {
  files: ReadonlyMap<string, string>;
  rootEntries: readonly string[];
  mountPoints?: readonly string[];
  resolve(p: string): string;
  stat?: StatOf;
  nowMs: number;
  userName(uid: number): string | undefined;
  groupName(gid: number): string | undefined;
  /** exec runs a command for -exec: its exit status. */
  exec(argv: string[]): number;
  /** remove deletes a file or an empty folder for -delete: false when it could not (it said why). */
  remove(path: string): boolean;
  /** out writes to stdout as it goes (-exec's commands write between), err a line to stderr. */
  out(text: string): void;
  err(line: string): void;
  step(n?: number): void;
}

const USAGE = [
  'Usage: find [-HL] [PATH]... [OPTIONS] [ACTIONS]', '',
  'Search for files and perform actions on them.', 'First failed action stops processing of current file.', "Defaults: PATH is current directory, action is '-print'", '',
  '\t-L,-follow\tFollow symlinks', '\t-H\t\t...on command line only', "\t-xdev\t\tDon't descend directories on other filesystems",
  '\t-maxdepth N\tDescend at most N levels. -maxdepth 0 applies', '\t\t\tactions to command line arguments only', "\t-mindepth N\tDon't act on first N levels",
  '\t-depth\t\tAct on directory *after* traversing it', '', 'Actions:', '\t( ACTIONS )\tGroup actions for -o / -a', "\t! ACT\t\tInvert ACT's success/failure",
  '\tACT1 [-a] ACT2\tIf ACT1 fails, stop, else do ACT2', '\tACT1 -o ACT2\tIf ACT1 succeeds, stop, else do ACT2', '\t\t\tNote: -a has higher priority than -o',
  '\t-name PATTERN\tMatch file name (w/o directory name) to PATTERN', '\t-iname PATTERN\tCase insensitive -name', '\t-path PATTERN\tMatch path to PATTERN',
  '\t-ipath PATTERN\tCase insensitive -path', '\t-regex PATTERN\tMatch path to regex PATTERN', '\t-type X\t\tFile type is X (one of: f,d,l,b,c,s,p)',
  '\t-executable\tFile is executable', '\t-perm MASK\tAt least one mask bit (+MASK), all bits (-MASK),', "\t\t\tor exactly MASK bits are set in file's mode",
  '\t-mtime DAYS\tmtime is greater than (+N), less than (-N),', '\t\t\tor exactly N days in the past', '\t-atime DAYS\tatime +N/-N/N days in the past',
  '\t-ctime DAYS\tctime +N/-N/N days in the past', '\t-mmin MINS\tmtime is greater than (+N), less than (-N),', '\t\t\tor exactly N minutes in the past',
  '\t-amin MINS\tatime +N/-N/N minutes in the past', '\t-cmin MINS\tctime +N/-N/N minutes in the past', "\t-newer FILE\tmtime is more recent than FILE's",
  '\t-inum N\t\tFile has inode number N', '\t-samefile FILE\tFile is same as FILE', '\t-user NAME/ID\tFile is owned by given user', '\t-group NAME/ID\tFile is owned by given group',
  '\t-size N[bck]\tFile size is N (c:bytes,k:kbytes,b:512 bytes(def.))', '\t\t\t+/-N: file size is bigger/smaller than N',
  '\t-links N\tNumber of links is greater than (+N), less than (-N),', '\t\t\tor exactly N', '\t-empty\t\tMatch empty file/directory',
  "\t-prune\t\tIf current file is directory, don't descend into it", 'If none of the following actions is specified, -print is assumed',
  '\t-print\t\tPrint file name', '\t-print0\t\tPrint file name, NUL terminated', '\t-exec CMD ARG ;\tRun CMD with all instances of {} replaced by',
  '\t\t\tfile name. Fails if CMD exits with nonzero', '\t-exec CMD ARG + Run CMD with {} replaced by list of file names', '\t-quit\t\tExit',
];

type Kind = 'f' | 'd' | 'l';
/** Visit is one path find looks at: as shown, as stored, its kind, depth and stat; prune keeps find out of it. */
interface Visit { shown: string; path: string; kind: Kind; depth: number; st: FileStat | undefined; prune(): void }
type Node =
  | { t: 'and' | 'or'; a: Node; b: Node } | { t: 'not'; e: Node }
  | { t: 'test'; test: (v: Visit) => boolean; action?: boolean };

class Usage extends Error {}
class Quit {}

/** find runs `find ARGS`, writing -print's lines and -print0's NUL-ended names as it goes: its exit status. */
export function find(args: string[], view: FindView): number {
  let status = 0;
  const starts: string[] = [];
  let i = 0;
  while (i < args.length && !/^[-!(]/.test(args[i]!)) starts.push(args[i++]!);
  const opts = { maxdepth: Infinity, mindepth: 0, depthFirst: false };
  const batches: { argv: string[]; paths: string[] }[] = [];
  let expr: Node | undefined;
  let hasAction = false;
  try {
    const parser = new ExprParser(args.slice(i), view, opts, {
      print: (v) => view.out(`${v.shown}\n`),
      print0: (v) => view.out(`${v.shown}\0`),
      batch: (argv) => { const b = { argv, paths: [] as string[] }; batches.push(b); return b.paths; },
      failed: () => { status = 1; },
    });
    expr = parser.parse();
    hasAction = parser.hasAction;
  } catch (e) {
    if (!(e instanceof Usage)) throw e;
    view.err(`find: ${e.message}`);
    if (e.message.startsWith('unrecognized')) for (const l of [BUSYBOX_BANNER, '', ...USAGE]) view.err(l);
    return 1;
  }
  const index = childIndex(view);
  const kindOf = (path: string, st: FileStat | undefined): Kind | undefined => {
    if (st?.link !== undefined) return 'l';
    if (view.files.has(path)) return 'f';
    if (path === '/' || index.has(path) || view.files.has(`${path}/`) || (view.mountPoints ?? []).includes(path)) return 'd';
    return undefined;
  };
  const statOf = (path: string, kind: 'file' | 'dir') => view.stat?.(path, view.files.has(`${path}/`) ? 'made-dir' : kind);
  const walk = (shown: string, path: string, depth: number): void => {
    view.step();
    const st = statOf(path, view.files.has(path) ? 'file' : 'dir');
    const kind = kindOf(path, st);
    if (!kind) return;
    let pruned = false;
    const visit: Visit = { shown, path, kind, depth, st, prune: () => { pruned = true; } };
    const act = () => {
      if (depth >= opts.mindepth && evaluate(expr, visit) && !hasAction) view.out(`${shown}\n`);
    };
    if (!opts.depthFirst) act();
    if (kind === 'd' && depth < opts.maxdepth && !pruned) {
      for (const name of [...(index.get(path) ?? [])].sort(cmp)) {
        walk(`${shown.endsWith('/') ? shown : `${shown}/`}${name}`, path === '/' ? `/${name}` : `${path}/${name}`, depth + 1);
      }
    }
    if (opts.depthFirst) act();
  };
  try {
    for (const start of starts.length ? starts : ['.']) {
      const path = view.resolve(start).replace(/(.)\/+$/, '$1') || '/';
      const st = statOf(path, view.files.has(path) ? 'file' : 'dir');
      if (!kindOf(path, st)) { view.err(`find: ${start}: No such file or directory`); status = 1; continue; }
      walk(start, path, 0);
    }
  } catch (e) {
    if (!(e instanceof Quit)) throw e;
  }
  for (const b of batches) if (b.paths.length && view.exec(b.argv.flatMap((a) => (a === '{}' ? b.paths : [a]))) !== 0) status = 1;
  return status;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** childIndex maps each folder to the names in it, from the files, the made folders, the mount points and the image's top folders. */
function childIndex(view: FindView): Map<string, Set<string>> {
  const index = new Map<string, Set<string>>();
  const add = (path: string) => {
    const parts = path.split('/').filter(Boolean);
    let dir = '/';
    for (const part of parts) {
      let names = index.get(dir);
      if (!names) { names = new Set(); index.set(dir, names); }
      names.add(part);
      dir = dir === '/' ? `/${part}` : `${dir}/${part}`;
    }
  };
  for (const k of view.files.keys()) { view.step(); add(k); }
  for (const m of view.mountPoints ?? []) add(m);
  for (const r of view.rootEntries) add(`/${r}`);
  return index;
}

function evaluate(e: Node | undefined, v: Visit): boolean {
  if (!e) return true;
  switch (e.t) {
    case 'and': return evaluate(e.a, v) && evaluate(e.b, v);
    case 'or': return evaluate(e.a, v) || evaluate(e.b, v);
    case 'not': return !evaluate(e.e, v);
    default: return e.test(v);
  }
}

interface Emit {
  print(v: Visit): void;
  print0(v: Visit): void;
  batch(argv: string[]): string[];
  failed(): void;
}

class ExprParser {
  private k = 0;
  hasAction = false;
  constructor(private readonly toks: string[], private readonly view: FindView, private readonly opts: { maxdepth: number; mindepth: number; depthFirst: boolean }, private readonly emit: Emit) {}

  parse(): Node | undefined {
    if (!this.toks.length) return undefined;
    const e = this.or();
    if (this.k < this.toks.length) throw new Usage(`unrecognized: ${this.toks[this.k]}`);
    return e;
  }

  private or(): Node {
    let a = this.and();
    while (this.toks[this.k] === '-o' || this.toks[this.k] === '-or') { this.k++; a = { t: 'or', a, b: this.and() }; }
    return a;
  }

  private and(): Node {
    let a = this.unary();
    for (;;) {
      const t = this.toks[this.k];
      if (t === '-a' || t === '-and') { this.k++; a = { t: 'and', a, b: this.unary() }; continue; }
      if (t === undefined || t === '-o' || t === '-or' || t === ')') return a;
      a = { t: 'and', a, b: this.unary() };
    }
  }

  private unary(): Node {
    const t = this.toks[this.k];
    if (t === '!' || t === '-not') { this.k++; return { t: 'not', e: this.unary() }; }
    if (t === '(') {
      this.k++;
      const e = this.or();
      if (this.toks[this.k] !== ')') throw new Usage('unrecognized: (');
      this.k++;
      return e;
    }
    return this.primary();
  }

  private arg(name: string): string {
    const a = this.toks[this.k++];
    if (a === undefined) throw new Usage(`${name} requires an argument`);
    return a;
  }

  private primary(): Node {
    const name = this.toks[this.k++]!;
    const yes: Node = { t: 'test', test: () => true };
    const view = this.view;
    switch (name) {
      case '-name': case '-iname': {
        const p = this.arg(name);
        const fold = name === '-iname';
        return { t: 'test', test: (v) => patternMatches(fold ? base(v.shown).toLowerCase() : base(v.shown), fold ? p.toLowerCase() : p) };
      }
      case '-path': case '-wholename': case '-ipath': {
        const p = this.arg(name);
        const fold = name === '-ipath';
        return { t: 'test', test: (v) => patternMatches(fold ? v.shown.toLowerCase() : v.shown, fold ? p.toLowerCase() : p) };
      }
      case '-type': {
        const c = this.arg(name);
        if (!/^[fdlbcsp]$/.test(c)) throw new Usage(`unrecognized: ${c}`);
        return { t: 'test', test: (v) => v.kind === c };
      }
      case '-maxdepth': case '-mindepth': {
        const n = Number(this.arg(name));
        if (!Number.isInteger(n) || n < 0) throw new Usage(`invalid number '${this.toks[this.k - 1]}'`);
        if (name === '-maxdepth') this.opts.maxdepth = n; else this.opts.mindepth = n;
        return yes;
      }
      case '-depth': this.opts.depthFirst = true; return yes;
      case '-empty': return {
        t: 'test',
        test: (v) => {
          if (v.kind !== 'd') return v.kind === 'f' && (view.files.get(v.path) ?? '') === '';
          // A folder's emptiness is read from the files as they are now (-delete may have emptied it), a scan the budget pays for.
          view.step(1 + Math.floor(view.files.size / 16));
          return ![...view.files.keys()].some((f) => f.startsWith(`${v.path}/`) && f !== `${v.path}/`);
        },
      };
      case '-size': {
        const a = this.arg(name);
        const m = /^([+-]?\d+)([bckMG]?)$/.exec(a);
        if (!m) throw new Usage(`invalid number '${a}'`);
        const unit = { '': 512, b: 512, c: 1, k: 1024, M: 1024 ** 2, G: 1024 ** 3 }[m[2]!]!;
        const sizeOf = (v: Visit) => (v.st?.link !== undefined ? v.st.link.length : v.kind === 'f' ? byteLength(view.files.get(v.path) ?? '') : 4096);
        const sign = m[1]!.startsWith('+') ? '+' : m[1]!.startsWith('-') ? '-' : '';
        const n = Math.abs(Number(m[1]));
        return { t: 'test', test: (v) => { const s = sizeOf(v); return sign === '+' ? s > n * unit : sign === '-' ? s < n * unit : Math.ceil(s / unit) === n; } };
      }
      case '-mtime': case '-mmin': {
        const a = this.arg(name);
        const per = name === '-mtime' ? 86_400_000 : 60_000;
        const age = (v: Visit) => Math.floor((view.nowMs - (v.st?.mtimeMs ?? view.nowMs)) / per);
        const m = /^([+-]?)(\d+)$/.exec(a);
        if (!m) throw new Usage(`invalid number '${a}'`);
        const n = Number(m[2]);
        return { t: 'test', test: (v) => (m[1] === '+' ? age(v) > n : m[1] === '-' ? age(v) < n : age(v) === n) };
      }
      case '-newer': {
        const ref = view.resolve(this.arg(name));
        const refMs = view.stat?.(ref, view.files.has(ref) ? 'file' : 'dir').mtimeMs;
        if (refMs === undefined || (!view.files.has(ref) && ![...view.files.keys()].some((f) => f.startsWith(`${ref}/`)))) throw new Usage(`${this.toks[this.k - 1]}: No such file or directory`);
        return { t: 'test', test: (v) => (v.st?.mtimeMs ?? 0) > refMs };
      }
      case '-user': case '-group': {
        const a = this.arg(name);
        const id = (v: Visit) => (name === '-user' ? v.st?.uid ?? 0 : v.st?.gid ?? 0);
        const named = (n: number) => (name === '-user' ? view.userName(n) : view.groupName(n));
        return { t: 'test', test: (v) => String(id(v)) === a || named(id(v)) === a };
      }
      case '-print': this.hasAction = true; return { t: 'test', test: (v) => { this.emit.print(v); return true; } };
      case '-print0': this.hasAction = true; return { t: 'test', test: (v) => { this.emit.print0(v); return true; } };
      case '-prune': return { t: 'test', test: (v) => { v.prune(); return true; } };
      case '-quit': return { t: 'test', test: () => { throw new Quit(); } };
      case '-delete': {
        this.hasAction = true;
        this.opts.depthFirst = true;
        return { t: 'test', test: (v) => { if (v.path === '/' || view.remove(v.path)) return true; this.emit.failed(); return false; } };
      }
      case '-exec': {
        this.hasAction = true;
        const argv: string[] = [];
        for (;;) {
          const a = this.toks[this.k++];
          if (a === undefined) throw new Usage('-exec requires an argument');
          if (a === ';') break;
          if (a === '+' && argv[argv.length - 1] === '{}') {
            const paths = this.emit.batch(argv);
            return { t: 'test', test: (v) => { paths.push(v.shown); return true; } };
          }
          argv.push(a);
        }
        if (!argv.length) throw new Usage('-exec requires an argument');
        return { t: 'test', test: (v) => view.exec(argv.map((a) => a.split('{}').join(v.shown))) === 0 };
      }
      default: throw new Usage(`unrecognized: ${name}`);
    }
  }
}

/** base is a shown path's last name (`/` for the root). */
function base(shown: string): string {
  const s = shown.replace(/(.)\/+$/, '$1');
  return s === '/' ? '/' : s.slice(s.lastIndexOf('/') + 1);
}
