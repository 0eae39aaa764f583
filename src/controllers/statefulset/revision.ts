/**
 * revision: a StatefulSet's ControllerRevisions — one per distinct pod template, named
 * "<set>-<hash>", numbered in the order they became the update revision.
 * Mirrors kubernetes pkg/controller/history (NewControllerRevision, HashControllerRevision) and
 * statefulset/stateful_set_utils.go newRevision.
 */
import type { ControllerRevision } from '../../api/types/kinds';
import type { PodTemplateSpec } from '../../api/types/core-v1';
import type { ObjectMeta } from '../../api/meta';
import { toCompactJson } from '../../yaml/write-json';
import { fnv32 } from '../../api/fnv32a';
import { safeEncode } from '../deployment/hash';

/** TemplateOwner is a workload whose pod template revisions record (StatefulSet, DaemonSet). */
export interface TemplateOwner { metadata: ObjectMeta; spec?: { template?: PodTemplateSpec }; status?: { collisionCount?: number } }

/** CONTROLLER_REVISION_HASH_LABEL is the pod label naming the revision it was made from. */
export const CONTROLLER_REVISION_HASH_LABEL = 'controller-revision-hash';
/** HASH_LABEL is the ControllerRevision's own hash label. */
export const HASH_LABEL = 'controller.kubernetes.io/hash';

/** revisionNumber reads a ControllerRevision's .revision. */
export function revisionNumber(cr: Partial<Pick<ControllerRevision, 'revision'>>): number {
  return Number(cr.revision ?? 0);
}

/**
 * templateHash is the hash naming a StatefulSet's revision of its pod template
 * (HashControllerRevision): FNV-1 over the revision data's JSON bytes, then the collision
 * count, which the StatefulSet controller always passes (0 when the status has none).
 */
export function templateHash(owner: TemplateOwner): string {
  return safeEncode(String(fnv32(revisionPatchJson(owner.spec?.template) + String(owner.status?.collisionCount ?? 0))));
}

/**
 * newRevision builds the ControllerRevision capturing owner's pod template as revision n: its
 * data is the strategic-merge patch that puts the template back ($patch: replace), it carries
 * the owner's annotations (kubernetes.io/change-cause is what rollout history shows) and the
 * template's labels plus the hash under hashLabel (a StatefulSet's controller.kubernetes.io/hash,
 * a DaemonSet's controller-revision-hash).
 */
export function newRevision(owner: TemplateOwner, kind: string, n: number, hashLabel = HASH_LABEL, hash = templateHash(owner)): ControllerRevision {
  const metadata: ObjectMeta = {
    name: `${owner.metadata.name!.slice(0, 223)}-${hash}`, namespace: owner.metadata.namespace,
    labels: { ...(owner.spec?.template?.metadata?.labels ?? {}), [hashLabel]: hash },
    ownerReferences: [{ apiVersion: 'apps/v1', kind, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true }],
  };
  if (owner.metadata.annotations && Object.keys(owner.metadata.annotations).length) metadata.annotations = { ...owner.metadata.annotations };
  return {
    apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata,
    data: revisionData(owner.spec?.template),
    revision: n,
  };
}

/**
 * revisionData is the patch a revision stores for a pod template (getPatch upstream), with its
 * keys in Go's map order: upstream marshals a map, and kubectl's rollout undo compares those
 * bytes with the patch it makes from the live object.
 */
export function revisionData(template: unknown): Record<string, unknown> {
  return JSON.parse(revisionPatchJson(template));
}

/**
 * revisionPatchJson is getPatch's bytes: Go's json.Marshal of the map (sorted keys, HTML-safe),
 * with the template's metadata as the typed object encodes it (`creationTimestamp: null`).
 */
function revisionPatchJson(template: unknown): string {
  const t = (template ?? {}) as Record<string, any>;
  const metadata = { creationTimestamp: null, ...(t.metadata ?? {}) };
  return toCompactJson({ spec: { template: { ...t, metadata, $patch: 'replace' } } });
}

/** templateOf returns the pod template a revision captured. */
export function templateOf(cr: Pick<ControllerRevision, 'data'>): PodTemplateSpec {
  const data = cr.data as { spec?: { template?: PodTemplateSpec & { $patch?: string } } } | undefined;
  const t = structuredClone(data?.spec?.template ?? {});
  delete t.$patch;
  return t;
}
