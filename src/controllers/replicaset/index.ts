/**
 * replicaset: keeps a ReplicaSet's number of active pods at spec.replicas and reports status.
 * Mirrors kubernetes pkg/controller/replicaset/replica_set.go (manageReplicas, calculateStatus);
 * Creations go in slow-start batches, at most BURST_REPLICAS creations or deletions per sync
 * (the rest at the next sync, which the new pods' changes bring about); a failed creation ends
 * the sync, which is retried with back-off. kubemu: no adoption of orphaned pods (pods leaving
 * the selector are released), no ReplicaFailure condition.
 * As upstream, the same loop runs ReplicationControllers (../replication): what differs per kind
 * is a ReplicaSetKind — the kind, its apiVersion, the controller's name and how to read the selector.
 */
import type { KubeObject } from '../../api/meta';
import type { LabelSelector } from '../../api/types/meta-v1';
import type { Pod } from '../../api/types/kinds';
import { isPodActive, isPodAvailable, isPodReady, podCondition } from '../../api/pod-util';
import { selectorMatches } from '../../api/label-selector';
import { isNotFound } from '../../apiserver/errors';
import { controllerOf, type Controller, type ReconcileContext, type Request, type Result } from '../../sim/controller';
import { OwnedCache } from '../owned-cache';
import { newPodFromTemplate, rankPodsForDeletion } from './pods';
import { SLOW_START_INITIAL_BATCH_SIZE, slowStartBatch } from '../slow-start';

export const NAME = 'replicaset-controller';
export const SUCCESSFUL_CREATE = 'SuccessfulCreate';
export const SUCCESSFUL_DELETE = 'SuccessfulDelete';
export const FAILED_CREATE = 'FailedCreate';
/** BURST_REPLICAS caps the pods one sync creates or deletes (kube-controller-manager's burstReplicas). */
export const BURST_REPLICAS = 500;

/**
 * slimPod keeps what the controller reads of a pod — selection, ranking for deletion, status
 * counts — so that its cache of every owned pod stays small.
 */
function slimPod(p: Pod): Pod {
  const { name, namespace, labels, creationTimestamp, deletionTimestamp } = p.metadata;
  const ready = podCondition(p, 'Ready');
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace, labels, creationTimestamp, deletionTimestamp },
    spec: { nodeName: p.spec?.nodeName },
    status: {
      phase: p.status?.phase,
      conditions: ready ? [ready] : [],
      containerStatuses: (p.status?.containerStatuses ?? []).map((c: { restartCount?: number }) => ({ restartCount: c.restartCount })),
    },
  } as Pod;
}

/**
 * ReplicaSetKind is what the loop needs to know of the kind it runs for (upstream's
 * NewBaseController arguments: the GroupVersionKind, the queue's and recorder's name).
 */
export interface ReplicaSetKind {
  kind: 'ReplicaSet' | 'ReplicationController';
  apiVersion: string;
  /** name is the controller's name, also the source component of its Events. */
  name: string;
  selector(obj: KubeObject): LabelSelector | undefined;
}

/** REPLICASET_KIND runs the loop for apps/v1 ReplicaSets. */
export const REPLICASET_KIND: ReplicaSetKind = {
  kind: 'ReplicaSet', apiVersion: 'apps/v1', name: NAME, selector: (rs) => rs.spec?.selector,
};

/** newReplicaSetController makes the ReplicaSet reconcile loop (with its own cache of owned pods). */
export function newReplicaSetController(kind: ReplicaSetKind = REPLICASET_KIND): Controller {
  const owned = new OwnedCache('Pod', slimPod);
  return {
    name: kind.name,
    for: kind.kind,
    // The owned pods' changes, as an informer's handlers see them: each wakes its controller and
    // refreshes the controller's cache with the object the watch brought, so a reconcile
    // decodes no pod the watch has decoded already.
    watches: [{
      kind: 'Pod',
      map: (pod, ctx, type) => {
        const owner = controllerOf(pod);
        if (owner?.kind !== kind.kind) return [];
        if (type !== 'DELETED') owned.note(ctx.api, owner.uid, pod as Pod);
        return [{ namespace: pod.metadata.namespace, name: owner.name }];
      },
    }],
    reconcile(req: Request, ctx: ReconcileContext): Result | void {
      const rs = ctx.api.tryGet({ kind: kind.kind, namespace: req.namespace, name: req.name }) as KubeObject | undefined;
      if (!rs) return; // deleted: the garbage collector removes its pods
      const selector = kind.selector(rs);
      const controlled = owned.list(ctx.api, rs.metadata.uid!);
      const pods = controlled.filter((p) => selectorMatches(selector, p.metadata.labels));
      // A pod relabelled out of the selector is released (ClaimPods), so the GC no longer ties it to this set.
      if (!rs.metadata.deletionTimestamp) for (const p of controlled) if (!pods.includes(p)) releasePod(kind, rs, p, ctx);
      const active = pods.filter(isPodActive);
      const managed = rs.metadata.deletionTimestamp ? { changed: false } : manageReplicas(kind, rs, active, ctx, (pod) => owned.note(ctx.api, rs.metadata.uid!, pod));
      // Status counts the controlled active pods; re-list only if this pass created, deleted or released some.
      const counted = managed.changed || pods.length !== controlled.length ? owned.list(ctx.api, rs.metadata.uid!).filter(isPodActive) : active;
      const result = updateStatus(kind, rs, counted, ctx);
      // A failed creation is retried with back-off, as the controller's rate-limited queue does.
      if (managed.error) throw managed.error;
      return result;
    },
  };
}

function releasePod(kind: ReplicaSetKind, rs: KubeObject, pod: Pod, ctx: ReconcileContext): void {
  try {
    const fresh = ctx.api.get({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name! });
    fresh.metadata.ownerReferences = (fresh.metadata.ownerReferences ?? []).filter((r) => r.uid !== rs.metadata.uid);
    if (!fresh.metadata.ownerReferences.length) delete fresh.metadata.ownerReferences;
    ctx.api.update(fresh, { fieldManager: kind.name });
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
}

/**
 * manageReplicas creates or deletes pods (at most BURST_REPLICAS) to reach spec.replicas;
 * returns whether it tried to, and the first failed creation. created is told of each pod as
 * stored (the controller's cache keeps it: the status count that follows need not decode it).
 */
function manageReplicas(kind: ReplicaSetKind, rs: KubeObject, active: Pod[], ctx: ReconcileContext, created: (pod: Pod) => void): { changed: boolean; error?: unknown } {
  const want = rs.spec?.replicas ?? 1;
  const diff = active.length - want;
  if (diff < 0) {
    const { error } = slowStartBatch(Math.min(-diff, BURST_REPLICAS), SLOW_START_INITIAL_BATCH_SIZE, () => {
      try {
        const pod = ctx.api.create(newPodFromTemplate(rs, kind.kind, kind.apiVersion), { fieldManager: kind.name });
        created(pod);
        ctx.api.recordEvent(rs, 'Normal', SUCCESSFUL_CREATE, `Created pod: ${pod.metadata.name}`, { component: kind.name });
      } catch (e) {
        ctx.api.recordEvent(rs, 'Warning', FAILED_CREATE, `Error creating: ${(e as Error).message}`, { component: kind.name });
        throw e;
      }
    });
    return { changed: true, error };
  } else if (diff > 0) {
    for (const pod of rankPodsForDeletion(active).slice(0, Math.min(diff, BURST_REPLICAS))) {
      try {
        ctx.api.delete({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name! }, { fieldManager: kind.name });
        ctx.api.recordEvent(rs, 'Normal', SUCCESSFUL_DELETE, `Deleted pod: ${pod.metadata.name}`, { component: kind.name });
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
    }
  }
  return { changed: diff !== 0 };
}

/** updateStatus writes the counts over pods, the set's active controlled pods. */
function updateStatus(kind: ReplicaSetKind, rs: KubeObject, pods: Pod[], ctx: ReconcileContext): Result | void {
  const fresh = ctx.api.get({ kind: kind.kind, namespace: rs.metadata.namespace, name: rs.metadata.name! }) as KubeObject;
  const minReady = rs.spec?.minReadySeconds ?? 0;
  const now = ctx.clock.nowMs();
  const ready = pods.filter(isPodReady);
  const available = pods.filter((p) => isPodAvailable(p, minReady, now));
  const labels: Record<string, string> = rs.spec?.template?.metadata?.labels ?? {};
  const fullyLabeled = pods.filter((p) => Object.entries(labels).every(([k, v]) => p.metadata.labels?.[k] === v));
  const status: Record<string, unknown> = {
    replicas: pods.length,
    fullyLabeledReplicas: fullyLabeled.length,
    readyReplicas: ready.length,
    availableReplicas: available.length,
    observedGeneration: fresh.metadata.generation,
  };
  // The API omits zero counts (omitempty), except replicas.
  for (const k of ['fullyLabeledReplicas', 'readyReplicas', 'availableReplicas']) if (!status[k]) delete status[k];
  if (fresh.status?.conditions) status.conditions = fresh.status.conditions;
  ctx.api.updateStatus({ ...fresh, status }, { fieldManager: kind.name });
  // Pods that are ready but not yet available become available later: come back then.
  if (minReady && ready.length > available.length) return { requeueAfterMs: minReady * 1000 };
}
