/**
 * read-only-paths: where a container may not write. `readOnlyRootFilesystem: true` makes the
 * root filesystem read-only, leaving only the container's writable volume mounts (emptyDir,
 * claims, hostPath …); a mount with `readOnly: true`, and ConfigMap, Secret, downward API and
 * projected volumes (which the kubelet always mounts read-only), refuse writes whatever the
 * root does. A write there fails with the kernel's EROFS, "Read-only file system".
 */
import type { KubeObject } from '../api/meta';

/** READ_ONLY_FILE_SYSTEM is strerror(EROFS). */
export const READ_ONLY_FILE_SYSTEM = 'Read-only file system';

/** ReadOnlyPaths says which paths refuse writes; absent when every path may be written. */
export interface ReadOnlyPaths {
  /** root: the root filesystem is read-only (only writableMounts take writes). */
  readonly root: boolean;
  readonly writableMounts: readonly string[];
  readonly readOnlyMounts: readonly string[];
}

const ALWAYS_READ_ONLY = ['configMap', 'secret', 'downwardAPI', 'projected'];

/** readOnlyPathsOf reads a container's securityContext and mounts; undefined when nothing is read-only. */
export function readOnlyPathsOf(pod: KubeObject, c: KubeObject['spec']): ReadOnlyPaths | undefined {
  const root = c?.securityContext?.readOnlyRootFilesystem === true;
  const writableMounts: string[] = [];
  const readOnlyMounts: string[] = [];
  for (const m of (c?.volumeMounts ?? []) as { name: string; mountPath: string; readOnly?: boolean }[]) {
    const vol = (pod.spec?.volumes ?? []).find((v: { name: string }) => v.name === m.name) as Record<string, unknown> | undefined;
    const path = m.mountPath.replace(/\/+$/, '') || '/';
    if (m.readOnly || (vol && ALWAYS_READ_ONLY.some((k) => vol[k] != null))) readOnlyMounts.push(path);
    else writableMounts.push(path);
  }
  return root || readOnlyMounts.length ? { root, writableMounts, readOnlyMounts } : undefined;
}

const under = (path: string, dir: string): boolean => dir === '/' || path === dir || path.startsWith(`${dir}/`);

/** isReadOnly says whether a write to path fails; the deepest mount containing it decides. */
export function isReadOnly(paths: ReadOnlyPaths | undefined, path: string): boolean {
  if (!paths || path.startsWith('/dev/')) return false;
  const p = path.replace(/\/+$/, '');
  let best = -1;
  let readOnly = paths.root;
  for (const m of paths.writableMounts) if (under(p, m) && m.length > best) { best = m.length; readOnly = false; }
  for (const m of paths.readOnlyMounts) if (under(p, m) && m.length > best) { best = m.length; readOnly = true; }
  return readOnly;
}
