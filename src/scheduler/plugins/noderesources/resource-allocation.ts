/**
 * resource-allocation: the shared scorer behind NodeResourcesFit's scoring strategies and
 * NodeResourcesBalancedAllocation. Mirrors kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/noderesources/resource_allocation.go.
 */
import type { KubeObject } from '../../../api/meta';
import type { NodeInfo, PodInfo } from '../../framework';
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

/**
 * fillAllocatableAndRequested writes, for resource i, the node's allocatable and its
 * requested amount including the pod into alloc[i] / req[i]; alloc 0 means "don't score it".
 */
function fillAllocatableAndRequested(node: NodeInfo, resource: string, podRequest: number, useRequested: boolean, i: number, req: number[], alloc: number[]): void {
  req[i] = 0;
  alloc[i] = 0;
  switch (resource) {
    case 'cpu':
      alloc[i] = node.allocatable.milliCPU;
      req[i] = (useRequested ? node.requested.milliCPU : node.nonZeroRequested.milliCPU) + podRequest;
      return;
    case 'memory':
      alloc[i] = node.allocatable.memory;
      req[i] = (useRequested ? node.requested.memory : node.nonZeroRequested.memory) + podRequest;
      return;
    case 'ephemeral-storage':
      alloc[i] = node.allocatable.ephemeralStorage;
      req[i] = node.requested.ephemeralStorage + podRequest;
      return;
    default: {
      // An extended resource the pod does not ask for is left out of the score entirely.
      if (podRequest === 0 && isScalarResourceName(resource)) return;
      const a = node.allocatable.scalar[resource];
      if (a === undefined) return;
      alloc[i] = a;
      req[i] = (node.requested.scalar[resource] ?? 0) + podRequest;
    }
  }
}

/** allocatableAndRequested returns [allocatable, requested incl. the pod] for one resource on a node; [0, 0] means "don't score it". */
export function allocatableAndRequested(node: NodeInfo, resource: string, podRequest: number, useRequested: boolean): [number, number] {
  const req = [0], alloc = [0];
  fillAllocatableAndRequested(node, resource, podRequest, useRequested, 0, req, alloc);
  return alloc[0] === 0 ? [0, 0] : [alloc[0]!, req[0]!];
}

/** Scorer turns per-resource (requested, allocatable) vectors into a 0..100 score. */
export type Scorer = (requested: number[], allocatable: number[]) => number;

/**
 * scoreNode runs a scorer over the node's per-resource allocation, as resourceAllocationScorer.score.
 * `scratch` (two arrays of resources.length) lets a plugin reuse its buffers across nodes.
 */
export function scoreNode(node: NodeInfo, resources: readonly ResourceSpec[], podRequests: readonly number[], useRequested: boolean, scorer: Scorer,
  scratch: [number[], number[]] = [new Array<number>(resources.length), new Array<number>(resources.length)]): number {
  const [requested, allocatable] = scratch;
  for (let i = 0; i < resources.length; i++) {
    fillAllocatableAndRequested(node, resources[i]!.name, podRequests[i]!, useRequested, i, requested, allocatable);
    if (allocatable[i] === 0) requested[i] = 0;
  }
  return scorer(requested, allocatable);
}
