/**
 * etcd-data-dir: where a control plane's etcd keeps its data, as its static pod says — the
 * hostPath of the volume kubeadm names etcd-data. The exam restores a backup by pointing
 * that hostPath at the directory `etcdutl snapshot restore --data-dir` made.
 */
import type { KubeObject } from '../api/meta';
import { parseManifest } from '../kubelet/static-pods';

/** ETCD_MANIFEST is the etcd static pod's file in the manifests folder. */
export const ETCD_MANIFEST = 'etcd.yaml';
/** DEFAULT_ETCD_DATA_DIR is kubeadm's data directory: the cluster's own state lives there. */
export const DEFAULT_ETCD_DATA_DIR = '/var/lib/etcd';
/** META_ETCD_DATA_DIR records the data directory the cluster's state came from ('' or absent: kubeadm's). */
export const META_ETCD_DATA_DIR = 'etcd.data-dir';

/** etcdDataDir is the etcd-data volume's hostPath in etcd's manifest text; undefined when there is none to read. */
export function etcdDataDir(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const pod = parseManifest(text, ETCD_MANIFEST);
  if (typeof pod === 'string') return undefined;
  const vols: { name?: string; hostPath?: { path?: string } }[] = (pod as KubeObject).spec?.volumes ?? [];
  const p = vols.find((v) => v.name === 'etcd-data')?.hostPath?.path;
  // etcd reads the path the way the kernel resolves it: a trailing slash names the same folder.
  return p ? p.replace(/\/+$/, '') || '/' : undefined;
}

/** EtcdDataChange is what repointing etcd-data does: restore the state from a data dir, or leave etcd crash-looping. */
export type EtcdDataChange = { restoreFrom: string } | { crashLoop: string } | { back: true };

/**
 * etcdDataChange judges a new etcd-data hostPath against the one the state came from. hasDb
 * says whether a node path holds a restored database (member/snap/db). kubeadm's own folder
 * is the live state; any other folder without a database leaves etcd nothing to serve.
 */
export function etcdDataChange(now: string, current: string, hasDb: (nodePath: string) => boolean): EtcdDataChange | undefined {
  if (now === current) return undefined;
  if (hasDb(now)) return { restoreFrom: now };
  if (now === DEFAULT_ETCD_DATA_DIR) return { back: true };
  return { crashLoop: now };
}
