/**
 * fit: the NodeResourcesFit plugin — Filter checks that the pod's requests fit the node's
 * allocatable minus what its pods already request (plus the pod-count limit); Score ranks by
 * the LeastAllocated (default) or MostAllocated strategy. Mirrors kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/noderesources/{fit,least_allocated,most_allocated}.go.
 */

import type { KubeObject } from '../../../api/meta';
import {
  type CycleState, type FilterPlugin, NodeInfo, type NodeScores, type PodInfo, type PreScorePlugin, type Resources, type ScorePlugin, type Status,
  MAX_NODE_SCORE, ok, unschedulableReasons,
} from '../../framework';
import { podRequests } from '../../resources';
import { Action, type EnqueueExtensions, type QueueingHint } from '../../cluster-event';
import { DEFAULT_RESOURCES, ResourceAllocation, type PairScorer, type ResourceSpec, type Scorer, podInfoRequestList, podRequestList } from './resource-allocation';

/** NAME is the plugin name. */
export const NAME = 'NodeResourcesFit';
/** ERR_REASON_TOO_MANY_PODS is the reason when the node is at its pod limit. */
export const ERR_REASON_TOO_MANY_PODS = 'Too many pods';
/** insufficientReason renders `Insufficient <resource>` (e.g. `Insufficient nvidia.com/gpu`). */
export const insufficientReason = (resource: string): string => `Insufficient ${resource}`;

/** ScoringStrategyType selects how NodeResourcesFit scores (RequestedToCapacityRatio is not implemented). */
export type ScoringStrategyType = 'LeastAllocated' | 'MostAllocated';
/** LEAST_ALLOCATED is the default strategy: prefer emptier nodes (spreading). */
export const LEAST_ALLOCATED: ScoringStrategyType = 'LeastAllocated';
/** MOST_ALLOCATED prefers fuller nodes (bin packing). */
export const MOST_ALLOCATED: ScoringStrategyType = 'MostAllocated';

/** NodeResourcesFitArgs mirrors config.NodeResourcesFitArgs (the implemented subset). */
export interface NodeResourcesFitArgs {
  scoringStrategy?: { type?: ScoringStrategyType; resources?: ResourceSpec[] };
  /** ignoredResources are extended resources the filter does not check. */
  ignoredResources?: string[];
}

/** InsufficientResource describes one shortage found by fitsRequest. */
export interface InsufficientResource { resourceName: string; reason: string; requested: number; used: number; capacity: number }

/**
 * fitsRequest lists every resource the node lacks for podRequest, in upstream's order: pod
 * count, cpu, memory, ephemeral-storage, then extended resources (by name).
 */
export function fitsRequest(podRequest: Resources, node: NodeInfo, ignoredResources: ReadonlySet<string> = new Set()): InsufficientResource[] {
  const out: InsufficientResource[] = [];
  if (node.pods.length + 1 > node.allowedPodNumber) {
    out.push({ resourceName: 'pods', reason: ERR_REASON_TOO_MANY_PODS, requested: 1, used: node.pods.length, capacity: node.allowedPodNumber });
  }
  const scalars = Object.entries(podRequest.scalar).filter(([, v]) => v !== 0);
  if (podRequest.milliCPU === 0 && podRequest.memory === 0 && podRequest.ephemeralStorage === 0 && scalars.length === 0) return out;
  const check = (name: string, want: number, alloc: number, used: number) => {
    if (want > 0 && want > alloc - used) out.push({ resourceName: name, reason: insufficientReason(name), requested: want, used, capacity: alloc });
  };
  check('cpu', podRequest.milliCPU, node.allocatable.milliCPU, node.requested.milliCPU);
  check('memory', podRequest.memory, node.allocatable.memory, node.requested.memory);
  check('ephemeral-storage', podRequest.ephemeralStorage, node.allocatable.ephemeralStorage, node.requested.ephemeralStorage);
  scalars.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, want] of scalars) {
    if (ignoredResources.has(name)) continue;
    check(name, want, node.allocatable.scalar[name] ?? 0, node.requested.scalar[name] ?? 0);
  }
  return out;
}

/**
 * fitsQuickly is the allocation-free common case of fitsRequest: room for one more pod and
 * for the cpu / memory / ephemeral-storage requests, and no extended resources asked for.
 * false means "look closer" (fitsRequest), not necessarily "does not fit".
 */
function fitsQuickly(pi: PodInfo, node: NodeInfo): boolean {
  const f = node.figures, s = node.slot;
  if (f.podCount[s]! + 1 > f.allowedPods[s]! || pi.requestsScalar) return false;
  const r = pi.requests;
  return (r.milliCPU <= 0 || r.milliCPU <= f.allocMilliCPU[s]! - f.reqMilliCPU[s]!)
    && (r.memory <= 0 || r.memory <= f.allocMemory[s]! - f.reqMemory[s]!)
    && (r.ephemeralStorage <= 0 || r.ephemeralStorage <= f.allocEphemeralStorage[s]! - f.reqEphemeralStorage[s]!);
}

/** leastRequestedScore is (capacity - requested) * 100 / capacity, 0 when over capacity (integer division). */
export function leastRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0;
  return Math.trunc(((capacity - requested) * MAX_NODE_SCORE) / capacity);
}

/** mostRequestedScore is requested * 100 / capacity, capped at capacity (integer division). */
export function mostRequestedScore(requested: number, capacity: number): number {
  if (capacity === 0) return 0;
  return Math.trunc((Math.min(requested, capacity) * MAX_NODE_SCORE) / capacity);
}

/** weightedScorer combines per-resource scores as a weighted average (integer division). */
function weightedScorer(resources: readonly ResourceSpec[], per: (req: number, cap: number) => number): Scorer {
  const weights = resources.map((r) => r.weight);
  return (requested, allocatable) => {
    let score = 0, weightSum = 0;
    for (let i = 0; i < requested.length; i++) {
      const capacity = allocatable[i]!;
      if (capacity === 0) continue;
      const w = weights[i]!;
      score += per(requested[i]!, capacity) * w;
      weightSum += w;
    }
    return weightSum === 0 ? 0 : Math.trunc(score / weightSum);
  };
}

/** weightedPairScorer is weightedScorer for two resources (the same arithmetic in the same order). */
function weightedPairScorer(resources: readonly ResourceSpec[], per: (req: number, cap: number) => number): PairScorer | undefined {
  if (resources.length !== 2) return undefined;
  const w0 = resources[0]!.weight, w1 = resources[1]!.weight;
  return (r0, a0, r1, a1) => {
    let score = 0, weightSum = 0;
    if (a0 !== 0) { score += per(r0, a0) * w0; weightSum += w0; }
    if (a1 !== 0) { score += per(r1, a1) * w1; weightSum += w1; }
    return weightSum === 0 ? 0 : Math.trunc(score / weightSum);
  };
}

/** NodeResourcesFitPlugin is NodeResourcesFit: a filter and a scorer with a fixed strategy. */
export interface NodeResourcesFitPlugin extends FilterPlugin, PreScorePlugin, ScorePlugin, EnqueueExtensions { readonly scoringStrategy: ScoringStrategyType }

/** newNodeResourcesFit builds the plugin from args (default: LeastAllocated over cpu and memory). */
export function newNodeResourcesFit(args: NodeResourcesFitArgs = {}): NodeResourcesFitPlugin {
  const type = args.scoringStrategy?.type ?? LEAST_ALLOCATED;
  if (type !== LEAST_ALLOCATED && type !== MOST_ALLOCATED) throw new Error(`scoring strategy ${String(type)} is not supported`);
  const resources = args.scoringStrategy?.resources ?? DEFAULT_RESOURCES;
  const ignored = new Set(args.ignoredResources ?? []);
  const per = type === LEAST_ALLOCATED ? leastRequestedScore : mostRequestedScore;
  const allocation = new ResourceAllocation(resources, false, weightedScorer(resources, per));
  const pair = allocation.cpuMemory ? weightedPairScorer(resources, per) : undefined;
  const stateKey = NAME;
  const requestsOf = (state: CycleState, pod: KubeObject): readonly number[] =>
    (state.data.get(stateKey) as number[] | undefined) ?? podRequestList(pod, resources, false);
  return {
    name: NAME,
    scoringStrategy: type,
    filter(state: CycleState, _pod: KubeObject, node: NodeInfo): Status {
      if (fitsQuickly(state.podInfo, node)) return ok();
      const short = fitsRequest(state.podInfo.requests, node, ignored);
      return short.length === 0 ? ok() : unschedulableReasons(short.map((s) => s.reason));
    },
    preScore(state: CycleState, _pod: KubeObject, _nodes: readonly NodeInfo[]): Status {
      state.data.set(stateKey, podInfoRequestList(state.podInfo, resources, false));
      return ok();
    },
    score(state: CycleState, pod: KubeObject, node: NodeInfo): number {
      return allocation.score(node, requestsOf(state, pod));
    },
    scoreNodes(state: CycleState, pod: KubeObject, nodes: readonly NodeInfo[], scores: NodeScores): void {
      const reqs = requestsOf(state, pod);
      if (!pair) { allocation.scoreNodes(nodes, reqs, scores); return; }
      // cpu and memory: the non-zero requests' columns, as allocation.score reads them.
      const wantCPU = reqs[0]!, wantMemory = reqs[1]!;
      for (let i = 0; i < nodes.length; i++) {
        const node = nodes[i]!;
        const f = node.figures, s = node.slot;
        const a0 = f.allocMilliCPU[s]!, a1 = f.allocMemory[s]!;
        scores[i] = pair(a0 === 0 ? 0 : f.nonZeroMilliCPU[s]! + wantCPU, a0, a1 === 0 ? 0 : f.nonZeroMemory[s]! + wantMemory, a1);
      }
    },
    // Node updates other than allocatable need no registration: with queueing hints upstream
    // dropped the UpdateNodeTaint|UpdateNodeLabel it kept for the scheduler's preCheck.
    eventsToRegister: () => [
      { event: { resource: 'Pod', actionType: Action.Delete }, hint: isSchedulableAfterPodDeleted },
      { event: { resource: 'Node', actionType: Action.Add | Action.UpdateNodeAllocatable }, hint: (pod, oldNode, node) => isSchedulableAfterNodeChange(pod, oldNode, node, ignored) },
    ],
  };
}

/** isSchedulableAfterPodDeleted: only a bound pod's deletion frees room (kubemu: a bound pod finishing counts as one). */
function isSchedulableAfterPodDeleted(_pod: KubeObject, deleted: KubeObject | undefined): QueueingHint {
  return deleted?.spec?.nodeName ? 'Queue' : 'QueueSkip';
}

/**
 * isSchedulableAfterNodeChange: queue when the node, empty, would fit the pod — and, for an
 * update, when an allocatable the pod requests (or the pod count) grew.
 */
function isSchedulableAfterNodeChange(pod: KubeObject, oldNode: KubeObject | undefined, node: KubeObject | undefined, ignored: ReadonlySet<string>): QueueingHint {
  if (!node) return 'QueueSkip';
  const req = podRequests(pod);
  const now = new NodeInfo(node);
  if (fitsRequest(req, now, ignored).length) return 'QueueSkip';
  if (!oldNode) return 'Queue';
  const before = new NodeInfo(oldNode);
  if (now.allowedPodNumber > before.allowedPodNumber) return 'Queue';
  const grew = (want: number, a: number, b: number) => want > 0 && a > b;
  if (grew(req.milliCPU, now.allocatable.milliCPU, before.allocatable.milliCPU)
    || grew(req.memory, now.allocatable.memory, before.allocatable.memory)
    || grew(req.ephemeralStorage, now.allocatable.ephemeralStorage, before.allocatable.ephemeralStorage)) return 'Queue';
  for (const [name, want] of Object.entries(req.scalar)) {
    if (grew(want, now.allocatable.scalar[name] ?? 0, before.allocatable.scalar[name] ?? 0)) return 'Queue';
  }
  return 'QueueSkip';
}

/** nodeResourcesFit is the plugin with upstream's default args. */
export const nodeResourcesFit = newNodeResourcesFit();
