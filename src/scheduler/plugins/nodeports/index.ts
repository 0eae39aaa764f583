/**
 * nodeports: the NodePorts filter plugin — a pod's hostPorts must be free on the node, where
 * 0.0.0.0 conflicts with every address of the same protocol and port. Mirrors
 * kubernetes/kubernetes pkg/scheduler/framework/plugins/nodeports/node_ports.go and
 * framework.HostPortInfo.
 */

import type { KubeObject } from '../../../api/meta';
import { type CycleState, type FilterPlugin, type HostPort, type NodeInfo, type PreFilterPlugin, type PreFilterResult, type Status, newPodInfo, ok, skip, unschedulable } from '../../framework';
import { Action, type EnqueueExtensions, type QueueingHint } from '../../cluster-event';

/** NAME is the plugin name. */
export const NAME = 'NodePorts';
/** ERR_REASON is the per-node FailedScheduling reason. */
export const ERR_REASON = "node(s) didn't have free ports for the requested pod ports";

const WILDCARD = '0.0.0.0';

/** portConflicts reports whether a wanted host port clashes with the node's used ports. */
export function portConflicts(used: ReadonlyMap<string, ReadonlySet<string>>, want: HostPort): boolean {
  const pp = `${want.protocol}/${want.port}`;
  if (want.ip === WILDCARD) {
    for (const set of used.values()) if (set.has(pp)) return true;
    return false;
  }
  return !!used.get(want.ip)?.has(pp) || !!used.get(WILDCARD)?.has(pp);
}

/** nodePorts is the NodePorts plugin (Unschedulable: evicting the holder would free the port). */
export const nodePorts = {
  name: NAME,
  preFilter(state: CycleState, _pod: KubeObject): PreFilterResult {
    return { status: state.podInfo.hostPorts.length === 0 ? skip() : ok() };
  },
  filter(state: CycleState, _pod: KubeObject, node: NodeInfo): Status {
    for (const hp of state.podInfo.hostPorts) if (portConflicts(node.usedPorts, hp)) return unschedulable(ERR_REASON);
    return ok();
  },
  /** A bound pod holding a port the pod wants going away, or a node added (host ports are immutable: pod updates never free one). */
  eventsToRegister: () => [
    { event: { resource: 'Pod', actionType: Action.Delete }, hint: isSchedulableAfterPodDeleted, skips: (pod) => !newPodInfo(pod).hostPorts.length },
    { event: { resource: 'Node', actionType: Action.Add } },
  ],
} satisfies PreFilterPlugin & FilterPlugin & EnqueueExtensions;

function isSchedulableAfterPodDeleted(pod: KubeObject, deleted: KubeObject | undefined): QueueingHint {
  if (!deleted?.spec?.nodeName) return 'QueueSkip';
  const used = new Map<string, Set<string>>();
  for (const hp of newPodInfo(deleted).hostPorts) {
    let set = used.get(hp.ip);
    if (!set) used.set(hp.ip, (set = new Set()));
    set.add(`${hp.protocol}/${hp.port}`);
  }
  return newPodInfo(pod).hostPorts.some((hp) => portConflicts(used, hp)) ? 'Queue' : 'QueueSkip';
}
