/**
 * evict: the pods/eviction subresource (policy/v1 Eviction) — delete the pod unless that
 * would violate its PodDisruptionBudget, then 429 TooManyRequests. Mirrors
 * pkg/registry/core/pod/storage/eviction.go (canIgnorePDB, checkAndDecrement).
 */
import type { KubeObject, ObjectRef } from '../api/meta';
import type { PodDisruptionBudgetStatus } from '../api/types/policy-v1';
import { selectorMatches } from '../api/label-selector';
import type { Clock } from '../sim/clock';
import type { ApiClient, DeleteOptions } from './client';
import { ApiError } from './errors';

/** EVICTION_VIOLATES_PDB is the 429 an eviction gets when the pod's PodDisruptionBudget allows no disruption. */
export const EVICTION_VIOLATES_PDB = "Cannot evict pod as it would violate the pod's disruption budget.";
/** EVICTION_MULTIPLE_PDBS is the 500 an eviction gets when several budgets select the pod. */
export const EVICTION_MULTIPLE_PDBS = 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.';

/** EvictHost is the part of the API server an eviction runs on. */
export interface EvictHost {
  api: Pick<ApiClient, 'get' | 'list' | 'delete' | 'updateStatus'>;
  clock: Clock;
  transaction<T>(fn: () => T): T;
}

/** evictPod evicts one pod in one transaction, taking one disruption from its budget. */
export function evictPod({ api, clock, transaction }: EvictHost, podRef: ObjectRef, o: DeleteOptions): KubeObject {
  return transaction(() => {
    const pod = api.get({ kind: 'Pod', namespace: podRef.namespace, name: podRef.name });
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || pod.metadata.deletionTimestamp) return api.delete(podRef, o);
    const pdbs = api.list({ kind: 'PodDisruptionBudget', namespace: pod.metadata.namespace })
      .filter((b) => selectorMatches(b.spec?.selector ?? {}, pod.metadata.labels ?? {}));
    if (pdbs.length > 1) throw new ApiError('InternalError', 500, EVICTION_MULTIPLE_PDBS);
    const pdb = pdbs[0];
    if (!pdb) return api.delete(podRef, o);
    const st: Partial<PodDisruptionBudgetStatus> = pdb.status ?? {};
    const ready = (pod.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True');
    if (!ready && (pdb.spec?.unhealthyPodEvictionPolicy === 'AlwaysAllow'
      || ((st.currentHealthy ?? 0) >= (st.desiredHealthy ?? 0) && (st.desiredHealthy ?? 0) > 0))) return api.delete(podRef, o);
    if ((st.observedGeneration ?? 0) < (pdb.metadata.generation ?? 1) || (st.disruptionsAllowed ?? 0) <= 0) {
      throw new ApiError('TooManyRequests', 429, EVICTION_VIOLATES_PDB, { group: 'policy', kind: 'poddisruptionbudgets', name: pdb.metadata.name });
    }
    const now = clock.nowISO();
    const allowed = (st.disruptionsAllowed ?? 0) - 1;
    const conditions = allowed > 0 ? st.conditions : (st.conditions ?? []).map((c: { type: string }) => (c.type === 'DisruptionAllowed'
      ? { ...c, status: 'False', reason: 'InsufficientPods', message: '', lastTransitionTime: now } : c));
    const status = { ...st, disruptedPods: { ...(st.disruptedPods ?? {}), [pod.metadata.name!]: now }, disruptionsAllowed: allowed, conditions };
    if (!o.dryRun) api.updateStatus({ ...pdb, status }, { fieldManager: o.fieldManager });
    return api.delete(podRef, o);
  });
}
