/**
 * cloud-provider: what the cluster autoscaler asks of the cloud, as upstream's
 * cloudprovider.NodeGroup does — the node groups (AKS node pools) with their sizes and
 * limits, a template node for each, and resizing. The cloud itself lives outside the
 * controllers (cluster/node-pools.ts makes the VMs); the autoscaler only holds this contract.
 */
import type { KubeObject } from '../../api/meta';
import type { ReconcileContext } from '../../sim/controller';

/** PoolMode is an AKS node pool's mode. */
export type PoolMode = 'System' | 'User';

/** NodePool is one pool as the cloud declares it. */
export interface NodePool {
  name: string;
  vmSize: string;
  mode: PoolMode;
  /** count is the pool's target size (its VM scale set's capacity). */
  count: number;
  maxPods: number;
  enableAutoscaler: boolean;
  minCount?: number;
  maxCount?: number;
  labels: Record<string, string>;
  taints: { key: string; value?: string; effect: string }[];
  zones: string[];
  /** id is the VM scale set's numeric part (aks-<pool>-<id>-vmss). */
  id: string;
  /** nextInstance is the next VMSS instance number (AKS never reuses one). */
  nextInstance: number;
  /** reservedInstances of this pool bill at the reservation's price (Azure reservations). */
  reservedInstances?: number;
  /** reservationDiscountPercent is the reservation's discount on the list price. */
  reservationDiscountPercent?: number;
}

/** POOL_LABEL / AGENTPOOL_LABEL / MODE_LABEL are the labels AKS puts on a pool's nodes. */
export const POOL_LABEL = 'kubernetes.azure.com/agentpool';
export const AGENTPOOL_LABEL = 'agentpool';
export const MODE_LABEL = 'kubernetes.azure.com/mode';

/** poolOfNode names the pool a node belongs to (its agentpool label). */
export function poolOfNode(node: KubeObject): string | undefined {
  return node.metadata.labels?.[AGENTPOOL_LABEL];
}

/** vmssName is the scale set a pool's nodes are instances of (the node group's id). */
export function vmssName(pool: Pick<NodePool, 'name' | 'id'>): string {
  return `aks-${pool.name}-${pool.id}-vmss`;
}

/**
 * AutoscalerProfile is the cluster autoscaler's settings (AKS's cluster-autoscaler-profile),
 * with upstream's defaults in DEFAULT_AUTOSCALER_PROFILE.
 */
export interface AutoscalerProfile {
  expander: string;
  scaleDownUnneededTimeMs: number;
  scaleDownDelayAfterAddMs: number;
  scaleDownUtilizationThreshold: number;
  /** scanIntervalMs is --scan-interval: how often the main loop runs. */
  scanIntervalMs: number;
}

export const DEFAULT_AUTOSCALER_PROFILE: AutoscalerProfile = {
  expander: 'least-waste', scaleDownUnneededTimeMs: 10 * 60_000, scaleDownDelayAfterAddMs: 10 * 60_000, scaleDownUtilizationThreshold: 0.5, scanIntervalMs: 10_000,
};

/** CloudProvider is the autoscaler's view of the cloud. */
export interface CloudProvider {
  /** profile is the autoscaler's settings. */
  profile(ctx: ReconcileContext): AutoscalerProfile;
  /** pools lists the cluster's node pools (none: the cluster has no cloud node groups). */
  pools(ctx: ReconcileContext): NodePool[];
  /** templateNode is a node as the pool would make it, Ready, for simulating the scheduler. */
  templateNode(pool: NodePool, index: number): KubeObject;
  /** increaseSize starts delta more VMs in the pool; their nodes join NotReady. Returns their names. */
  increaseSize(ctx: ReconcileContext, pool: string, delta: number): string[];
  /** deleteNode removes a node's VM (and its Node) and lowers the pool's count. */
  deleteNode(ctx: ReconcileContext, pool: string, node: string): void;
  /**
   * finishBoots makes the nodes whose VM has finished booting Ready; returns the time the next
   * booting one will be ready, if any.
   */
  finishBoots(ctx: ReconcileContext): number | undefined;
  /** booting says whether a node's VM is still booting (an upcoming node). */
  booting(ctx: ReconcileContext, node: string): boolean;
}
