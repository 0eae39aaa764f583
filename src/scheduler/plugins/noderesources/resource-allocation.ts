/**
 * resource-allocation: the shared scorer behind NodeResourcesFit's scoring strategies and
 * NodeResourcesBalancedAllocation. Mirrors kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/noderesources/resource_allocation.go.
 */
import type { KubeObject } from '../../../api/meta';
import type { NodeInfo, NodeScores, PodInfo } from '../../framework';
import { isScalarResourceName, podResourceList } from '../../resources';

/** ResourceSpec names a resource and its weight in a scoring strategy. */
export interface ResourceSpec { name: string; weight: number }

/** DEFAULT_RESOURCES is cpu and memory, weight 1 each (upstream's defaults for both plugins). */
export const DEFAULT_RESOURCES: readonly ResourceSpec[] = Object.freeze([{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }]);

/**
 * podRequestList returns the pod's request for each listed resource. With useRequested=false
 * the 100m / 200Mi "non-zero" defaults apply to containers without requests (as for
 * Least/MostAllocated); BalancedAllocation uses the plain requests.
 */
export function podRequestList(pod: KubeObject, resources: readonly ResourceSpec[], useRequested: boolean): number[] {
  const list = podResourceList(pod, { nonMissing: !useRequested });
  return resources.map((r) => list.get(r.name) ?? 0);
}

/**
 * podInfoRequestList is podRequestList from an already computed PodInfo (no re-parsing).
 * The non-zero defaults only differ for cpu and memory, which PodInfo carries.
 */
export function podInfoRequestList(pi: PodInfo, resources: readonly ResourceSpec[], useRequested: boolean): number[] {
  return resources.map((r) => {
    switch (r.name) {
      case 'cpu': return useRequested ? pi.requests.milliCPU : pi.nonZeroMilliCPU;
      case 'memory': return useRequested ? pi.requests.memory : pi.nonZeroMemory;
      case 'ephemeral-storage': return pi.requests.ephemeralStorage;
      default: return pi.requests.scalar[r.name] ?? 0;
    }
  });
}

/** Resource kinds, resolved from names once per plugin rather than per node. */
const CPU = 0, MEMORY = 1, EPHEMERAL_STORAGE = 2, OTHER = 3;

/** Scorer turns per-resource (requested, allocatable) vectors into a 0..100 score. */
export type Scorer = (requested: number[], allocatable: number[]) => number;
/**
 * PairScorer is a Scorer for exactly two resources given as plain numbers (requested and
 * allocatable of the first, then of the second): the same score without the vectors.
 */
export type PairScorer = (r0: number, a0: number, r1: number, a1: number) => number;

/**
 * ResourceAllocation is resourceAllocationScorer.score for a fixed resource list: per node it
 * gathers each resource's allocatable and requested amount including the pod (allocatable 0
 * means "don't score it": an extended resource the pod does not ask for, or one the node
 * lacks), then applies the scorer. Its two vectors are reused from node to node.
 */
export class ResourceAllocation {
  private readonly kinds: Uint8Array;
  private readonly names: readonly string[];
  /** skipUnrequested marks extended resources left out when the pod does not ask for them. */
  private readonly skipUnrequested: readonly boolean[];
  private readonly requested: number[];
  private readonly allocatable: number[];

  /**
   * cpuMemory: the resources are cpu then memory (the default). A plugin then scores the
   * nodes' figure columns in its own loop with a two-resource form of its scorer: a call site
   * with one target, which V8 inlines (one loop here, shared by both plugins, saw two targets
   * and made a call per node, boxing the memory figures).
   */
  readonly cpuMemory: boolean;

  constructor(resources: readonly ResourceSpec[], private readonly useRequested: boolean, private readonly scorer: Scorer) {
    this.names = resources.map((r) => r.name);
    this.kinds = Uint8Array.from(this.names, (n) => (n === 'cpu' ? CPU : n === 'memory' ? MEMORY : n === 'ephemeral-storage' ? EPHEMERAL_STORAGE : OTHER));
    this.skipUnrequested = this.names.map(isScalarResourceName);
    this.requested = new Array<number>(resources.length).fill(0);
    this.allocatable = new Array<number>(resources.length).fill(0);
    this.cpuMemory = this.kinds.length === 2 && this.kinds[0] === CPU && this.kinds[1] === MEMORY;
  }

  /** scoreNodes fills out[i] with score(nodes[i]). */
  scoreNodes(nodes: readonly NodeInfo[], podRequests: readonly number[], out: NodeScores): void {
    for (let i = 0; i < nodes.length; i++) out[i] = this.score(nodes[i]!, podRequests);
  }

  /** score rates node for a pod requesting podRequests (parallel to the resource list). */
  score(node: NodeInfo, podRequests: readonly number[]): number {
    const { kinds, requested, allocatable, useRequested } = this;
    const f = node.figures, s = node.slot;
    for (let i = 0; i < kinds.length; i++) {
      const want = podRequests[i]!;
      let alloc = 0, req = 0;
      switch (kinds[i]) {
        case CPU:
          alloc = f.allocMilliCPU[s]!;
          req = (useRequested ? f.reqMilliCPU[s]! : f.nonZeroMilliCPU[s]!) + want;
          break;
        case MEMORY:
          alloc = f.allocMemory[s]!;
          req = (useRequested ? f.reqMemory[s]! : f.nonZeroMemory[s]!) + want;
          break;
        case EPHEMERAL_STORAGE:
          alloc = f.allocEphemeralStorage[s]!;
          req = f.reqEphemeralStorage[s]! + want;
          break;
        default: {
          if (want === 0 && this.skipUnrequested[i]) break;
          const name = this.names[i]!;
          alloc = node.allocatable.scalar[name] ?? 0;
          req = (node.requestedScalar[name] ?? 0) + want;
        }
      }
      allocatable[i] = alloc;
      requested[i] = alloc === 0 ? 0 : req;
    }
    return this.scorer(requested, allocatable);
  }
}
