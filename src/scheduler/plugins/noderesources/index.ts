/**
 * noderesources: the resource plugins — NodeResourcesFit (filter + Least/MostAllocated
 * scoring) and NodeResourcesBalancedAllocation — as in kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/noderesources.
 */

export * from './fit';
export { NAME as BALANCED_ALLOCATION_NAME, balancedAllocation, balancedResourceScorer, newBalancedAllocation } from './balanced-allocation';
export { DEFAULT_RESOURCES, type ResourceSpec } from './resource-allocation';
