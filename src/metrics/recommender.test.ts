import { describe, expect, it } from 'vitest';
import { CPU_HISTOGRAM, MEMORY_HISTOGRAM, addSample, bucketStart, decayFactor, findBucket, numBuckets, percentile, type SparseHistogram } from './decaying-histogram';
import { POD_MIN_CPU_MILLI, POD_MIN_MEMORY_BYTES, recommend } from './recommender';
import { SLOT_MS, type ContainerHistory } from './usage-history';

const MI = 1024 * 1024;

describe('exponential histogram', () => {
  it('grows buckets by 5 % from a 10m (1e7 byte) first bucket', () => {
    expect(bucketStart(CPU_HISTOGRAM, 0)).toBe(0);
    expect(bucketStart(CPU_HISTOGRAM, 1)).toBeCloseTo(10);
    expect(bucketStart(CPU_HISTOGRAM, 2)).toBeCloseTo(20.5);
    expect(findBucket(CPU_HISTOGRAM, 9.99)).toBe(0);
    expect(findBucket(CPU_HISTOGRAM, 10)).toBe(1);
    expect(findBucket(CPU_HISTOGRAM, 20.4)).toBe(1);
    expect(findBucket(CPU_HISTOGRAM, 20.6)).toBe(2);
    expect(numBuckets(CPU_HISTOGRAM)).toBe(176);
    expect(findBucket(MEMORY_HISTOGRAM, 1e13)).toBe(numBuckets(MEMORY_HISTOGRAM) - 1);
  });

  it('answers a percentile with the end of the bucket that reaches it', () => {
    const h: SparseHistogram = {};
    for (let v = 1; v <= 100; v++) addSample(h, CPU_HISTOGRAM, v * 10, 1);
    const p95 = percentile(h, CPU_HISTOGRAM, 0.95);
    const b = findBucket(CPU_HISTOGRAM, 950);
    expect(p95).toBeCloseTo(bucketStart(CPU_HISTOGRAM, b + 1));
    expect(p95).toBeGreaterThan(950);
    expect(p95).toBeLessThan(950 * 1.06);
    expect(percentile({}, CPU_HISTOGRAM, 0.5)).toBe(0);
  });

  it('halves a sample weight each day of age', () => {
    expect(decayFactor(0, 24 * 3_600_000)).toBe(0.5);
    expect(decayFactor(0, 48 * 3_600_000)).toBe(0.25);
  });
});

describe('recommend', () => {
  const now = 1000 * SLOT_MS;
  const history = (cpuMilli: number, memoryBytes: number, hours: number): ContainerHistory => {
    const h: ContainerHistory = { cpu: {}, memoryPeak: {} };
    for (let s = 1000 - hours; s < 1000; s++) { h.cpu[s] = {}; addSample(h.cpu[s]!, CPU_HISTOGRAM, cpuMilli, 240); h.memoryPeak[s] = memoryBytes; }
    return h;
  };

  it('adds the 15 % margin to the percentile and the peak', () => {
    const r = recommend(history(400, 300 * MI, 24), 1, { percentile: 0.95, windowMs: 24 * SLOT_MS, nowMs: now });
    const cpuEnd = bucketStart(CPU_HISTOGRAM, findBucket(CPU_HISTOGRAM, 400) + 1);
    const memEnd = bucketStart(MEMORY_HISTOGRAM, findBucket(MEMORY_HISTOGRAM, 300 * MI) + 1);
    expect(r).toEqual({ cpuMilli: Math.ceil(cpuEnd * 1.15), memoryBytes: Math.ceil(memEnd * 1.15) });
  });

  it('raises an idle container to its share of the pod minimum', () => {
    expect(recommend(history(1, 10 * MI, 24), 1, { percentile: 0.95, windowMs: 24 * SLOT_MS, nowMs: now })).toEqual({ cpuMilli: POD_MIN_CPU_MILLI, memoryBytes: POD_MIN_MEMORY_BYTES });
    expect(recommend(history(1, 10 * MI, 24), 2, { percentile: 0.95, windowMs: 24 * SLOT_MS, nowMs: now })).toEqual({ cpuMilli: 13, memoryBytes: POD_MIN_MEMORY_BYTES / 2 });
  });

  it('counts only the window', () => {
    const h = history(100, 100 * MI, 48);
    // A spike two days ago is outside a 24 h window.
    h.cpu[953] = {}; addSample(h.cpu[953]!, CPU_HISTOGRAM, 2000, 240); h.memoryPeak[953] = 2000 * MI;
    const day = recommend(h, 1, { percentile: 1, windowMs: 24 * SLOT_MS, nowMs: now });
    const two = recommend(h, 1, { percentile: 1, windowMs: 48 * SLOT_MS, nowMs: now });
    expect(day.cpuMilli).toBeLessThan(130);
    expect(two.cpuMilli).toBeGreaterThan(2000);
    expect(two.memoryBytes).toBeGreaterThan(2000 * MI);
  });
});
