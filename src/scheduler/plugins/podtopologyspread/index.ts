/**
 * podtopologyspread: the PodTopologySpread plugin — spec.topologySpreadConstraints.
 * DoNotSchedule constraints filter (skew = matching pods in the node's domain + self − the
 * global minimum must not exceed maxSkew); ScheduleAnyway constraints, or the system default
 * constraints for pods of a workload, score. Mirrors kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/podtopologyspread/{common,filtering,scoring}.go.
 */

import type { KubeObject } from '../../../api/meta';
import type { TopologySpreadConstraint } from '../../../api/types/core-v1';
import { type LabelSelector, selectorMatches } from '../../../api/label-selector';
import {
  type CycleState, type FilterPlugin, type NodeInfo, type NodeScores, type PodInfo, type PreFilterPlugin, type PreFilterResult,
  type PreScorePlugin, type ScorePlugin, type Status, HOSTNAME_LABEL, MAX_NODE_SCORE, ZONE_LABEL, findUntoleratedTaint, ok, skip, unschedulable,
} from '../../framework';
import { Action, type EnqueueExtensions, type QueueingHint } from '../../cluster-event';
import { hasRequiredNodeSelectorOrAffinity, requiredNodeSelectorAndAffinityMatch } from '../nodeaffinity';

/** NAME is the plugin name. */
export const NAME = 'PodTopologySpread';
/** ERR_REASON_CONSTRAINTS_NOT_MATCH: placing the pod here would exceed maxSkew. */
export const ERR_REASON_CONSTRAINTS_NOT_MATCH = "node(s) didn't match pod topology spread constraints";
/** ERR_REASON_NODE_LABEL_NOT_MATCH: the node lacks a constraint's topology key. */
export const ERR_REASON_NODE_LABEL_NOT_MATCH = "node(s) didn't match pod topology spread constraints (missing required label)";

/** SYSTEM_DEFAULT_CONSTRAINTS are upstream's defaultingType=System constraints (hostname 3, zone 5, ScheduleAnyway). */
export const SYSTEM_DEFAULT_CONSTRAINTS = Object.freeze([
  { topologyKey: HOSTNAME_LABEL, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 3 },
  { topologyKey: ZONE_LABEL, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 5 },
]);

/** DEFAULTED_OWNER_KINDS are the controllers whose pods get the system default constraints. */
const DEFAULTED_OWNER_KINDS = new Set(['ReplicaSet', 'ReplicationController', 'StatefulSet']);

/** Constraint is a topology spread constraint resolved against the incoming pod. */
export interface Constraint {
  maxSkew: number;
  topologyKey: string;
  minDomains: number;
  nodeAffinityPolicy: 'Honor' | 'Ignore';
  nodeTaintsPolicy: 'Honor' | 'Ignore';
  /** matches says whether a pod (same namespace, not terminating) counts toward this constraint. */
  matches: (pi: PodInfo) => boolean;
  /** byController: count via NodeInfo.controllerCounts (system defaults), cheaper than a selector scan. */
  byController?: string;
}

function selectorFor(c: TopologySpreadConstraint, pod: KubeObject): LabelSelector | undefined {
  const sel = c.labelSelector ?? undefined;
  const keys = c.matchLabelKeys ?? [];
  if (!sel || keys.length === 0) return sel;
  // matchLabelKeys (beta, on in 1.32): AND the pod's own values for those keys into the selector.
  const labels = pod.metadata.labels ?? {};
  const extra = keys.filter((k) => k in labels).map((k) => ({ key: k, operator: 'In' as const, values: [labels[k]!] }));
  return { ...sel, matchExpressions: [...(sel.matchExpressions ?? []), ...extra] };
}

/** buildConstraints returns the pod's constraints of one kind, or the system defaults (scoring only). */
export function buildConstraints(pod: KubeObject, pi: PodInfo, action: 'DoNotSchedule' | 'ScheduleAnyway'): { constraints: Constraint[]; systemDefaulted: boolean } {
  const specConstraints: TopologySpreadConstraint[] = pod.spec?.topologySpreadConstraints ?? [];
  if (specConstraints.length > 0) {
    const constraints = specConstraints.filter((c) => c.whenUnsatisfiable === action).map((c): Constraint => {
      const selector = selectorFor(c, pod);
      return {
        maxSkew: Number(c.maxSkew ?? 1),
        topologyKey: c.topologyKey,
        minDomains: Number(c.minDomains ?? 1),
        nodeAffinityPolicy: c.nodeAffinityPolicy === 'Ignore' ? 'Ignore' : 'Honor',
        nodeTaintsPolicy: c.nodeTaintsPolicy === 'Honor' ? 'Honor' : 'Ignore',
        matches: (p) => p.namespace === pi.namespace && !p.terminating && selectorMatches(selector, p.labels),
      };
    });
    return { constraints, systemDefaulted: false };
  }
  if (action === 'DoNotSchedule') return { constraints: [], systemDefaulted: false };
  // kubemu: upstream's DefaultSelector merges the selectors of Services, ReplicaSets,
  // ReplicationControllers and StatefulSets selecting the pod; kubemu approximates it by
  // "pods with the same controlling owner" (what those selectors select in practice), so
  // a Service alone does not trigger default spreading.
  const owner = (pod.metadata.ownerReferences ?? []).find((o) => o.controller);
  if (!owner || !DEFAULTED_OWNER_KINDS.has(owner.kind) || !pi.controllerUID) return { constraints: [], systemDefaulted: true };
  const uid = pi.controllerUID;
  return {
    constraints: SYSTEM_DEFAULT_CONSTRAINTS.map((c) => ({
      maxSkew: c.maxSkew, topologyKey: c.topologyKey, minDomains: 1, nodeAffinityPolicy: 'Honor' as const, nodeTaintsPolicy: 'Ignore' as const,
      matches: (p: PodInfo) => p.controllerUID === uid && !p.terminating,
      byController: uid,
    })),
    systemDefaulted: true,
  };
}

/** countMatching counts the node's pods that count toward constraint c. */
export function countMatching(c: Constraint, node: NodeInfo): number {
  if (c.byController !== undefined) return node.controllerCounts.get(c.byController) ?? 0;
  let n = 0;
  for (const p of node.pods) if (c.matches(p)) n++;
  return n;
}

function hasAllKeys(node: NodeInfo, constraints: readonly Constraint[]): boolean {
  return constraints.every((c) => c.topologyKey in node.labels);
}

function nodeIncluded(c: Constraint, pod: KubeObject, node: NodeInfo): boolean {
  if (c.nodeAffinityPolicy === 'Honor' && !requiredNodeSelectorAndAffinityMatch(pod, node)) return false;
  if (c.nodeTaintsPolicy === 'Honor'
    && findUntoleratedTaint(node.taints, pod.spec?.tolerations ?? [], (t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute')) return false;
  return true;
}

/**
 * countsEveryNode reports whether constraint c counts a controller's pods on every node: it
 * counts by controller, ignores taints, and either ignores node affinity or the pod has no
 * node selector or required node affinity (so nodeIncluded holds for every node).
 */
function countsEveryNode(c: Constraint, pod: KubeObject): boolean {
  return c.byController !== undefined && c.nodeTaintsPolicy === 'Ignore'
    && (c.nodeAffinityPolicy === 'Ignore' || !hasRequiredNodeSelectorOrAffinity(pod));
}

interface FilterState {
  constraints: Constraint[];
  /** matchNum per constraint index: topology value → matching pods. */
  counts: Map<string, number>[];
  selfMatch: number[];
}

function computeFilterState(state: CycleState, pod: KubeObject): FilterState | undefined {
  const { constraints } = buildConstraints(pod, state.podInfo, 'DoNotSchedule');
  if (constraints.length === 0) return undefined;
  const counts = constraints.map(() => new Map<string, number>());
  for (const node of state.snapshot.nodeInfos) {
    if (!hasAllKeys(node, constraints)) continue;
    constraints.forEach((c, i) => {
      if (!nodeIncluded(c, pod, node)) return;
      const v = labelOf(node, c.topologyKey)!;
      counts[i]!.set(v, (counts[i]!.get(v) ?? 0) + countMatching(c, node));
    });
  }
  const selfMatch = constraints.map((c) => (c.matches({ ...state.podInfo, terminating: false }) ? 1 : 0));
  return { constraints, counts, selfMatch };
}

interface ScoreState {
  constraints: Constraint[];
  requireAllTopologies: boolean;
  ignored: Set<string>;
  /** per constraint: topology value → matching pods (non-hostname keys only). */
  counts: Map<string, number>[];
  weights: number[];
}

/** scoreForCount is cnt × weight + (maxSkew − 1). */
export function scoreForCount(cnt: number, maxSkew: number, weight: number): number {
  return cnt * weight + (maxSkew - 1);
}

/** labelOf is node's value of a topology key, the two well-known ones read from NodeInfo's fields. */
function labelOf(node: NodeInfo, key: string): string | undefined {
  return key === HOSTNAME_LABEL ? node.hostnameLabel : key === ZONE_LABEL ? node.zoneLabel : node.labels[key];
}

/** podTopologySpread is the PodTopologySpread plugin. */
export const podTopologySpread = {
  name: NAME,
  preFilter(state: CycleState, pod: KubeObject): PreFilterResult {
    const s = computeFilterState(state, pod);
    if (!s) return { status: skip() };
    state.data.set(NAME, s);
    return { status: ok() };
  },
  filter(state: CycleState, pod: KubeObject, node: NodeInfo): Status {
    const s = (state.data.get(NAME) as FilterState | undefined) ?? computeFilterState(state, pod);
    if (!s) return ok();
    for (let i = 0; i < s.constraints.length; i++) {
      const c = s.constraints[i]!;
      const v = labelOf(node, c.topologyKey);
      if (v === undefined) return unschedulable(ERR_REASON_NODE_LABEL_NOT_MATCH, false);
      const byValue = s.counts[i]!;
      let min = Infinity;
      for (const n of byValue.values()) if (n < min) min = n;
      // Fewer domains than minDomains: the global minimum is treated as 0.
      if (min === Infinity || byValue.size < c.minDomains) min = 0;
      const skew = (byValue.get(v) ?? 0) + s.selfMatch[i]! - min;
      if (skew > c.maxSkew) return unschedulable(ERR_REASON_CONSTRAINTS_NOT_MATCH);
    }
    return ok();
  },
  preScore(state: CycleState, pod: KubeObject, nodes: readonly NodeInfo[]): Status {
    const { constraints, systemDefaulted } = buildConstraints(pod, state.podInfo, 'ScheduleAnyway');
    if (constraints.length === 0) return skip();
    const requireAllTopologies = (pod.spec?.topologySpreadConstraints ?? []).length > 0 || !systemDefaulted;
    const ignored = new Set<string>();
    // Per constraint, its domains among the feasible nodes, each counted from 0. A hostname's
    // domains are the nodes themselves: only their number is needed (the weight), and this
    // runs for every pod over every sampled node, so no set of them is built.
    const counts = constraints.map(() => new Map<string, number>());
    for (const node of nodes) {
      if (requireAllTopologies && !hasAllKeys(node, constraints)) { ignored.add(node.name); continue; }
      for (let i = 0; i < constraints.length; i++) {
        const key = constraints[i]!.topologyKey;
        if (key === HOSTNAME_LABEL) continue;
        const v = labelOf(node, key);
        if (v !== undefined && !counts[i]!.has(v)) counts[i]!.set(v, 0);
      }
    }
    const weights = constraints.map((c, i) => Math.log((c.topologyKey === HOSTNAME_LABEL ? nodes.length - ignored.size : counts[i]!.size) + 2));
    // Count over every node in the cluster, but only for domains some feasible node is in.
    // A controller's pods counted on every node (the system defaults, when no node is left
    // out by the pod's node selector or by requiring every key) come from the snapshot's
    // per-domain tally instead of a pass over the nodes: the same sums.
    const scanned = constraints.map((c) => c.topologyKey !== HOSTNAME_LABEL && !(!requireAllTopologies && countsEveryNode(c, pod)));
    constraints.forEach((c, i) => {
      if (c.topologyKey === HOSTNAME_LABEL || scanned[i]) return;
      const tally = state.snapshot.controllerPodsByDomain(c.topologyKey, c.byController!);
      for (const v of counts[i]!.keys()) counts[i]!.set(v, tally?.get(v) ?? 0);
    });
    if (scanned.some(Boolean)) {
      for (const node of state.snapshot.nodeInfos) {
        if (requireAllTopologies && !hasAllKeys(node, constraints)) continue;
        constraints.forEach((c, i) => {
          if (!scanned[i]) return;
          const v = labelOf(node, c.topologyKey);
          if (v === undefined || !counts[i]!.has(v) || !nodeIncluded(c, pod, node)) return;
          counts[i]!.set(v, counts[i]!.get(v)! + countMatching(c, node));
        });
      }
    }
    state.data.set(`${NAME}/score`, { constraints, requireAllTopologies, ignored, counts, weights } satisfies ScoreState);
    return ok();
  },
  score(state: CycleState, _pod: KubeObject, node: NodeInfo): number {
    const s = state.data.get(`${NAME}/score`) as ScoreState | undefined;
    if (!s || s.ignored.has(node.name)) return 0;
    let score = 0;
    for (let i = 0; i < s.constraints.length; i++) {
      const c = s.constraints[i]!;
      const v = labelOf(node, c.topologyKey);
      if (v === undefined) continue;
      const cnt = c.topologyKey === HOSTNAME_LABEL ? countMatching(c, node) : s.counts[i]!.get(v) ?? 0;
      score += scoreForCount(cnt, c.maxSkew, s.weights[i]!);
    }
    return Math.round(score);
  },
  /**
   * scoreNodes is score for every node in one call (every Deployment's pod scores ~420 nodes
   * at 1 000): a zone's score is worked out once per zone, and each node adds its terms in the
   * constraints' order, so the sums are score's to the last bit.
   */
  scoreNodes(state: CycleState, _pod: KubeObject, nodes: readonly NodeInfo[], scores: NodeScores): void {
    const s = state.data.get(`${NAME}/score`) as ScoreState | undefined;
    if (!s) { for (let i = 0; i < nodes.length; i++) scores[i] = 0; return; }
    const { constraints, counts, weights, ignored } = s;
    const byDomain = constraints.map(() => new Map<string, number>());
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!;
      if (ignored.size && ignored.has(node.name)) { scores[i] = 0; continue; }
      let score = 0;
      for (let j = 0; j < constraints.length; j++) {
        const c = constraints[j]!;
        const v = labelOf(node, c.topologyKey);
        if (v === undefined) continue;
        if (c.topologyKey === HOSTNAME_LABEL) {
          const cnt = c.byController !== undefined ? node.controllerCounts.get(c.byController) ?? 0 : countMatching(c, node);
          score += scoreForCount(cnt, c.maxSkew, weights[j]!);
          continue;
        }
        let term = byDomain[j]!.get(v);
        if (term === undefined) byDomain[j]!.set(v, term = scoreForCount(counts[j]!.get(v) ?? 0, c.maxSkew, weights[j]!));
        score += term;
      }
      scores[i] = Math.round(score);
    }
  },
  normalize(state: CycleState, _pod: KubeObject, nodes: readonly NodeInfo[], scores: NodeScores): void {
    const s = state.data.get(`${NAME}/score`) as ScoreState | undefined;
    if (!s) return;
    let min = Infinity, max = 0;
    for (let i = 0; i < scores.length; i++) {
      if (s.ignored.has(nodes[i]!.name)) continue;
      if (scores[i]! < min) min = scores[i]!;
      if (scores[i]! > max) max = scores[i]!;
    }
    for (let i = 0; i < scores.length; i++) {
      if (s.ignored.has(nodes[i]!.name)) { scores[i] = 0; continue; }
      scores[i] = max === 0 ? MAX_NODE_SCORE : Math.trunc((MAX_NODE_SCORE * (max + min - scores[i]!)) / max);
    }
  },
  /** Bound pods the constraints count coming, changing labels or going; nodes with the topology keys added, removed or changed. */
  eventsToRegister: () => [
    { event: { resource: 'Pod', actionType: Action.Add | Action.UpdatePodLabel | Action.Delete }, hint: isSchedulableAfterPodChange, skips: (pod) => !countsPods(pod) },
    { event: { resource: 'Node', actionType: Action.Add | Action.Delete | Action.UpdateNodeLabel | Action.UpdateNodeTaint }, hint: isSchedulableAfterNodeChange },
  ],
} satisfies PreFilterPlugin & FilterPlugin & PreScorePlugin & ScorePlugin & EnqueueExtensions;

/** hardConstraints are the pod's DoNotSchedule constraints: the only ones that reject. */
function hardConstraints(pod: KubeObject): { topologyKey: string; labelSelector?: LabelSelector }[] {
  return (pod.spec?.topologySpreadConstraints ?? []).filter((c: { whenUnsatisfiable?: string }) => c.whenUnsatisfiable === 'DoNotSchedule');
}

/** countsPods is whether a hard constraint of the pod has a selector: without one, no pod change can help it. */
function countsPods(pod: KubeObject): boolean {
  return hardConstraints(pod).some((c) => !!c.labelSelector);
}

/** isSchedulableAfterPodChange: a bound pod in the pod's namespace that a constraint's selector counts (matchLabelKeys ignored: towards Queue). */
function isSchedulableAfterPodChange(pod: KubeObject, oldPod: KubeObject | undefined, newPod: KubeObject | undefined): QueueingHint {
  const changed = newPod ?? oldPod;
  if (!changed?.spec?.nodeName || changed.metadata.namespace !== pod.metadata.namespace) return 'QueueSkip';
  const counts = (p: KubeObject | undefined) => !!p && hardConstraints(pod).some((c) => !!c.labelSelector && selectorMatches(c.labelSelector, p.metadata.labels ?? {}));
  return counts(newPod) || counts(oldPod) ? 'Queue' : 'QueueSkip';
}

/** isSchedulableAfterNodeChange: a node (before or after the change) carrying every topology key of the pod's constraints. */
function isSchedulableAfterNodeChange(pod: KubeObject, oldNode: KubeObject | undefined, node: KubeObject | undefined): QueueingHint {
  const keys = hardConstraints(pod).map((c) => c.topologyKey);
  if (!keys.length) return 'QueueSkip';
  const hasAll = (n: KubeObject | undefined) => !!n && keys.every((k) => k in (n.metadata.labels ?? {}));
  return hasAll(node) || hasAll(oldNode) ? 'Queue' : 'QueueSkip';
}
