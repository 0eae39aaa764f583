/**
 * taints: which node.kubernetes.io/* taints a node should carry given its conditions and
 * spec.unschedulable — pure helpers for the node lifecycle controller.
 * Mirrors pkg/controller/nodelifecycle/node_lifecycle_controller.go (nodeConditionToTaintKeyStatusMap,
 * doNoScheduleTaintingPass, doNoExecuteTaintingPass).
 */
import type { Node, NodeCondition, Taint } from '../../api/types/core-v1';

export const TAINT_NODE_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_NODE_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';
export const TAINT_NODE_MEMORY_PRESSURE = 'node.kubernetes.io/memory-pressure';
export const TAINT_NODE_DISK_PRESSURE = 'node.kubernetes.io/disk-pressure';
export const TAINT_NODE_PID_PRESSURE = 'node.kubernetes.io/pid-pressure';
export const TAINT_NODE_NETWORK_UNAVAILABLE = 'node.kubernetes.io/network-unavailable';

/** NodeTaint is a taint as stored on a Node (the controller stamps timeAdded on the taints it adds). */
export type NodeTaint = Taint;

/** CONDITION_TAINTS maps (condition type, status) to the NoSchedule taint it implies. */
export const CONDITION_TAINTS: readonly { type: string; status: string; key: string }[] = [
  { type: 'Ready', status: 'False', key: TAINT_NODE_NOT_READY },
  { type: 'Ready', status: 'Unknown', key: TAINT_NODE_UNREACHABLE },
  { type: 'MemoryPressure', status: 'True', key: TAINT_NODE_MEMORY_PRESSURE },
  { type: 'DiskPressure', status: 'True', key: TAINT_NODE_DISK_PRESSURE },
  { type: 'PIDPressure', status: 'True', key: TAINT_NODE_PID_PRESSURE },
  { type: 'NetworkUnavailable', status: 'True', key: TAINT_NODE_NETWORK_UNAVAILABLE },
];

/** MANAGED_NO_SCHEDULE are the NoSchedule taint keys the controller owns. */
export const MANAGED_NO_SCHEDULE: ReadonlySet<string> = new Set([...CONDITION_TAINTS.map((c) => c.key), TAINT_NODE_UNSCHEDULABLE]);
/** MANAGED_NO_EXECUTE are the NoExecute taint keys the controller owns. */
export const MANAGED_NO_EXECUTE: ReadonlySet<string> = new Set([TAINT_NODE_NOT_READY, TAINT_NODE_UNREACHABLE]);

function condition(node: Node, type: string): NodeCondition | undefined {
  return node.status?.conditions?.find((c) => c.type === type);
}

/** readyStatus is the node's Ready condition status ('Unknown' when absent). */
export function readyStatus(node: Node): string {
  return condition(node, 'Ready')?.status ?? 'Unknown';
}

/**
 * desiredTaints returns the node's taints with the controller-owned ones recomputed:
 * foreign taints keep their order, managed ones that still apply keep their timeAdded, and
 * new ones go to the end (NoSchedule first, then NoExecute), stamped with timeAdded nowISO.
 */
export function desiredTaints(node: Node, nowISO: string): NodeTaint[] {
  const current = node.spec?.taints ?? [];
  const noSchedule = new Set<string>();
  for (const c of CONDITION_TAINTS) if (condition(node, c.type)?.status === c.status) noSchedule.add(c.key);
  if (node.spec?.unschedulable) noSchedule.add(TAINT_NODE_UNSCHEDULABLE);
  const ready = condition(node, 'Ready')?.status;
  const noExecute = new Set<string>();
  if (ready === 'False') noExecute.add(TAINT_NODE_NOT_READY);
  if (ready === 'Unknown') noExecute.add(TAINT_NODE_UNREACHABLE);

  const managed = (t: NodeTaint) => (t.effect === 'NoSchedule' && MANAGED_NO_SCHEDULE.has(t.key)) || (t.effect === 'NoExecute' && MANAGED_NO_EXECUTE.has(t.key));
  const wanted = (t: NodeTaint) => (t.effect === 'NoSchedule' ? noSchedule.has(t.key) : noExecute.has(t.key));
  const out = current.filter((t) => !managed(t) || wanted(t));
  const has = (key: string, effect: string) => out.some((t) => t.key === key && t.effect === effect);
  for (const key of noSchedule) if (!has(key, 'NoSchedule')) out.push({ key, effect: 'NoSchedule', timeAdded: nowISO });
  for (const key of noExecute) if (!has(key, 'NoExecute')) out.push({ key, effect: 'NoExecute', timeAdded: nowISO });
  return out;
}
