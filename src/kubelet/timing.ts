/**
 * timing: how long the emulated runtime takes — image pulls from image size, container
 * creation — with per-pod jitter derived from the pod's uid, so no extra state is kept
 * and the same seed replays the same timings.
 */

/** PULL_BYTES_PER_SECOND is the emulated registry bandwidth. */
export const PULL_BYTES_PER_SECOND = 25_000_000;
/** PULL_OVERHEAD_MS covers manifest resolution and unpacking. */
export const PULL_OVERHEAD_MS = 400;
/** CREATE_START_MS is the time from image ready to container started. */
export const CREATE_START_MS = 300;

/** jitter returns a stable fraction in [0, 1) for a string. */
export function jitter(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h / 4294967296;
}

/** pullDurationMs is the emulated pull time of an image of sizeBytes, varied ±20% by the seed string. */
export function pullDurationMs(sizeBytes: number, seed: string): number {
  const base = PULL_OVERHEAD_MS + (sizeBytes / PULL_BYTES_PER_SECOND) * 1000;
  return Math.round(base * (0.8 + 0.4 * jitter(seed)));
}

/** BACKOFF_INITIAL_MS and BACKOFF_MAX_MS bound the kubelet's restart and image-pull back-off (10s doubling to 5m; see backoff.ts). */
export const BACKOFF_INITIAL_MS = 10_000;
export const BACKOFF_MAX_MS = 300_000;
/** SYNC_DELAY_MS is how long after a container exits the kubelet's next pod sync acts on it (PLEG relist). */
export const SYNC_DELAY_MS = 1000;
/** PULL_FAIL_MS is how long a failing pull takes to fail (resolving the reference). */
export const PULL_FAIL_MS = 1200;
/** PULL_BACKOFF_REPORT_MS is when, after a failed pull, the next sync reports ImagePullBackOff. */
export const PULL_BACKOFF_REPORT_MS = 1000;
