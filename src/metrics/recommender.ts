/**
 * recommender: requests from observed use, as the VPA recommender computes its target
 * (vertical-pod-autoscaler/pkg/recommender/logic/recommender.go): CPU at a percentile of the
 * decaying CPU histogram, memory at the peak, each raised by a 15 % safety margin and to the
 * pod minimum (25m, 250Mi) shared evenly among the pod's containers.
 * kubemu: only the window's slots count (`--window`); memory is the highest hourly peak in it.
 */
import { CPU_HISTOGRAM, MEMORY_HISTOGRAM, decayFactor, findBucket, bucketStart, numBuckets, percentile, type SparseHistogram } from './decaying-histogram';
import { SLOT_MS, type ContainerHistory } from './usage-history';

/** SAFETY_MARGIN is --recommendation-margin-fraction. */
export const SAFETY_MARGIN = 0.15;
/** POD_MIN_CPU_MILLI and POD_MIN_MEMORY_BYTES are --pod-recommendation-min-cpu-millicores and -min-memory-mb. */
export const POD_MIN_CPU_MILLI = 25;
export const POD_MIN_MEMORY_BYTES = 250 * 1024 * 1024;

/** Recommendation is one container's recommended requests. */
export interface Recommendation { cpuMilli: number; memoryBytes: number }

/** RecommendOptions: the CPU percentile (0–1), the window and the time it ends. */
export interface RecommendOptions { percentile: number; windowMs: number; nowMs: number }

/** windowSlots are the slot indexes the window covers. */
function inWindow(slot: number, o: RecommendOptions): boolean {
  return (slot + 1) * SLOT_MS > o.nowMs - o.windowMs && slot * SLOT_MS <= o.nowMs;
}

/** hasSamples says whether a container has any sample in the window. */
export function hasSamples(h: ContainerHistory, o: RecommendOptions): boolean {
  return Object.keys(h.cpu).some((s) => inWindow(Number(s), o));
}

/** cpuPercentile merges the window's slots, each decayed from its middle to now, and takes the percentile. */
export function cpuPercentile(h: ContainerHistory, o: RecommendOptions): number {
  const merged: SparseHistogram = {};
  for (const [s, hist] of Object.entries(h.cpu)) {
    const slot = Number(s);
    if (!inWindow(slot, o)) continue;
    const f = decayFactor(slot * SLOT_MS + SLOT_MS / 2, o.nowMs);
    for (const [b, w] of Object.entries(hist)) merged[Number(b)] = (merged[Number(b)] ?? 0) + w * f;
  }
  return percentile(merged, CPU_HISTOGRAM, o.percentile);
}

/** memoryPeak is the highest peak in the window, at the end of its histogram bucket as the VPA reports it. */
export function memoryPeak(h: ContainerHistory, o: RecommendOptions): number {
  let peak = 0;
  for (const [s, v] of Object.entries(h.memoryPeak)) if (inWindow(Number(s), o) && v > peak) peak = v;
  if (!peak) return 0;
  const b = findBucket(MEMORY_HISTOGRAM, peak);
  return b < numBuckets(MEMORY_HISTOGRAM) - 1 ? bucketStart(MEMORY_HISTOGRAM, b + 1) : bucketStart(MEMORY_HISTOGRAM, b);
}

/** recommend is a container's target: use plus the margin, at least its share of the pod minimum. */
export function recommend(h: ContainerHistory, containers: number, o: RecommendOptions): Recommendation {
  const share = 1 / Math.max(1, containers);
  const cpu = Math.max(cpuPercentile(h, o) * (1 + SAFETY_MARGIN), POD_MIN_CPU_MILLI * share);
  const memory = Math.max(memoryPeak(h, o) * (1 + SAFETY_MARGIN), POD_MIN_MEMORY_BYTES * share);
  // Quantities as the VPA writes them: whole millicores, whole bytes rounded up.
  return { cpuMilli: Math.ceil(cpu), memoryBytes: Math.ceil(memory) };
}
