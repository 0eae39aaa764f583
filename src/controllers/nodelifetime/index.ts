/**
 * nodelifetime: the billing record `kubemu cost` reads — when each node ran (a VM is billed
 * for its lifetime) and when each pod held requests on it (the OpenCost allocation model
 * splits a node's cost by requests). Nothing in Kubernetes keeps this once a node or pod is
 * deleted, so a recorder keeps it, as a cloud's billing and a cost tool's Prometheus would:
 * a local record per node, level-driven from the node and the pods bound to it.
 */
import type { KubeObject } from '../../api/meta';
import type { Controller, ReconcileContext, Request } from '../../sim/controller';

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

/** newNodeLifetimeRecorder builds the recorder over the scheduler's resource accounting. */
export function newNodeLifetimeRecorder(acct: Accounting): Controller {
  return {
    name: 'kubemu-cost-recorder',
    for: 'Node',
    watches: [{ kind: 'Pod', map: (pod) => (pod.spec?.nodeName ? [{ name: pod.spec.nodeName }] : []) }],
    reconcile(req: Request, ctx: ReconcileContext): void {
      const now = ctx.clock.nowMs();
      const node = ctx.api.tryGet({ kind: 'Node', name: req.name });
      const lives = ctx.api.nodeLocalState<NodeLife[]>(COST_HOLDER, NODES_KEY) ?? [];
      const open = lives.find((l) => l.name === req.name && l.stop === undefined);
      let livesChanged = false;
      if (open && open.uid !== node?.metadata.uid) { open.stop = now; livesChanged = true; }
      if (node && (!open || open.uid !== node.metadata.uid)) {
        const a = acct.allocatable(node);
        const labels = node.metadata.labels ?? {};
        lives.push({
          name: req.name, uid: node.metadata.uid!, start: Date.parse(node.metadata.creationTimestamp!) || now,
          ...(labels.agentpool ? { pool: labels.agentpool } : {}),
          ...(labels['node.kubernetes.io/instance-type'] ? { vmSize: labels['node.kubernetes.io/instance-type'] } : {}),
          cpuMilli: a.milliCPU, memory: a.memory,
        });
        livesChanged = true;
      }
      if (livesChanged) ctx.api.setNodeLocalState(COST_HOLDER, NODES_KEY, lives);

      const spans = ctx.api.nodeLocalState<PodSpan[]>(COST_HOLDER, podsKey(req.name)) ?? [];
      const present = new Map<string, KubeObject>();
      if (node) for (const p of ctx.api.podsOnNode(req.name)) if (holds(p)) present.set(p.metadata.uid!, p);
      let changed = false;
      for (const s of spans) {
        if (s.stop === undefined && !present.has(s.uid)) { s.stop = now; changed = true; }
      }
      const openUids = new Set(spans.filter((s) => s.stop === undefined).map((s) => s.uid));
      for (const [uid, p] of present) {
        if (openUids.has(uid)) continue;
        const r = acct.requested(p);
        spans.push({ uid, namespace: p.metadata.namespace!, name: p.metadata.name!, workload: workloadOf(p, ctx), cpuMilli: r.milliCPU, memory: r.memory, start: now });
        changed = true;
      }
      if (changed) ctx.api.setNodeLocalState(COST_HOLDER, podsKey(req.name), spans);
    },
  };
}
