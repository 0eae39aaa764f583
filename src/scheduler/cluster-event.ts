/**
 * cluster-event: the events that can make an unschedulable pod schedulable, and how plugins
 * declare the ones they care about. Mirrors kubernetes/kubernetes
 * pkg/scheduler/framework/types.go (ActionType, ClusterEvent), interface.go (EnqueueExtensions,
 * QueueingHintFn) and framework/events.go (NodeSchedulingPropertiesChange), v1.32 with
 * SchedulerQueueingHints on (its default there).
 */
import type { KubeObject } from '../api/meta';

/** ActionType is a bit set of what happened to an object (framework.ActionType). */
export type ActionType = number;

/** Action bits, as upstream: Add, Delete and the kinds of Update the scheduler tells apart. */
export const Action = Object.freeze({
  Add: 1 << 0,
  Delete: 1 << 1,
  UpdateNodeAllocatable: 1 << 2,
  UpdateNodeLabel: 1 << 3,
  UpdateNodeTaint: 1 << 4,
  UpdateNodeCondition: 1 << 5,
  UpdateNodeAnnotation: 1 << 6,
  UpdatePodLabel: 1 << 7,
  UpdatePodScaleDown: 1 << 8,
  UpdatePodToleration: 1 << 9,
  UpdatePodSchedulingGatesEliminated: 1 << 10,
  /** Update is every kind of update (an object whose earlier state is unknown). */
  Update: ((1 << 11) - 1) & ~0b11,
});

/** NODE_UPDATE is every Node update bit: a change whose earlier state is not known. */
export const NODE_UPDATE: ActionType = Action.UpdateNodeAllocatable | Action.UpdateNodeLabel | Action.UpdateNodeTaint
  | Action.UpdateNodeCondition | Action.UpdateNodeAnnotation;

/** EventResource is the kind a cluster event is about. */
export type EventResource = 'Node' | 'Pod' | 'PersistentVolumeClaim' | 'PersistentVolume' | 'StorageClass';

/** ClusterEvent is one change in the cluster the scheduling queue reacts to. */
export interface ClusterEvent { resource: EventResource; actionType: ActionType }

/** QueueingHint is a plugin's verdict on an event for one rejected pod. */
export type QueueingHint = 'Queue' | 'QueueSkip';

/**
 * QueueingHintFn says whether the change from oldObj to newObj may make pod schedulable for
 * the plugin (oldObj undefined: an add, or an update whose earlier state is not known; newObj
 * undefined: a delete). A hint may be wrong only towards Queue.
 */
export type QueueingHintFn = (pod: KubeObject, oldObj: KubeObject | undefined, newObj: KubeObject | undefined) => QueueingHint;

/**
 * ClusterEventWithHint is one registration: the events, and the hint (none: always Queue).
 * kubemu: skips, when given, says from the pod alone that the hint answers QueueSkip to every
 * event of actionType, so the queue need not ask it about pods that entered without a verdict.
 */
export interface ClusterEventWithHint {
  event: ClusterEvent;
  hint?: QueueingHintFn;
  skips?: (pod: KubeObject, actionType: ActionType) => boolean;
}

/**
 * EnqueueExtensions is implemented by plugins that can reject pods: eventsToRegister names the
 * events that may make a pod they rejected schedulable. A rejecting plugin without it is
 * treated as interested in every event.
 */
export interface EnqueueExtensions { eventsToRegister(): readonly ClusterEventWithHint[] }

/** hasEnqueueExtensions narrows a plugin to EnqueueExtensions. */
export function hasEnqueueExtensions(p: object): p is EnqueueExtensions {
  return typeof (p as Partial<EnqueueExtensions>).eventsToRegister === 'function';
}

/** eventMatches reports whether a registration covers event (same resource, a shared action bit). */
export function eventMatches(registered: ClusterEvent, event: ClusterEvent): boolean {
  return registered.resource === event.resource && (registered.actionType & event.actionType) !== 0;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const conditionStates = (n: KubeObject): string =>
  JSON.stringify((n.status?.conditions ?? []).map((c: { type?: string; status?: string }) => [c.type, c.status]));

/**
 * nodeSchedulingPropertiesChange returns the update bits of a Node change (0: nothing the
 * scheduler reads changed, e.g. a heartbeat). As upstream, spec.unschedulable counts as a taint
 * change, and conditions compare by type and status only (not their timestamps).
 */
export function nodeSchedulingPropertiesChange(oldNode: KubeObject, newNode: KubeObject): ActionType {
  let a = 0;
  if (!!oldNode.spec?.unschedulable !== !!newNode.spec?.unschedulable) a |= Action.UpdateNodeTaint;
  if (!same(oldNode.status?.allocatable, newNode.status?.allocatable)) a |= Action.UpdateNodeAllocatable;
  if (!same(oldNode.metadata.labels, newNode.metadata.labels)) a |= Action.UpdateNodeLabel;
  if (!same(oldNode.spec?.taints, newNode.spec?.taints)) a |= Action.UpdateNodeTaint;
  if (conditionStates(oldNode) !== conditionStates(newNode)) a |= Action.UpdateNodeCondition;
  if (!same(oldNode.metadata.annotations, newNode.metadata.annotations)) a |= Action.UpdateNodeAnnotation;
  return a;
}
