/**
 * cp: kubectl cp SRC DEST — copies files and directories between the local filesystem and a
 * container, over the same view of the container's files that exec has (containerView in
 * exec.ts: the image's and standard files under the writable layer), and into that same
 * writable layer (bounded by WRITABLE_LAYER_BYTES, past which the copy fails as a full disk).
 * Mirrors kubernetes/kubectl pkg/cmd/cp/cp.go (v0.32): kubectl runs `tar -xmf - -C DIR` /
 * `tar cf - PATH` in the container, in the words of the image's tar (kubelet/shell-tar: busybox,
 * or GNU tar in Debian-based images). Copying in, tar's stderr is kubectl's and a failure ends
 * with `command terminated with exit code N` and tar's status; copying out, kubectl sends tar's
 * stderr to its stdout, and returns once the archive has ended, before the exit status reaches
 * it (0, as kubectl 1.32 through kubemu serve shows).
 * kubemu: contents are byte strings (api/byte-string), so any file copies byte for byte; modes
 * and ownership are not kept.
 */
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import type { KubeObject } from '../../api/meta';
import { notFound } from '../../apiserver/errors';
import { serverSide } from '../../apiserver/authorization';
import { ROOT_DIRS, processUser } from '../../kubelet/shell-system';
import { containerFileStats, standingFoldersOf, type StatOf } from '../../kubelet/file-stats';
import { isFolder } from '../../kubelet/shell-ls';
import { WRITABLE_LAYER_BYTES, diffLayer, layerBytes } from '../../kubelet/filesystem';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError } from '../errors';
import { goPathErrorText } from '../go-path-error';
import { containerView, runningContainer, saveLayer, terminated, type LayerWrite } from './exec';
import { makeDirs } from '../../cluster/make-dirs';
import { tarWords } from '../../kubelet/shell-tar';
import { imageInfo } from '../../kubelet/images';
import { bytesToText, textToBytes } from '../../api/byte-string';

export const ERR_ARGS = 'source and destination are required';
export const ERR_NEED_LOCAL = 'one of src or dest must be a local file specification';
export const ERR_NEED_REMOTE = 'one of src or dest must be a remote file specification';
export const ERR_EMPTY_PATH = 'filepath can not be empty';
export const ERR_FILESPEC = 'filespec must match the canonical format: [[namespace/]pod:]file/path';
/** localMissing is copyToPod's refusal of a local source that is not there. */
export const localMissing = (p: string): string => `${p} doesn't exist in local filesystem`;
/** tarCannotWrite is GNU tar's line for a member it could not write (kubemu says it for busybox's tar too). */
export const tarCannotWrite = (member: string): string => `tar: ${member}: Cannot write: No space left on device`;

/** LONG is kubectl's description and examples, as its --help prints them. */
const LONG = `Copy files and directories to and from containers.

Examples:
  # !!!Important Note!!!
  # Requires that the 'tar' binary is present in your container
  # image.  If 'tar' is not present, 'kubectl cp' will fail.
  #
  # For advanced use cases, such as symlinks, wildcard expansion or
  # file mode preservation, consider using 'kubectl exec'.
  
  # Copy /tmp/foo local file to /tmp/bar in a remote pod in namespace <some-namespace>
  tar cf - /tmp/foo | kubectl exec -i -n <some-namespace> <some-pod> -- tar xf - -C /tmp/bar
  
  # Copy /tmp/foo from a remote pod to /tmp/bar locally
  kubectl exec -n <some-namespace> <some-pod> -- tar cf - /tmp/foo | tar xf - -C /tmp/bar
  
  # Copy /tmp/foo_dir local directory to /tmp/bar_dir in a remote pod in the default namespace
  kubectl cp /tmp/foo_dir <some-pod>:/tmp/bar_dir
  
  # Copy /tmp/foo local file to /tmp/bar in a remote pod in a specific container
  kubectl cp /tmp/foo <some-pod>:/tmp/bar -c <specific-container>
  
  # Copy /tmp/foo local file to /tmp/bar in a remote pod in namespace <some-namespace>
  kubectl cp /tmp/foo <some-namespace>/<some-pod>:/tmp/bar
  
  # Copy /tmp/foo from a remote pod to /tmp/bar locally
  kubectl cp <some-namespace>/<some-pod>:/tmp/foo /tmp/bar`;

interface FileSpec { namespace?: string; pod?: string; file: string }

/** extractFileSpec is cp.go's: [[namespace/]pod:]file/path. */
export function extractFileSpec(arg: string): FileSpec {
  const i = arg.indexOf(':');
  if (i === 0) throw new CliError(ERR_FILESPEC);
  if (i < 0) return { file: arg };
  const pieces = arg.slice(0, i).split('/');
  const file = arg.slice(i + 1);
  if (pieces.length === 1) return { pod: pieces[0], file };
  if (pieces.length === 2) return { namespace: pieces[0], pod: pieces[1], file };
  throw new CliError(ERR_FILESPEC);
}

/** cpCommand is `kubectl cp`. */
export const cpCommand = defineCommand({
  name: 'cp',
  short: 'Copy files and directories to and from containers',
  long: LONG,
  usage: 'kubectl cp <file-spec-src> <file-spec-dest> [options]',
  flags: [
    { name: 'container', short: 'c', type: 'string', default: '', help: 'Container name. If omitted, use the kubectl.kubernetes.io/default-container annotation for selecting the container to be attached or the first container in the pod will be chosen' },
    { name: 'no-preserve', type: 'bool', default: false, help: "The copied file/directory's ownership and permissions will not be preserved in the container" },
    { name: 'retries', type: 'int', default: 0, help: 'Set number of retries to complete a copy operation from a container. Specify 0 to disable or any negative value for infinite retrying. The default is 0 (no retry).' },
  ],
  run(ctx) {
    if (ctx.args.length !== 2) throw new CliError(ERR_ARGS);
    const src = extractFileSpec(ctx.args[0]!);
    const dest = extractFileSpec(ctx.args[1]!);
    if (src.pod && dest.pod) throw new CliError(ERR_NEED_LOCAL);
    if (!src.pod && !dest.pod) throw new CliError(ERR_NEED_REMOTE);
    if (!src.file || !dest.file) throw new CliError(ERR_EMPTY_PATH);
    return dest.pod ? copyToPod(ctx, src.file, dest) : copyFromPod(ctx, src, dest.file);
  },
});

/** Target is the container a copy reads or writes, and its files as exec sees them. */
interface Target { pod: KubeObject; ns: string; workingDir: string; base: Record<string, string>; files: Record<string, string>; folders: string[]; container: string; containerID: string; stat: StatOf; gnu: boolean }

function target(ctx: CommandContext, spec: FileSpec): Target {
  const cluster = ctx.cluster();
  cluster.catchUp();
  const ns = spec.namespace || ctx.namespace;
  const server = serverSide(cluster.api);
  const now = cluster.clock.nowMs();
  return cluster.read(() => {
    const pod = cluster.api.tryGet({ kind: 'Pod', namespace: ns, name: spec.pod! });
    if (!pod) throw notFound('', 'pods', spec.pod!);
    const { name, spec: cspec, status, startMs } = runningContainer(ctx, cluster.api, pod);
    const view = containerView(pod, cspec, status, startMs, server, now);
    const stat = containerFileStats(pod, cspec, processUser(pod.spec?.securityContext, cspec.securityContext), startMs, view.cfg.files);
    return { pod, ns, workingDir: cspec.workingDir || '/', base: view.base, files: view.files, folders: standingFoldersOf(cspec), container: name, containerID: view.containerID, stat, gnu: imageInfo(cspec.image).shell === 'bash' };
  });
}

/** remotePath resolves a path in the container against its working directory. */
function remotePath(t: Target, p: string): string {
  const abs = nodePath.posix.resolve(t.workingDir, p);
  return abs.length > 1 ? abs.replace(/\/+$/, '') : abs;
}

/** isRemoteDir says a path is a folder in the container, as its shell's ls sees it. */
function isRemoteDir(t: Target, p: string): boolean {
  return isFolder({ files: new Map(Object.entries(t.files)), rootEntries: ROOT_DIRS, mountPoints: t.folders }, p);
}

/** linkOn is the first link on the way from the copied folder to a file (the file itself included), if any. */
function linkOn(t: Target, prefix: string, file: string): { path: string; target: string } | undefined {
  const parts = file.slice(prefix.length).split('/');
  for (let i = 1; i <= parts.length; i++) {
    const p = prefix + parts.slice(0, i).join('/');
    const target = t.stat(p, i === parts.length ? 'file' : 'dir').link;
    if (target !== undefined) return { path: p, target };
  }
  return undefined;
}

/** failTar prints what tar printed copying in, and kubectl's line for its exit; tar's status is kubectl's. */
function failTar(ctx: CommandContext, lines: string[], status: number): number {
  ctx.io.err(`${[...lines, terminated(status)].join('\n')}\n`);
  return status;
}

/** localFiles reads a local file, or a directory's files, keyed by their path under it ('' for a file). */
function localFiles(p: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (abs: string, rel: string): void => {
    const st = fs.statSync(abs);
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(abs).sort()) walk(nodePath.join(abs, e), rel ? `${rel}/${e}` : e);
    } else if (st.isFile()) out[rel] = bytesToText(fs.readFileSync(abs));
  };
  walk(p, '');
  return out;
}

function copyToPod(ctx: CommandContext, srcFile: string, dest: FileSpec): number {
  const local = nodePath.resolve(ctx.cwd, srcFile);
  if (!fs.existsSync(local)) throw new CliError(localMissing(srcFile));
  const t = target(ctx, dest);
  let destPath = remotePath(t, dest.file);
  // cp.go: a destination that is a directory in the container receives the source under its own name.
  if (isRemoteDir(t, destPath)) destPath = nodePath.posix.join(destPath, nodePath.basename(local));
  // tar -C the destination's folder: one that is not there fails the copy.
  const folder = nodePath.posix.dirname(destPath);
  if (!isRemoteDir(t, folder)) return failTar(ctx, tarWords(t.gnu).cannotChdir(folder), tarWords(t.gnu).status);
  const files = { ...t.files };
  const member = nodePath.posix.basename(destPath);
  for (const [rel, content] of Object.entries(localFiles(local))) {
    const p = rel ? `${destPath}/${rel}` : destPath;
    if (layerBytes(diffLayer(t.base, { ...files, [p]: content })) > WRITABLE_LAYER_BYTES) {
      return failTar(ctx, [tarCannotWrite(rel ? `${member}/${rel}` : member), tarWords(true).failedLater], tarWords(true).status);
    }
    files[p] = content;
  }
  const layer = diffLayer(t.base, files);
  if (JSON.stringify(layer) !== JSON.stringify(diffLayer(t.base, t.files))) {
    const w: LayerWrite = { pod: t.pod.metadata.name ?? '', uid: t.pod.metadata.uid ?? '', container: t.container, containerID: t.containerID, files: layer };
    saveLayer(ctx.cluster(), t.ns, w);
  }
  return 0;
}

function copyFromPod(ctx: CommandContext, src: FileSpec, destFile: string): number {
  const t = target(ctx, src);
  const srcPath = remotePath(t, src.file);
  const words = tarWords(t.gnu);
  // tar's stderr is kubectl's stdout here (its TarPipe), and its exit status arrives too late to count.
  const notices = src.file.startsWith('/') ? [words.leadingSlash] : [];
  const dest = nodePath.resolve(ctx.cwd, destFile);
  if (t.files[srcPath] !== undefined) {
    if (notices.length) ctx.io.out(`${notices.join('\n')}\n`);
    writeLocal(dest, destFile, t.files[srcPath]!);
    return 0;
  }
  if (srcPath !== '/' && !isRemoteDir(t, srcPath)) {
    ctx.io.out(`${[...notices, words.cannotStat(src.file), words.failedLater].join('\n')}\n`);
    return 0;
  }
  if (notices.length) ctx.io.out(`${notices.join('\n')}\n`);
  const prefix = srcPath === '/' ? '/' : `${srcPath}/`;
  mkdirLocal(dest, destFile);
  // tar archives a link as a link (a volume's `..data`, its keys) and kubectl skips each, with a warning.
  const warned = new Set<string>();
  for (const k of Object.keys(t.files).filter((f) => f.startsWith(prefix)).sort()) {
    const link = linkOn(t, prefix, k);
    if (link) {
      if (warned.has(link.path)) continue;
      const shown = JSON.stringify(nodePath.join(destFile, link.path.slice(prefix.length)));
      const hint = warned.size ? '' : ` (consider using "kubectl exec -n ${JSON.stringify(t.ns)} ${JSON.stringify(t.pod.metadata.name)} -- tar cf - ${JSON.stringify(src.file)} | tar xf -")`;
      ctx.io.err(`warning: skipping symlink: ${shown} -> ${JSON.stringify(link.target)}${hint}\n`);
      warned.add(link.path);
      continue;
    }
    const out = nodePath.join(dest, k.slice(prefix.length));
    const shown = nodePath.join(destFile, k.slice(prefix.length));
    mkdirLocal(nodePath.dirname(out), nodePath.dirname(shown));
    writeLocal(out, shown, t.files[k]!);
  }
  return 0;
}

/** writeLocal writes a copied file; a failure is kubectl's os.Create error, named by the path as typed. */
function writeLocal(file: string, shown: string, data: string): void {
  try { fs.writeFileSync(file, textToBytes(data)); } catch (e) { throw new CliError(goPathErrorText('open', shown, e)); }
}

/** mkdirLocal makes a copied directory; a failure is kubectl's os.MkdirAll error. */
function mkdirLocal(dir: string, shown: string): void {
  try { makeDirs(dir); } catch (e) { throw new CliError(goPathErrorText('mkdir', shown, e)); }
}
