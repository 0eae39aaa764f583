/**
 * imagelocality: the ImageLocality score plugin — prefers nodes that already hold the pod's
 * images, weighting each image's size by how widely it is spread (to avoid piling pods on the
 * few nodes that have it). Mirrors kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/imagelocality/image_locality.go.
 */

import type { KubeObject } from '../../../api/meta';
import { type CycleState, type NodeInfo, type NodeScores, type ScorePlugin, type Snapshot, MAX_NODE_SCORE, normalizedImageName } from '../../framework';
import { HAS_IMAGES } from '../../node-figures';

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

/** podImageNames lists the normalized images of the pod's init containers and containers (those that name one). */
export function podImageNames(pod: KubeObject): string[] {
  const spec = pod.spec ?? {};
  const out: string[] = [];
  for (const c of spec.initContainers ?? []) if (c?.image) out.push(normalizedImageName(c.image));
  for (const c of spec.containers ?? []) if (c?.image) out.push(normalizedImageName(c.image));
  return out;
}

/** sumImageScores sums size × (nodes with image / all nodes) over the given images present on node. */
export function sumImageScores(images: readonly string[], node: NodeInfo, snapshot: Snapshot): number {
  const total = snapshot.nodeInfos.length;
  let sum = 0;
  for (const name of images) {
    const size = node.imageSizes.get(name);
    if (size === undefined) continue;
    const spread = (snapshot.imageNodeCount.get(name) ?? 0) / total;
    sum += Math.trunc(size * spread);
  }
  return sum;
}

/** numContainers counts init containers and containers (calculatePriority's scale). */
function numContainers(pod: KubeObject): number {
  return (pod.spec?.initContainers?.length ?? 0) + (pod.spec?.containers?.length ?? 0);
}

/** imageLocality is the ImageLocality plugin (no normalization: the score is already 0..100). */
export const imageLocality = {
  name: NAME,
  score(state: CycleState, pod: KubeObject, node: NodeInfo): number {
    // A node reporting no images scores 0 (calculatePriority of a zero sum) without looking at the pod.
    if (node.imageSizes.size === 0) return 0;
    const n = numContainers(pod);
    return n === 0 ? 0 : calculatePriority(sumImageScores(podImageNames(pod), node, state.snapshot), n);
  },
  scoreNodes(state: CycleState, pod: KubeObject, nodes: readonly NodeInfo[], scores: NodeScores): void {
    const n = numContainers(pod);
    const images = n === 0 ? [] : podImageNames(pod);
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!;
      scores[i] = n === 0 || (node.figures.flags[node.slot]! & HAS_IMAGES) === 0 ? 0 : calculatePriority(sumImageScores(images, node, state.snapshot), n);
    }
  },
} satisfies ScorePlugin;
