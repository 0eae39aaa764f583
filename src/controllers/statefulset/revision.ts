/**
 * revision: a StatefulSet's ControllerRevisions — one per distinct pod template, named
 * "<set>-<hash>", numbered in the order they became the update revision.
 * Mirrors kubernetes pkg/controller/history (NewControllerRevision, HashControllerRevision) and
 * statefulset/stateful_set_utils.go newRevision.
 */
import type { KubeObject } from '../../api/meta';
import { computeHash } from '../deployment/hash';

/** CONTROLLER_REVISION_HASH_LABEL is the pod label naming the revision it was made from. */
export const CONTROLLER_REVISION_HASH_LABEL = 'controller-revision-hash';
/** HASH_LABEL is the ControllerRevision's own hash label. */
export const HASH_LABEL = 'controller.kubernetes.io/hash';

/** revisionNumber reads a ControllerRevision's .revision. */
export function revisionNumber(cr: KubeObject): number {
  return Number((cr as unknown as { revision?: number }).revision ?? 0);
}

/** templateHash is the hash naming a revision of owner's pod template. */
export function templateHash(owner: KubeObject): string {
  return computeHash(owner.spec.template, owner.status?.collisionCount);
}

/**
 * newRevision builds the ControllerRevision capturing owner's pod template as revision n: its
 * data is the strategic-merge patch that puts the template back ($patch: replace), it carries
 * the owner's annotations (kubernetes.io/change-cause is what rollout history shows) and the
 * template's labels plus the hash under hashLabel (a StatefulSet's controller.kubernetes.io/hash,
 * a DaemonSet's controller-revision-hash).
 */
export function newRevision(owner: KubeObject, kind: string, n: number, hashLabel = HASH_LABEL, hash = templateHash(owner)): KubeObject {
  const metadata: KubeObject['metadata'] = {
    name: `${owner.metadata.name}-${hash}`, namespace: owner.metadata.namespace,
    labels: { ...(owner.spec.template?.metadata?.labels ?? {}), [hashLabel]: hash },
    ownerReferences: [{ apiVersion: 'apps/v1', kind, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true }],
  };
  if (owner.metadata.annotations && Object.keys(owner.metadata.annotations).length) metadata.annotations = { ...owner.metadata.annotations };
  return {
    apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata,
    data: revisionData(owner.spec.template),
    revision: n,
  } as unknown as KubeObject;
}

/** revisionData is the patch a revision stores for a pod template (getPatch upstream). */
export function revisionData(template: unknown): Record<string, unknown> {
  return { spec: { template: { ...structuredClone(template as Record<string, unknown>), $patch: 'replace' } } };
}

/** templateOf returns the pod template a revision captured. */
export function templateOf(cr: KubeObject): any {
  const t = structuredClone((cr as unknown as { data?: { spec?: { template?: Record<string, unknown> } } }).data?.spec?.template ?? {});
  delete t.$patch;
  return t;
}
