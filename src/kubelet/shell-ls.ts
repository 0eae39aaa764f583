/**
 * shell-ls: busybox `ls` over a container's files (a flat map of paths; a folder is any prefix
 * of one, or a `dir/` entry mkdir made). Operands: files first, then each folder under a
 * `name:` heading when there are several, a blank line between; -a and -A show dot files, -d
 * the folders themselves, -l the long format (coreutils/ls.c display_single: mode, links,
 * owner and group names as the image's /etc/passwd and /etc/group give them (-n: numbers), size,
 * time, name, a symlink's target) under a `total` of 1 KiB blocks, from file-stats.ts.
 */
import type { FileStat, StatOf } from './file-stats';
import { byteLength } from '../api/byte-string';

/** LsView is what ls reads: the files (path to content), and when the running process wrote a path. */
export interface LsView {
  files: ReadonlyMap<string, string>;
  /** rootEntries are what `/` holds besides the files' own tops (the image's folders). */
  rootEntries: readonly string[];
  /** mountPoints are folders there even when nothing is in them (the volumes' mount points). */
  mountPoints?: readonly string[];
  resolve(p: string): string;
  stat?: StatOf;
  writtenAt?(path: string): number | undefined;
  nowMs: number;
  userName(uid: number): string | undefined;
  groupName(gid: number): string | undefined;
}

type Entry = { name: string; path: string; kind: 'file' | 'dir' | 'made-dir' };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const HALF_YEAR_MS = 365 * 24 * 3600_000 / 2;

/** ls runs `ls ARGS`: its stdout and stderr lines and exit status. */
export function ls(args: string[], view: LsView): { out: string[]; err: string[]; status: number } {
  const flags = new Set(args.filter((a) => /^-[a-zA-Z1]+$/.test(a)).flatMap((a) => [...a.slice(1)]));
  const operands = args.filter((a) => !/^-[a-zA-Z1]+$/.test(a) && a !== '--');
  const long = flags.has('l') || flags.has('n');
  const all = flags.has('a');
  const almostAll = all || flags.has('A');
  const out: string[] = [];
  const err: string[] = [];
  let status = 0;
  const files: Entry[] = [];
  const dirs: Entry[] = [];
  for (const named of operands.length ? operands : ['.']) {
    const path = view.resolve(named === '.' ? '' : named).replace(/(.)\/+$/, '$1') || '/';
    const kind = kindOf(view, path === '/' ? '' : path);
    if (!kind) { err.push(`ls: ${named}: No such file or directory`); status = 1; continue; }
    // A link to a folder named without a trailing slash is the link itself in the long format, as ls does not follow it there.
    const linkItself = long && kind !== 'file' && !named.endsWith('/') && statOf({ name: named, path, kind }, view).link !== undefined;
    (kind === 'file' || flags.has('d') || linkItself ? files : dirs).push({ name: named, path, kind });
  }
  const line = (e: Entry) => (long ? longLine(e, view, flags.has('n')) : e.name);
  files.sort((a, b) => cmp(a.name, b.name));
  out.push(...files.map(line));
  dirs.sort((a, b) => cmp(a.name, b.name));
  const headed = dirs.length + files.length + err.length > 1;
  dirs.forEach((d, k) => {
    if (k > 0 || files.length) out.push('');
    if (headed) out.push(`${d.name}:`);
    const entries = entriesOf(view, d.path === '/' ? '' : d.path).filter((e) => almostAll || !e.name.startsWith('.'));
    if (all) entries.unshift({ name: '.', path: targetOf(d, view), kind: 'dir' }, { name: '..', path: parentOf(d.path), kind: 'dir' });
    if (long) out.push(`total ${entries.reduce((n, e) => n + blocks(e, view), 0)}`);
    out.push(...entries.map(line));
  });
  return { out, err, status };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

/** targetOf is the folder a path stands for: a link's target beside it, else the path. */
function targetOf(e: Entry, view: LsView): string {
  const link = statOf(e, view).link;
  return link === undefined ? e.path : link.startsWith('/') ? link : `${parentOf(e.path).replace(/\/$/, '')}/${link}`;
}

/** FolderView is what says which paths are folders: the files, the image's top folders and the standing ones. */
export type FolderView = Pick<LsView, 'files' | 'rootEntries' | 'mountPoints'>;

/**
 * kindOf is what a path ('' for the root) is in the files: a file, a folder (made by mkdir,
 * implied by what is in it, an image's or a standing one), or nothing.
 */
function kindOf(view: FolderView, path: string): Entry['kind'] | undefined {
  if (path !== '' && view.files.has(path)) return 'file';
  if (view.files.has(`${path}/`)) return 'made-dir';
  if (path === '' || view.rootEntries.includes(path.slice(1))) return 'dir';
  for (const k of view.files.keys()) if (k.startsWith(`${path}/`)) return 'dir';
  for (const m of view.mountPoints ?? []) if (m === path || m.startsWith(`${path}/`)) return 'dir';
  return undefined;
}

/** isFolder says a path ('/' or any other, trailing slashes allowed) is a folder, made or implied. */
export function isFolder(view: FolderView, path: string): boolean {
  const kind = kindOf(view, path.replace(/\/+$/, ''));
  return kind === 'dir' || kind === 'made-dir';
}

/** entriesOf lists a folder's entries, sorted. */
function entriesOf(view: LsView, dir: string): Entry[] {
  const names = new Set<string>(dir === '' ? view.rootEntries : []);
  for (const k of [...view.files.keys(), ...view.mountPoints ?? []]) if (k.startsWith(`${dir}/`)) { const e = k.slice(dir.length + 1).split('/')[0]!; if (e) names.add(e); }
  return [...names].sort(cmp).map((name) => {
    const path = `${dir}/${name}`;
    return { name, path, kind: kindOf(view, path) ?? 'dir' };
  });
}

function statOf(e: Entry, view: LsView): FileStat {
  const written = view.writtenAt?.(e.kind === 'file' ? e.path : `${e.path}/`);
  return view.stat?.(e.path, e.kind, written)
    ?? { mode: e.kind === 'file' ? '-rw-r--r--' : 'drwxr-xr-x', uid: 0, gid: 0, mtimeMs: view.nowMs };
}

function sizeOf(e: Entry, st: FileStat, view: LsView): number {
  if (st.link !== undefined) return st.link.length;
  return e.kind === 'file' ? byteLength(view.files.get(e.path) ?? '') : 4096;
}

/** blocks is the 1 KiB blocks a path takes, in 4 KiB steps (a symlink's target is kept in its inode). */
function blocks(e: Entry, view: LsView): number {
  const st = statOf(e, view);
  if (st.link !== undefined) return 0;
  return Math.ceil(sizeOf(e, st, view) / 4096) * 4;
}

/** longLine is one `ls -l` line: "%-10s %4lu %-8.8s %-8.8s %9u %.12s name". */
function longLine(e: Entry, view: LsView, numeric: boolean): string {
  const st = statOf(e, view);
  const links = linksOf(e, st, view);
  const user = (numeric ? undefined : view.userName(st.uid)) ?? String(st.uid);
  const group = (numeric ? undefined : view.groupName(st.gid)) ?? String(st.gid);
  const name = st.link !== undefined ? `${e.name} -> ${st.link}` : e.name;
  return `${st.mode.padEnd(10)} ${String(links).padStart(4)} ${user.slice(0, 8).padEnd(8)} ${group.slice(0, 8).padEnd(8)} ${String(sizeOf(e, st, view)).padStart(9)} ${lsTime(st.mtimeMs, view.nowMs)} ${name}`;
}

/** linksOf is a path's link count: a folder's own name, its `.`, and each subfolder's `..` (links to folders are not subfolders). */
function linksOf(e: Entry, st: FileStat, view: LsView): number {
  if (e.kind === 'file' || st.link !== undefined) return 1;
  return 2 + entriesOf(view, e.path === '/' ? '' : e.path).filter((c) => c.kind !== 'file' && statOf(c, view).link === undefined).length;
}

/** FileInfo is what `ls -l` and `stat` show of a path: whether it is a file, its stat, size and link count. */
export interface FileInfo { file: boolean; st: FileStat; size: number; links: number }

/** fileInfo is an absolute path's FileInfo, or undefined when nothing is there. */
export function fileInfo(view: LsView, path: string): FileInfo | undefined {
  const kind = kindOf(view, path === '/' ? '' : path);
  if (!kind) return undefined;
  const e: Entry = { name: path, path, kind };
  const st = statOf(e, view);
  return { file: kind === 'file', st, size: sizeOf(e, st, view), links: linksOf(e, st, view) };
}

/** lsTime is ctime's "Mmm dd hh:mm", or "Mmm dd  yyyy" for a time over six months old or more than 15 minutes ahead. */
function lsTime(ms: number, nowMs: number): string {
  const d = new Date(ms);
  const day = `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2)}`;
  const age = nowMs - ms;
  if (age < HALF_YEAR_MS && age > -15 * 60_000) return `${day} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return `${day}  ${d.getUTCFullYear()}`;
}
