/**
 * imagelocality: the ImageLocality score plugin — prefers nodes that already hold the pod's
 * images, weighting each image's size by how widely it is spread (to avoid piling pods on the
 * few nodes that have it). Mirrors kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/imagelocality/image_locality.go.
 */

import type { KubeObject } from '../../../api/meta';
import { type CycleState, type NodeInfo, type ScorePlugin, type Snapshot, MAX_NODE_SCORE, normalizedImageName } from '../../framework';

/** NAME is the plugin name. */
export const NAME = 'ImageLocality';

const MB = 1024 * 1024;
/** MIN_THRESHOLD is the image-size sum below which the score is 0 (23 MB). */
export const MIN_THRESHOLD = 23 * MB;
/** MAX_CONTAINER_THRESHOLD is the per-container size at which the score saturates (1000 MB). */
export const MAX_CONTAINER_THRESHOLD = 1000 * MB;

/** calculatePriority maps the scaled image-size sum to 0..100 between the thresholds (integer division). */
export function calculatePriority(sumScores: number, numContainers: number): number {
  const maxThreshold = MAX_CONTAINER_THRESHOLD * numContainers;
  const s = sumScores < MIN_THRESHOLD ? MIN_THRESHOLD : sumScores > maxThreshold ? maxThreshold : sumScores;
  return Math.trunc((MAX_NODE_SCORE * (s - MIN_THRESHOLD)) / (maxThreshold - MIN_THRESHOLD));
}

/** sumImageScores sums size × (nodes with image / all nodes) over the pod's (init) container images present on node. */
export function sumImageScores(pod: KubeObject, node: NodeInfo, snapshot: Snapshot): number {
  const total = snapshot.nodeInfos.length;
  let sum = 0;
  const spec = pod.spec ?? {};
  for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    if (!c?.image) continue;
    const name = normalizedImageName(c.image);
    const size = node.imageSizes.get(name);
    if (size === undefined) continue;
    const spread = (snapshot.imageNodeCount.get(name) ?? 0) / total;
    sum += Math.trunc(size * spread);
  }
  return sum;
}

/** imageLocality is the ImageLocality plugin (no normalization: the score is already 0..100). */
export const imageLocality = {
  name: NAME,
  score(state: CycleState, pod: KubeObject, node: NodeInfo): number {
    // A node reporting no images scores 0 (calculatePriority of a zero sum) without looking at the pod.
    if (node.imageSizes.size === 0) return 0;
    const spec = pod.spec ?? {};
    const numContainers = (spec.initContainers?.length ?? 0) + (spec.containers?.length ?? 0);
    if (numContainers === 0) return 0;
    return calculatePriority(sumImageScores(pod, node, state.snapshot), numContainers);
  },
} satisfies ScorePlugin;
