/**
 * object-order: the field order the API server's JSON has (Go struct order) for the
 * parts every object shares, so `-o json` reads like kubectl's.
 */
import type { KubeObject, ObjectMeta } from '../api/meta';
import { objectFields } from '../api/object-fields';

const TOP = ['apiVersion', 'kind', 'metadata'];
const META: (keyof ObjectMeta)[] = ['annotations', 'creationTimestamp', 'deletionGracePeriodSeconds', 'deletionTimestamp',
  'finalizers', 'generateName', 'generation', 'labels', 'managedFields', 'name', 'namespace', 'ownerReferences',
  'resourceVersion', 'uid'];

// ObjectMeta's Go field order.
const META_ORDER: (keyof ObjectMeta)[] = ['name', 'generateName', 'namespace', 'uid', 'resourceVersion', 'generation',
  'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences',
  'finalizers', 'managedFields'];

/** canonicalOrder returns obj with apiVersion, kind, metadata first and metadata in Go field order. */
export function canonicalOrder<T extends KubeObject>(obj: T): T {
  const meta: Record<string, unknown> = {};
  const m = obj.metadata as Record<string, unknown>;
  for (const k of META_ORDER) if (m[k] !== undefined) meta[k] = m[k];
  for (const k of Object.keys(m)) if (!(k in meta) && !META.includes(k as keyof ObjectMeta)) meta[k] = m[k];
  const out: Record<string, unknown> = {};
  const fields = objectFields(obj);
  for (const k of TOP) if (k === 'metadata') out[k] = meta; else if (fields[k] !== undefined) out[k] = fields[k];
  for (const k of Object.keys(obj)) if (!TOP.includes(k) && k !== 'status') out[k] = fields[k];
  if (obj.status !== undefined) out.status = obj.status;
  return out as T;
}
