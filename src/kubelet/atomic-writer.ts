/**
 * atomic-writer: how the kubelet lays out a ConfigMap, Secret, downwardAPI or projected volume
 * (pkg/volume/util/atomic_writer.go): the keys are written into a timestamped folder
 * (`..2026_12_04_01_51_03.3285931562`, os.MkdirTemp's pattern with a random number), `..data`
 * links to that folder, and each key at the top is a link into `..data` (`key -> ..data/key`).
 * An update writes a new folder and swaps `..data`, which is why a subPath mount never updates.
 * kubemu: the number is a hash of the pod and the volume, so a run is reproducible; the folder's
 * time is the pod's start.
 */
import type { KubeObject } from '../api/meta';
import { fnv32a } from '../api/fnv32a';

/** DATA_LINK is the link to the folder the keys were last written into. */
export const DATA_LINK = '..data';

/** dataDir is the timestamped folder a volume's keys were written into. */
export function dataDir(pod: KubeObject, volume: string): string {
  const at = new Date(Date.parse(pod.status?.startTime ?? '') || 0).toISOString();
  const stamp = `${at.slice(0, 4)}_${at.slice(5, 7)}_${at.slice(8, 10)}_${at.slice(11, 13)}_${at.slice(14, 16)}_${at.slice(17, 19)}`;
  return `..${stamp}.${fnv32a(`${pod.metadata.uid ?? pod.metadata.name}/${volume}`)}`;
}

/**
 * putKey writes one key as the volume shows it: the key's path at the top (the link, read
 * through), and the same content under `..data/` and the timestamped folder.
 */
export function putKey(files: Record<string, string>, mountPath: string, dir: string, path: string, content: string): void {
  const root = mountPath.replace(/\/+$/, '');
  files[`${root}/${path}`] = content;
  files[`${root}/${DATA_LINK}/${path}`] = content;
  files[`${root}/${dir}/${path}`] = content;
}

/** throughDataLink: the path reaches a key through a volume's `..data` link (walks do not descend links). */
export function throughDataLink(path: string): boolean {
  return path.includes(`/${DATA_LINK}/`);
}
