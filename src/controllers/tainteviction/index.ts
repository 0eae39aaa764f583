/**
 * tainteviction: the taint-eviction controller — deletes pods from nodes with NoExecute
 * taints they do not tolerate, at once, or when the shortest matching toleration's
 * tolerationSeconds has passed (DefaultTolerationSeconds gives every pod 300s for
 * not-ready/unreachable). Mirrors pkg/controller/tainteviction/taint_eviction.go
 * (processPodOnNode, getMinTolerationTime, addConditionAndDeletePod).
 * kubemu: the eviction clock starts at the earliest matching taint's timeAdded (upstream: when
 * the controller first saw the taint, held in memory), so it survives process restarts; a
 * pod whose deletion is already scheduled is revisited with an exact timer.
 */
import type { PodCondition } from '../../api/types/core-v1';
import type { Node, Pod } from '../../api/types/kinds';
import { isNotFound } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { requestFor } from '../../sim/controller';

export const NAME = 'taint-eviction-controller';
/** TAINT_MANAGER_EVICTION is the event reason on an evicted pod. */
export const TAINT_MANAGER_EVICTION = 'TaintManagerEviction';
/** markingForDeletion is the event message when the controller deletes a pod. */
export const markingForDeletion = (ns: string, name: string): string => `Marking for deletion Pod ${ns}/${name}`;
/** DISRUPTION_TARGET and friends are the pod condition set before the deletion. */
export const DISRUPTION_TARGET = 'DisruptionTarget';
export const DELETION_BY_TAINT_MANAGER = 'DeletionByTaintManager';
export const DELETION_BY_TAINT_MANAGER_MESSAGE = 'Taint manager: deleting due to NoExecute taint';

/** Taint and Toleration as in core/v1. */
export interface Taint { key: string; value?: string; effect: string; timeAdded?: string }
export interface Toleration { key?: string; operator?: string; value?: string; effect?: string; tolerationSeconds?: number }

/** toleratesTaint is v1.Toleration.ToleratesTaint. */
export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  if (t.operator === 'Exists') return true;
  return (t.value ?? '') === (taint.value ?? '');
}

/**
 * evictionDelayMs decides a pod's fate on a node with the given NoExecute taints: undefined
 * (tolerated forever), or the delay after the taints appeared (0 = evict now). Mirrors
 * GetMatchingTolerations + getMinTolerationTime.
 */
export function evictionDelayMs(taints: readonly Taint[], tolerations: readonly Toleration[]): number | undefined {
  if (!taints.length) return undefined;
  const used: Toleration[] = [];
  for (const taint of taints) {
    const t = tolerations.find((x) => toleratesTaint(x, taint));
    if (!t) return 0;
    used.push(t);
  }
  let min = Infinity;
  for (const t of used) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue;
    if (t.tolerationSeconds <= 0) return 0;
    min = Math.min(min, t.tolerationSeconds);
  }
  return min === Infinity ? undefined : min * 1000;
}

function noExecuteTaints(node: Pick<Node, 'spec'>): Taint[] {
  return (node.spec?.taints ?? []).filter((t) => t.effect === 'NoExecute');
}

/**
 * newTaintEvictionController evicts pods from NoExecute-tainted nodes. A pod's change concerns
 * it only on a tainted node (upstream's handlePodUpdate looks the node up in its taintedNodes
 * cache and stops there): whether each node is tainted is kept for this process, from the
 * Node's changes or a read, so the pods of untainted nodes (all of them, most of the time) are
 * not reconciled. A node tainted later maps all its pods. The memory holds for one history
 * epoch: a rolled-back write may have undone the change it saw.
 */
export function newTaintEvictionController(): Controller {
  const tainted = new Map<string, boolean>();
  let epoch: number | undefined;
  const current = (ctx: ReconcileContext): Map<string, boolean> => {
    const e = ctx.api.historyEpoch();
    if (e !== epoch) { tainted.clear(); epoch = e; }
    return tainted;
  };
  const isTainted = (nodeName: string, ctx: ReconcileContext): boolean => {
    const known = current(ctx).get(nodeName);
    if (known !== undefined) return known;
    const node = ctx.api.tryGet({ kind: 'Node', name: nodeName });
    const t = !!node && noExecuteTaints(node).length > 0;
    tainted.set(nodeName, t);
    return t;
  };
  return {
    name: NAME,
    for: 'Pod',
    accepts: (pod, _type, ctx) => !!pod.spec?.nodeName && !pod.metadata.deletionTimestamp && (!ctx || isTainted(pod.spec.nodeName, ctx)),
    watches: [{
      kind: 'Node',
      map: (node, ctx, type) => {
        const t = type !== 'DELETED' && noExecuteTaints(node).length > 0;
        current(ctx).set(node.metadata.name!, t);
        return t ? ctx.api.podsOnNode(node.metadata.name!).filter((p) => !p.metadata.deletionTimestamp).map(requestFor) : [];
      },
    }],
    reconcile,
  };
}

/** reconcile evicts the pod now, or says when, or nothing when its node's taints are tolerated. */
function reconcile(req: Request, ctx: ReconcileContext): Result | void {
  const pod = ctx.api.tryGet({ kind: 'Pod', namespace: req.namespace, name: req.name });
  if (!pod?.spec?.nodeName || pod.metadata.deletionTimestamp) return;
  const node = ctx.api.tryGet({ kind: 'Node', name: pod.spec.nodeName });
  if (!node) return;
  const taints = noExecuteTaints(node);
  const delay = evictionDelayMs(taints, pod.spec.tolerations ?? []);
  if (delay === undefined) return;
  // A taint without timeAdded (written by hand) counts as having been there all along.
  const since = Math.min(...taints.map((t) => Date.parse(t.timeAdded ?? '') || 0));
  const due = since + delay;
  const now = ctx.clock.nowMs();
  if (now < due) return { requeueAfterMs: due - now };
  evict(pod, ctx);
}

/** evict is addConditionAndDeletePod plus the TaintManagerEviction event. */
function evict(pod: Pod, ctx: ReconcileContext): void {
  const ns = pod.metadata.namespace!, name = pod.metadata.name!;
  ctx.api.recordEvent(pod, 'Normal', TAINT_MANAGER_EVICTION, markingForDeletion(ns, name), { component: NAME });
  try {
    const nowISO = ctx.clock.nowISO();
    // A zero metav1.Time encodes as null: upstream's DisruptionTarget condition says lastProbeTime: null.
    const conds: (PodCondition | (Omit<PodCondition, 'lastProbeTime'> & { lastProbeTime: null }))[] = (pod.status?.conditions ?? []).filter((c) => c.type !== DISRUPTION_TARGET);
    conds.push({ type: DISRUPTION_TARGET, status: 'True', lastProbeTime: null, lastTransitionTime: nowISO, reason: DELETION_BY_TAINT_MANAGER, message: DELETION_BY_TAINT_MANAGER_MESSAGE });
    ctx.api.updateStatus({ ...pod, status: { ...pod.status, conditions: conds } }, { fieldManager: NAME });
    ctx.api.delete({ kind: 'Pod', namespace: ns, name }, { fieldManager: NAME });
  } catch (e) {
    if (isNotFound(e)) return;
    throw e;
  }
}
