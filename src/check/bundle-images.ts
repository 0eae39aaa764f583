/**
 * bundle-images: every container image a bundle names (in pods, pod templates, CronJob job
 * templates — anything with `containers`, `initContainers` or `ephemeralContainers`), for
 * `--images-allow-any`, which tells the emulated registry they all exist.
 */
import type { BundleDoc } from './model';

const CONTAINER_LISTS = ['containers', 'initContainers', 'ephemeralContainers'];

/** bundleImages lists the distinct images of the documents, in first-seen order. */
export function bundleImages(docs: readonly BundleDoc[]): string[] {
  const seen = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) { for (const x of v) walk(x); return; }
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (CONTAINER_LISTS.includes(k) && Array.isArray(x)) {
        for (const c of x) if (c && typeof c === 'object' && typeof (c as { image?: unknown }).image === 'string') seen.add((c as { image: string }).image);
      }
      walk(x);
    }
  };
  for (const d of docs) walk(d.object);
  return [...seen];
}
