/**
 * nodeunschedulable: the NodeUnschedulable filter plugin — cordoned nodes
 * (spec.unschedulable) accept only pods tolerating node.kubernetes.io/unschedulable:NoSchedule.
 * Mirrors kubernetes/kubernetes pkg/scheduler/framework/plugins/nodeunschedulable.
 */

import type { KubeObject } from '../../../api/meta';
import { type CycleState, type FilterPlugin, type NodeInfo, type Status, type Taint, type Toleration, ok, toleratesTaint, unschedulable } from '../../framework';
import { Action, type EnqueueExtensions, type QueueingHint } from '../../cluster-event';
import { UNSCHEDULABLE } from '../../node-figures';

/** NAME is the plugin name. */
export const NAME = 'NodeUnschedulable';
/** ERR_REASON_UNSCHEDULABLE is the per-node FailedScheduling reason for a cordoned node. */
export const ERR_REASON_UNSCHEDULABLE = 'node(s) were unschedulable';
/** TAINT_NODE_UNSCHEDULABLE is the taint key a cordon implies (v1.TaintNodeUnschedulable). */
export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

const UNSCHEDULABLE_TAINT: Taint = { key: TAINT_NODE_UNSCHEDULABLE, effect: 'NoSchedule' };

/** nodeUnschedulable is the NodeUnschedulable plugin (UnschedulableAndUnresolvable: preemption cannot uncordon). */
export const nodeUnschedulable = {
  name: NAME,
  filter(_state: CycleState, pod: KubeObject, node: NodeInfo): Status {
    if ((node.figures.flags[node.slot]! & UNSCHEDULABLE) === 0) return ok();
    const tolerated = (pod.spec?.tolerations ?? []).some((t: Toleration) => toleratesTaint(t, UNSCHEDULABLE_TAINT));
    return tolerated ? ok() : unschedulable(ERR_REASON_UNSCHEDULABLE, false);
  },
  /** Only cordoned nodes can reject. */
  filterFlags: (): number => UNSCHEDULABLE,
  /** Node added or uncordoned (spec.unschedulable counts as a taint change): queue if the pod may now pass. */
  eventsToRegister: () => [
    { event: { resource: 'Node', actionType: Action.Add | Action.UpdateNodeTaint }, hint: isSchedulableAfterNodeChange },
  ],
} satisfies FilterPlugin & EnqueueExtensions;

function isSchedulableAfterNodeChange(pod: KubeObject, _old: KubeObject | undefined, node: KubeObject | undefined): QueueingHint {
  if (!node?.spec?.unschedulable) return 'Queue';
  return (pod.spec?.tolerations ?? []).some((t: Toleration) => toleratesTaint(t, UNSCHEDULABLE_TAINT)) ? 'Queue' : 'QueueSkip';
}
