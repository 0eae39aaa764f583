/**
 * balanced-allocation: the NodeResourcesBalancedAllocation score plugin — prefers nodes whose
 * cpu and memory utilisation (including the pod) stay close to each other. Mirrors
 * kubernetes/kubernetes pkg/scheduler/framework/plugins/noderesources/balanced_allocation.go.
 */

import type { KubeObject } from '../../../api/meta';
import { type CycleState, type NodeInfo, type NodeScores, type PreScorePlugin, type ScorePlugin, type Status, MAX_NODE_SCORE, ok, skip } from '../../framework';
import { DEFAULT_RESOURCES, ResourceAllocation, type ResourceSpec, podInfoRequestList, podRequestList } from './resource-allocation';

/** NAME is the plugin name. */
export const NAME = 'NodeResourcesBalancedAllocation';

/**
 * balancedResourceScorer is (1 - std(fractions)) * 100, fractions capped at 1; with two
 * resources std is |f1 - f2| / 2.
 */
export function balancedResourceScorer(requested: number[], allocatable: number[]): number {
  // The default (cpu, memory) case without allocating.
  if (requested.length === 2) return balancedPairScorer(requested[0]!, allocatable[0]!, requested[1]!, allocatable[1]!);
  const fractions: number[] = [];
  let total = 0;
  for (let i = 0; i < requested.length; i++) {
    if (allocatable[i] === 0) continue;
    const f = Math.min(requested[i]! / allocatable[i]!, 1);
    total += f;
    fractions.push(f);
  }
  let std = 0;
  if (fractions.length === 2) std = Math.abs((fractions[0]! - fractions[1]!) / 2);
  else if (fractions.length > 2) {
    const mean = total / fractions.length;
    let sum = 0;
    for (const f of fractions) sum += (f - mean) * (f - mean);
    std = Math.sqrt(sum / fractions.length);
  }
  return Math.trunc((1 - std) * MAX_NODE_SCORE);
}

/** balancedPairScorer is balancedResourceScorer for two resources: std is |f1 - f2| / 2 when both are allocatable. */
export function balancedPairScorer(r0: number, a0: number, r1: number, a1: number): number {
  let std = 0;
  if (a0 !== 0 && a1 !== 0) std = Math.abs((Math.min(r0 / a0, 1) - Math.min(r1 / a1, 1)) / 2);
  return Math.trunc((1 - std) * MAX_NODE_SCORE);
}

/** newBalancedAllocation builds the plugin (default resources: cpu and memory, weight 1). */
export function newBalancedAllocation(resources: readonly ResourceSpec[] = DEFAULT_RESOURCES) {
  const allocation = new ResourceAllocation(resources, true, balancedResourceScorer);
  const requestsOf = (state: CycleState, pod: KubeObject): readonly number[] =>
    (state.data.get(NAME) as number[] | undefined) ?? podRequestList(pod, resources, true);
  return {
    name: NAME,
    preScore(state: CycleState, _pod: KubeObject, _nodes: readonly NodeInfo[]): Status {
      const reqs = podInfoRequestList(state.podInfo, resources, true);
      // Best-effort pods would all pile onto the node that is already most balanced
      // (kubernetes/kubernetes#129138), so upstream skips scoring them.
      if (reqs.every((r) => r === 0)) return skip();
      state.data.set(NAME, reqs);
      return ok();
    },
    score(state: CycleState, pod: KubeObject, node: NodeInfo): number {
      return allocation.score(node, requestsOf(state, pod));
    },
    scoreNodes(state: CycleState, pod: KubeObject, nodes: readonly NodeInfo[], scores: NodeScores): void {
      const reqs = requestsOf(state, pod);
      if (!allocation.cpuMemory) { allocation.scoreNodes(nodes, reqs, scores); return; }
      // cpu and memory: the plain requests' columns, as allocation.score reads them.
      const wantCPU = reqs[0]!, wantMemory = reqs[1]!;
      for (let i = 0; i < nodes.length; i++) {
        const node = nodes[i]!;
        const f = node.figures, s = node.slot;
        const a0 = f.allocMilliCPU[s]!, a1 = f.allocMemory[s]!;
        scores[i] = balancedPairScorer(a0 === 0 ? 0 : f.reqMilliCPU[s]! + wantCPU, a0, a1 === 0 ? 0 : f.reqMemory[s]! + wantMemory, a1);
      }
    },
  } satisfies PreScorePlugin & ScorePlugin;
}

/** balancedAllocation is the plugin with upstream's default args. */
export const balancedAllocation = newBalancedAllocation();
