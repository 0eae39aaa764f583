/**
 * shell-stat: busybox `stat` (-c FMT, -t, -L) over a container's files, from the same owners,
 * modes and times `ls -l` shows (file-stats.ts through shell-ls.ts's fileInfo).
 * kubemu: the device is the writable layer's, the inode a hash of the path, and the access and
 * change times the modification time (the file model keeps one time); -f is refused.
 */
import { BUSYBOX_BANNER } from './applet-io';
import { fnv32a } from '../api/fnv32a';
import { type FileInfo, type LsView, fileInfo } from './shell-ls';

const DEVICE = 0xfe00;
const IO_BLOCK = 4096;

const USAGE = [
  'Usage: stat [-ltf] [-c FMT] FILE...', '', 'Display file (default) or filesystem status', '',
  '\t-c FMT\tUse the specified format', '\t-f\tDisplay filesystem status', '\t-L\tFollow links', '\t-t\tTerse display', '',
  'FMT sequences for files:', ' %a\tAccess rights in octal', ' %A\tAccess rights in human readable form', ' %b\tNumber of blocks allocated (see %B)',
  ' %B\tSize in bytes of each block reported by %b', ' %d\tDevice number in decimal', ' %D\tDevice number in hex', ' %f\tRaw mode in hex', ' %F\tFile type',
  ' %g\tGroup ID', ' %G\tGroup name', ' %h\tNumber of hard links', ' %i\tInode number', ' %n\tFile name', ' %N\tFile name, with -> TARGET if symlink',
  ' %o\tI/O block size', ' %s\tTotal size in bytes', ' %t\tMajor device type in hex', ' %T\tMinor device type in hex', ' %u\tUser ID', ' %U\tUser name',
  ' %x\tTime of last access', ' %X\tTime of last access as seconds since Epoch', ' %y\tTime of last modification',
  ' %Y\tTime of last modification as seconds since Epoch', ' %z\tTime of last change', ' %Z\tTime of last change as seconds since Epoch', '',
  'FMT sequences for file systems:', ' %a\tFree blocks available to non-superuser', ' %b\tTotal data blocks', ' %c\tTotal file nodes',
  ' %d\tFree file nodes', ' %f\tFree blocks', ' %i\tFile System ID in hex', ' %l\tMaximum length of filenames', ' %n\tFile name',
  ' %s\tBlock size (for faster transfer)', ' %S\tFundamental block size (for block counts)', ' %t\tType in hex', ' %T\tType in human readable form',
];

/** modeBits reads an `ls -l` mode string ("drwxrwsrwt") as st_mode: the type and the permission bits. */
export function modeBits(mode: string): number {
  const type = mode[0] === 'd' ? 0o040000 : mode[0] === 'l' ? 0o120000 : 0o100000;
  let bits = 0;
  for (let i = 0; i < 9; i++) if (!'-ST'.includes(mode[1 + i]!)) bits |= 1 << (8 - i);
  if ('sS'.includes(mode[3]!)) bits |= 0o4000;
  if ('sS'.includes(mode[6]!)) bits |= 0o2000;
  if ('tT'.includes(mode[9]!)) bits |= 0o1000;
  return type | bits;
}

function typeName(info: FileInfo): string {
  if (info.st.link !== undefined) return 'symbolic link';
  if (!info.file) return 'directory';
  return info.size ? 'regular file' : 'regular empty file';
}

/** statTime is stat's "2026-12-04 01:37:01.673000000 +0000". */
function statTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${iso.slice(20, 23)}000000 +0000`;
}

/** stat runs `stat ARGS`: its stdout and stderr lines and exit status. */
export function stat(args: string[], view: LsView): { out: string[]; err: string[]; status: number } {
  const out: string[] = [];
  const err: string[] = [];
  let format: string | undefined;
  let terse = false;
  let follow = false;
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('-') || a === '-') { names.push(a); continue; }
    for (let k = 1; k < a.length; k++) {
      const o = a[k]!;
      if (o === 'c') { format = a.slice(k + 1) || args[++i]; if (format === undefined) return usage(err, "option requires an argument -- 'c'"); break; }
      if (o === 't') terse = true;
      else if (o === 'L') follow = true;
      else return usage(err, `invalid option -- '${o}'`);
    }
  }
  if (!names.length) return usage(err);
  let status = 0;
  for (const name of names) {
    const path = view.resolve(name).replace(/(.)\/+$/, '$1') || '/';
    let info = fileInfo(view, path);
    if (info && follow && info.st.link !== undefined) info = fileInfo(view, `${path.slice(0, path.lastIndexOf('/'))}/${info.st.link}`.replace(/^\/\//, '/'));
    if (!info) { err.push(`stat: can't stat '${name}': No such file or directory`); status = 1; continue; }
    const st = info.st;
    const raw = modeBits(st.mode);
    const blocks = st.link !== undefined ? 0 : Math.ceil(info.size / IO_BLOCK) * (IO_BLOCK / 512);
    const inode = 1_000_000 + (fnv32a(path) % 9_000_000);
    const user = view.userName(st.uid) ?? 'UNKNOWN';
    const group = view.groupName(st.gid) ?? 'UNKNOWN';
    const secs = Math.floor(st.mtimeMs / 1000);
    if (format !== undefined) {
      const fields: Record<string, () => string> = {
        a: () => (raw & 0o7777).toString(8), A: () => st.mode, b: () => String(blocks), B: () => '512', d: () => String(DEVICE), D: () => DEVICE.toString(16),
        f: () => raw.toString(16), F: () => typeName(info!), g: () => String(st.gid), G: () => group, h: () => String(info!.links), i: () => String(inode),
        n: () => name, N: () => (st.link !== undefined ? `'${name}' -> '${st.link}'` : `'${name}'`), o: () => String(IO_BLOCK), s: () => String(info!.size),
        t: () => '0', T: () => '0', u: () => String(st.uid), U: () => user, x: () => statTime(st.mtimeMs), X: () => String(secs),
        y: () => statTime(st.mtimeMs), Y: () => String(secs), z: () => statTime(st.mtimeMs), Z: () => String(secs),
      };
      // busybox prints an unknown sequence's letter, and %% a percent sign.
      out.push(format.replace(/%(.?)/g, (_m, c: string) => (c === '%' ? '%' : fields[c]?.() ?? c)));
      continue;
    }
    if (terse) {
      out.push([name, info.size, blocks, raw.toString(16), st.uid, st.gid, DEVICE.toString(16), inode, info.links, 0, 0, secs, secs, secs, IO_BLOCK].join(' '));
      continue;
    }
    const shown = st.link !== undefined ? `'${name}' -> '${st.link}'` : name;
    out.push(
      `  File: ${shown}`,
      `  Size: ${String(info.size).padEnd(10)}\tBlocks: ${String(blocks).padEnd(10)} IO Block: ${String(IO_BLOCK).padEnd(6)} ${typeName(info)}`,
      `Device: ${DEVICE.toString(16)}h/${DEVICE}d\tInode: ${String(inode).padEnd(11)} Links: ${info.links}`,
      `Access: (${(raw & 0o7777).toString(8).padStart(4, '0')}/${st.mode})  Uid: (${String(st.uid).padStart(5)}/${user.padStart(8)})   Gid: (${String(st.gid).padStart(5)}/${group.padStart(8)})`,
      `Access: ${statTime(st.mtimeMs)}`, `Modify: ${statTime(st.mtimeMs)}`, `Change: ${statTime(st.mtimeMs)}`,
    );
  }
  return { out, err, status };
}

function usage(err: string[], why?: string): { out: string[]; err: string[]; status: number } {
  if (why) err.push(`stat: ${why}`);
  err.push(BUSYBOX_BANNER, '', ...USAGE);
  return { out: [], err, status: 1 };
}
