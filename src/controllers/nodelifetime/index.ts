/**
 * nodelifetime: the billing record `kubemu cost` reads — when each node ran (a VM is billed
 * for its lifetime) and when each pod held requests on it (the OpenCost allocation model
 * splits a node's cost by requests). Nothing in Kubernetes keeps this once a node or pod is
 * deleted, so a recorder keeps it, as a cloud's billing and a cost tool's Prometheus would:
 * a local record per node, level-driven from the node and the pods bound to it.
 */
import type { KubeObject } from '../../api/meta';
import type { Controller, ReconcileContext, Request } from '../../sim/controller';
import { ReconciledState } from '../../sim/reconciled-state';

/** COST_HOLDER names the record; NODES_KEY holds every node's lifetimes, podsKey(node) its pods' intervals. */
export const COST_HOLDER = 'kubemu-cost';
export const NODES_KEY = 'nodes';
export const podsKey = (node: string): string => `pods/${node}`;

/** NodeLife is one node's time in the cluster (a name reused later gets a second entry). */
export interface NodeLife {
  name: string; uid: string; start: number; stop?: number;
  pool?: string; vmSize?: string;
  /** cpuMilli and memory (bytes) are the node's allocatable. */
  cpuMilli: number; memory: number;
}

/** PodSpan is a pod's time holding its requests on a node. */
export interface PodSpan {
  uid: string; namespace: string; name: string; workload: string;
  cpuMilli: number; memory: number; start: number; stop?: number;
}

/** Resources a pod holds and a node offers, in milli-CPU and bytes (injected: the scheduler's accounting). */
export interface Accounting {
  requested(pod: KubeObject): { milliCPU: number; memory: number };
  allocatable(node: KubeObject): { milliCPU: number; memory: number };
}

const holds = (p: KubeObject) => p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed';

/** workloadOf names the pod's workload as kind/name: a ReplicaSet's Deployment, else its controller, else the pod. */
function workloadOf(pod: KubeObject, ctx: ReconcileContext): string {
  const owner = (pod.metadata.ownerReferences ?? []).find((r) => r.controller);
  if (!owner) return `Pod/${pod.metadata.name}`;
  if (owner.kind === 'ReplicaSet') {
    const rs = ctx.api.tryGet({ kind: 'ReplicaSet', namespace: pod.metadata.namespace, name: owner.name });
    const dep = rs?.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'Deployment');
    if (dep) return `Deployment/${dep.name}`;
  }
  return `${owner.kind}/${owner.name}`;
}

/** podKey is where a running span's pointer is kept while the pod holds its requests. */
const podKey = (ns: string, name: string): string => `pod/${ns}/${name}`;
interface OpenSpan { uid: string; node: string }

/** closeSpan ends a pod's open span on its node. */
function closeSpan(ctx: ReconcileContext, open: OpenSpan, now: number): void {
  const spans = ctx.api.nodeLocalState<PodSpan[]>(COST_HOLDER, podsKey(open.node)) ?? [];
  const s = spans.find((x) => x.uid === open.uid && x.stop === undefined);
  if (s) { s.stop = now; ctx.api.setNodeLocalState(COST_HOLDER, podsKey(open.node), spans); }
}

/**
 * newNodeLifetimeRecorder builds the recorder: one loop for nodes (their lifetimes) and one for
 * pods (a span opens when a pod is bound and holds requests, and closes when it ends or goes).
 * A pod's status changes cost one small read; the node's list is written only when a span
 * opens or closes.
 */
export function newNodeLifetimeRecorder(acct: Accounting): Controller[] {
  // The uid each node's open lifetime was recorded for: a node's status changes (conditions,
  // images) leave it as it was and wake nothing.
  const recorded = new ReconciledState();
  // A pass's nodes are recorded together, with one read and one write of the list (it holds
  // every node: one read and write per node made creating 5 000 nodes quadratic).
  let passKeys: ReadonlySet<string> = new Set();
  let done = new Set<string>();
  const record = (names: readonly string[], ctx: ReconcileContext) => {
    const now = ctx.clock.nowMs();
    const lives = ctx.api.nodeLocalState<NodeLife[]>(COST_HOLDER, NODES_KEY) ?? [];
    const open = new Map(lives.filter((l) => l.stop === undefined).map((l) => [l.name, l]));
    let changed = false;
    for (const name of names) {
      const node = ctx.api.tryGet({ kind: 'Node', name });
      const was = open.get(name);
      if (node) recorded.reconciled(ctx.api, name, node.metadata.uid!);
      else recorded.forget(ctx.api, name);
      if (was && was.uid === node?.metadata.uid) continue;
      changed = true;
      if (was) was.stop = now;
      if (!node) continue;
      const a = acct.allocatable(node);
      const labels = node.metadata.labels ?? {};
      lives.push({
        name, uid: node.metadata.uid!, start: Date.parse(node.metadata.creationTimestamp!) || now,
        ...(labels.agentpool ? { pool: labels.agentpool } : {}),
        ...(labels['node.kubernetes.io/instance-type'] ? { vmSize: labels['node.kubernetes.io/instance-type'] } : {}),
        cpuMilli: a.milliCPU, memory: a.memory,
      });
    }
    if (changed) ctx.api.setNodeLocalState(COST_HOLDER, NODES_KEY, lives);
  };
  const nodes: Controller = {
    name: 'kubemu-cost-nodes',
    for: 'Node',
    accepts: (node, type, ctx) => !(type === 'MODIFIED' && ctx && recorded.unchanged(ctx.api, node.metadata.name!, node.metadata.uid!)),
    beginPass(keys) {
      passKeys = keys;
      done = new Set();
    },
    reconcile(req: Request, ctx: ReconcileContext): void {
      if (done.has(req.name)) return;
      const names = passKeys.has(req.name) ? [...passKeys].filter((k) => !done.has(k)) : [req.name];
      record(names, ctx);
      for (const k of names) done.add(k);
    },
  };
  // A pod's span depends only on which instance holds requests (its uid while it holds them):
  // a change that leaves that as the last reconcile saw it (a status step of a running pod) is skipped.
  const reconciled = new ReconciledState();
  const holder = (pod: KubeObject | undefined): string => (pod?.spec?.nodeName && holds(pod) ? pod.metadata.uid! : '');
  const pods: Controller = {
    name: 'kubemu-cost-pods',
    for: 'Pod',
    accepts: (pod, type, ctx) => !!pod.spec?.nodeName
      && !(type === 'MODIFIED' && ctx && reconciled.unchanged(ctx.api, podKey(pod.metadata.namespace!, pod.metadata.name!), holder(pod))),
    reconcile(req: Request, ctx: ReconcileContext): void {
      const key = podKey(req.namespace!, req.name);
      reconciled.forget(ctx.api, key);
      const open = ctx.api.nodeLocalState<OpenSpan>(COST_HOLDER, key);
      const pod = ctx.api.tryGet({ kind: 'Pod', namespace: req.namespace, name: req.name });
      const holding = holder(pod) ? pod : undefined;
      if (open && open.uid === holding?.metadata.uid) { reconciled.reconciled(ctx.api, key, holder(holding)); return; }
      const now = ctx.clock.nowMs();
      if (open) { closeSpan(ctx, open, now); ctx.api.setNodeLocalState(COST_HOLDER, key, undefined); }
      // A pod that is gone is forgotten (nothing of it comes again); one that stopped holding is remembered.
      if (!holding) { if (pod) reconciled.reconciled(ctx.api, key, ''); return; }
      const node = holding.spec!.nodeName as string;
      const r = acct.requested(holding);
      const spans = ctx.api.nodeLocalState<PodSpan[]>(COST_HOLDER, podsKey(node)) ?? [];
      spans.push({ uid: holding.metadata.uid!, namespace: req.namespace!, name: req.name, workload: workloadOf(holding, ctx), cpuMilli: r.milliCPU, memory: r.memory, start: now });
      ctx.api.setNodeLocalState(COST_HOLDER, podsKey(node), spans);
      ctx.api.setNodeLocalState(COST_HOLDER, key, { uid: holding.metadata.uid!, node } satisfies OpenSpan);
      reconciled.reconciled(ctx.api, key, holding.metadata.uid!);
    },
  };
  return [nodes, pods];
}
