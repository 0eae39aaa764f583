/**
 * scale-of: the autoscaling/v1 Scale a workload's scale subresource serves — its replicas
 * wanted and running, and its pod selector as text.
 */
import type { KubeObject } from './meta';

/** scaleOf is an object's autoscaling/v1 Scale. */
export function scaleOf(obj: KubeObject): KubeObject {
  const selector = obj.status?.selector ?? selectorText(obj.spec?.selector);
  return {
    kind: 'Scale', apiVersion: 'autoscaling/v1',
    metadata: { name: obj.metadata.name, namespace: obj.metadata.namespace, uid: obj.metadata.uid, resourceVersion: obj.metadata.resourceVersion, creationTimestamp: obj.metadata.creationTimestamp },
    spec: { replicas: obj.spec?.replicas ?? 0 },
    status: { replicas: obj.status?.replicas ?? 0, ...(selector ? { selector } : {}) },
  } as KubeObject;
}

/** selectorText is a Scale's status.selector: matchLabels (or a ReplicationController's map) as k=v pairs. */
function selectorText(sel: unknown): string | undefined {
  if (!sel || typeof sel !== 'object') return undefined;
  const s = sel as { matchLabels?: Record<string, string>; matchExpressions?: unknown };
  const labels = s.matchLabels ?? (s.matchExpressions ? undefined : sel as Record<string, string>);
  return labels ? Object.entries(labels).map(([k, v]) => `${k}=${v}`).join(',') : undefined;
}
