/**
 * decaying-histogram: the VPA recommender's exponential-bucket histograms
 * (kubernetes/autoscaler vertical-pod-autoscaler/pkg/recommender/util/histogram_options.go,
 * decaying_histogram.go): buckets 5 % wider each, the first 0.01 cores (CPU) or 1e7 bytes
 * (memory) wide; a sample's weight doubles every half-life (24 h) so recent use counts more;
 * a percentile is the end of the bucket where the running weight reaches it.
 * Buckets are sparse (index → weight), so a steady container costs one entry.
 */

/** ExponentialOptions are a histogram's bucket layout. */
export interface ExponentialOptions { maxValue: number; firstBucketSize: number; ratio: number }

/** BUCKET_GROWTH is DefaultHistogramBucketSizeGrowth: each bucket 5 % wider than the last. */
const RATIO = 1.05;
/** EPSILON is the smallest weight kept (0.001 × minSampleWeight). */
export const EPSILON = 0.0001;
/** MIN_SAMPLE_WEIGHT is a CPU sample's least weight (its container's request in cores, at least this). */
export const MIN_SAMPLE_WEIGHT = 0.1;
/** HALF_LIFE_MS is CPUHistogramDecayHalfLife and MemoryHistogramDecayHalfLife. */
export const HALF_LIFE_MS = 24 * 3_600_000;

/** CPU_HISTOGRAM: up to 1000 cores, the first bucket 0.01 cores (values are millicores here). */
export const CPU_HISTOGRAM: ExponentialOptions = { maxValue: 1000 * 1000, firstBucketSize: 10, ratio: RATIO };
/** MEMORY_HISTOGRAM: up to 1e12 bytes, the first bucket 1e7 bytes. */
export const MEMORY_HISTOGRAM: ExponentialOptions = { maxValue: 1e12, firstBucketSize: 1e7, ratio: RATIO };

/** numBuckets is how many buckets cover [0, maxValue]. */
export function numBuckets(o: ExponentialOptions): number {
  return Math.ceil(Math.log((o.maxValue * (o.ratio - 1)) / o.firstBucketSize + 1) / Math.log(o.ratio)) + 1;
}

/** bucketStart is where bucket i begins: firstBucketSize × (ratio^i − 1) / (ratio − 1). */
export function bucketStart(o: ExponentialOptions, i: number): number {
  return (o.firstBucketSize * (Math.pow(o.ratio, i) - 1)) / (o.ratio - 1);
}

/** findBucket is the bucket a value falls in (the last for anything beyond the range). */
export function findBucket(o: ExponentialOptions, value: number): number {
  if (value < o.firstBucketSize) return 0;
  const i = Math.floor(Math.log((value * (o.ratio - 1)) / o.firstBucketSize + 1) / Math.log(o.ratio));
  return Math.min(i, numBuckets(o) - 1);
}

/** SparseHistogram is bucket index → weight. */
export type SparseHistogram = Record<number, number>;

/** addSample adds weight to value's bucket. */
export function addSample(h: SparseHistogram, o: ExponentialOptions, value: number, weight: number): void {
  const i = findBucket(o, value);
  h[i] = (h[i] ?? 0) + weight;
}

/** decayFactor is a sample's weight multiplier at atMs seen from nowMs: halved per half-life of age. */
export function decayFactor(atMs: number, nowMs: number): number {
  return Math.pow(2, (atMs - nowMs) / HALF_LIFE_MS);
}

/**
 * percentile is the end of the bucket where the running weight first reaches p of the total
 * (the last bucket's start for the last), 0 for an empty histogram — upstream's Percentile.
 */
export function percentile(h: SparseHistogram, o: ExponentialOptions, p: number): number {
  const buckets = Object.keys(h).map(Number).filter((i) => h[i]! >= EPSILON).sort((a, b) => a - b);
  if (!buckets.length) return 0;
  const total = buckets.reduce((s, i) => s + h[i]!, 0);
  const threshold = p * total;
  let sum = 0;
  let at = buckets[buckets.length - 1]!;
  for (const i of buckets) {
    sum += h[i]!;
    if (sum >= threshold) { at = i; break; }
  }
  return at < numBuckets(o) - 1 ? bucketStart(o, at + 1) : bucketStart(o, at);
}
