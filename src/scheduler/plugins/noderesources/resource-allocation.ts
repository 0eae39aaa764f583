/**
 * resource-allocation: the shared scorer behind NodeResourcesFit's scoring strategies and
 * NodeResourcesBalancedAllocation. Mirrors kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/noderesources/resource_allocation.go.
 */

import type { KubeObject } from '../../../api/meta';
import type { NodeInfo } from '../../framework';
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

/** allocatableAndRequested returns [allocatable, requested incl. the pod] for one resource on a node; [0, 0] means "don't score it". */
export function allocatableAndRequested(node: NodeInfo, resource: string, podRequest: number, useRequested: boolean): [number, number] {
  // An extended resource the pod does not ask for is left out of the score entirely.
  if (podRequest === 0 && isScalarResourceName(resource)) return [0, 0];
  switch (resource) {
    case 'cpu': return [node.allocatable.milliCPU, (useRequested ? node.requested.milliCPU : node.nonZeroRequested.milliCPU) + podRequest];
    case 'memory': return [node.allocatable.memory, (useRequested ? node.requested.memory : node.nonZeroRequested.memory) + podRequest];
    case 'ephemeral-storage': return [node.allocatable.ephemeralStorage, node.requested.ephemeralStorage + podRequest];
    default: {
      const alloc = node.allocatable.scalar[resource];
      if (alloc === undefined) return [0, 0];
      return [alloc, (node.requested.scalar[resource] ?? 0) + podRequest];
    }
  }
}

/** Scorer turns per-resource (requested, allocatable) vectors into a 0..100 score. */
export type Scorer = (requested: number[], allocatable: number[]) => number;

/** scoreNode runs a scorer over the node's per-resource allocation, as resourceAllocationScorer.score. */
export function scoreNode(node: NodeInfo, resources: readonly ResourceSpec[], podRequests: readonly number[], useRequested: boolean, scorer: Scorer): number {
  const requested = new Array<number>(resources.length).fill(0);
  const allocatable = new Array<number>(resources.length).fill(0);
  for (let i = 0; i < resources.length; i++) {
    const [alloc, req] = allocatableAndRequested(node, resources[i]!.name, podRequests[i]!, useRequested);
    if (alloc === 0) continue;
    allocatable[i] = alloc;
    requested[i] = req;
  }
  return scorer(requested, allocatable);
}
