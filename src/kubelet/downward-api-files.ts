/**
 * downward-api-files: what a downwardAPI volume item (or a projected volume's downwardAPI
 * source) writes — pkg/volume/downwardapi CollectData over pkg/fieldpath. A single field is
 * its value as is; metadata.labels and metadata.annotations are FormatMap's `key="value"`
 * lines, sorted by key, Go-quoted, with no newline after the last. The annotations are the
 * kubelet's copy of the pod, which adds when it first saw the pod and where from
 * (kubernetes.io/config.seen, kubernetes.io/config.source). resourceFieldRef reads a
 * container's request or limit as the environment variable does.
 */
import type { KubeObject } from '../api/meta';
import { goQuote } from '../api/go-quote';
import { CONFIG_SOURCE } from './static-pods';
import { jitter } from './timing';

/** CONFIG_SEEN is the annotation in which the kubelet keeps when it first saw a pod (RFC 3339, nanoseconds). */
export const CONFIG_SEEN = 'kubernetes.io/config.seen';

/** DownwardAPIItem is one item of a downwardAPI volume or projection. */
export interface DownwardAPIItem {
  path: string;
  fieldRef?: { fieldPath: string };
  resourceFieldRef?: { containerName?: string; resource: string; divisor?: string | number };
}

/** downwardAPIValue is an item's file content; resource reads a resourceFieldRef (container-config's). */
export function downwardAPIValue(pod: KubeObject, item: DownwardAPIItem, resource: (ref: NonNullable<DownwardAPIItem['resourceFieldRef']>) => string): string {
  if (item.resourceFieldRef) return resource(item.resourceFieldRef);
  const path = item.fieldRef?.fieldPath ?? '';
  if (path === 'metadata.labels') return formatMap(pod.metadata.labels ?? {});
  if (path === 'metadata.annotations') return formatMap(kubeletAnnotations(pod));
  const one = /^metadata\.(labels|annotations)\['(.*)'\]$/.exec(path);
  if (one) return (one[1] === 'labels' ? pod.metadata.labels ?? {} : kubeletAnnotations(pod))[one[2]!] ?? '';
  if (path === 'metadata.name') return pod.metadata.name ?? '';
  if (path === 'metadata.namespace') return pod.metadata.namespace ?? '';
  if (path === 'metadata.uid') return pod.metadata.uid ?? '';
  return '';
}

/** kubeletAnnotations is a pod's annotations as the kubelet holds them: with when it first saw it and its source. */
function kubeletAnnotations(pod: KubeObject): Record<string, string> {
  const a = { ...(pod.metadata.annotations ?? {}) };
  a[CONFIG_SEEN] ??= firstSeen(pod);
  a[CONFIG_SOURCE] ??= 'api';
  return a;
}

/**
 * firstSeen is when the kubelet first saw the pod, in Go's RFC3339Nano: within the second of
 * its startTime (which the kubelet sets at its first sync), the fraction fixed by the pod's uid.
 */
function firstSeen(pod: KubeObject): string {
  const second = Math.floor((Date.parse(pod.status?.startTime ?? pod.metadata.creationTimestamp ?? '') || 0) / 1000) * 1000;
  const nanos = Math.floor(jitter(`${pod.metadata.uid}/config.seen`) * 1e9);
  const fraction = String(nanos).padStart(9, '0').replace(/0+$/, '');
  return new Date(second).toISOString().replace('.000Z', fraction ? `.${fraction}Z` : 'Z');
}

/** formatMap is fieldpath.FormatMap: `key="value"` per line, keys sorted, no newline after the last. */
export function formatMap(m: Record<string, string>): string {
  return Object.keys(m).sort().map((k) => `${k}=${goQuote(m[k]!)}`).join('\n');
}

