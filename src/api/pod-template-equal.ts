/**
 * pod-template-equal: whether two pod templates are the same template, as upstream's
 * apiequality.Semantic.DeepEqual of the typed PodTemplateSpec decides: key order aside, a zero
 * creationTimestamp (null or absent) and an empty labels map are no difference. With a label
 * key (the Deployment's pod-template-hash), that label is left out first (EqualIgnoreHash).
 */
import { jsonEqual } from './deep-equal';

export function sameTemplate(a: unknown, b: unknown, ignoreLabel?: string): boolean {
  return jsonEqual(normalized(a, ignoreLabel), normalized(b, ignoreLabel));
}

function normalized(template: unknown, ignoreLabel: string | undefined): unknown {
  const t = (template ?? {}) as { metadata?: { labels?: Record<string, string>; creationTimestamp?: unknown } };
  if (!t.metadata) return t;
  const { labels, creationTimestamp, ...rest } = t.metadata;
  const metadata: Record<string, unknown> = { ...rest };
  if (creationTimestamp !== null && creationTimestamp !== undefined) metadata.creationTimestamp = creationTimestamp;
  const kept = labels ? Object.fromEntries(Object.entries(labels).filter(([k]) => k !== ignoreLabel)) : {};
  if (Object.keys(kept).length) metadata.labels = kept;
  const out: Record<string, unknown> = { ...t };
  if (Object.keys(metadata).length) out.metadata = metadata;
  else delete out.metadata;
  return out;
}
