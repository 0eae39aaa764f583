/**
 * tainttoleration: the TaintToleration plugin. Filter rejects nodes with a NoSchedule or
 * NoExecute taint the pod does not tolerate; Score prefers nodes with fewer untolerated
 * PreferNoSchedule taints. Mirrors kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go.
 */

import type { KubeObject } from '../../../api/meta';
import {
  type CycleState, type FilterPlugin, type NodeInfo, type NodeScores, type PreScorePlugin, type ScorePlugin,
  type Status, type Taint, type Toleration, MAX_NODE_SCORE, defaultNormalizeScore, findUntoleratedTaint, ok,
  toleratesTaint, unschedulable,
} from '../../framework';
import { Action, type EnqueueExtensions, type QueueingHint } from '../../cluster-event';
import { HAS_FILTER_TAINTS, HAS_PREFER_TAINTS } from '../../node-figures';

/** NAME is the plugin name. */
export const NAME = 'TaintToleration';

/** errReasonUntoleratedTaint renders the per-node reason: `node(s) had untolerated taint {key: value}`. */
export function errReasonUntoleratedTaint(taint: Taint): string {
  return `node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`;
}

const filterScope = (t: Taint) => t.effect === 'NoSchedule' || t.effect === 'NoExecute';

/** countIntolerableTaintsPreferNoSchedule counts PreferNoSchedule taints none of the tolerations tolerate. */
export function countIntolerableTaintsPreferNoSchedule(taints: readonly Taint[], tolerations: readonly Toleration[]): number {
  let n = 0;
  for (const taint of taints) {
    if (taint.effect !== 'PreferNoSchedule') continue;
    if (!tolerations.some((t) => toleratesTaint(t, taint))) n++;
  }
  return n;
}

/** preferNoScheduleTolerations is what PreScore kept (or, without it, all the pod's tolerations). */
function preferNoScheduleTolerations(state: CycleState, pod: KubeObject): readonly Toleration[] {
  return (state.data.get(NAME) as Toleration[] | undefined) ?? pod.spec?.tolerations ?? [];
}

/** taintToleration is the TaintToleration plugin (filter: UnschedulableAndUnresolvable; score: normalized, reversed). */
export const taintToleration = {
  name: NAME,
  filter(state: CycleState, _pod: KubeObject, node: NodeInfo): Status {
    if ((node.figures.flags[node.slot]! & HAS_FILTER_TAINTS) === 0) return ok();
    const taint = findUntoleratedTaint(node.filterTaints, state.podInfo.tolerations, filterScope);
    return taint ? unschedulable(errReasonUntoleratedTaint(taint), false) : ok();
  },
  /** Only nodes with a NoSchedule or NoExecute taint can reject. */
  filterFlags: (): number => HAS_FILTER_TAINTS,
  preScore(state: CycleState, pod: KubeObject, _nodes: readonly NodeInfo[]): Status {
    // Only tolerations that can match a PreferNoSchedule taint matter for scoring.
    const tols = (pod.spec?.tolerations ?? []).filter((t: Toleration) => !t.effect || t.effect === 'PreferNoSchedule');
    state.data.set(NAME, tols);
    return ok();
  },
  score(state: CycleState, pod: KubeObject, node: NodeInfo): number {
    if (node.preferNoScheduleTaints.length === 0) return 0;
    return countIntolerableTaintsPreferNoSchedule(node.preferNoScheduleTaints, preferNoScheduleTolerations(state, pod));
  },
  scoreNodes(state: CycleState, pod: KubeObject, nodes: readonly NodeInfo[], scores: NodeScores): void {
    const tols = preferNoScheduleTolerations(state, pod);
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!;
      scores[i] = (node.figures.flags[node.slot]! & HAS_PREFER_TAINTS) === 0 ? 0 : countIntolerableTaintsPreferNoSchedule(node.preferNoScheduleTaints, tols);
    }
  },
  normalize(_state: CycleState, _pod: KubeObject, _nodes: readonly NodeInfo[], scores: NodeScores): void {
    defaultNormalizeScore(MAX_NODE_SCORE, true, scores);
  },
  /** A node added, or its taints changed, that the pod now tolerates (and did not before). */
  eventsToRegister: () => [
    { event: { resource: 'Node', actionType: Action.Add | Action.UpdateNodeTaint }, hint: isSchedulableAfterNodeChange },
  ],
} satisfies FilterPlugin & PreScorePlugin & ScorePlugin & EnqueueExtensions;

function untolerated(pod: KubeObject, node: KubeObject): boolean {
  return !!findUntoleratedTaint(node.spec?.taints ?? [], pod.spec?.tolerations ?? [], filterScope);
}

function isSchedulableAfterNodeChange(pod: KubeObject, oldNode: KubeObject | undefined, node: KubeObject | undefined): QueueingHint {
  if (!node || untolerated(pod, node)) return 'QueueSkip';
  return oldNode && !untolerated(pod, oldNode) ? 'QueueSkip' : 'Queue';
}
