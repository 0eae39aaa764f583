/**
 * nodename: the NodeName filter plugin — a pod that already names a node (spec.nodeName) fits
 * only that node. Mirrors kubernetes/kubernetes pkg/scheduler/framework/plugins/nodename.
 */

import type { KubeObject } from '../../../api/meta';
import { type CycleState, type FilterPlugin, type NodeInfo, type Status, ok, unschedulable } from '../../framework';
import { Action, type EnqueueExtensions, type QueueingHint } from '../../cluster-event';

/** NAME is the plugin name used in profiles and `kubemu why`. */
export const NAME = 'NodeName';
/** ERR_REASON is the per-node FailedScheduling reason. */
export const ERR_REASON = "node(s) didn't match the requested node name";

/** fits reports whether pod may run on the node named nodeName. */
export function fits(pod: KubeObject, nodeName: string): boolean {
  const want = pod.spec?.nodeName;
  return !want || want === nodeName;
}

/** nodeName is the NodeName plugin: UnschedulableAndUnresolvable when spec.nodeName names another node. */
export const nodeName = {
  name: NAME,
  filter(_state: CycleState, pod: KubeObject, node: NodeInfo): Status {
    return fits(pod, node.name) ? ok() : unschedulable(ERR_REASON, false);
  },
  /** A pod naming no node fits every node: no call at all. */
  filterFlags: (_state: CycleState, pod: KubeObject): number | undefined => (pod.spec?.nodeName ? undefined : 0),
  /** A node added under the name the pod asks for. */
  eventsToRegister: () => [
    { event: { resource: 'Node', actionType: Action.Add }, hint: (pod: KubeObject, _old: KubeObject | undefined, node: KubeObject | undefined): QueueingHint => (node && fits(pod, node.metadata.name ?? '') ? 'Queue' : 'QueueSkip') },
  ],
} satisfies FilterPlugin & EnqueueExtensions;
