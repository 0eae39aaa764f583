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

/** newRevision builds the ControllerRevision capturing owner's pod template as revision n. */
export function newRevision(owner: KubeObject, kind: string, n: number): KubeObject {
  const hash = templateHash(owner);
  return {
    apiVersion: 'apps/v1', kind: 'ControllerRevision',
    metadata: {
      name: `${owner.metadata.name}-${hash}`, namespace: owner.metadata.namespace,
      labels: { ...(owner.spec.template?.metadata?.labels ?? {}), [HASH_LABEL]: hash },
      ownerReferences: [{ apiVersion: 'apps/v1', kind, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true }],
    },
    data: { spec: { template: { ...structuredClone(owner.spec.template), $patch: 'replace' } } },
    revision: n,
  } as unknown as KubeObject;
}

/** templateOf returns the pod template a revision captured. */
export function templateOf(cr: KubeObject): any {
  const t = structuredClone((cr as unknown as { data?: { spec?: { template?: Record<string, unknown> } } }).data?.spec?.template ?? {});
  delete t.$patch;
  return t;
}
