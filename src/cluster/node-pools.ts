/**
 * node-pools: the cloud side of AKS node pools — each pool a VM scale set of one VM size,
 * its nodes named as AKS names them (aks-<pool>-<8 digits>-vmss<6 base-36 digits>) and
 * labelled as AKS labels them. The pools are what the cloud keeps, not API objects, so they
 * are a local record of the cloud (like the kubelet's records), read by `kubemu nodepool`,
 * the cluster autoscaler (through its CloudProvider contract) and `kubemu cost`.
 *
 * A new VM's node registers at once, NotReady (no pod network yet), and becomes Ready when the
 * VM has booted: BOOT_DELAY_MS later in simulated time.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { fnv32a } from '../api/fnv32a';
import type { Rand } from '../sim/rand';
import type { ReconcileContext } from '../sim/controller';
import {
  AGENTPOOL_LABEL, DEFAULT_AUTOSCALER_PROFILE, MODE_LABEL, POOL_LABEL, vmssName,
  type AutoscalerProfile, type CloudProvider, type NodePool,
} from '../controllers/clusterautoscaler/cloud-provider';
import { CNI_CONFIG_KEY, cniConfigOf, type CniConfig } from '../network/cni';
import { newNode, nextNodeIndex, ZONE_LABEL, type NodeShape } from './node-factory';
import { joinNode } from './join-node';
import { PRICE_REGION, vmSize } from './vm-sizes';
import { nodeStatusMessage } from '../kubelet/node-status';

/** CLOUD_HOLDER is the name the cloud's records are kept under. */
export const CLOUD_HOLDER = 'azure';
const POOLS_KEY = 'nodepools';
const BOOTING_KEY = 'booting';
const PROFILE_KEY = 'autoscaler-profile';
/** BOOT_DELAY_MS is how long a new VM takes from its node registering to Ready. */
export const BOOT_DELAY_MS = 2 * 60 * 1000;
/** CRITICAL_ADDONS_ONLY_TAINT is what `--only-critical-addons` puts on a system pool (AKS). */
export const CRITICAL_ADDONS_ONLY_TAINT = { key: 'CriticalAddonsOnly', value: 'true', effect: 'NoSchedule' };
/** INSTANCE_TYPE_LABEL carries the node's VM size. */
export const INSTANCE_TYPE_LABEL = 'node.kubernetes.io/instance-type';
const REGION_LABEL = 'topology.kubernetes.io/region';
const FM = { fieldManager: 'kubelet' };

type PoolStore = Pick<ApiClient, 'nodeLocalState' | 'setNodeLocalState'>;

/** autoscalerProfile reads the cluster autoscaler's settings (upstream's defaults until changed). */
export function autoscalerProfile(api: PoolStore): AutoscalerProfile {
  return { ...DEFAULT_AUTOSCALER_PROFILE, ...api.nodeLocalState<Partial<AutoscalerProfile>>(CLOUD_HOLDER, PROFILE_KEY) };
}

/** saveAutoscalerProfile writes the cluster autoscaler's settings. */
export function saveAutoscalerProfile(api: PoolStore, profile: AutoscalerProfile): void {
  api.setNodeLocalState(CLOUD_HOLDER, PROFILE_KEY, profile);
}

/** listPools reads the cluster's node pools, in creation order. */
export function listPools(api: PoolStore): NodePool[] {
  return api.nodeLocalState<NodePool[]>(CLOUD_HOLDER, POOLS_KEY) ?? [];
}

/** savePools writes the cluster's node pools. */
export function savePools(api: PoolStore, pools: readonly NodePool[]): void {
  api.setNodeLocalState(CLOUD_HOLDER, POOLS_KEY, pools);
}

/** scaleSetId is the 8-digit number AKS puts in a pool's VMSS name; kubemu derives it from the pool's name and the seed. */
export function scaleSetId(poolName: string, seed: number): string {
  return String(fnv32a(`${seed}/${poolName}`) % 100_000_000).padStart(8, '0');
}

/** instanceName is a VMSS instance's computer name: the scale set's name and the instance number in base 36, six digits. */
export function instanceName(pool: Pick<NodePool, 'name' | 'id'>, instance: number): string {
  return `${vmssName(pool)}${instance.toString(36).padStart(6, '0')}`;
}

/** zoneOf is the zone label of a pool's instance: zones round-robin by instance, "0" without zones (as AKS). */
export function zoneOf(pool: Pick<NodePool, 'zones'>, instance: number): string {
  return pool.zones.length ? `${PRICE_REGION}-${pool.zones[instance % pool.zones.length]}` : '0';
}

/** nodeShape is the node a pool's instance registers as. */
export function nodeShape(pool: NodePool, instance: number, index: number): NodeShape {
  const size = vmSize(pool.vmSize);
  if (!size) throw new Error(`unknown VM size ${pool.vmSize}`);
  return {
    name: instanceName(pool, instance), index, controlPlane: false,
    cpu: String(size.cpu), memory: `${size.memoryGi}Gi`, maxPods: pool.maxPods,
    reservation: 'aks',
    labels: {
      [AGENTPOOL_LABEL]: pool.name, [POOL_LABEL]: pool.name, [MODE_LABEL]: pool.mode.toLowerCase(),
      [INSTANCE_TYPE_LABEL]: size.name, [REGION_LABEL]: PRICE_REGION,
      ...pool.labels,
    },
    zone: zoneOf(pool, instance),
    taints: pool.taints,
  };
}

// A template node is never stored: a fixed RNG keeps simulating from drawing on the cluster's.
const TEMPLATE_RAND: Rand = {
  float: () => 0, int: () => 0, suffix: (len = 5) => 'x'.repeat(len), hex: (len) => '0'.repeat(len),
  uuid: () => '00000000-0000-0000-0000-000000000000', state: () => '', restore: () => undefined,
};

/** templateNode is a Ready node of the pool, as the autoscaler simulates one (upstream's TemplateNodeInfo). */
export function templateNode(pool: NodePool, i: number): KubeObject {
  // No pod CIDR: the range allocator gives one when a node joins.
  const node = newNode({ ...nodeShape(pool, pool.nextInstance + i, 0), name: `template-node-for-${vmssName(pool)}-${i}` }, TEMPLATE_RAND, '1970-01-01T00:00:00Z', undefined);
  node.metadata.labels![ZONE_LABEL] = zoneOf(pool, pool.nextInstance + i);
  return node;
}

function booting(api: PoolStore): Record<string, number> {
  return api.nodeLocalState<Record<string, number>>(CLOUD_HOLDER, BOOTING_KEY) ?? {};
}

/**
 * addInstances starts n VMs in the pool (whose record the caller saves): each node registers
 * NotReady and is Ready BOOT_DELAY_MS later (finishBoots). Returns the new nodes' names.
 */
export function addInstances(ctx: ReconcileContext, pool: NodePool, n: number, opts: { booted?: boolean } = {}): string[] {
  const names: string[] = [];
  const boots = booting(ctx.api);
  for (let i = 0; i < n; i++) {
    const nodes = ctx.api.list({ kind: 'Node' });
    const shape = nodeShape(pool, pool.nextInstance++, nextNodeIndex(nodes));
    joinNode(ctx.api, nodes, shape, { rand: ctx.rand, nowISO: ctx.clock.nowISO() }, { networkDown: !opts.booted, running: true });
    if (!opts.booted) boots[shape.name] = ctx.clock.nowMs() + BOOT_DELAY_MS;
    names.push(shape.name);
  }
  pool.count += n;
  ctx.api.setNodeLocalState(CLOUD_HOLDER, BOOTING_KEY, boots);
  return names;
}

/** removeInstance deletes a node's VM and its Node, lowering its pool's count (the caller saves the pool). */
export function removeInstance(ctx: ReconcileContext, pool: NodePool, nodeName: string): void {
  if (ctx.api.tryGet({ kind: 'Node', name: nodeName })) ctx.api.delete({ kind: 'Node', name: nodeName }, FM);
  const boots = booting(ctx.api);
  if (nodeName in boots) { delete boots[nodeName]; ctx.api.setNodeLocalState(CLOUD_HOLDER, BOOTING_KEY, boots); }
  pool.count = Math.max(0, pool.count - 1);
}

/**
 * finishBoots brings up the pod network of every node whose VM has booted, so its kubelet
 * posts Ready; returns when the next booting VM will be up.
 */
export function finishBoots(ctx: ReconcileContext): number | undefined {
  const boots = booting(ctx.api);
  const now = ctx.clock.nowMs();
  let next: number | undefined;
  let changed = false;
  for (const [name, at] of Object.entries(boots)) {
    if (at > now) { next = next === undefined ? at : Math.min(next, at); continue; }
    delete boots[name];
    changed = true;
    const node = ctx.api.tryGet({ kind: 'Node', name });
    // Azure CNI overlay gives a node's pods addresses from the node's /24: without one its network never comes up.
    if (!node?.spec?.podCIDR) continue;
    if (cniConfigOf(name, ctx.api)?.plugin === null) ctx.api.setNodeLocalState(name, CNI_CONFIG_KEY, { plugin: 'azure' } satisfies CniConfig);
    // The kubelet posts Ready as soon as the runtime reports the network up.
    const nowISO = ctx.clock.nowISO();
    const conditions = (node.status?.conditions ?? []).map((c: { type: string }) => (c.type === 'Ready'
      ? { ...c, status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: nowISO, lastTransitionTime: nowISO } : c));
    ctx.api.updateStatus({ ...node, status: { ...node.status, conditions } }, FM);
    ctx.api.recordEvent({ kind: 'Node', name, uid: name, apiVersion: 'v1' }, 'Normal', 'NodeReady', nodeStatusMessage(name, 'NodeReady'), { component: 'kubelet', host: name });
  }
  if (changed) ctx.api.setNodeLocalState(CLOUD_HOLDER, BOOTING_KEY, boots);
  return next;
}

/** azureCloudProvider is the autoscaler's CloudProvider over the cluster's node pools. */
export const azureCloudProvider: CloudProvider = {
  pools: (ctx) => listPools(ctx.api),
  profile: (ctx) => autoscalerProfile(ctx.api),
  templateNode,
  increaseSize(ctx, poolName, delta) {
    const pools = listPools(ctx.api);
    const pool = pools.find((p) => p.name === poolName);
    if (!pool) return [];
    const names = addInstances(ctx, pool, delta);
    savePools(ctx.api, pools);
    return names;
  },
  deleteNode(ctx, poolName, node) {
    const pools = listPools(ctx.api);
    const pool = pools.find((p) => p.name === poolName);
    if (!pool) return;
    removeInstance(ctx, pool, node);
    savePools(ctx.api, pools);
  },
  finishBoots,
  booting: (ctx, node) => node in booting(ctx.api),
};
