/**
 * update: planning one step of a DaemonSet rolling update — which old pods to delete and, with
 * maxSurge, on which nodes to start a new pod beside the old one.
 * Mirrors kubernetes pkg/controller/daemon/update.go rollingUpdate.
 */

/** NodePods is one eligible node's daemon pods, split by revision, with availability. */
export interface NodePods {
  node: string;
  oldPod?: string; oldAvailable?: boolean;
  newPod?: string; newAvailable?: boolean;
  /** duplicate: more than one old or more than one new pod (the manage pass sorts that out first). */
  duplicate?: boolean;
}

/** RollingPlan is what one sync does: delete these old pods, create new pods on these nodes. */
export interface RollingPlan { deletePods: string[]; createOn: string[] }

/** planRollingUpdate decides one step within maxSurge/maxUnavailable (exactly one of them may be zero). */
export function planRollingUpdate(nodes: NodePods[], maxSurge: number, maxUnavailable: number): RollingPlan {
  if (maxSurge === 0) {
    let unavailable = 0;
    const replace: string[] = [];
    const candidates: string[] = [];
    for (const n of nodes) {
      if (n.duplicate || (!n.oldPod && !n.newPod) || (n.oldPod && n.newPod)) { unavailable++; continue; }
      if (n.newPod) { if (!n.newAvailable) unavailable++; continue; }
      if (!n.oldAvailable) replace.push(n.oldPod!);
      else if (unavailable < maxUnavailable) candidates.push(n.oldPod!);
    }
    const room = Math.min(Math.max(0, maxUnavailable - unavailable), candidates.length);
    return { deletePods: [...replace, ...candidates.slice(0, room)], createOn: [] };
  }
  let surging = 0;
  const allowed: string[] = [];
  const candidates: string[] = [];
  const deletePods: string[] = [];
  for (const n of nodes) {
    if (n.duplicate || !n.oldPod) continue;
    if (!n.newPod) {
      if (!n.oldAvailable) allowed.push(n.node);
      else if (surging < maxSurge) candidates.push(n.node);
      continue;
    }
    // Both pods: the old one goes once the new one is available.
    if (n.newAvailable) deletePods.push(n.oldPod);
    else surging++;
  }
  const room = Math.min(Math.max(0, maxSurge - surging), candidates.length);
  return { deletePods, createOn: [...allowed, ...candidates.slice(0, room)] };
}
