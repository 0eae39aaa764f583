/**
 * shell-tar: busybox's tar applet over a container's files — what `kubectl cp` runs in a
 * container: `tar cf - PATH` to copy out (the archive on stdout) and `tar -xmf - [-C DIR]` to
 * copy in (the archive on stdin). Archives are ustar, written and read as bytes carried in the
 * shell's byte strings (api/byte-string: any file keeps its bytes; the headers are ASCII).
 * Members lose a leading '/', said on stderr once; a missing operand is reported and fails the
 * run once the rest is archived; each in busybox's words, or GNU tar's in Debian-based images
 * (tarWords, which kubectl cp's own copy shares).
 * kubemu: regular files and folders only; modes 0644 and 0755, owner root, the files' times
 * are the run's start; -x reads ustar, GNU long names and pax path records, and keeps no
 * mode or time (as -m asks).
 */

import * as nodePath from 'node:path';
import { bytesToText, textToBytes } from '../api/byte-string';

/** TarWords are the lines one tar prints: busybox's, or GNU tar's (gnu) in Debian-based images. */
export const tarWords = (gnu: boolean) => ({
  leadingSlash: gnu ? "tar: Removing leading `/' from member names" : "tar: removing leading '/' from member names",
  cannotStat: (p: string) => (gnu ? `tar: ${p}: Cannot stat: No such file or directory` : `tar: ${p}: No such file or directory`),
  failedLater: gnu ? 'tar: Exiting with failure status due to previous errors' : 'tar: error exit delayed from previous errors',
  cannotChdir: (dir: string): string[] => (gnu
    ? [`tar: ${dir}: Cannot open: No such file or directory`, 'tar: Error is not recoverable: exiting now']
    : [`tar: can't change directory to '${dir}': No such file or directory`]),
  /** status is tar's exit after such errors. */
  status: gnu ? 2 : 1,
});

/** TarFS is what tar reads and writes: the container's files ("DIR/" marks an empty folder). */
export interface TarFS {
  files: ReadonlyMap<string, string>;
  isDir(path: string): boolean;
  write(path: string, content: string): boolean;
}

/** TarResult is what tar wrote, its complaints, its status and the members it archived or unpacked (for -v). */
export interface TarResult { out: string; err: string[]; status: number; members: string[] }

const BLOCK = 512;

/** octal writes a header number field: zero-padded octal, NUL-terminated, width bytes in all. */
const octal = (n: number, width: number): string => `${n.toString(8).padStart(width - 1, '0')}\0`;

/** header is one ustar header block, checksummed, as bytes. */
function header(name: string, size: number, dir: boolean, mtimeS: number): Buffer {
  const b = Buffer.alloc(BLOCK, 0);
  b.write(name, 0, 100, 'utf8');
  b.write(octal(dir ? 0o755 : 0o644, 8), 100, 'ascii');
  b.write(octal(0, 8), 108, 'ascii');
  b.write(octal(0, 8), 116, 'ascii');
  b.write(octal(size, 12), 124, 'ascii');
  b.write(octal(mtimeS, 12), 136, 'ascii');
  b.write('        ', 148, 'ascii');
  b.write(dir ? '5' : '0', 156, 'ascii');
  b.write('ustar\x0000', 257, 'binary');
  b.write('root', 265, 'ascii');
  b.write('root', 297, 'ascii');
  let sum = 0;
  for (const byte of b) sum += byte;
  b.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return b;
}

const padding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK, 0);

/**
 * tarCreate archives the operands as `tar cf -` writes them to stdout: each found from cwd, its
 * members named as the operand was written (a relative operand stays relative).
 */
export function tarCreate(operands: string[], cwd: string, fs: TarFS, mtimeMs: number, gnu: boolean): TarResult {
  const words = tarWords(gnu);
  const err: string[] = [];
  const members: string[] = [];
  const chunks: Buffer[] = [];
  const mtime = Math.floor(mtimeMs / 1000);
  let warned = false;
  let failed = false;
  const member = (shown: string): string => {
    if (shown.startsWith('/') && !warned) { warned = true; err.push(words.leadingSlash); }
    const name = shown.replace(/^\/+/, '');
    members.push(name);
    return name;
  };
  for (const operand of operands) {
    const p = nodePath.posix.resolve(cwd, operand);
    // A member's name is the operand as written, then its path under it.
    const shown = (path: string): string => (operand.length > 1 ? operand.replace(/\/+$/, '') : operand) + path.slice(p.length);
    const content = fs.files.get(p);
    if (content !== undefined) {
      const data = textToBytes(content);
      chunks.push(header(member(shown(p)), data.length, false, mtime), data, padding(data.length));
      continue;
    }
    if (!fs.isDir(p)) { err.push(words.cannotStat(operand)); failed = true; continue; }
    // The folder, then what is in it, folders before their contents, in name order.
    const under = p === '/' ? '/' : `${p}/`;
    const dirs = new Set<string>([p === '/' ? '' : p]);
    const files: [string, string][] = [];
    for (const [k, c] of fs.files) {
      if (!k.startsWith(under)) continue;
      const parts = k.slice(under.length).split('/');
      for (let i = 1; i < parts.length; i++) dirs.add(under + parts.slice(0, i).join('/'));
      if (!k.endsWith('/')) files.push([k, c]);
    }
    const entries: [string, string | undefined][] = [...[...dirs].filter(Boolean).map((d): [string, undefined] => [d, undefined]), ...files];
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    for (const [path, c] of entries) {
      if (c === undefined) { chunks.push(header(member(`${shown(path)}/`), 0, true, mtime)); continue; }
      const data = textToBytes(c);
      chunks.push(header(member(shown(path)), data.length, false, mtime), data, padding(data.length));
    }
  }
  chunks.push(Buffer.alloc(BLOCK * 2, 0));
  if (failed) err.push(words.failedLater);
  return { out: bytesToText(Buffer.concat(chunks)), err, status: failed ? words.status : 0, members };
}

/** field reads a NUL-terminated header text field. */
const field = (b: Buffer, at: number, len: number): string => {
  const raw = b.subarray(at, at + len);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? len : end).toString('utf8');
};

/** tarExtract unpacks an archive read from stdin under dir, as `tar -xmf - -C DIR` does. */
export function tarExtract(stream: string, dir: string, fs: TarFS, gnu: boolean): TarResult {
  const data = textToBytes(stream);
  const err: string[] = [];
  if (!fs.isDir(dir)) return { out: '', err: tarWords(gnu).cannotChdir(dir), status: tarWords(gnu).status, members: [] };
  const members: string[] = [];
  const base = dir === '/' ? '' : dir.replace(/\/+$/, '');
  let at = 0;
  let longName: string | undefined;
  while (at + BLOCK <= data.length) {
    const h = data.subarray(at, at + BLOCK);
    if (h.every((byte) => byte === 0)) break;
    const size = parseInt(field(h, 124, 12).trim() || '0', 8) || 0;
    const type = String.fromCharCode(h[156]!);
    const prefix = field(h, 345, 155);
    let name = longName ?? (prefix ? `${prefix}/${field(h, 0, 100)}` : field(h, 0, 100));
    const body = data.subarray(at + BLOCK, at + BLOCK + size);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'L') { longName = body.toString('utf8').replace(/\0+$/, ''); continue; }
    if (type === 'x') {
      const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1];
      longName = path;
      continue;
    }
    longName = undefined;
    name = name.replace(/^\.?\/+/, '').replace(/^\.\//, '');
    if (!name || name === '.') continue;
    // A canonical path: a member's `..` cannot leave a key the file model does not know.
    const target = nodePath.posix.resolve(base || '/', name);
    if (type === '5') {
      if (!fs.isDir(target) && !fs.write(`${target}/`, '')) return { out: '', err, status: 1, members };
      members.push(name);
      continue;
    }
    // Links, devices and the like have no place among the modelled files: they are passed over.
    if (type !== '0' && type !== '\0' && type !== '7') continue;
    if (!fs.write(target, bytesToText(body))) return { out: '', err, status: 1, members };
    members.push(name);
  }
  return { out: '', err, status: 0, members };
}
