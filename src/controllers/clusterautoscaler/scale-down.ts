/**
 * scale-down: upstream's planner and actuator. A node of an autoscaled pool above its
 * minimum is unneeded when its pods request less than the utilization threshold (50%) of
 * its allocatable CPU and memory and every pod that must move fits on the other nodes; pods
 * that block a move follow drain.GetPodsToMove: `safe-to-evict: "false"`, pods no controller
 * recreates, kube-system pods without a PodDisruptionBudget, pods with local storage (emptyDir,
 * hostPath) unless `safe-to-evict: "true"`, and pods whose budget allows no disruption.
 * Unneeded for scale-down-unneeded-time (and no scale-up within scale-down-delay-after-add),
 * the node is tainted ToBeDeletedByClusterAutoscaler, its pods evicted, and once they are gone
 * its VM deleted.
 */
import type { KubeObject } from '../../api/meta';
import { selectorMatches } from '../../api/label-selector';
import type { ReconcileContext } from '../../sim/controller';
import { poolOfNode, type NodePool } from './cloud-provider';
import type { AutoscalerState, ClusterAutoscalerDeps } from './index';
import { isMirrorPod } from '../../api/mirror-pod';

const NAME = 'cluster-autoscaler';
/** TO_BE_DELETED_TAINT marks a node the autoscaler is removing. */
export const TO_BE_DELETED_TAINT = 'ToBeDeletedByClusterAutoscaler';
/** SAFE_TO_EVICT is the annotation that allows or forbids moving a pod. */
export const SAFE_TO_EVICT = 'cluster-autoscaler.kubernetes.io/safe-to-evict';
/** SCALE_DOWN_DISABLED keeps a node from being removed. */
export const SCALE_DOWN_DISABLED = 'cluster-autoscaler.kubernetes.io/scale-down-disabled';

export const MARKED_TO_BE_DELETED = 'marked the node as toBeDeleted/unschedulable';
export const DELETING_POD = 'deleting pod for node scale down';
export const NODE_REMOVED = 'node removed by cluster autoscaler';
export const scaleDownEmpty = (node: string): string => `Scale-down: removing empty node "${node}"`;
export const scaleDownNode = (node: string, utilization: number, pods: string[]): string =>
  `Scale-down: removing node ${node}, utilization: {${utilization.toFixed(2)}}, pods to reschedule: ${pods.join(',')}`;

interface ScaleDownInput {
  ctx: ReconcileContext; deps: ClusterAutoscalerDeps; pools: NodePool[]; nodes: KubeObject[]; pods: KubeObject[];
  state: AutoscalerState; statusEvents: string[];
}

const isTerminal = (p: KubeObject) => p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed';
const isDaemonSetPod = (p: KubeObject) => (p.metadata.ownerReferences ?? []).some((r) => r.controller && r.kind === 'DaemonSet');
const hasTaint = (n: KubeObject, key: string) => (n.spec?.taints ?? []).some((t: { key: string }) => t.key === key);
const isReady = (n: KubeObject) => (n.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True');

/** blockingReason says why a pod keeps its node (drain.GetPodsToMove), or undefined when it can move. */
export function blockingReason(pod: KubeObject, pdbs: readonly KubeObject[]): string | undefined {
  const safe = pod.metadata.annotations?.[SAFE_TO_EVICT];
  if (safe === 'false') return 'NotSafeToEvictAnnotation';
  const budgets = pdbs.filter((b) => b.metadata.namespace === pod.metadata.namespace && b.spec?.selector && selectorMatches(b.spec.selector, pod.metadata.labels));
  if (budgets.some((b) => (b.status?.disruptionsAllowed ?? 0) < 1)) return 'NotEnoughPdb';
  if (safe === 'true') return undefined;
  if (!(pod.metadata.ownerReferences ?? []).some((r) => r.controller)) return 'NotReplicated';
  if (pod.metadata.namespace === 'kube-system' && !budgets.length) return 'UnmovableKubeSystemPod';
  if ((pod.spec?.volumes ?? []).some((v: { emptyDir?: unknown; hostPath?: unknown }) => v.emptyDir || v.hostPath)) return 'LocalStorageRequested';
  return undefined;
}

export function runScaleDown(input: ScaleDownInput): { candidates: Record<string, number>; wakeAt?: number } {
  const { ctx, deps, pools, nodes, pods, state } = input;
  const now = ctx.clock.nowMs();
  const profile = deps.cloud.profile(ctx);
  const candidates: Record<string, number> = {};
  const byNode = new Map<string, KubeObject[]>();
  for (const p of pods) if (p.spec?.nodeName && !isTerminal(p)) (byNode.get(p.spec.nodeName) ?? byNode.set(p.spec.nodeName, []).get(p.spec.nodeName)!).push(p);
  const poolByName = new Map(pools.map((p) => [p.name, p]));

  // Drains in progress: delete the VM once only DaemonSet and mirror pods are left.
  for (const node of nodes) {
    if (!hasTaint(node, TO_BE_DELETED_TAINT)) continue;
    const pool = poolOfNode(node);
    const left = (byNode.get(node.metadata.name!) ?? []).filter((p) => !isDaemonSetPod(p) && !isMirrorPod(p));
    if (left.some((p) => !p.metadata.deletionTimestamp)) evictAll(ctx, left.filter((p) => !p.metadata.deletionTimestamp));
    if (left.length || !pool) continue;
    ctx.api.recordEvent(node, 'Normal', 'ScaleDown', NODE_REMOVED, { component: NAME });
    deps.cloud.deleteNode(ctx, pool, node.metadata.name!);
    delete state.unneededSince[node.metadata.name!];
  }

  const pdbs = ctx.api.list({ kind: 'PodDisruptionBudget' });
  const removing = new Set(nodes.filter((n) => hasTaint(n, TO_BE_DELETED_TAINT)).map((n) => n.metadata.name!));
  const usable = nodes.filter((n) => isReady(n) && !n.spec?.unschedulable && !removing.has(n.metadata.name!) && !deps.cloud.booting(ctx, n.metadata.name!));
  const room = new Map(pools.map((p) => [p.name, p.count - (p.minCount ?? 0)]));
  const unneeded = new Set<string>();
  const plannedAway = new Set<string>();
  const info = new Map<string, { utilization: number; moves: KubeObject[] }>();
  for (const node of [...usable].sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!))) {
    const name = node.metadata.name!;
    const pool = poolByName.get(poolOfNode(node) ?? '');
    if (!pool?.enableAutoscaler || node.metadata.annotations?.[SCALE_DOWN_DISABLED] === 'true') continue;
    if ((room.get(pool.name) ?? 0) <= 0) continue;
    const on = byNode.get(name) ?? [];
    const alloc = deps.simulator.allocatable(node);
    const req = on.filter((p) => !isMirrorPod(p)).reduce((s, p) => { const r = deps.simulator.requested(p); return { c: s.c + r.milliCPU, m: s.m + r.memory }; }, { c: 0, m: 0 });
    const utilization = Math.max(alloc.milliCPU ? req.c / alloc.milliCPU : 0, alloc.memory ? req.m / alloc.memory : 0);
    if (utilization >= profile.scaleDownUtilizationThreshold) continue;
    const moves = on.filter((p) => !isDaemonSetPod(p) && !isMirrorPod(p) && !p.metadata.deletionTimestamp);
    if (moves.some((p) => blockingReason(p, pdbs))) continue;
    if (moves.length) {
      const others = usable.filter((n) => n.metadata.name !== name && !plannedAway.has(n.metadata.name!));
      const stay = pods.filter((p) => p.spec?.nodeName && !isTerminal(p) && p.spec.nodeName !== name && !plannedAway.has(p.spec.nodeName));
      const fit = deps.simulator.place(others, stay, moves.map((p) => ({ ...p, spec: { ...p.spec, nodeName: undefined } })));
      if (fit.some((r) => !r.node)) continue;
    }
    unneeded.add(name);
    plannedAway.add(name);
    room.set(pool.name, room.get(pool.name)! - 1);
    info.set(name, { utilization, moves });
    candidates[pool.name] = (candidates[pool.name] ?? 0) + 1;
  }
  for (const name of Object.keys(state.unneededSince)) if (!unneeded.has(name)) delete state.unneededSince[name];
  for (const name of unneeded) state.unneededSince[name] ??= now;

  const notBefore = (state.lastScaleUpMs ?? -Infinity) + profile.scaleDownDelayAfterAddMs;
  let wakeAt: number | undefined;
  for (const name of [...unneeded].sort()) {
    const due = Math.max(state.unneededSince[name]! + profile.scaleDownUnneededTimeMs, notBefore);
    if (due > now) { wakeAt = wakeAt === undefined ? due : Math.min(wakeAt, due); continue; }
    const node = nodes.find((n) => n.metadata.name === name)!;
    const { utilization, moves } = info.get(name)!;
    input.statusEvents.push(moves.length
      ? scaleDownNode(name, utilization, moves.map((p) => `${p.metadata.namespace}/${p.metadata.name}`))
      : scaleDownEmpty(name));
    const tainted = structuredClone(node);
    tainted.spec = { ...tainted.spec, taints: [...(tainted.spec?.taints ?? []), { key: TO_BE_DELETED_TAINT, value: String(Math.floor(now / 1000)), effect: 'NoSchedule' }] };
    ctx.api.update(tainted, { fieldManager: NAME });
    ctx.api.recordEvent(node, 'Normal', 'ScaleDown', MARKED_TO_BE_DELETED, { component: NAME });
    delete state.unneededSince[name];
    if (moves.length) { evictAll(ctx, moves); continue; }
    ctx.api.recordEvent(node, 'Normal', 'ScaleDown', NODE_REMOVED, { component: NAME });
    deps.cloud.deleteNode(ctx, poolOfNode(node)!, name);
  }
  return { candidates, wakeAt };
}

function evictAll(ctx: ReconcileContext, pods: readonly KubeObject[]): void {
  for (const pod of pods) {
    ctx.api.recordEvent(pod, 'Normal', 'ScaleDown', DELETING_POD, { component: NAME });
    try {
      ctx.api.evict({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name! }, { fieldManager: NAME });
    } catch {
      // A budget that allows no disruption now: the next loop tries again, as upstream retries.
    }
  }
}
