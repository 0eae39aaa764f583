/**
 * file-stats: who owns a container's files, their mode and time, as `ls -l` shows them — from
 * the pod's volumes and securityContext, the way the kubelet and the runtime set them up:
 *  - a ConfigMap, Secret, projected or downward API volume holds each key as a symlink into its
 *    `..data` link to a timestamped folder (`key -> ..data/key`, atomic-writer.ts); the volume is emptyDir-like (ConfigMap, downward
 *    API: drwxrwxrwx) or a tmpfs (Secret, projected: drwxrwxrwt), with an fsGroup that group's
 *    and set-group-ID, as the kubelet's SetVolumeOwnership leaves a folder;
 *  - an emptyDir is drwxrwxrwx, or with an fsGroup drwxrwsrwx and that group, so what the
 *    container writes there takes the fsGroup (the set-group-ID folder);
 *  - what the container writes elsewhere is its user's and group's, -rw-r--r-- (umask 022), a
 *    folder it makes drwxr-xr-x;
 *  - the image's files and the kubelet's (/etc/hosts, /etc/hostname, /etc/resolv.conf) are
 *    root's, -rw-r--r--, /tmp drwxrwxrwt, /root drwx------.
 * Times: volumes as the pod started, the image's files as the container did, a write as it
 * happened. kubemu: a file an earlier exec wrote shows the container's start (the writable
 * layer keeps contents, not times).
 */
import type { KubeObject } from '../api/meta';
import type { ProcessUser } from './shell-system';
import { DATA_LINK, dataDir } from './atomic-writer';

/** FileStat is what `ls -l` shows of a path besides its size: the mode string, owner, group, time, and a symlink's target. */
export interface FileStat { mode: string; uid: number; gid: number; mtimeMs: number; link?: string }

/**
 * StatOf tells a path's FileStat. kind: a file, a folder the files imply, or one made as such
 * (mkdir); writtenAtMs is when the running process wrote it, if it did.
 */
export type StatOf = (path: string, kind: 'file' | 'dir' | 'made-dir', writtenAtMs?: number) => FileStat;

interface Mount { path: string; kind: 'keys' | 'tmpfs-keys' | 'emptyDir' | 'other'; subPath: boolean; dataDir: string }

/** containerFileStats is the StatOf of a container's files: started holds the files it started with (the image's, the kubelet's, its volumes'). */
export function containerFileStats(pod: KubeObject, spec: KubeObject['spec'], user: ProcessUser, startMs: number, started: Record<string, string>): StatOf {
  const podStartMs = Date.parse(pod.status?.startTime ?? '') || startMs;
  const fsGroup: number | undefined = pod.spec?.securityContext?.fsGroup;
  // Read on first use: every container start makes one, and few list their files.
  let mounts: Mount[] | undefined;
  const mountOf = (path: string): Mount | undefined => (mounts ??= mountsOf(pod, spec)).find((m) => path === m.path || path.startsWith(`${m.path}/`));
  const withGroup = (gid: number) => (fsGroup !== undefined ? fsGroup : gid);
  return (path, kind, writtenAtMs) => {
    const isDir = kind !== 'file';
    const m = mountOf(path);
    if (m && !m.subPath && (m.kind === 'keys' || m.kind === 'tmpfs-keys')) {
      if (path === m.path) return { mode: `drwxrw${fsGroup !== undefined ? 's' : 'x'}rw${m.kind === 'keys' ? 'x' : 't'}`, uid: 0, gid: withGroup(0), mtimeMs: podStartMs };
      const top = path.slice(m.path.length + 1).split('/')[0]!;
      // The keys' timestamped folder, `..data` linking to it, and each key linking into `..data` (atomic-writer.ts).
      if (path === `${m.path}/${top}` && top === DATA_LINK) return { mode: 'lrwxrwxrwx', uid: 0, gid: 0, mtimeMs: podStartMs, link: m.dataDir };
      if (path === `${m.path}/${top}` && top === m.dataDir) return { mode: 'drwxr-xr-x', uid: 0, gid: withGroup(0), mtimeMs: podStartMs };
      if (path === `${m.path}/${top}`) return { mode: 'lrwxrwxrwx', uid: 0, gid: 0, mtimeMs: podStartMs, link: `${DATA_LINK}/${top}` };
      return { mode: isDir ? 'drwxr-xr-x' : '-rw-r--r--', uid: 0, gid: withGroup(0), mtimeMs: podStartMs };
    }
    if (m?.kind === 'emptyDir' && path === m.path) return { mode: fsGroup !== undefined ? 'drwxrwsrwx' : 'drwxrwxrwx', uid: 0, gid: withGroup(0), mtimeMs: podStartMs };
    const written = writtenAtMs !== undefined || (kind === 'file' && started[path] === undefined) || (kind === 'made-dir' && started[`${path}/`] === undefined);
    if (written) {
      const inFsGroupDir = m?.kind === 'emptyDir' && fsGroup !== undefined;
      const gid = inFsGroupDir ? fsGroup : user.gid;
      return { mode: isDir ? (inFsGroupDir ? 'drwxr-sr-x' : 'drwxr-xr-x') : '-rw-r--r--', uid: user.uid, gid, mtimeMs: writtenAtMs ?? startMs };
    }
    const timeMs = m ? podStartMs : startMs;
    if (!isDir) return { mode: '-rw-r--r--', uid: 0, gid: 0, mtimeMs: timeMs };
    return { mode: path === '/tmp' ? 'drwxrwxrwt' : path === '/root' ? 'drwx------' : 'drwxr-xr-x', uid: 0, gid: 0, mtimeMs: timeMs };
  };
}

/** mountPointsOf is where the container's volumes are mounted (a subPath mount is a file, not a folder). */
export function mountPointsOf(spec: KubeObject['spec']): string[] {
  return ((spec?.volumeMounts ?? []) as { mountPath: string; subPath?: string }[]).filter((m) => !m.subPath).map((m) => m.mountPath.replace(/\/+$/, '') || '/');
}

/** standingFoldersOf are the folders a container has even while empty: its mount points and its working directory, which the runtime makes. */
export function standingFoldersOf(spec: KubeObject['spec']): string[] {
  const folders = mountPointsOf(spec);
  const wd = typeof spec?.workingDir === 'string' ? spec.workingDir.replace(/\/+$/, '') : '';
  if (wd.startsWith('/')) folders.push(wd);
  return folders;
}

/** mountsOf is the container's volume mounts by kind, the deepest first (a path belongs to its innermost mount). */
function mountsOf(pod: KubeObject, spec: KubeObject['spec']): Mount[] {
  const volumes: Record<string, any>[] = pod.spec?.volumes ?? [];
  const out: Mount[] = [];
  for (const vm of (spec?.volumeMounts ?? []) as { name: string; mountPath: string; subPath?: string }[]) {
    const v = volumes.find((x) => x.name === vm.name);
    if (!v) continue;
    const kind: Mount['kind'] = v.configMap || v.downwardAPI ? 'keys' : v.secret || v.projected ? 'tmpfs-keys' : v.emptyDir ? 'emptyDir' : 'other';
    out.push({ path: vm.mountPath.replace(/\/+$/, '') || '/', kind, subPath: !!vm.subPath, dataDir: dataDir(pod, vm.name) });
  }
  return out.sort((a, b) => b.path.length - a.path.length);
}
