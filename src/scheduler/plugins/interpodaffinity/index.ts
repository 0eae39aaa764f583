/**
 * interpodaffinity: the InterPodAffinity plugin — required pod affinity / anti-affinity of the
 * incoming pod, the required anti-affinity of pods already running (symmetry), and scoring by
 * preferred terms on both sides. Mirrors kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/interpodaffinity/{filtering,scoring}.go.
 */

import type { KubeObject } from '../../../api/meta';
import {
  type AffinityTerm, type CycleState, type FilterPlugin, type NodeInfo, type NodeScores, type PodInfo, type PreFilterPlugin,
  type PreFilterResult, type PreScorePlugin, type ScorePlugin, type Snapshot, type Status, type WeightedAffinityTerm,
  MAX_NODE_SCORE, affinityTermMatches, hasAffinity, newPodInfo, ok, skip, unschedulable,
} from '../../framework';
import { selectorMatches } from '../../../api/label-selector';
import { Action, type EnqueueExtensions, type QueueingHint } from '../../cluster-event';

/** NAME is the plugin name. */
export const NAME = 'InterPodAffinity';
/** ERR_REASON_AFFINITY_RULES_NOT_MATCH: the pod's required affinity finds no matching pod in the node's domain. */
export const ERR_REASON_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod affinity rules";
/** ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH: the pod's required anti-affinity matches a pod in the node's domain. */
export const ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't match pod anti-affinity rules";
/** ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH: a running pod's required anti-affinity rejects the pod. */
export const ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH = "node(s) didn't satisfy existing pods anti-affinity rules";
/** HARD_POD_AFFINITY_WEIGHT is the score an existing pod's *required* affinity term adds (default args). */
export const HARD_POD_AFFINITY_WEIGHT = 1;

const pairKey = (key: string, value: string) => `${key}\x00${value}`;

interface PreFilterState {
  existingAntiAffinityCounts: Map<string, number>;
  affinityCounts: Map<string, number>;
  antiAffinityCounts: Map<string, number>;
}

function nsLabels(snapshot: Snapshot, ns: string): Record<string, string> | undefined {
  return snapshot.namespaceLabels.get(ns);
}

function matchesAll(terms: readonly AffinityTerm[], pi: PodInfo, snapshot: Snapshot): boolean {
  if (terms.length === 0) return false;
  return terms.every((t) => affinityTermMatches(t, pi, nsLabels(snapshot, pi.namespace)));
}

const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);

/** computePreFilterState counts, per topology pair, the pods relevant to the three required checks. */
export function computePreFilterState(state: CycleState): PreFilterState {
  const { snapshot, podInfo: pi } = state;
  const existingAntiAffinityCounts = new Map<string, number>();
  const affinityCounts = new Map<string, number>();
  const antiAffinityCounts = new Map<string, number>();
  const incomingNs = nsLabels(snapshot, pi.namespace);
  const needIncoming = pi.requiredAffinityTerms.length + pi.requiredAntiAffinityTerms.length > 0;
  for (const node of snapshot.nodeInfos) {
    for (const existing of node.podsWithRequiredAntiAffinity) {
      for (const t of existing.requiredAntiAffinityTerms) {
        const v = node.labels[t.topologyKey];
        if (v !== undefined && affinityTermMatches(t, pi, incomingNs)) add(existingAntiAffinityCounts, pairKey(t.topologyKey, v), 1);
      }
    }
    if (!needIncoming) continue;
    for (const existing of node.pods) {
      const ns = nsLabels(snapshot, existing.namespace);
      // An existing pod counts for affinity only when it matches every required affinity term.
      if (pi.requiredAffinityTerms.length && pi.requiredAffinityTerms.every((t) => affinityTermMatches(t, existing, ns))) {
        for (const t of pi.requiredAffinityTerms) {
          const v = node.labels[t.topologyKey];
          if (v !== undefined) add(affinityCounts, pairKey(t.topologyKey, v), 1);
        }
      }
      for (const t of pi.requiredAntiAffinityTerms) {
        const v = node.labels[t.topologyKey];
        if (v !== undefined && affinityTermMatches(t, existing, ns)) add(antiAffinityCounts, pairKey(t.topologyKey, v), 1);
      }
    }
  }
  return { existingAntiAffinityCounts, affinityCounts, antiAffinityCounts };
}

function satisfyPodAffinity(s: PreFilterState, state: CycleState, node: NodeInfo): boolean {
  let podsExist = true;
  for (const t of state.podInfo.requiredAffinityTerms) {
    const v = node.labels[t.topologyKey];
    if (v === undefined) return false; // every topology label must exist on the node
    if ((s.affinityCounts.get(pairKey(t.topologyKey, v)) ?? 0) <= 0) podsExist = false;
  }
  if (podsExist) return true;
  // The first pod of a group with affinity to itself: allowed when nothing else matches and it matches its own terms.
  return s.affinityCounts.size === 0 && matchesAll(state.podInfo.requiredAffinityTerms, state.podInfo, state.snapshot);
}

function satisfyPodAntiAffinity(s: PreFilterState, state: CycleState, node: NodeInfo): boolean {
  if (s.antiAffinityCounts.size === 0) return true;
  for (const t of state.podInfo.requiredAntiAffinityTerms) {
    const v = node.labels[t.topologyKey];
    if (v !== undefined && (s.antiAffinityCounts.get(pairKey(t.topologyKey, v)) ?? 0) > 0) return false;
  }
  return true;
}

function satisfyExistingPodsAntiAffinity(s: PreFilterState, node: NodeInfo): boolean {
  if (s.existingAntiAffinityCounts.size === 0) return true;
  for (const [k, v] of Object.entries(node.labels)) if ((s.existingAntiAffinityCounts.get(pairKey(k, v)) ?? 0) > 0) return false;
  return true;
}

/** ScoreState maps topology key → value → accumulated weight. */
type ScoreState = Map<string, Map<string, number>>;

function addScore(s: ScoreState, key: string, value: string, w: number): void {
  let m = s.get(key);
  if (!m) s.set(key, (m = new Map()));
  m.set(value, (m.get(value) ?? 0) + w);
}

function processTerms(s: ScoreState, terms: readonly WeightedAffinityTerm[], target: PodInfo, ns: Record<string, string> | undefined, node: NodeInfo, sign: 1 | -1): void {
  for (const t of terms) {
    const v = node.labels[t.topologyKey];
    if (v !== undefined && affinityTermMatches(t, target, ns)) addScore(s, t.topologyKey, v, sign * t.weight);
  }
}

/** interPodAffinity is the InterPodAffinity plugin. */
export const interPodAffinity = {
  name: NAME,
  preFilter(state: CycleState, _pod: KubeObject): PreFilterResult {
    const pi = state.podInfo;
    if (pi.requiredAffinityTerms.length + pi.requiredAntiAffinityTerms.length === 0 && state.snapshot.podsWithRequiredAntiAffinityCount === 0) {
      return { status: skip() };
    }
    state.data.set(NAME, computePreFilterState(state));
    return { status: ok() };
  },
  filter(state: CycleState, _pod: KubeObject, node: NodeInfo): Status {
    const s = state.data.get(NAME) as PreFilterState | undefined ?? computePreFilterState(state);
    if (!satisfyPodAffinity(s, state, node)) return unschedulable(ERR_REASON_AFFINITY_RULES_NOT_MATCH, false);
    if (!satisfyPodAntiAffinity(s, state, node)) return unschedulable(ERR_REASON_ANTI_AFFINITY_RULES_NOT_MATCH);
    if (!satisfyExistingPodsAntiAffinity(s, node)) return unschedulable(ERR_REASON_EXISTING_ANTI_AFFINITY_RULES_NOT_MATCH);
    return ok();
  },
  preScore(state: CycleState, _pod: KubeObject, _nodes: readonly NodeInfo[]): Status {
    const { snapshot, podInfo: pi } = state;
    const hasConstraints = pi.preferredAffinityTerms.length + pi.preferredAntiAffinityTerms.length > 0;
    if (!hasConstraints && snapshot.podsWithAffinityCount === 0) return skip();
    const scores: ScoreState = new Map();
    const incomingNs = nsLabels(snapshot, pi.namespace);
    for (const node of snapshot.nodeInfos) {
      // Unless the incoming pod has preferred terms, only pods with affinity can contribute.
      const pods = hasConstraints ? node.pods : node.podsWithAffinity;
      for (const existing of pods) {
        if (hasConstraints) {
          const ns = nsLabels(snapshot, existing.namespace);
          processTerms(scores, pi.preferredAffinityTerms, existing, ns, node, 1);
          processTerms(scores, pi.preferredAntiAffinityTerms, existing, ns, node, -1);
        }
        if (!hasAffinity(existing)) continue;
        for (const t of existing.requiredAffinityTerms) {
          const v = node.labels[t.topologyKey];
          if (v !== undefined && HARD_POD_AFFINITY_WEIGHT > 0 && affinityTermMatches(t, pi, incomingNs)) addScore(scores, t.topologyKey, v, HARD_POD_AFFINITY_WEIGHT);
        }
        processTerms(scores, existing.preferredAffinityTerms, pi, incomingNs, node, 1);
        processTerms(scores, existing.preferredAntiAffinityTerms, pi, incomingNs, node, -1);
      }
    }
    state.data.set(`${NAME}/score`, scores);
    return ok();
  },
  score(state: CycleState, _pod: KubeObject, node: NodeInfo): number {
    const scores = state.data.get(`${NAME}/score`) as ScoreState | undefined;
    if (!scores) return 0;
    let s = 0;
    for (const [key, byValue] of scores) {
      const v = node.labels[key];
      if (v !== undefined) s += byValue.get(v) ?? 0;
    }
    return s;
  },
  normalize(_state: CycleState, _pod: KubeObject, _nodes: readonly NodeInfo[], scores: NodeScores): void {
    if (scores.length === 0) return;
    let min = Infinity, max = -Infinity;
    for (const s of scores) { if (s < min) min = s; if (s > max) max = s; }
    const diff = max - min;
    for (let i = 0; i < scores.length; i++) scores[i] = diff > 0 ? Math.trunc(MAX_NODE_SCORE * ((scores[i]! - min) / diff)) : 0;
  },
  /** Bound pods coming, changing labels or going, and nodes added or relabelled (v1.32's queueing hints, simplified towards Queue). */
  eventsToRegister: () => [
    // A pod added can only help a pod with required affinity terms (a deletion: see the hint).
    {
      event: { resource: 'Pod', actionType: Action.Add | Action.UpdatePodLabel | Action.Delete }, hint: isSchedulableAfterPodChange,
      skips: (pod, actionType) => actionType === Action.Add && !pod.spec?.affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.length,
    },
    { event: { resource: 'Node', actionType: Action.Add | Action.UpdateNodeLabel }, hint: isSchedulableAfterNodeChange },
  ],
} satisfies PreFilterPlugin & FilterPlugin & PreScorePlugin & ScorePlugin & EnqueueExtensions;

/** termMayMatch is affinityTermMatches without namespace labels: a namespaceSelector is taken to match. */
function termMayMatch(term: AffinityTerm, pi: PodInfo): boolean {
  return (term.namespaces.has(pi.namespace) || !!term.namespaceSelector) && selectorMatches(term.selector, pi.labels);
}

/**
 * isSchedulableAfterPodChange: a pod added (or relabelled) helps if it matches one of the pod's
 * required affinity terms; a pod deleted helps if the pod's anti-affinity selected it, or it
 * carried required anti-affinity of its own.
 */
function isSchedulableAfterPodChange(pod: KubeObject, oldPod: KubeObject | undefined, newPod: KubeObject | undefined): QueueingHint {
  const target = newPodInfo(pod);
  if (newPod) {
    const pi = newPodInfo(newPod);
    return target.requiredAffinityTerms.some((t) => termMayMatch(t, pi)) ? 'Queue' : 'QueueSkip';
  }
  if (!oldPod) return 'Queue';
  const gone = newPodInfo(oldPod);
  if (gone.requiredAntiAffinityTerms.length) return 'Queue';
  return target.requiredAntiAffinityTerms.some((t) => termMayMatch(t, gone)) ? 'Queue' : 'QueueSkip';
}

/** isSchedulableAfterNodeChange: a node with one of the topology keys the pod's required terms use (any node, when existing pods' anti-affinity rejected it). */
function isSchedulableAfterNodeChange(pod: KubeObject, _old: KubeObject | undefined, node: KubeObject | undefined): QueueingHint {
  const pi = newPodInfo(pod);
  const terms = [...pi.requiredAffinityTerms, ...pi.requiredAntiAffinityTerms];
  if (!terms.length) return 'Queue';
  const labels = node?.metadata.labels ?? {};
  return terms.some((t) => t.topologyKey in labels) ? 'Queue' : 'QueueSkip';
}
