/**
 * clusterautoscaler: kubernetes/autoscaler's cluster-autoscaler over AKS node pools.
 * One level-driven loop (RunOnce) keyed on its status ConfigMap:
 *  - scale-up: pods the scheduler marked Unschedulable that would not fit on any node, even
 *    one still booting, are binpacked onto template nodes of each autoscaled pool; the
 *    expander picks a pool and the cloud adds that many VMs (TriggeredScaleUp), or each pod
 *    is told why no pool helps (NotTriggerScaleUp);
 *  - scale-down: a pool node below the utilization threshold whose pods could all move
 *    elsewhere is unneeded; unneeded for scale-down-unneeded-time (10 min), it is tainted,
 *    drained through the eviction API and deleted (ScaleDown);
 *  - the kube-system/cluster-autoscaler-status ConfigMap reports it.
 * Upstream loops every --scan-interval (10 s); here a loop runs at the first scan instant (a
 * multiple of the interval on the cluster clock) after pods or nodes change, and requeues itself
 * for the scan instants it waits for (a node's unneeded time running out), so an idle cluster
 * costs nothing. A booting VM becomes Ready at its own time: that is the cloud, not the loop.
 */
import type { KubeObject } from '../../api/meta';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { CONFIG_MAP, STATUS_CONFIGMAP, writeStatus, type LoopStatus } from './status';
import { runScaleUp } from './scale-up';
import { runScaleDown, TO_BE_DELETED_TAINT } from './scale-down';
import type { CloudProvider } from './cloud-provider';
import type { Placement } from './simulator';
import type { SnapshotOptionsLike } from './simulator';

export { STATUS_CONFIGMAP } from './status';

/** NAME is the autoscaler's event source and field manager. */
export const NAME = 'cluster-autoscaler';
/** STATE_HOLDER / STATE_KEY keep what upstream holds in memory (unneeded-since times, last scale-up). */
export const STATE_HOLDER = NAME;
const STATE_KEY = 'state';

/** AutoscalerState is the autoscaler's memory between loops. */
export interface AutoscalerState {
  unneededSince: Record<string, number>;
  lastScaleUpMs?: number;
  /** notTriggered remembers the last NotTriggerScaleUp text per pod uid, so a repeat is not re-recorded each loop. */
  notTriggered: Record<string, string>;
  /** transitions holds each status line's last transition time. */
  transitions: Record<string, { status: string; at: number }>;
  statusText?: string;
}

/** Simulator is the scheduler run as a simulation (injected: components do not import each other). */
export interface Simulator {
  place(nodes: readonly KubeObject[], boundPods: readonly KubeObject[], pods: readonly KubeObject[], options?: SnapshotOptionsLike): Placement[];
  requested(pod: KubeObject): { milliCPU: number; memory: number };
  allocatable(node: KubeObject): { milliCPU: number; memory: number };
}

export interface ClusterAutoscalerDeps { cloud: CloudProvider; simulator: Simulator }

const REQUEST: Request = { namespace: 'kube-system', name: STATUS_CONFIGMAP };

function isUnschedulable(pod: KubeObject): boolean {
  if (pod.spec?.nodeName || pod.metadata.deletionTimestamp) return false;
  const c = (pod.status?.conditions ?? []).find((x: { type: string }) => x.type === 'PodScheduled');
  return c?.status === 'False' && c.reason === 'Unschedulable';
}

/** newClusterAutoscaler builds the controller over a cloud and the scheduler's simulation. */
export function newClusterAutoscaler(deps: ClusterAutoscalerDeps): Controller {
  return {
    name: NAME,
    for: CONFIG_MAP,
    accepts: (cm) => cm.metadata.namespace === REQUEST.namespace && cm.metadata.name === REQUEST.name,
    watches: [
      // A pod the scheduler gave up on, or a bound pod changing (room freed or taken).
      { kind: 'Pod', map: (pod) => (isUnschedulable(pod) || pod.spec?.nodeName ? [REQUEST] : []) },
      { kind: 'Node', map: () => [REQUEST] },
    ],
    reconcile(_req: Request, ctx: ReconcileContext): Result | void {
      const pools = deps.cloud.pools(ctx);
      if (!pools.length) return;
      const nextBoot = deps.cloud.finishBoots(ctx);
      const now = ctx.clock.nowMs();
      const scan = deps.cloud.profile(ctx).scanIntervalMs;
      const nextScan = (t: number) => Math.ceil(t / scan) * scan;
      const until = (t: number) => ({ requeueAfterMs: Math.max(0, t - now) });
      // Between scans a change waits for the next one (the boot still finishes on time).
      if (now % scan !== 0) return until(nextBoot === undefined ? nextScan(now) : Math.min(nextBoot, nextScan(now)));
      const state: AutoscalerState = { unneededSince: {}, notTriggered: {}, transitions: {}, ...ctx.api.nodeLocalState<AutoscalerState>(STATE_HOLDER, STATE_KEY) };
      const before = JSON.stringify(state);
      const nodes = ctx.api.list({ kind: 'Node' });
      const pods = ctx.api.list({ kind: 'Pod' });
      const loop: LoopStatus = { now: ctx.clock.nowMs(), pools, nodes, scaleUp: 'NoActivity', scaleDownCandidates: {} };
      const statusEvents: string[] = [];
      const up = runScaleUp({ ctx, deps, pools, nodes, pods, state, statusEvents });
      if (up.scaledUp) { state.lastScaleUpMs = ctx.clock.nowMs(); loop.scaleUp = 'InProgress'; }
      else if (up.waiting) loop.scaleUp = 'InProgress';
      let wake: number | undefined;
      if (!up.scaledUp) {
        const down = runScaleDown({ ctx, deps, pools: deps.cloud.pools(ctx), nodes, pods, state, statusEvents });
        loop.scaleDownCandidates = down.candidates;
        wake = down.wakeAt;
      }
      writeStatus(ctx, loop, state, deps.cloud, statusEvents);
      if (JSON.stringify(state) !== before) ctx.api.setNodeLocalState(STATE_HOLDER, STATE_KEY, state);
      const at = [nextBoot, wake === undefined ? undefined : nextScan(wake)].filter((t): t is number => t !== undefined);
      if (at.length) return until(Math.min(...at));
    },
  };
}

export { TO_BE_DELETED_TAINT };
