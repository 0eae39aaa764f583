/**
 * pods: a StatefulSet's stable identities — ordinal pod names, their claims, and building a
 * pod from a revision. Mirrors kubernetes pkg/controller/statefulset/stateful_set_utils.go
 * (getPodName, getPersistentVolumeClaimName, newVersionedStatefulSetPod, updateStorage).
 */
import type { PersistentVolumeClaim, Pod, StatefulSet } from '../../api/types/kinds';
import type { ObjectMeta } from '../../api/meta';
import type { PodSpec, PodTemplateSpec } from '../../api/types/core-v1';
import type { StatefulSetSpec } from '../../api/types/apps-v1';

/** ClaimTemplate is one of a StatefulSet's volumeClaimTemplates. */
type ClaimTemplate = NonNullable<StatefulSetSpec['volumeClaimTemplates']>[number];
import { CONTROLLER_REVISION_HASH_LABEL } from './revision';

/** POD_NAME_LABEL and POD_INDEX_LABEL identify a StatefulSet pod. */
export const POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
export const POD_INDEX_LABEL = 'apps.kubernetes.io/pod-index';

/** podName is "<set>-<ordinal>". */
export function podName(set: StatefulSet, ordinal: number): string {
  return `${set.metadata.name}-${ordinal}`;
}

/** ordinalOf parses a pod's ordinal from its name (-1 if it is not one of the set's). */
export function ordinalOf(set: StatefulSet, pod: Pod): number {
  const prefix = `${set.metadata.name}-`;
  const name = pod.metadata.name ?? '';
  if (!name.startsWith(prefix)) return -1;
  const rest = name.slice(prefix.length);
  return /^(0|[1-9]\d*)$/.test(rest) ? Number(rest) : -1;
}

/** claimName is "<claim template>-<set>-<ordinal>". */
export function claimName(template: ClaimTemplate, set: StatefulSet, ordinal: number): string {
  return `${template.metadata.name}-${podName(set, ordinal)}`;
}

/** newClaim builds the PVC for one claim template and ordinal, labelled with the set's selector. */
export function newClaim(template: ClaimTemplate, set: StatefulSet, ordinal: number): PersistentVolumeClaim {
  const labels = { ...(template.metadata.labels ?? {}), ...(set.spec!.selector?.matchLabels ?? {}) };
  const metadata: ObjectMeta = { name: claimName(template, set, ordinal), namespace: set.metadata.namespace, labels };
  if (template.metadata.annotations) metadata.annotations = { ...template.metadata.annotations };
  // persistentVolumeClaimRetentionPolicy.whenDeleted: Delete hands the claim to the garbage collector with the set.
  if (set.spec!.persistentVolumeClaimRetentionPolicy?.whenDeleted === 'Delete') {
    metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: set.metadata.name!, uid: set.metadata.uid!, controller: true, blockOwnerDeletion: true }];
  }
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata, spec: structuredClone(template.spec ?? {}) };
}

/** newPod builds ordinal's pod from a revision's template. */
export function newPod(set: StatefulSet, template: PodTemplateSpec, revisionName: string, ordinal: number): Pod {
  const name = podName(set, ordinal);
  const metadata: ObjectMeta = {
    name, namespace: set.metadata.namespace,
    labels: { ...(template.metadata?.labels ?? {}), [CONTROLLER_REVISION_HASH_LABEL]: revisionName, [POD_NAME_LABEL]: name, [POD_INDEX_LABEL]: String(ordinal) },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: set.metadata.name!, uid: set.metadata.uid!, controller: true, blockOwnerDeletion: true }],
  };
  if (template.metadata?.annotations) metadata.annotations = { ...template.metadata.annotations };
  // A template without a spec makes a pod the API server refuses, as upstream.
  const spec = structuredClone(template.spec ?? {}) as PodSpec;
  spec.hostname = name;
  if (set.spec!.serviceName) spec.subdomain = set.spec!.serviceName;
  const claims = set.spec!.volumeClaimTemplates ?? [];
  if (claims.length) {
    const volumes = (spec.volumes ?? []).filter((v) => !claims.some((c) => c.metadata.name === v.name));
    spec.volumes = [...claims.map((c) => ({ name: c.metadata.name!, persistentVolumeClaim: { claimName: claimName(c, set, ordinal) } })), ...volumes];
  }
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec };
}
