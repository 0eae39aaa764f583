/**
 * scale-up: upstream's ScaleUpOrchestrator. Pending pods that would fit on some node, booting
 * ones included, are left to the scheduler (filterOutSchedulable); for the rest each
 * autoscaled pool's template node is tried, the binpacking estimator counts how many new
 * nodes the pods need, and the expander picks one pool.
 */
import type { KubeObject } from '../../api/meta';
import type { ReconcileContext } from '../../sim/controller';
import { choose, EXPANDERS, PRIORITY_CONFIGMAP, type ExpanderName, type ExpansionOption } from './expander';
import { vmssName, type NodePool } from './cloud-provider';
import type { AutoscalerState, ClusterAutoscalerDeps } from './index';
import { TO_BE_DELETED_TAINT } from './scale-down';

const NAME = 'cluster-autoscaler';
const NOT_READY_TAINT = 'node.kubernetes.io/not-ready';
/** MAX_SIZE_REACHED is the skipped-group reason (upstream's MaxLimitReachedReason). */
export const MAX_SIZE_REACHED = 'max node group size reached';

/** triggeredScaleUp is TriggeredScaleUp's text: `pod triggered scale-up: [{group old->new (max: N)}]`. */
export const triggeredScaleUp = (group: string, from: number, to: number, max: number): string =>
  `pod triggered scale-up: [{${group} ${from}->${to} (max: ${max})}]`;
/** notTriggerScaleUp is NotTriggerScaleUp's text: each reason with the number of pools that gave it. */
export const notTriggerScaleUp = (reasons: string): string => `pod didn't trigger scale-up: ${reasons}`;
/** scaledUpGroup is the ScaledUpGroup event on the status ConfigMap. */
export const scaledUpGroup = (group: string, to: number, from: number, max: number): string =>
  `Scale-up: setting group ${group} size to ${to} instead of ${from} (max: ${max})`;

interface ScaleUpInput {
  ctx: ReconcileContext; deps: ClusterAutoscalerDeps; pools: NodePool[]; nodes: KubeObject[]; pods: KubeObject[];
  state: AutoscalerState; statusEvents: string[];
}

function isPending(pod: KubeObject): boolean {
  if (pod.spec?.nodeName || pod.metadata.deletionTimestamp) return false;
  if ((pod.spec?.schedulerName ?? 'default-scheduler') !== 'default-scheduler') return false;
  const c = (pod.status?.conditions ?? []).find((x: { type: string }) => x.type === 'PodScheduled');
  return c?.status === 'False' && c.reason === 'Unschedulable';
}

function isTerminal(pod: KubeObject): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

/** upcoming is a booting node as the scheduler will see it once Ready (its not-ready taint gone). */
function upcoming(node: KubeObject): KubeObject {
  return { ...node, spec: { ...node.spec, taints: (node.spec?.taints ?? []).filter((t: { key: string }) => t.key !== NOT_READY_TAINT) } };
}

/** MAX_NODE_STARTUP_MS: a node NotReady this soon after registering is still starting (upstream's MaxNodeStartupTime). */
export const MAX_NODE_STARTUP_MS = 15 * 60_000;

function notStarted(node: KubeObject, now: number): boolean {
  const tainted = (node.spec?.taints ?? []).some((t: { key: string }) => t.key === NOT_READY_TAINT);
  return tainted && now - (Date.parse(node.metadata.creationTimestamp ?? '') || 0) < MAX_NODE_STARTUP_MS;
}

export function runScaleUp(input: ScaleUpInput): { scaledUp: boolean; waiting: boolean } {
  const { ctx, deps, pools, nodes, pods, state } = input;
  const pending = pods.filter(isPending).sort((a, b) => `${a.metadata.namespace}/${a.metadata.name}`.localeCompare(`${b.metadata.namespace}/${b.metadata.name}`));
  // Forget pods that no longer wait.
  const pendingUids = new Set(pending.map((p) => p.metadata.uid!));
  for (const uid of Object.keys(state.notTriggered)) if (!pendingUids.has(uid)) delete state.notTriggered[uid];
  if (!pending.length) return { scaledUp: false, waiting: false };
  const bound = pods.filter((p) => p.spec?.nodeName && !isTerminal(p));
  const live = nodes.filter((n) => !n.metadata.deletionTimestamp && !(n.spec?.taints ?? []).some((t: { key: string }) => t.key === TO_BE_DELETED_TAINT))
    .map((n) => (deps.cloud.booting(ctx, n.metadata.name!) || notStarted(n, ctx.clock.nowMs()) ? upcoming(n) : n));
  const onExisting = deps.simulator.place(live, bound, pending);
  const remaining = pending.filter((_, i) => !onExisting[i]!.node);
  if (!remaining.length) return { scaledUp: false, waiting: true };

  const options: ExpansionOption[] = [];
  // Per pod: the reasons each pool gave for not helping (upstream's NoScaleUpInfo).
  const rejected = new Map<KubeObject, string[]>(remaining.map((p) => [p, []]));
  for (const pool of [...pools].sort((a, b) => a.name.localeCompare(b.name))) {
    if (!pool.enableAutoscaler) continue;
    const max = pool.maxCount ?? pool.count;
    if (pool.count >= max) { for (const p of remaining) rejected.get(p)!.push(MAX_SIZE_REACHED); continue; }
    const template = deps.cloud.templateNode(pool, 0);
    const fits: KubeObject[] = [];
    for (const pod of remaining) {
      const [r] = deps.simulator.place([template], [], [pod]);
      if (r!.node) fits.push(pod);
      else rejected.get(pod)!.push(...new Set(r!.reasons));
    }
    if (!fits.length) continue;
    const est = estimate(deps, pool, fits, max - pool.count);
    if (!est.nodeCount) continue;
    const alloc = deps.simulator.allocatable(template);
    const req = est.pods.reduce((s, p) => { const r = deps.simulator.requested(p); return { c: s.c + r.milliCPU, m: s.m + r.memory }; }, { c: 0, m: 0 });
    options.push({
      pool: pool.name, group: vmssName(pool), nodeCount: est.nodeCount, pods: est.pods,
      nodeCpuMilli: alloc.milliCPU, nodeMemory: alloc.memory, requestedCpuMilli: req.c, requestedMemory: req.m,
    });
  }

  if (!options.length) {
    for (const pod of remaining) {
      const counts = new Map<string, number>();
      for (const r of rejected.get(pod)!) counts.set(r, (counts.get(r) ?? 0) + 1);
      const text = notTriggerScaleUp([...counts].map(([r, n]) => `${n} ${r}`).sort().join(', '));
      if (state.notTriggered[pod.metadata.uid!] === text) continue;
      state.notTriggered[pod.metadata.uid!] = text;
      ctx.api.recordEvent(pod, 'Normal', 'NotTriggerScaleUp', text, { component: NAME });
    }
    return { scaledUp: false, waiting: false };
  }

  const profile = deps.cloud.profile(ctx);
  const expander = (EXPANDERS.includes(profile.expander as ExpanderName) ? profile.expander : 'least-waste') as ExpanderName;
  const priorities = expander === 'priority'
    ? ctx.api.tryGet({ kind: 'ConfigMap', namespace: 'kube-system', name: PRIORITY_CONFIGMAP })?.data?.priorities as string | undefined : undefined;
  const best = choose(expander, options, ctx.rand, priorities);
  const pool = pools.find((p) => p.name === best.pool)!;
  const max = pool.maxCount ?? pool.count;
  const from = pool.count;
  const to = from + best.nodeCount;
  input.statusEvents.push(scaledUpGroup(best.group, to, from, max));
  deps.cloud.increaseSize(ctx, pool.name, best.nodeCount);
  const text = triggeredScaleUp(best.group, from, to, max);
  for (const pod of best.pods) {
    delete state.notTriggered[pod.metadata.uid!];
    ctx.api.recordEvent(pod, 'Normal', 'TriggeredScaleUp', text, { component: NAME });
  }
  return { scaledUp: true, waiting: true };
}

/**
 * estimate is upstream's binpacking estimator: pods in order, each onto the new nodes so far
 * if it fits, else onto one more template node, up to the pool's room.
 */
function estimate(deps: ClusterAutoscalerDeps, pool: NodePool, pods: readonly KubeObject[], room: number): { nodeCount: number; pods: KubeObject[] } {
  const nodes: KubeObject[] = [];
  const placed: KubeObject[] = [];
  const taken: KubeObject[] = [];
  for (const pod of pods) {
    if (nodes.length) {
      const [r] = deps.simulator.place(nodes, placed, [pod]);
      if (r!.node) { placed.push({ ...pod, spec: { ...pod.spec, nodeName: r!.node } }); taken.push(pod); continue; }
    }
    if (nodes.length >= room) continue;
    const node = deps.cloud.templateNode(pool, nodes.length);
    const [r] = deps.simulator.place([node], [], [pod]);
    if (!r!.node) continue;
    nodes.push(node);
    placed.push({ ...pod, spec: { ...pod.spec, nodeName: node.metadata.name } });
    taken.push(pod);
  }
  return { nodeCount: nodes.length, pods: taken };
}
