/**
 * nodelifecycle: the node lifecycle controller — watches each node's heartbeat (its Lease in
 * kube-node-lease), marks the node's conditions Unknown when the kubelet stops posting for
 * the grace period, marks its pods NotReady, and keeps the node.kubernetes.io/* taints in line
 * with the conditions and spec.unschedulable (TaintNodesByCondition and taint-based eviction's
 * NoExecute taints). Eviction itself is the tainteviction controller's job.
 * Mirrors pkg/controller/nodelifecycle/node_lifecycle_controller.go (monitorNodeHealth,
 * tryUpdateNodeHealth, doNoScheduleTaintingPass, doNoExecuteTaintingPass).
 * kubemu: instead of a 5s monitor loop, each node gets an exact timer at its last heartbeat +
 * the grace period; taints are written in the same reconcile, without rate limiting.
 */
import type { Node, NodeCondition, PodCondition } from '../../api/types/core-v1';
import type { KubeObject } from '../../api/meta';
import { isConflict, isNotFound } from '../../apiserver/errors';
import { kubeletRunning } from '../../api/kubelet-stopped';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { desiredTaints, readyStatus } from './taints';

export * from './taints';

export const NAME = 'node-lifecycle-controller';
/** EVENT_SOURCE is the component the controller records events as. */
export const EVENT_SOURCE = 'node-controller';
/** NODE_MONITOR_GRACE_PERIOD_MS is --node-monitor-grace-period (50s in 1.32). */
export const NODE_MONITOR_GRACE_PERIOD_MS = 50_000;
/** NODE_STATUS_UNKNOWN is the condition reason once the kubelet went quiet. */
export const NODE_STATUS_UNKNOWN = 'NodeStatusUnknown';
/** NODE_STATUS_NEVER_UPDATED is the reason when the kubelet never posted a condition. */
export const NODE_STATUS_NEVER_UPDATED = 'NodeStatusNeverUpdated';
export const KUBELET_STOPPED_POSTING = 'Kubelet stopped posting node status.';
export const KUBELET_NEVER_POSTED = 'Kubelet never posted node status.';
/** NODE_NOT_READY is the event reason on the node (Normal) and on its pods (Warning). */
export const NODE_NOT_READY = 'NodeNotReady';
export const POD_NODE_NOT_READY_MESSAGE = 'Node is not ready';
/** NODE_CONDITION_TYPES are the conditions the controller marks Unknown. */
export const NODE_CONDITION_TYPES = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'] as const;
const NODE_LEASE_NAMESPACE = 'kube-node-lease';

/** nodeStatusChangeMessage is RecordNodeStatusChange's text. */
export const nodeStatusChangeMessage = (node: string, status: string): string => `Node ${node} status is now: ${status}`;

/** nodeLifecycleController keeps node health and condition taints current. */
export const nodeLifecycleController: Controller = {
  name: NAME,
  for: 'Node',
  watches: [{ kind: 'Lease', map: (l) => (l.metadata.namespace === NODE_LEASE_NAMESPACE ? [{ name: l.metadata.name! }] : []) }],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const node = ctx.api.tryGet({ kind: 'Node', name: req.name });
    if (!node) return deletePodsOfMissingNode(req.name, ctx);
    const nowMs = ctx.clock.nowMs();
    const lease = ctx.api.tryGet({ kind: 'Lease', namespace: NODE_LEASE_NAMESPACE, name: node.metadata.name! });
    const probe = lastProbeMs(node, lease);
    const expiresAt = probe + NODE_MONITOR_GRACE_PERIOD_MS;
    let current = node;
    if (nowMs >= expiresAt && readyStatus(node) !== 'Unknown') current = markUnknown(node, ctx);
    else if (nowMs >= expiresAt && hasStaleCondition(node)) current = markUnknown(node, ctx);
    syncTaints(current, ctx);
    // Wake when the heartbeat would go stale; a fresh renewal re-enqueues us anyway.
    // kubemu: a running kubelet's Lease is read with its latest renewal (api/node-heartbeats), so
    // while it holds one its heartbeat cannot go stale, and what ends that (a stop or partition
    // annotating the Node, the Lease deleted) is a change this controller watches: no wake-up.
    // Without a Lease the check is housekeeping (lazy): a long clock advance does not stop once
    // per node per grace period. A stopped or partitioned kubelet gets an exact wake-up, so the
    // node goes Unknown on time.
    if (nowMs >= expiresAt || (kubeletRunning(node) && lease)) return;
    return { requeueAfterMs: expiresAt - nowMs, lazy: kubeletRunning(node) };
  },
};

/** lastProbeMs is the newest heartbeat seen: the node's Lease's renewTime or the Ready condition's lastHeartbeatTime. */
export function lastProbeMs(node: Node, lease: KubeObject | undefined): number {
  const renew = Date.parse(lease?.spec?.renewTime ?? '') || 0;
  const ready = node.status?.conditions?.find((c) => c.type === 'Ready');
  const beat = Date.parse(ready?.lastHeartbeatTime ?? '') || 0;
  const created = Date.parse(node.metadata.creationTimestamp ?? '') || 0;
  return Math.max(renew, beat, created);
}

function hasStaleCondition(node: Node): boolean {
  const conds = node.status?.conditions ?? [];
  return NODE_CONDITION_TYPES.some((t) => conds.find((c) => c.type === t)?.status !== 'Unknown');
}

/**
 * markUnknown is tryUpdateNodeHealth's "kubelet stopped posting" branch: every kubelet
 * condition becomes Unknown (heartbeat kept, transition now); on the Ready transition the
 * node gets a NodeNotReady event and its pods are marked not ready.
 */
function markUnknown(node: Node, ctx: ReconcileContext): Node {
  const nowISO = ctx.clock.nowISO();
  const wasReady = readyStatus(node) === 'True';
  const conds: NodeCondition[] = structuredClone(node.status?.conditions ?? []);
  for (const type of NODE_CONDITION_TYPES) {
    const c = conds.find((x) => x.type === type);
    if (!c) {
      conds.push({ type, status: 'Unknown', lastHeartbeatTime: node.metadata.creationTimestamp, lastTransitionTime: nowISO, reason: NODE_STATUS_NEVER_UPDATED, message: KUBELET_NEVER_POSTED });
    } else if (c.status !== 'Unknown') {
      c.status = 'Unknown';
      c.reason = NODE_STATUS_UNKNOWN;
      c.message = KUBELET_STOPPED_POSTING;
      c.lastTransitionTime = nowISO;
    }
  }
  const updated = ctx.api.updateStatus({ ...node, status: { ...node.status, conditions: conds } }, { fieldManager: NAME });
  if (wasReady) {
    const name = node.metadata.name!;
    ctx.api.recordEvent({ kind: 'Node', name, uid: name, apiVersion: 'v1' }, 'Normal', NODE_NOT_READY, nodeStatusChangeMessage(name, NODE_NOT_READY), { component: EVENT_SOURCE });
    markPodsNotReady(name, ctx);
  }
  return updated;
}

/** markPodsNotReady mirrors controller_utils.MarkPodsNotReady: Ready=False on each pod of the node. */
export function markPodsNotReady(nodeName: string, ctx: ReconcileContext): void {
  const nowISO = ctx.clock.nowISO();
  for (const pod of ctx.api.podsOnNode(nodeName)) {
    const conds: PodCondition[] = pod.status?.conditions ?? [];
    const ready = conds.find((c) => c.type === 'Ready');
    if (!ready || ready.status === 'False') continue;
    const next = conds.map((c) => (c.type === 'Ready' ? { ...c, status: 'False' as const, lastTransitionTime: nowISO } : c));
    try {
      ctx.api.updateStatus({ ...pod, status: { ...pod.status, conditions: next } }, { fieldManager: NAME });
    } catch (e) {
      if (isNotFound(e) || isConflict(e)) continue;
      throw e;
    }
    ctx.api.recordEvent(pod, 'Warning', NODE_NOT_READY, POD_NODE_NOT_READY_MESSAGE, { component: EVENT_SOURCE });
  }
}

/** syncTaints writes the controller-owned taints when they differ from the desired set. */
function syncTaints(node: Node, ctx: ReconcileContext): void {
  const want = desiredTaints(node, ctx.clock.nowISO());
  const have = node.spec?.taints ?? [];
  if (JSON.stringify(want) === JSON.stringify(have)) return;
  const next = structuredClone(node);
  if (want.length) next.spec = { ...next.spec, taints: want };
  else if (next.spec) delete next.spec.taints;
  ctx.api.update(next, { fieldManager: NAME });
}

/**
 * deletePodsOfMissingNode force-deletes pods still bound to a node that no longer exists.
 * kubemu: upstream the pod garbage collector (pkg/controller/podgc gcOrphaned) does this
 * after a quarantine period; here it happens when the node's deletion is seen.
 */
function deletePodsOfMissingNode(nodeName: string, ctx: ReconcileContext): void {
  for (const pod of ctx.api.podsOnNode(nodeName)) {
    try {
      ctx.api.delete({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name! }, { fieldManager: NAME, gracePeriodSeconds: 0 });
    } catch (e) { if (!isNotFound(e)) throw e; }
  }
}
