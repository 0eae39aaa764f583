/**
 * image-overrides: images a user told the emulated registry about with `kubemu image` —
 * some marked missing (their pulls fail as a missing tag does), some present (pullable even
 * if the catalogue does not know them). Kept in the ConfigMap kube-system/kubemu-images.
 */
import type { ApiClient } from '../apiserver/client';
import type { KubeObject } from '../api/meta';
import type { ConfigMap } from '../api/types/kinds';
import { normalizeImage } from './images';

export const IMAGES_CONFIGMAP = 'kubemu-images';
export const IMAGES_NAMESPACE = 'kube-system';

/** ImageOverrides are normalized image references ("docker.io/library/nginx:1.27"). */
export interface ImageOverrides { missing: ReadonlySet<string>; present: ReadonlySet<string> }

const lines = (text: unknown): string[] => (typeof text === 'string' ? text.split('\n').filter(Boolean) : []);

/** overridesOf reads the overrides from the ConfigMap (none if it does not exist). */
export function overridesOf(cm: KubeObject | undefined): ImageOverrides {
  const data = (cm as ConfigMap | undefined)?.data;
  return { missing: new Set(lines(data?.missing)), present: new Set(lines(data?.present)) };
}

/** readImageOverrides fetches the overrides through the API. */
export function readImageOverrides(api: ApiClient): ImageOverrides {
  return overridesOf(api.tryGet({ kind: 'ConfigMap', namespace: IMAGES_NAMESPACE, name: IMAGES_CONFIGMAP }));
}

/** withOverride returns the ConfigMap data after marking images missing, present, or neither (reset). */
export function withOverride(cm: KubeObject | undefined, images: readonly string[], mark: 'missing' | 'present' | 'reset'): Record<string, string> {
  const { missing, present } = overridesOf(cm);
  const m = new Set(missing);
  const p = new Set(present);
  for (const image of images.map(normalizeImage)) {
    m.delete(image);
    p.delete(image);
    if (mark === 'missing') m.add(image);
    if (mark === 'present') p.add(image);
  }
  const data: Record<string, string> = {};
  if (m.size) data.missing = [...m].sort().join('\n') + '\n';
  if (p.size) data.present = [...p].sort().join('\n') + '\n';
  return data;
}
