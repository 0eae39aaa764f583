/**
 * pods: building pods from a controller's template, and choosing which to delete first.
 */
import type { Pod } from '../../api/types/kinds';
import type { PodSpec, PodTemplateSpec } from '../../api/types/core-v1';
import type { ObjectMeta } from '../../api/meta';
import { isPodReady } from '../../api/pod-util';

/** newPodFromTemplate makes a pod (generateName "<owner>-") controlled by owner, from owner.spec.template. */
export function newPodFromTemplate(owner: PodTemplateOwner, kind: string, apiVersion: string): Pod {
  const template: PodTemplateSpec = owner.spec?.template ?? {};
  const metadata: ObjectMeta = {
    generateName: `${owner.metadata.name}-`,
    namespace: owner.metadata.namespace,
  };
  if (template.metadata?.labels) metadata.labels = { ...template.metadata.labels };
  if (template.metadata?.annotations) metadata.annotations = { ...template.metadata.annotations };
  metadata.ownerReferences = [{
    apiVersion, kind, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true,
  }];
  // A template without a spec makes a pod the API server refuses, as upstream.
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec: structuredClone(template.spec ?? {}) as PodSpec };
}

/** PodTemplateOwner is a workload that makes pods from a template (ReplicaSet, Job, DaemonSet, …). */
export interface PodTemplateOwner { metadata: ObjectMeta; spec?: { template?: PodTemplateSpec } }

// Lower rank is deleted first: unscheduled, then pending, then not ready, then ready.
function rank(pod: Pod): number {
  if (!pod.spec?.nodeName) return 0;
  if (pod.status?.phase === 'Pending') return 1;
  if (pod.status?.phase !== 'Running') return 2;
  if (!isPodReady(pod)) return 3;
  return 4;
}

function restarts(pod: Pod): number {
  return (pod.status?.containerStatuses ?? []).reduce((n: number, c: { restartCount?: number }) => n + (c.restartCount ?? 0), 0);
}

/**
 * rankPodsForDeletion orders pods as the ReplicaSet controller deletes them: less-progressed first,
 * then more restarts, then newer. Mirrors pkg/controller/controller_utils.go ActivePodsWithRanks (simplified).
 */
export function rankPodsForDeletion(pods: Pod[]): Pod[] {
  return [...pods].sort((a, b) => rank(a) - rank(b)
    || restarts(b) - restarts(a)
    || (b.metadata.creationTimestamp ?? '').localeCompare(a.metadata.creationTimestamp ?? '')
    || a.metadata.name!.localeCompare(b.metadata.name!));
}
