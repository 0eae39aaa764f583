/**
 * testing: small builders for Pod and Node literals used by the scheduler's table tests (the
 * TypeScript twin of upstream's st.MakePod() / st.MakeNode()). Not used at run time.
 */

import type { KubeObject } from '../api/meta';

/** NodeOptions describes a test node. */
export interface NodeOptions {
  cpu?: string; memory?: string; pods?: number; ephemeralStorage?: string;
  scalar?: Record<string, string>;
  labels?: Record<string, string>; taints?: { key: string; value?: string; effect: string }[];
  unschedulable?: boolean; images?: { names: string[]; sizeBytes: number }[];
}

/** makeNode builds a Node with allocatable resources, labels (hostname added) and taints. */
export function makeNode(name: string, o: NodeOptions = {}): KubeObject {
  const allocatable: Record<string, string> = { cpu: o.cpu ?? '4', memory: o.memory ?? '16Gi', pods: String(o.pods ?? 110) };
  if (o.ephemeralStorage) allocatable['ephemeral-storage'] = o.ephemeralStorage;
  Object.assign(allocatable, o.scalar ?? {});
  return {
    apiVersion: 'v1', kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, ...(o.labels ?? {}) } },
    spec: { ...(o.taints ? { taints: o.taints } : {}), ...(o.unschedulable ? { unschedulable: true } : {}) },
    status: { allocatable, capacity: allocatable, ...(o.images ? { images: o.images } : {}) },
  };
}

/** PodOptions describes a test pod; requests apply to a single container "c". */
export interface PodOptions {
  namespace?: string; labels?: Record<string, string>; nodeName?: string;
  requests?: Record<string, string>; image?: string; containers?: any[]; initContainers?: any[];
  spec?: Record<string, any>; owner?: { kind: string; uid: string }; phase?: string;
}

/** makePod builds a Pod with one container (or the given containers). */
export function makePod(name: string, o: PodOptions = {}): KubeObject {
  const containers = o.containers ?? [{ name: 'c', image: o.image ?? 'registry.k8s.io/pause:3.10', ...(o.requests ? { resources: { requests: o.requests } } : {}) }];
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name, namespace: o.namespace ?? 'default', uid: `uid-${name}`, labels: o.labels ?? {},
      ...(o.owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: o.owner.kind, name: 'owner', uid: o.owner.uid, controller: true }] } : {}),
    },
    spec: {
      containers, ...(o.initContainers ? { initContainers: o.initContainers } : {}),
      ...(o.nodeName ? { nodeName: o.nodeName } : {}), ...(o.spec ?? {}),
    },
    status: { phase: o.phase ?? (o.nodeName ? 'Running' : 'Pending') },
  };
}

/** fixedRand returns a Rand whose int(n) yields the given values in turn (mod n), recording calls. */
export function fixedRand(...values: number[]): { int(n: number): number; calls: number[] } {
  let i = 0;
  const calls: number[] = [];
  return { calls, int(n: number) { calls.push(n); const v = values[i++ % Math.max(values.length, 1)] ?? 0; return v % n; } };
}

import { CycleState, type NodeInfo, newPodInfo, newSnapshot } from './framework';

/** cycle builds a snapshot and the CycleState for pod, returning the NodeInfo named `nodeName` too. */
export function cycle(pod: KubeObject, nodes: KubeObject[], pods: KubeObject[] = []): { state: CycleState; node: (name: string) => NodeInfo } {
  const snap = newSnapshot(nodes, pods);
  return { state: new CycleState(snap, newPodInfo(pod)), node: (name) => snap.get(name)! };
}

/** scoreAll runs one plugin's preScore (if any), score and normalize over every node, returning name → score. */
export function scoreAll(plugin: any, pod: KubeObject, nodes: KubeObject[], pods: KubeObject[] = []): Record<string, number> | 'skip' {
  const { state } = cycle(pod, nodes, pods);
  const infos = state.snapshot.nodeInfos;
  if (plugin.preScore && plugin.preScore(state, pod, infos).code === 'Skip') return 'skip';
  const list: number[] = infos.map((n) => plugin.score(state, pod, n));
  if (plugin.scoreNodes) {
    // The one-call form must give exactly the per-node scores.
    const batch = new Array<number>(infos.length);
    plugin.scoreNodes(state, pod, infos, batch);
    if (batch.some((v, i) => v !== list[i])) throw new Error(`${plugin.name}: scoreNodes ${JSON.stringify(batch)} != score ${JSON.stringify(list)}`);
  }
  plugin.normalize?.(state, pod, infos, list);
  return Object.fromEntries(infos.map((n, i) => [n.name, list[i]]));
}

/** filterAll runs one plugin's preFilter (if any) and filter on every node, returning name → first reason or 'ok'. */
export function filterAll(plugin: any, pod: KubeObject, nodes: KubeObject[], pods: KubeObject[] = []): Record<string, string> {
  const { state } = cycle(pod, nodes, pods);
  if (plugin.preFilter && plugin.preFilter(state, pod).status.code === 'Skip') {
    return Object.fromEntries(state.snapshot.nodeInfos.map((n) => [n.name, 'ok']));
  }
  return Object.fromEntries(state.snapshot.nodeInfos.map((n) => {
    const s = plugin.filter(state, pod, n);
    return [n.name, s.code === 'Success' ? 'ok' : s.reasons.join('; ')];
  }));
}


