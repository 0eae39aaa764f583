/**
 * framework: the scheduler's vocabulary, as in kubernetes/kubernetes pkg/scheduler/framework —
 * Status codes, the per-node aggregate NodeInfo, the cluster Snapshot one scheduling pass runs
 * against, the per-pod CycleState, and the plugin extension points (PreFilter, Filter,
 * PreScore, Score + NormalizeScore). Everything here is pure and synchronous: a Snapshot is
 * built from plain objects and never touches the store.
 */

import type { PodAffinityTerm, Taint, Toleration, WeightedPodAffinityTerm } from '../api/types/core-v1';
import type { KubeObject } from '../api/meta';
import type { LabelSelector } from '../api/label-selector';
import { selectorMatches } from '../api/label-selector';
import {
  type Resources, podRequestFigures, nodeAllocatable,
} from './resources';
import { NodeFigures, UNSCHEDULABLE, HAS_FILTER_TAINTS, HAS_PREFER_TAINTS, HAS_IMAGES } from './node-figures';
import { ControllerDomainCounts } from './controller-domain-counts';
import { AttemptBuffers } from './attempt-buffers';
import { HOSTNAME_LABEL } from '../api/well-known-labels';

export {
  type Resources, type PodRequestsOptions, podRequests, emptyResources, isScalarResourceName,
  DEFAULT_MILLI_CPU_REQUEST, DEFAULT_MEMORY_REQUEST,
} from './resources';

// ---------------------------------------------------------------------------------------------
// Status

/**
 * Code is a plugin verdict. Unschedulable means "might fit after preemption";
 * UnschedulableAndUnresolvable means preemption cannot help; Skip (from PreFilter/PreScore)
 * tells the framework to not call that plugin's Filter/Score for this pod.
 */
export type Code = 'Success' | 'Error' | 'Unschedulable' | 'UnschedulableAndUnresolvable' | 'Skip';

/** Status is a plugin verdict with the human-readable reasons that end up in FailedScheduling. */
export interface Status { code: Code; reasons: string[]; plugin?: string }

const SUCCESS: Status = Object.freeze({ code: 'Success', reasons: Object.freeze([]) as unknown as string[] }) as Status;
const SKIP: Status = Object.freeze({ code: 'Skip', reasons: Object.freeze([]) as unknown as string[] }) as Status;

/** ok returns the shared Success status (treat it as read-only). */
export const ok = (): Status => SUCCESS;
/** skip returns the shared Skip status. */
export const skip = (): Status => SKIP;
/** unschedulable builds an Unschedulable (resolvable=true) or UnschedulableAndUnresolvable status. */
export const unschedulable = (reason: string, resolvable = true): Status =>
  ({ code: resolvable ? 'Unschedulable' : 'UnschedulableAndUnresolvable', reasons: [reason] });
/** unschedulableReasons is unschedulable with several reasons (NodeResourcesFit reports every shortage). */
export const unschedulableReasons = (reasons: string[], resolvable = true): Status =>
  ({ code: resolvable ? 'Unschedulable' : 'UnschedulableAndUnresolvable', reasons });
/** errorStatus builds an Error status (a bug or bad input, not a scheduling verdict). */
export const errorStatus = (message: string): Status => ({ code: 'Error', reasons: [message] });
/** isSuccess reports whether a status is Success. */
export const isSuccess = (s: Status): boolean => s.code === 'Success';
/** isRejected reports whether a status says the pod cannot go there. */
export const isRejected = (s: Status): boolean => s.code === 'Unschedulable' || s.code === 'UnschedulableAndUnresolvable';

/** MAX_NODE_SCORE is the highest score a Score plugin may give after normalization. */
export const MAX_NODE_SCORE = 100;
/** MIN_NODE_SCORE is the lowest. */
export const MIN_NODE_SCORE = 0;

// ---------------------------------------------------------------------------------------------
// Pod-level derived data

/** HostPort is one hostPort a pod binds (ip "0.0.0.0" = every address). */
export interface HostPort { ip: string; protocol: string; port: number }

/**
 * AffinityTerm is a PodAffinityTerm resolved against its owning pod: an empty namespaces list
 * with no namespaceSelector means "the owner's namespace", as upstream's newAffinityTerm.
 */
export interface AffinityTerm {
  selector: LabelSelector | undefined;
  namespaces: ReadonlySet<string>;
  namespaceSelector: LabelSelector | undefined;
  topologyKey: string;
}
/** WeightedAffinityTerm is a preferred AffinityTerm with its weight. */
export interface WeightedAffinityTerm extends AffinityTerm { weight: number }

/** affinityTermMatches reports whether pod (with its namespace's labels) is selected by term. */
export function affinityTermMatches(term: AffinityTerm, pod: PodInfo, nsLabels: Record<string, string> | undefined): boolean {
  if (!term.namespaces.has(pod.namespace)) {
    if (!term.namespaceSelector || !selectorMatches(term.namespaceSelector, nsLabels ?? {})) return false;
  }
  return selectorMatches(term.selector, pod.labels);
}

/** PodInfo caches what plugins repeatedly need from a pod: requests, ports, affinity terms. */
export interface PodInfo {
  readonly pod: KubeObject;
  readonly key: string;
  readonly namespace: string;
  readonly labels: Record<string, string>;
  /** requests are the pod's effective requests (PodRequests). */
  readonly requests: Resources;
  /** requestsScalar says whether requests name any extended resource or hugepages (requests.scalar is not empty). */
  readonly requestsScalar: boolean;
  /** nonZeroMilliCPU/nonZeroMemory are requests with the 100m / 200Mi scoring defaults applied per container. */
  readonly nonZeroMilliCPU: number;
  readonly nonZeroMemory: number;
  readonly hostPorts: readonly HostPort[];
  readonly requiredAffinityTerms: readonly AffinityTerm[];
  readonly requiredAntiAffinityTerms: readonly AffinityTerm[];
  readonly preferredAffinityTerms: readonly WeightedAffinityTerm[];
  readonly preferredAntiAffinityTerms: readonly WeightedAffinityTerm[];
  /** priority is spec.priority (0 when unset). */
  readonly priority: number;
  /** controllerUID is the uid of the controlling ownerReference, if any. */
  readonly controllerUID: string | undefined;
  readonly terminating: boolean;
  /** tolerations is spec.tolerations (a shared empty list when absent). */
  readonly tolerations: readonly Toleration[];
}

function newAffinityTerm(pod: KubeObject, t: PodAffinityTerm | undefined): AffinityTerm {
  const namespaces = t?.namespaces ?? [];
  const nsSel = t?.namespaceSelector ?? undefined;
  return {
    selector: t?.labelSelector ?? undefined,
    namespaces: new Set(namespaces.length === 0 && !nsSel ? [pod.metadata.namespace ?? 'default'] : namespaces),
    namespaceSelector: nsSel,
    topologyKey: t?.topologyKey ?? '',
  };
}

const NO_TERMS: readonly never[] = Object.freeze([]);

/** podKey is "<namespace>/<name>" (uid-less, as the scheduler cache keys assumed pods). */
export function podKey(pod: KubeObject): string {
  return `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name ?? ''}`;
}

/** newPodInfo derives a PodInfo from a Pod object. */
export function newPodInfo(pod: KubeObject): PodInfo {
  const spec = pod.spec ?? {};
  const hostPorts: HostPort[] = [];
  for (const c of spec.containers ?? []) {
    for (const p of c?.ports ?? []) {
      if (!p?.hostPort || p.hostPort <= 0) continue;
      hostPorts.push({ ip: !p.hostIP ? '0.0.0.0' : p.hostIP, protocol: p.protocol || 'TCP', port: p.hostPort });
    }
  }
  const aff = spec.affinity ?? {};
  const pa = aff.podAffinity, paa = aff.podAntiAffinity;
  const req = (terms: PodAffinityTerm[] | undefined) => terms?.length ? terms.map((t) => newAffinityTerm(pod, t)) : NO_TERMS;
  const pref = (terms: WeightedPodAffinityTerm[] | undefined) => terms?.length
    ? terms.map((w) => ({ ...newAffinityTerm(pod, w?.podAffinityTerm), weight: Number(w?.weight ?? 0) }))
    : NO_TERMS;
  const { requests, nonZeroMilliCPU, nonZeroMemory } = podRequestFigures(pod);
  const owner = (pod.metadata.ownerReferences ?? []).find((o) => o.controller);
  return {
    pod,
    key: podKey(pod),
    namespace: pod.metadata.namespace ?? 'default',
    labels: pod.metadata.labels ?? {},
    requests,
    requestsScalar: Object.keys(requests.scalar).length > 0,
    nonZeroMilliCPU,
    nonZeroMemory,
    hostPorts,
    requiredAffinityTerms: req(pa?.requiredDuringSchedulingIgnoredDuringExecution),
    requiredAntiAffinityTerms: req(paa?.requiredDuringSchedulingIgnoredDuringExecution),
    preferredAffinityTerms: pref(pa?.preferredDuringSchedulingIgnoredDuringExecution),
    preferredAntiAffinityTerms: pref(paa?.preferredDuringSchedulingIgnoredDuringExecution),
    priority: Number(spec.priority ?? 0),
    controllerUID: owner?.uid,
    terminating: !!pod.metadata.deletionTimestamp,
    tolerations: spec.tolerations?.length ? spec.tolerations : NO_TERMS,
  };
}

/** hasAffinity reports whether a pod has any pod (anti-)affinity term. */
export function hasAffinity(pi: PodInfo): boolean {
  return pi.requiredAffinityTerms.length + pi.requiredAntiAffinityTerms.length
    + pi.preferredAffinityTerms.length + pi.preferredAntiAffinityTerms.length > 0;
}

// ---------------------------------------------------------------------------------------------
// NodeInfo

/** Taint and Toleration as in core/v1 (the generated types). */
export type { Taint, Toleration } from '../api/types/core-v1';

/** normalizedImageName appends ":latest" to an image without a tag or digest, as ImageLocality does. */
export function normalizedImageName(name: string): string {
  const lastSlash = name.lastIndexOf('/');
  const tail = name.slice(lastSlash + 1);
  if (!tail.includes(':') && !name.includes('@')) return `${name}:latest`;
  return name;
}

/** HOSTNAME_LABEL (the well-known hostname label) is a topology key the plugins count per node rather than per domain. */
export { HOSTNAME_LABEL };
/** ZONE_LABEL is the well-known zone label (a topology key). */
export const ZONE_LABEL = 'topology.kubernetes.io/zone';

/**
 * NodeInfo aggregates a node with the pods assigned to it: what they request (plain and
 * "non-zero"), the host ports they hold, which of them carry pod (anti-)affinity, and counts
 * per controller (used by PodTopologySpread's default constraints). Mirrors framework.NodeInfo.
 * kubemu: the figures filters and scorers read on every node (allocatable, requested, pod
 * count, taint and image flags) live in `figures` at `slot` — the Snapshot's shared columns
 * once the node is in one (NodeFigures); `requested` and `nonZeroRequested` are views of them.
 */
export class NodeInfo {
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly taints: readonly Taint[];
  readonly unschedulable: boolean;
  readonly allocatable: Resources;
  readonly allowedPodNumber: number;
  /** imageSizes maps every name the node reports for an image to its size in bytes. */
  readonly imageSizes: ReadonlyMap<string, number>;
  /** rank is the node's position in name order within its Snapshot (tie-breaks compare ranks, not strings). */
  rank = 0;
  /** filterTaints are the NoSchedule/NoExecute taints (what TaintToleration's filter checks), precomputed. */
  readonly filterTaints: readonly Taint[];
  /** preferNoScheduleTaints are the PreferNoSchedule taints (what TaintToleration's score counts), precomputed. */
  readonly preferNoScheduleTaints: readonly Taint[];
  /** figures holds this node's hot figures at `slot` (its own one-slot columns until a Snapshot adopts it). */
  figures: NodeFigures;
  slot = 0;

  pods: PodInfo[] = [];
  /** requestedScalar sums the pods' extended-resource and hugepages requests by name. */
  readonly requestedScalar: Record<string, number> = {};
  /** usedPorts maps a host IP to its used "<protocol>/<port>" entries. */
  usedPorts = new Map<string, Set<string>>();
  podsWithAffinity: PodInfo[] = [];
  podsWithRequiredAntiAffinity: PodInfo[] = [];
  /** controllerCounts counts non-terminating pods per controlling owner uid. */
  controllerCounts = new Map<string, number>();
  /** domainCounts is the Snapshot's per-domain tally this node's controller counts also go to (none outside a snapshot). */
  domainCounts: ControllerDomainCounts | undefined;
  /** hostnameLabel and zoneLabel are the two labels the default topology spread reads for every node of every pod (a field read, not a keyed lookup). */
  readonly hostnameLabel: string | undefined;
  readonly zoneLabel: string | undefined;

  constructor(readonly node: KubeObject) {
    this.name = node.metadata.name ?? '';
    this.labels = node.metadata.labels ?? {};
    this.hostnameLabel = this.labels[HOSTNAME_LABEL];
    this.zoneLabel = this.labels[ZONE_LABEL];
    this.taints = node.spec?.taints ?? [];
    this.unschedulable = !!node.spec?.unschedulable;
    const a = nodeAllocatable(node);
    this.allocatable = a.resources;
    this.allowedPodNumber = a.allowedPodNumber;
    const images = new Map<string, number>();
    for (const img of node.status?.images ?? []) {
      for (const n of img?.names ?? []) images.set(n, Number(img.sizeBytes ?? 0));
    }
    this.imageSizes = images;
    this.filterTaints = this.taints.filter((t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute');
    this.preferNoScheduleTaints = this.taints.filter((t) => t.effect === 'PreferNoSchedule');
    const f = (this.figures = new NodeFigures(1));
    f.allocMilliCPU[0] = a.resources.milliCPU;
    f.allocMemory[0] = a.resources.memory;
    f.allocEphemeralStorage[0] = a.resources.ephemeralStorage;
    f.allowedPods[0] = a.allowedPodNumber;
    f.flags[0] = (this.unschedulable ? UNSCHEDULABLE : 0) | (this.filterTaints.length ? HAS_FILTER_TAINTS : 0)
      | (this.preferNoScheduleTaints.length ? HAS_PREFER_TAINTS : 0) | (images.size ? HAS_IMAGES : 0);
  }

  /** requested is what the node's pods request (a view of the figures; scalar by name). */
  get requested(): Resources {
    const f = this.figures, s = this.slot;
    return { milliCPU: f.reqMilliCPU[s]!, memory: f.reqMemory[s]!, ephemeralStorage: f.reqEphemeralStorage[s]!, scalar: this.requestedScalar };
  }

  /** nonZeroRequested is requested with the 100m / 200Mi scoring defaults per container (a view). */
  get nonZeroRequested(): { milliCPU: number; memory: number } {
    const f = this.figures, s = this.slot;
    return { milliCPU: f.nonZeroMilliCPU[s]!, memory: f.nonZeroMemory[s]! };
  }

  /** moveFigures re-homes this node's figures into slot `slot` of `to` (a Snapshot's shared columns). */
  moveFigures(to: NodeFigures, slot: number): void {
    to.copySlot(slot, this.figures, this.slot);
    this.figures = to;
    this.slot = slot;
  }

  /** addPod accounts a pod to this node (resources, ports, affinity lists, controller counts). */
  addPod(pi: PodInfo): void {
    this.pods.push(pi);
    this.account(pi, 1);
    if (hasAffinity(pi)) this.podsWithAffinity.push(pi);
    if (pi.requiredAntiAffinityTerms.length) this.podsWithRequiredAntiAffinity.push(pi);
    for (const hp of pi.hostPorts) {
      let set = this.usedPorts.get(hp.ip);
      if (!set) this.usedPorts.set(hp.ip, (set = new Set()));
      set.add(`${hp.protocol}/${hp.port}`);
    }
  }

  /** removePod undoes addPod for the pod with this key; returns false if absent. */
  removePod(key: string): boolean {
    const i = this.pods.findIndex((p) => p.key === key);
    if (i < 0) return false;
    const [pi] = this.pods.splice(i, 1);
    this.account(pi!, -1);
    this.podsWithAffinity = this.podsWithAffinity.filter((p) => p.key !== key);
    this.podsWithRequiredAntiAffinity = this.podsWithRequiredAntiAffinity.filter((p) => p.key !== key);
    this.usedPorts = new Map();
    for (const p of this.pods) for (const hp of p.hostPorts) {
      let set = this.usedPorts.get(hp.ip);
      if (!set) this.usedPorts.set(hp.ip, (set = new Set()));
      set.add(`${hp.protocol}/${hp.port}`);
    }
    return true;
  }

  private account(pi: PodInfo, sign: 1 | -1): void {
    const f = this.figures, s = this.slot, r = pi.requests;
    f.reqMilliCPU[s] += sign * r.milliCPU;
    f.reqMemory[s] += sign * r.memory;
    f.reqEphemeralStorage[s] += sign * r.ephemeralStorage;
    f.nonZeroMilliCPU[s] += sign * pi.nonZeroMilliCPU;
    f.nonZeroMemory[s] += sign * pi.nonZeroMemory;
    f.podCount[s] += sign;
    if (pi.requestsScalar) {
      const scalar = this.requestedScalar;
      for (const [k, v] of Object.entries(r.scalar)) scalar[k] = (scalar[k] ?? 0) + sign * v;
    }
    if (pi.controllerUID && !pi.terminating) {
      const n = (this.controllerCounts.get(pi.controllerUID) ?? 0) + sign;
      if (n === 0) this.controllerCounts.delete(pi.controllerUID);
      else this.controllerCounts.set(pi.controllerUID, n);
      this.domainCounts?.add(this.labels, pi.controllerUID, sign);
    }
  }

  /** clone returns an independent copy (for preemption dry runs). */
  clone(): NodeInfo {
    const c = new NodeInfo(this.node);
    c.rank = this.rank;
    for (const p of this.pods) c.addPod(p);
    return c;
  }
}

// ---------------------------------------------------------------------------------------------
// Snapshot

/** SnapshotOptions carries cluster data some plugins need besides nodes and pods. */
export interface SnapshotOptions {
  /** namespaces supply labels for pod affinity namespaceSelector; without them only {} selects. */
  namespaces?: readonly KubeObject[];
  /** persistentVolumeClaims, persistentVolumes and storageClasses feed VolumeBinding / VolumeZone. */
  persistentVolumeClaims?: readonly KubeObject[];
  persistentVolumes?: readonly KubeObject[];
  storageClasses?: readonly KubeObject[];
  /** podDisruptionBudgets are policy/v1 PodDisruptionBudgets (preemption spares pods they protect). */
  podDisruptionBudgets?: readonly KubeObject[];
}

const REGION_LABEL = 'topology.kubernetes.io/region';

/**
 * Snapshot is the cluster as one scheduling pass sees it: NodeInfos in upstream's node-tree
 * order (zones interleaved round-robin), image spread, namespace labels. `assume` adds a pod
 * to a node incrementally, so scheduling many pods in one pass costs O(pods × nodes).
 */
export class Snapshot {
  readonly nodeInfos: NodeInfo[];
  private readonly byName = new Map<string, NodeInfo>();
  /** imageNodeCount maps an image name (as nodes report it) to how many nodes have it. */
  readonly imageNodeCount = new Map<string, number>();
  readonly namespaceLabels = new Map<string, Record<string, string>>();
  /** podsWithAffinityCount / podsWithRequiredAntiAffinityCount let plugins skip cluster scans. */
  podsWithAffinityCount = 0;
  podsWithRequiredAntiAffinityCount = 0;
  /** nextStartNodeIndex rotates where the next filter pass starts (percentageOfNodesToScore). */
  nextStartNodeIndex = 0;
  /** claims ("ns/name"), volumes and storage classes by name, for the volume plugins. */
  readonly claims = new Map<string, KubeObject>();
  readonly volumes = new Map<string, KubeObject>();
  readonly storageClasses = new Map<string, KubeObject>();
  readonly podDisruptionBudgets: readonly KubeObject[];
  /** nodesByRank lists the NodeInfos in name order (index = NodeInfo.rank). */
  readonly nodesByRank: readonly NodeInfo[];
  /** rankMarks is the tie-break's scratch, one byte per rank, all zero between scheduling attempts. */
  readonly rankMarks: Uint8Array;
  /** buffers are scheduleOne's feasible-node and score arrays, reused from one attempt to the next. */
  readonly buffers: AttemptBuffers;
  /** figures holds every node's hot figures, a node's at its index in nodeInfos (NodeInfo.slot). */
  readonly figures: NodeFigures;
  /** domainCounts tallies controllers' pods per topology domain (PodTopologySpread's default constraints). */
  private readonly domainCounts = new ControllerDomainCounts();
  /**
   * nominated maps a node name to pending pods nominated to it (status.nominatedNodeName):
   * filters for a pod of lower or equal priority see them as already there (upstream's
   * addNominatedPods), so the room a preemption made is not taken by someone else.
   */
  readonly nominated = new Map<string, PodInfo[]>();

  constructor(nodeInfos: NodeInfo[], options: SnapshotOptions = {}) {
    this.nodeInfos = nodeTreeOrder(nodeInfos);
    this.figures = new NodeFigures(this.nodeInfos.length);
    for (let i = 0; i < this.nodeInfos.length; i++) {
      const ni = this.nodeInfos[i]!;
      ni.moveFigures(this.figures, i);
      ni.domainCounts = this.domainCounts;
    }
    const byName = [...this.nodeInfos].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (let i = 0; i < byName.length; i++) byName[i]!.rank = i;
    this.nodesByRank = byName;
    this.rankMarks = new Uint8Array(byName.length);
    this.buffers = new AttemptBuffers(this.nodeInfos.length, this.nodeInfos[0]);
    for (const pvc of options.persistentVolumeClaims ?? []) this.claims.set(`${pvc.metadata.namespace ?? 'default'}/${pvc.metadata.name}`, pvc);
    for (const pv of options.persistentVolumes ?? []) this.volumes.set(pv.metadata.name ?? '', pv);
    for (const sc of options.storageClasses ?? []) this.storageClasses.set(sc.metadata.name ?? '', sc);
    this.podDisruptionBudgets = options.podDisruptionBudgets ?? [];
    for (const ni of this.nodeInfos) {
      this.byName.set(ni.name, ni);
      for (const name of ni.imageSizes.keys()) this.imageNodeCount.set(name, (this.imageNodeCount.get(name) ?? 0) + 1);
      this.podsWithAffinityCount += ni.podsWithAffinity.length;
      this.podsWithRequiredAntiAffinityCount += ni.podsWithRequiredAntiAffinity.length;
    }
    for (const ns of options.namespaces ?? []) this.namespaceLabels.set(ns.metadata.name ?? '', ns.metadata.labels ?? {});
  }

  /**
   * controllerPodsByDomain returns how many non-terminating pods controlled by uid run in each
   * domain of topologyKey, over every node of the snapshot (undefined: none anywhere).
   */
  controllerPodsByDomain(topologyKey: string, uid: string): ReadonlyMap<string, number> | undefined {
    return this.domainCounts.counts(topologyKey, uid, this.nodeInfos);
  }

  /** get returns the NodeInfo of a node, or undefined. */
  get(nodeName: string): NodeInfo | undefined {
    return this.byName.get(nodeName);
  }

  /**
   * assume accounts pod to nodeName as if bound (the scheduler cache's AssumePod), returning
   * its PodInfo. Throws if the node is not in the snapshot.
   */
  assume(pod: KubeObject, nodeName: string, podInfo?: PodInfo): PodInfo {
    const ni = this.byName.get(nodeName);
    if (!ni) throw new Error(`node "${nodeName}" not found in scheduler snapshot`);
    // The PodInfo computed for scheduling is reused: nothing in it depends on spec.nodeName.
    const pi = podInfo ?? newPodInfo(pod);
    this.unnominate(pi.key);
    ni.addPod(pi);
    if (hasAffinity(pi)) this.podsWithAffinityCount++;
    if (pi.requiredAntiAffinityTerms.length) this.podsWithRequiredAntiAffinityCount++;
    return pi;
  }

  /** nominate records a pending pod as nominated to nodeName (replacing an earlier nomination). */
  nominate(pi: PodInfo, nodeName: string): void {
    this.unnominate(pi.key);
    let list = this.nominated.get(nodeName);
    if (!list) this.nominated.set(nodeName, (list = []));
    list.push(pi);
  }

  /** unnominate forgets a pod's nomination, if any. */
  unnominate(key: string): void {
    if (this.nominated.size === 0) return;
    for (const [node, list] of this.nominated) {
      const i = list.findIndex((p) => p.key === key);
      if (i < 0) continue;
      list.splice(i, 1);
      if (list.length === 0) this.nominated.delete(node);
    }
  }

  /**
   * withNominated returns node as a pod of `priority` (key `selfKey`) should see it: with the
   * pods nominated there of equal or higher priority added (a clone), or node itself.
   */
  withNominated(node: NodeInfo, priority: number, selfKey: string): NodeInfo {
    const list = this.nominated.get(node.name);
    if (!list) return node;
    let out: NodeInfo | undefined;
    for (const p of list) {
      if (p.key === selfKey || p.priority < priority) continue;
      out ??= node.clone();
      out.addPod(p);
    }
    return out ?? node;
  }
}

/** zoneKeyOf mirrors utilnode.GetZoneKey: region and zone labels, "" when neither is set. */
function zoneKeyOf(labels: Record<string, string>): string {
  const region = labels[REGION_LABEL] ?? '';
  const zone = labels[ZONE_LABEL] ?? '';
  return region === '' && zone === '' ? '' : `${region}:\x00:${zone}`;
}

/**
 * nodeTreeOrder interleaves zones the way upstream's nodeTree.list() does, so that a partial
 * filter pass (percentageOfNodesToScore) samples every zone.
 * kubemu: zones and nodes are ordered by name, not by informer arrival order.
 */
function nodeTreeOrder(nodes: NodeInfo[]): NodeInfo[] {
  const sorted = [...nodes].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const zones = new Map<string, NodeInfo[]>();
  for (const n of sorted) {
    const k = zoneKeyOf(n.labels);
    let list = zones.get(k);
    if (!list) zones.set(k, (list = []));
    list.push(n);
  }
  if (zones.size <= 1) return sorted;
  const lists = [...zones.keys()].sort().map((k) => zones.get(k)!);
  const out: NodeInfo[] = [];
  for (let i = 0; out.length < sorted.length; i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
}

/** isTerminal reports whether a pod has finished (Succeeded/Failed): it no longer holds resources. */
export function isTerminal(pod: KubeObject): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

/**
 * newSnapshot builds a Snapshot from Node and Pod objects. Pods with spec.nodeName on a known
 * node and not terminal are accounted to that node; other pods are ignored.
 */
export function newSnapshot(nodes: readonly KubeObject[], pods: readonly KubeObject[], options: SnapshotOptions = {}): Snapshot {
  const infos = new Map<string, NodeInfo>();
  for (const n of nodes) infos.set(n.metadata.name ?? '', new NodeInfo(n));
  const nominated: KubeObject[] = [];
  for (const p of pods) {
    const nodeName = p.spec?.nodeName;
    if (!nodeName) {
      if (p.status?.nominatedNodeName && !p.metadata.deletionTimestamp && !isTerminal(p)) nominated.push(p);
      continue;
    }
    if (isTerminal(p)) continue;
    infos.get(nodeName)?.addPod(newPodInfo(p));
  }
  const snap = new Snapshot([...infos.values()], options);
  for (const p of nominated) if (snap.get(p.status!.nominatedNodeName)) snap.nominate(newPodInfo(p), p.status!.nominatedNodeName);
  return snap;
}

// ---------------------------------------------------------------------------------------------
// Cycle state and plugins

/**
 * CycleState is per-pod scratch shared by the plugins during one scheduling attempt:
 * PreFilter/PreScore results go in `data` under the plugin's name. It also carries the
 * snapshot and the incoming pod's PodInfo, so plugins never recompute them per node.
 */
export class CycleState {
  readonly data = new Map<string, unknown>();
  /** skipFilter / skipScore hold plugins whose PreFilter / PreScore returned Skip. */
  readonly skipFilter = new Set<string>();
  readonly skipScore = new Set<string>();
  constructor(readonly snapshot: Snapshot, readonly podInfo: PodInfo) {}
}

/** Plugin is anything with a name; a plugin implements one or more extension points. */
export interface Plugin { readonly name: string }

/** PreFilterResult narrows the candidate nodes (nodeNames) or rejects the pod outright (status). */
export interface PreFilterResult { status: Status; nodeNames?: ReadonlySet<string> }

/** PreFilterPlugin runs once per pod before Filter; a rejection fails the pod on every node. */
export interface PreFilterPlugin extends Plugin { preFilter(state: CycleState, pod: KubeObject): PreFilterResult }

/**
 * FilterPlugin decides whether a pod can run on one node. It must not mutate the NodeInfo.
 * Return Unschedulable when evicting pods could help, UnschedulableAndUnresolvable otherwise.
 */
export interface FilterPlugin extends Plugin {
  filter(state: CycleState, pod: KubeObject, node: NodeInfo): Status;
  /**
   * kubemu: filterFlags, where a plugin has it, names the node flags (NodeFigures.flags) its
   * filter looks for with this pod: on a node with none of them the filter returns Success,
   * so scheduleOne calls it only on nodes with one of them (0: on none) — the same verdicts,
   * without a call per plugin and node. Asked once per attempt, after PreFilter; undefined:
   * the filter runs on every node.
   */
  filterFlags?(state: CycleState, pod: KubeObject): number | undefined;
}

/** PreScorePlugin runs once over the feasible nodes; returning Skip disables its Score for this pod. */
export interface PreScorePlugin extends Plugin { preScore(state: CycleState, pod: KubeObject, nodes: readonly NodeInfo[]): Status }

/** NodeScore is one node's score from one plugin. */
export interface NodeScore { name: string; score: number }

/** NodeScores are one plugin's scores, `scores[i]` for `nodes[i]` (scheduleOne passes a reused Float64Array). */
export type NodeScores = number[] | Float64Array;

/**
 * ScorePlugin ranks a feasible node; `normalize` (NormalizeScore) rescales all nodes' scores
 * in place to [0, MAX_NODE_SCORE] (`scores[i]` belongs to `nodes[i]`). Without normalize,
 * score must already be in that range.
 * kubemu: scores are numbers parallel to the nodes rather than a NodeScore list, so a
 * scheduling attempt allocates no object per node.
 */
export interface ScorePlugin extends Plugin {
  score(state: CycleState, pod: KubeObject, node: NodeInfo): number;
  /**
   * scoreNodes, where a plugin has it, fills `scores[i]` with score(nodes[i]) for every node in
   * one call: the same numbers, with the pod's part of the work (its requests, tolerations,
   * images) looked up once instead of once per node. The framework prefers it.
   */
  scoreNodes?(state: CycleState, pod: KubeObject, nodes: readonly NodeInfo[], scores: NodeScores): void;
  normalize?(state: CycleState, pod: KubeObject, nodes: readonly NodeInfo[], scores: NodeScores): void;
}

/** WeightedScorePlugin is a ScorePlugin with its profile weight. */
export interface WeightedScorePlugin { plugin: ScorePlugin; weight: number }

/**
 * Profile is one scheduler profile (KubeSchedulerProfile): the enabled plugins per extension
 * point, in run order, plus the weights of the score plugins.
 */
export interface Profile {
  readonly schedulerName: string;
  readonly preFilters: readonly PreFilterPlugin[];
  readonly filters: readonly FilterPlugin[];
  readonly preScores: readonly PreScorePlugin[];
  readonly scores: readonly WeightedScorePlugin[];
  /** postFilter enables DefaultPreemption's diagnosis in FailedScheduling messages (default true). */
  readonly preemption?: boolean;
  /** percentageOfNodesToScore: 0/undefined = upstream's adaptive default; 100 = every node. */
  readonly percentageOfNodesToScore?: number;
}

/** tolerationToleratesTaint mirrors v1.Toleration.ToleratesTaint. */
export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  switch (t.operator ?? '') {
    case 'Exists': return true;
    case '':
    case 'Equal': return (t.value ?? '') === (taint.value ?? '');
    default: return false;
  }
}

/** findUntoleratedTaint returns the first taint (matching `inScope`) no toleration tolerates. */
export function findUntoleratedTaint(taints: readonly Taint[], tolerations: readonly Toleration[], inScope: (t: Taint) => boolean): Taint | undefined {
  for (const taint of taints) {
    if (!inScope(taint)) continue;
    if (!tolerations.some((t) => toleratesTaint(t, taint))) return taint;
  }
  return undefined;
}

/**
 * defaultNormalizeScore mirrors helper.DefaultNormalizeScore: scale to [0, maxPriority] by the
 * highest score; `reverse` flips it (so fewer intolerable taints scores higher).
 */
export function defaultNormalizeScore(maxPriority: number, reverse: boolean, scores: NodeScores): void {
  let max = 0;
  for (let i = 0; i < scores.length; i++) if (scores[i]! > max) max = scores[i]!;
  if (max === 0) {
    if (reverse) scores.fill(maxPriority);
    return;
  }
  for (let i = 0; i < scores.length; i++) {
    let v = Math.trunc((maxPriority * scores[i]!) / max);
    if (reverse) v = maxPriority - v;
    scores[i] = v;
  }
}
