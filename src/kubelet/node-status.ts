/**
 * node-status: what each running kubelet keeps up for its node — the Lease in
 * kube-node-lease (renewed every 10s of simulated time), the node's conditions (Ready,
 * MemoryPressure, DiskPressure, PIDPressure), and the mirror pods of its static pods.
 * Mirrors pkg/kubelet/nodelease and pkg/kubelet/nodestatus/setters.go.
 *
 * kubemu: heartbeats are computed, not written (api/node-heartbeats): the API server serves a
 * live kubelet's Lease and Node with the latest 10s / 5m beat at or before now, so this loop
 * finds nothing due and an idle clock advance of any length writes nothing for it. A kubelet
 * about to stop writes its beats down (syncNodeStatus persist), so the node lifecycle
 * controller counts the grace period from the true last beat.
 */
import { isMirrorPod, staticPodUID } from '../api/mirror-pod';
import type { Condition, KubeObject } from '../api/meta';
import { isAlreadyExists, isNotFound } from '../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../sim/controller';
import { STATIC_PODS_CONFIGMAP_PREFIX, STATIC_PODS_NAMESPACE, mirrorPodFor, staticPodsFor } from './static-pods';
import { kubeletRunning } from '../api/kubelet-stopped';
import { evictionRound, transitionEndsIn } from './eviction-manager';
import { NETWORK_NOT_READY_MESSAGE, cniPluginOf, syncCniConfig } from '../network/cni';
import { LEASE_RENEW_INTERVAL_MS, NODE_LEASE_NAMESPACE, NODE_STATUS_REPORT_FREQUENCY_MS, latestBeat, microISO } from '../api/node-heartbeats';

export const NAME = 'kubelet';
export const LEASE_DURATION_SECONDS = 40;
export { LEASE_RENEW_INTERVAL_MS, NODE_LEASE_NAMESPACE, NODE_STATUS_REPORT_FREQUENCY_MS, microISO } from '../api/node-heartbeats';
/** NODE_PRESSURE_ANNOTATION lists the pressures `kubemu node pressure` injected ("memory,disk,pid"). */
export const NODE_PRESSURE_ANNOTATION = 'kubemu.io/pressure';
/** STOPPED / PARTITIONED are the values of NODE_STOPPED_ANNOTATION. */
export const KUBELET_STOPPED = 'stopped';
export const KUBELET_PARTITIONED = 'partitioned';

/** Pressure is one kind of resource pressure a kubelet can report. */
export type Pressure = 'memory' | 'disk' | 'pid';

/** ConditionSpec is one node condition the kubelet reports, in both of its states. */
interface ConditionSpec {
  type: string;
  pressure?: Pressure;
  ok: { reason: string; message: string; event: string };
  bad: { reason: string; message: string; event: string };
}

/** NODE_CONDITIONS are the kubelet's conditions in the order it sets them (setters.go). */
export const NODE_CONDITIONS: readonly ConditionSpec[] = [
  {
    type: 'MemoryPressure', pressure: 'memory',
    ok: { reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available', event: 'NodeHasSufficientMemory' },
    bad: { reason: 'KubeletHasInsufficientMemory', message: 'kubelet has insufficient memory available', event: 'NodeHasInsufficientMemory' },
  },
  {
    type: 'DiskPressure', pressure: 'disk',
    ok: { reason: 'KubeletHasNoDiskPressure', message: 'kubelet has no disk pressure', event: 'NodeHasNoDiskPressure' },
    bad: { reason: 'KubeletHasDiskPressure', message: 'kubelet has disk pressure', event: 'NodeHasDiskPressure' },
  },
  {
    type: 'PIDPressure', pressure: 'pid',
    ok: { reason: 'KubeletHasSufficientPID', message: 'kubelet has sufficient PID available', event: 'NodeHasSufficientPID' },
    bad: { reason: 'KubeletHasInsufficientPID', message: 'kubelet has insufficient PID available', event: 'NodeHasInsufficientPID' },
  },
  {
    type: 'Ready',
    ok: { reason: 'KubeletReady', message: 'kubelet is posting ready status', event: 'NodeReady' },
    bad: { reason: 'KubeletNotReady', message: 'kubelet is not ready', event: 'NodeNotReady' },
  },
];

/** NETWORK_NOT_READY is the Ready condition while the runtime reports no pod network (setters.go ReadyCondition). */
export const NETWORK_NOT_READY = { reason: 'KubeletNotReady', message: NETWORK_NOT_READY_MESSAGE, event: 'NodeNotReady' };

/** nodeStatusMessage is the kubelet's node event text: `Node <node> status is now: <Reason>`. */
export const nodeStatusMessage = (node: string, reason: string): string => `Node ${node} status is now: ${reason}`;

/** pressuresOf reads the injected pressures of a node. */
export function pressuresOf(node: KubeObject): Set<Pressure> {
  const v = node.metadata.annotations?.[NODE_PRESSURE_ANNOTATION] ?? '';
  return new Set(v.split(',').filter(Boolean) as Pressure[]);
}

/** nodeStatusController keeps each node's lease fresh, its conditions reported and its static pods mirrored. */
export const nodeStatusController: Controller = {
  name: 'kubelet-node-status',
  for: 'Node',
  watches: [
    { kind: 'Pod', map: (pod) => (isMirrorPod(pod) && pod.spec?.nodeName ? [{ name: pod.spec.nodeName }] : []) },
    // A node's manifests folder changing (kubemu node manifests add|remove).
    {
      kind: 'ConfigMap',
      map: (cm) => (cm.metadata.namespace === STATIC_PODS_NAMESPACE && cm.metadata.name!.startsWith(STATIC_PODS_CONFIGMAP_PREFIX)
        ? [{ name: cm.metadata.name!.slice(STATIC_PODS_CONFIGMAP_PREFIX.length) }] : []),
    },
    // A CNI agent starting on a node writes its config, and the node's network becomes ready.
    { kind: 'Pod', map: (pod) => (pod.spec?.nodeName && cniPluginOf(pod) ? [{ name: pod.spec.nodeName }] : []) },
  ],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const node = ctx.api.tryGet({ kind: 'Node', name: req.name });
    if (!node || !kubeletRunning(node)) return;
    const wait = syncNodeStatus(node, ctx);
    // Only a node whose disk is (or was just) full has an eviction manager round or a condition to clear on time.
    const evicting = pressuresOf(node).has('disk') ? evictionRound(node, ctx) : undefined;
    const clearing = transitionEndsIn(node, ctx.clock.nowMs());
    if (evicting !== undefined) return { requeueAfterMs: Math.min(wait, evicting) };
    if (clearing !== undefined) return { requeueAfterMs: Math.min(wait, clearing) };
    return { requeueAfterMs: wait, lazy: true };
  },
};

/**
 * syncNodeStatus is one kubelet status round for a running node: renew the Lease, post
 * changed conditions, publish missing mirror pods. Returns ms until the next lease beat.
 * The CLI calls it with persist before stopping a kubelet: the beats so far, which reads
 * computed until then, are written down, so the Lease and the Node hold the true last ones.
 */
export function syncNodeStatus(node: KubeObject, ctx: ReconcileContext, persist = false): number {
  const wait = renewLease(node, ctx, persist);
  syncConditions(node, ctx, persist);
  ensureMirrorPods(node, ctx);
  return wait;
}

function renewLease(node: KubeObject, ctx: ReconcileContext, persist: boolean): number {
  const now = ctx.clock.nowMs();
  const name = node.metadata.name!;
  const lease = ctx.api.tryGet({ kind: 'Lease', namespace: NODE_LEASE_NAMESPACE, name });
  if (!lease) {
    try {
      ctx.api.create({
        apiVersion: 'coordination.k8s.io/v1', kind: 'Lease',
        metadata: { name, namespace: NODE_LEASE_NAMESPACE, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name, uid: node.metadata.uid! }] },
        spec: { holderIdentity: name, leaseDurationSeconds: LEASE_DURATION_SECONDS, renewTime: microISO(now) },
      }, { fieldManager: NAME });
    } catch (e) { if (!isAlreadyExists(e)) throw e; }
    return LEASE_RENEW_INTERVAL_MS;
  }
  const last = Date.parse(lease.spec?.renewTime ?? '') || 0;
  // Read through the API server, a running kubelet's Lease already shows its latest beat.
  const beat = latestBeat(last, now, LEASE_RENEW_INTERVAL_MS);
  if (beat === last && !persist) return LEASE_RENEW_INTERVAL_MS - (now - beat);
  const next = structuredClone(lease);
  next.spec!.renewTime = microISO(beat);
  ctx.api.update(next, { fieldManager: NAME });
  return LEASE_RENEW_INTERVAL_MS - (now - beat);
}

/**
 * syncConditions posts the kubelet's view of its conditions when it differs from the
 * stored one (after a restart, the node controller's Unknown; after `node pressure`).
 * Unchanged status is re-posted every nodeStatusReportFrequency (5m): reads compute those
 * re-posts (api/node-heartbeats), and the latest is written only with persist.
 */
function syncConditions(node: KubeObject, ctx: ReconcileContext, persist: boolean): void {
  const pressures = pressuresOf(node);
  // Freed disk space reads as pressure until the transition period has passed (evictionPressureTransitionPeriod).
  const diskTransition = transitionEndsIn(node, ctx.clock.nowMs()) !== undefined;
  const current: Condition[] = node.status?.conditions ?? [];
  const nowISO = ctx.clock.nowISO();
  const networkReady = syncCniConfig(node.metadata.name!, ctx.api);
  const changes: string[] = [];
  const next: Condition[] = NODE_CONDITIONS.map((spec) => {
    const bad = spec.pressure ? pressures.has(spec.pressure) || (spec.pressure === 'disk' && diskTransition) : false;
    const status = spec.pressure ? (bad ? 'True' : 'False') : (networkReady ? 'True' : 'False');
    const want = spec.pressure ? (bad ? spec.bad : spec.ok) : (networkReady ? spec.ok : NETWORK_NOT_READY);
    const old = current.find((c) => c.type === spec.type);
    if (old && old.status === status && old.reason === want.reason && old.message === want.message) return old;
    changes.push(want.event);
    return {
      type: spec.type, status, lastHeartbeatTime: nowISO,
      lastTransitionTime: old?.status === status ? old.lastTransitionTime : nowISO,
      reason: want.reason, message: want.message,
    } as Condition;
  });
  if (!changes.length) {
    const ready = current.find((c) => c.type === 'Ready') as (Condition & { lastHeartbeatTime?: string }) | undefined;
    const last = Date.parse(ready?.lastHeartbeatTime ?? '') || 0;
    const at = latestBeat(last, ctx.clock.nowMs(), NODE_STATUS_REPORT_FREQUENCY_MS);
    if (at === last && !persist) return;
    const beat = new Date(at).toISOString().replace('.000Z', 'Z');
    const conditions = current.map((c) => (NODE_CONDITIONS.some((s) => s.type === c.type) ? { ...c, lastHeartbeatTime: beat } : c));
    ctx.api.updateStatus({ ...node, status: { ...node.status, conditions } }, { fieldManager: NAME });
    return;
  }
  const wasReady = current.find((c) => c.type === 'Ready')?.status === 'True';
  const others = current.filter((c) => !NODE_CONDITIONS.some((s) => s.type === c.type));
  ctx.api.updateStatus({ ...node, status: { ...node.status, conditions: [...others, ...next] } }, { fieldManager: NAME });
  const name = node.metadata.name!;
  const ref = { kind: 'Node', name, uid: name, apiVersion: 'v1' };
  for (const reason of changes) ctx.api.recordEvent(ref, 'Normal', reason, nodeStatusMessage(name, reason), { component: NAME, host: name });
  if (!wasReady) resyncPodReadiness(name, ctx);
}

/**
 * resyncPodReadiness: a kubelet back in touch with the API server re-posts its pods' status,
 * undoing the node controller's MarkPodsNotReady for pods whose containers are all ready.
 */
function resyncPodReadiness(nodeName: string, ctx: ReconcileContext): void {
  const nowISO = ctx.clock.nowISO();
  for (const pod of ctx.api.podsOnNode(nodeName)) {
    if (pod.metadata.deletionTimestamp) continue;
    const statuses: { ready?: boolean }[] = pod.status?.containerStatuses ?? [];
    const conds: Condition[] = pod.status?.conditions ?? [];
    const ready = conds.find((c) => c.type === 'Ready');
    if (!statuses.length || !statuses.every((s) => s.ready) || !ready || ready.status === 'True') continue;
    const next = conds.map((c) => (c.type === 'Ready' ? { ...c, status: 'True' as const, lastTransitionTime: nowISO } : c));
    ctx.api.updateStatus({ ...pod, status: { ...pod.status, conditions: next } }, { fieldManager: NAME });
  }
}

/** ensureMirrorPods publishes a mirror pod per manifest and removes mirrors of manifests gone or changed. */
function ensureMirrorPods(node: KubeObject, ctx: ReconcileContext): void {
  const wanted = new Map(staticPodsFor(node, ctx.api).map((m) => { const p = mirrorPodFor(m, node); return [`${p.metadata.namespace}/${p.metadata.name}`, p]; }));
  // Mirror pods are controlled by their node: the owner index finds them without the node's other pods.
  for (const pod of ctx.api.listControlledBy('Pod', node.metadata.uid!)) {
    const hash = staticPodUID(pod);
    if (!hash) continue;
    const want = wanted.get(`${pod.metadata.namespace}/${pod.metadata.name}`);
    if (want && staticPodUID(want) === hash) { wanted.delete(`${pod.metadata.namespace}/${pod.metadata.name}`); continue; }
    if (pod.metadata.deletionTimestamp && want) continue;
    try {
      ctx.api.delete({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name! }, { fieldManager: NAME, gracePeriodSeconds: 0 });
    } catch (e) { if (!isNotFound(e)) throw e; }
  }
  for (const mirror of wanted.values()) {
    if (ctx.api.tryGet({ kind: 'Pod', namespace: mirror.metadata.namespace, name: mirror.metadata.name! })) continue;
    try {
      ctx.api.create(mirror, { fieldManager: NAME });
    } catch (e) { if (!isAlreadyExists(e)) throw e; }
  }
}
