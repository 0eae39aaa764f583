/**
 * held-by-users: whether a deleted claim or volume is kept only by its protection finalizer
 * while its users carry on — a state the passage of time alone does not end (a pod mounting
 * the claim runs until someone deletes it). `delete --wait` stops waiting for such an object.
 */
import type { KubeObject } from '../../api/meta';
import type { ApiClient } from '../../apiserver/client';
import { PV_PROTECTION_FINALIZER, PVC_PROTECTION_FINALIZER } from '../../api/storage-protection-finalizers';
import { podUsesClaim } from './index';

/** heldByUsers: a terminating claim used by a pod not itself being deleted, or a volume bound to such a claim (or to a live one). */
export function heldByUsers(api: ApiClient, obj: KubeObject): boolean {
  const finalizers: string[] = obj.metadata.finalizers ?? [];
  if (!obj.metadata.deletionTimestamp || !finalizers.length) return false;
  if (obj.kind === 'PersistentVolumeClaim') {
    if (finalizers.some((f) => f !== PVC_PROTECTION_FINALIZER)) return false;
    return api.list({ kind: 'Pod', namespace: obj.metadata.namespace })
      .some((p) => !p.metadata.deletionTimestamp && podUsesClaim(p, obj));
  }
  if (obj.kind === 'PersistentVolume') {
    if (finalizers.some((f) => f !== PV_PROTECTION_FINALIZER) || obj.status?.phase !== 'Bound') return false;
    const ref = obj.spec?.claimRef;
    const claim = ref ? api.tryGet({ kind: 'PersistentVolumeClaim', namespace: ref.namespace, name: ref.name }) : undefined;
    return !!claim && (!claim.metadata.deletionTimestamp || heldByUsers(api, claim));
  }
  return false;
}
