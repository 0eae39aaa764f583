/**
 * followed-file: the log of a container whose command is busybox `tail -f`/`-F` of a file another
 * container of the pod writes into a shared emptyDir — the classic logging sidecar. A container's
 * own command does not see its siblings' writes (its program is computed from its own start), so
 * its log is computed here from the writer's: the file's last lines when the tail started, then
 * what the writer adds, at the tail's next poll (busybox sleeps a second between reads).
 * busybox semantics (coreutils/tail.c): -F says it cannot open a missing file, and when the file
 * appears says so and prints it from its start; a file that shrank below the read offset is read
 * again from its start; a file that grew is read from the offset on.
 * kubemu: `tail -f` of a file that does not exist yet waits as -F does, without its messages (busybox
 * exits "no files" and the container restarts); only the writer's current instance is read.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { modelOf } from './container-sync';
import { argvOf, filesAt } from './process';
import { imageInfo } from './images';
import type { FileEvent, Program } from './shell';
import type { ContainerConfig } from './container-config';
import type { LogLine } from './logs';

/** FollowedTail is a `tail -f|-F [-n N|+N] FILE` command line. */
export interface FollowedTail { path: string; count: number; fromTop: boolean; retry: boolean }

/** POLL_MS is busybox tail's sleep between reads of a followed file. */
const POLL_MS = 1000;
/** MAX_ROUNDS bounds the writer's loop rounds read, as logs render at most that many. */
const MAX_ROUNDS = 10_000;

/** tailWords are the words of a command that is only a tail: argv itself, or `sh -c '[exec] tail …'` with plain words. */
function tailWords(argv: string[]): string[] | undefined {
  const bin = (argv[0] ?? '').replace(/^.*\//, '');
  if (bin === 'tail') return argv;
  if ((bin === 'sh' || bin === 'bash') && argv[1] === '-c' && argv.length === 3) {
    const script = argv[2]!.trim();
    if (!/^[\w\s\-+./=]+$/.test(script)) return undefined;
    const words = script.split(/\s+/);
    return words[0] === 'exec' ? tailWords(words.slice(1)) : tailWords(words);
  }
  return undefined;
}

/** followedTail reads a follow-mode tail of one file from a container's argv. */
export function followedTail(argv: string[]): FollowedTail | undefined {
  const words = tailWords(argv);
  if (!words) return undefined;
  let follow = false;
  let retry = false;
  let n = '10';
  const files: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '-f' || w === '--follow') follow = true;
    else if (w === '-F') { follow = true; retry = true; } else if (w === '-n' || w === '--lines') n = words[++i] ?? '';
    else if (/^-n[+-]?\d+$/.test(w)) n = w.slice(2);
    else if (/^--lines=[+-]?\d+$/.test(w)) n = w.slice(8);
    else if (/^-[fF]+$/.test(w)) { follow = true; retry ||= w.includes('F'); } else if (w.startsWith('-')) return undefined;
    else files.push(w);
  }
  if (!follow || files.length !== 1 || !/^[+-]?\d+$/.test(n)) return undefined;
  return { path: files[0]!, count: Math.abs(Number(n)), fromTop: n.startsWith('+'), retry };
}

interface Mount { name: string; mountPath: string }
const under = (dir: string) => `${dir.replace(/\/+$/, '')}/`;

/** Writer is a sibling's instance that writes the followed file, at its own path for it. */
interface Writer { program: Program; cfg: ContainerConfig; startMs: number; path: string }

/** writerOf finds the pod's other container that writes `path` (as `spec` mounts it) into a shared emptyDir. */
function writerOf(pod: KubeObject, spec: KubeObject['spec'], api: ApiClient, path: string): Writer | undefined {
  const emptyDirs = new Set(((pod.spec?.volumes ?? []) as { name: string; emptyDir?: unknown }[]).filter((v) => v.emptyDir !== undefined).map((v) => v.name));
  const mine = ((spec.volumeMounts ?? []) as Mount[]).find((m) => emptyDirs.has(m.name) && path.startsWith(under(m.mountPath)));
  if (!mine) return undefined;
  const rest = path.slice(under(mine.mountPath).length);
  const inits = (pod.spec?.initContainers ?? []) as KubeObject['spec'][];
  const statuses = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])] as { name: string; state?: any }[];
  for (const other of [...inits, ...(pod.spec?.containers ?? [])] as KubeObject['spec'][]) {
    if (other.name === spec.name) continue;
    const theirs = ((other.volumeMounts ?? []) as Mount[]).find((m) => m.name === mine.name);
    const status = statuses.find((s) => s.name === other.name);
    const instance = status?.state?.running ?? status?.state?.terminated;
    if (!theirs || !instance?.startedAt) continue;
    const startMs = Date.parse(instance.startedAt);
    const init = inits.includes(other);
    const { model, cfg } = modelOf({ pod, api }, { spec: other, status: status ?? {}, init, sidecar: init && other.restartPolicy === 'Always' }, startMs);
    const theirPath = under(theirs.mountPath) + rest;
    if (model.program.files.some((e) => e.path === theirPath)) return { program: model.program, cfg, startMs, path: theirPath };
  }
  return undefined;
}

/** roundWrites are the writer's loop rounds' writes to its path in rounds [from, to], at absolute times. */
function roundWrites(w: Writer, from: number, to: number): FileEvent[] {
  const loop = w.program.loop!;
  const out: FileEvent[] = [];
  for (let i = Math.max(1, from, to - MAX_ROUNDS + 1); i <= to; i++) {
    const base = w.startMs + loop.atMs + i * loop.periodMs;
    for (const e of loop.writes(i)) if (e.path === w.path) out.push({ ...e, atMs: base + e.atMs });
  }
  return out;
}

/** roundAt is the last loop round begun by absolute time ms (-1: none). */
function roundAt(w: Writer, ms: number): number {
  const loop = w.program.loop;
  if (!loop) return -1;
  const rel = ms - w.startMs - loop.atMs;
  return rel < 0 ? -1 : Math.floor(rel / loop.periodMs);
}

/** loopedFiles are the files a program's endless loop writes as they stand at absolute time ms (its rounds' appends included). */
export function loopedFiles(program: Program, cfg: ContainerConfig, startMs: number, ms: number): Record<string, string | undefined> {
  if (!program.loop) return {};
  const paths = new Set(program.loop.writes(1).map((e) => e.path));
  return Object.fromEntries([...paths].map((path) => [path, contentAt({ program, cfg, startMs, path }, ms, Infinity)]));
}

/**
 * contentAt is the file as it stands at absolute time ms, enough of it for `lines` lines (all of
 * it within MAX_ROUNDS rounds): the writer's writes outside its loop, then its rounds' appends,
 * read backwards until a round replaced the file or enough lines are there.
 */
function contentAt(w: Writer, ms: number, lines: number): string | undefined {
  if (ms < w.startMs) return undefined;
  const base = filesAt(w.cfg, w.program, ms - w.startMs)[w.path];
  const last = roundAt(w, ms);
  if (last < 1) return base;
  const tail: string[] = [];
  let newlines = 0;
  for (let i = last; i >= Math.max(1, last - MAX_ROUNDS + 1); i--) {
    const writes = roundWrites(w, i, i).filter((e) => e.atMs <= ms);
    for (let k = writes.length - 1; k >= 0; k--) {
      const e = writes[k]!;
      if (e.appended === undefined) return e.content === undefined ? (tail.length ? tail.reverse().join('') : undefined) : e.content + tail.reverse().join('');
      tail.push(e.appended);
      newlines += e.appended.split('\n').length - 1;
    }
    if (newlines > lines) return tail.reverse().join('');
  }
  return (base ?? '') + tail.reverse().join('');
}

/** lastLines is tail's first output: the last count lines, or from line count on with +N. */
function firstLines(content: string, t: FollowedTail): string[] {
  const lines = content.replace(/\n$/, '').split('\n');
  if (content === '') return [];
  return t.fromTop ? lines.slice(Math.max(0, t.count - 1)) : t.count ? lines.slice(-t.count) : [];
}

/**
 * followedFileLines is the log of a container whose command follows a file a sibling writes in a
 * shared emptyDir, between its start and endMs; undefined when the command is no such tail or no
 * sibling writes the file.
 */
export function followedFileLines(pod: KubeObject, spec: KubeObject['spec'], api: ApiClient, env: Record<string, string>, startMs: number, endMs: number): LogLine[] | undefined {
  const t = followedTail(argvOf(spec, imageInfo(spec.image), env));
  if (!t) return undefined;
  const w = writerOf(pod, spec, api, t.path);
  if (!w) return undefined;
  const out: LogLine[] = [];
  const at = (ms: number, text: string) => out.push({ ms, text });
  // A change is read at the tail's first poll after it.
  const pollAt = (ms: number) => startMs + Math.max(1, Math.ceil((ms - startMs) / POLL_MS)) * POLL_MS;
  let content = contentAt(w, startMs, t.fromTop ? Infinity : t.count);
  let exists = content !== undefined;
  let offset = content?.length ?? 0;
  if (exists) for (const l of firstLines(content!, t)) at(startMs, l);
  else if (t.retry) at(startMs, `tail: can't open '${t.path}': No such file or directory`);
  // What the writer does after the tail started: its writes outside the loop, then its rounds'.
  const later = w.program.files.filter((e) => e.path === w.path).map((e) => ({ ...e, atMs: w.startMs + e.atMs }));
  const from = roundAt(w, startMs);
  const events = [...later, ...(w.program.loop ? roundWrites(w, Math.max(1, from), roundAt(w, endMs)) : [])]
    .filter((e) => e.atMs > startMs && pollAt(e.atMs) <= endMs)
    .sort((a, b) => a.atMs - b.atMs);
  let pending = '';
  const read = (ms: number, text: string) => {
    const parts = (pending + text).split('\n');
    pending = parts.pop()!;
    for (const p of parts) at(pollAt(ms), p);
  };
  for (const e of events) {
    if (e.content === undefined) {
      if (exists && t.retry) at(pollAt(e.atMs), `tail: ${t.path} has become inaccessible: No such file or directory`);
      exists = false; offset = 0; content = undefined;
      continue;
    }
    if (!exists) {
      if (t.retry) at(pollAt(e.atMs), `tail: ${t.path} has appeared; following end of new file`);
      exists = true;
      read(e.atMs, e.content);
    } else if (e.appended !== undefined) read(e.atMs, e.appended);
    else read(e.atMs, e.content.length < offset ? e.content : e.content.slice(offset));
    content = e.appended !== undefined ? (content ?? '') + e.appended : e.content;
    offset = e.appended !== undefined ? offset + e.appended.length : e.content.length;
  }
  return out;
}
