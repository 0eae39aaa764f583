/**
 * scheduler: one scheduling attempt for one pod over a Snapshot — PreFilter → Filter →
 * (PostFilter diagnosis on failure) → PreScore → Score → NormalizeScore → weight → select.
 * Mirrors kubernetes/kubernetes pkg/scheduler/schedule_one.go (schedulePod,
 * findNodesThatFitPod, prioritizeNodes, selectHost) and framework/types.go FitError.
 * Binding, events and the pod's PodScheduled condition are the caller's job.
 */

import type { KubeObject } from '../api/meta';
import {
  type CycleState as CycleStateType, type NodeInfo, type NodeScore, type Profile, type Snapshot, type Status,
  CycleState, isRejected, newPodInfo, ok,
} from './framework';

/** NO_NODE_AVAILABLE_MSG is the FitError prefix format: `0/<N> nodes are available`. */
export const noNodeAvailableMsg = (numAllNodes: number): string => `0/${numAllNodes} nodes are available`;
/** ERR_NO_NODES_AVAILABLE is the FailedScheduling message when the cluster has no nodes. */
export const ERR_NO_NODES_AVAILABLE = 'no nodes available to schedule pods';
/** PREEMPTION_NOT_HELPFUL is the preemption reason for nodes that failed UnschedulableAndUnresolvable. */
export const PREEMPTION_NOT_HELPFUL = 'Preemption is not helpful for scheduling';
/** NO_PREEMPTION_VICTIMS is the preemption reason for nodes with no lower-priority pod to evict. */
export const NO_PREEMPTION_VICTIMS = 'No preemption victims found for incoming pod';
/** NOT_ELIGIBLE_PREEMPTION_POLICY_NEVER is the preemption result for pods with preemptionPolicy Never. */
export const NOT_ELIGIBLE_PREEMPTION_POLICY_NEVER = 'not eligible due to preemptionPolicy=Never.';

/** MIN_FEASIBLE_NODES_TO_FIND is the fewest feasible nodes a pass looks for (upstream 100). */
export const MIN_FEASIBLE_NODES_TO_FIND = 100;
/** MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND is the adaptive percentage's floor (upstream 5). */
export const MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5;

/** PluginScore is one plugin's contribution to one node's total. */
export interface PluginScore { plugin: string; raw: number; normalized: number; weight: number; weighted: number }
/** NodeScoreResult is one feasible node's total and its per-plugin breakdown. */
export interface NodeScoreResult { nodeName: string; total: number; plugins: PluginScore[] }

/**
 * ScheduleSuccess says where the pod goes. `statuses` holds the filter verdict of every
 * evaluated node (Success ones included); `scores` is empty when only one node was feasible
 * (upstream skips scoring then). `candidates` are the top-scoring nodes the tie-break chose from.
 */
export interface ScheduleSuccess {
  nodeName: string;
  evaluatedNodes: number;
  feasibleNodes: number;
  statuses: Map<string, Status>;
  scores: NodeScoreResult[];
  candidates: string[];
}

/**
 * ScheduleFailure carries the FailedScheduling message (kube-scheduler's FitError text) and
 * every node's rejecting status (with `plugin` set) for `kubemu why`.
 */
export interface ScheduleFailure {
  failure: {
    message: string;
    numAllNodes: number;
    statuses: Map<string, Status>;
    preFilterMessage?: string;
    postFilterMessage?: string;
    /** preemptionCandidates are nodes where evicting lower-priority pods would make room (not performed). */
    preemptionCandidates?: string[];
  };
}

/** ScheduleResult is the outcome of scheduleOne; discriminate with `'nodeName' in r`. */
export type ScheduleResult = ScheduleSuccess | ScheduleFailure;

/** Rand is the injected randomness source (sim/rand's Rand satisfies it). */
export interface Rand { int(n: number): number }

/** isFailure narrows a ScheduleResult to a failure. */
export function isFailure(r: ScheduleResult): r is ScheduleFailure {
  return 'failure' in r;
}

/**
 * fitErrorMessage renders FitError.Error(): `0/N nodes are available:` then either the
 * PreFilter message or the "<count> <reason>" histogram sorted as strings, then the PostFilter
 * message — each appended as ` <text>.` (so a PostFilter text ending in "." yields "..", as upstream).
 */
export function fitErrorMessage(numAllNodes: number, statuses: Iterable<Status>, preFilterMsg = '', postFilterMsg = ''): string {
  let msg = `${noNodeAvailableMsg(numAllNodes)}:`;
  if (preFilterMsg) msg += ` ${preFilterMsg}.`;
  else {
    const counts = new Map<string, number>();
    for (const s of statuses) for (const r of s.reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
    // Go's sort.Strings: byte-wise, so "10 x" sorts before "2 y" exactly as upstream does.
    const parts = [...counts].map(([r, n]) => `${n} ${r}`).sort(compareBytes);
    if (parts.length) msg += ` ${parts.join(', ')}.`;
  }
  if (postFilterMsg) msg += ` ${postFilterMsg}.`;
  return msg;
}

function compareBytes(a: string, b: string): number {
  const x = Buffer.from(a), y = Buffer.from(b);
  return Buffer.compare(x, y);
}

/**
 * numFeasibleNodesToFind mirrors sched.numFeasibleNodesToFind: all nodes below 100, else a
 * percentage (adaptive 50 - N/125, floor 5%) but never fewer than 100.
 */
export function numFeasibleNodesToFind(percentageOfNodesToScore: number | undefined, numAllNodes: number): number {
  if (numAllNodes < MIN_FEASIBLE_NODES_TO_FIND) return numAllNodes;
  let pct = percentageOfNodesToScore ?? 0;
  if (pct >= 100) return numAllNodes;
  if (pct <= 0) {
    pct = 50 - Math.trunc(numAllNodes / 125);
    if (pct < MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND) pct = MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND;
  }
  const n = Math.trunc((numAllNodes * pct) / 100);
  return n < MIN_FEASIBLE_NODES_TO_FIND ? MIN_FEASIBLE_NODES_TO_FIND : n;
}

/** runFilters runs the profile's filters on one node, stopping at the first rejection (which gets `plugin` set). */
export function runFilters(profile: Profile, state: CycleStateType, pod: KubeObject, node: NodeInfo): Status | undefined {
  for (const f of profile.filters) {
    if (state.skipFilter.has(f.name)) continue;
    const s = f.filter(state, pod, node);
    if (s.code !== 'Success') return { ...s, plugin: f.name };
  }
  return undefined;
}

/**
 * scheduleOne picks a node for pod, or explains why none fits. Pure: it reads the snapshot,
 * advances only `snapshot.nextStartNodeIndex`, and draws from `rand` only to break a tie
 * between equal top scores. The caller binds and then calls `snapshot.assume(pod, nodeName)`.
 */
export function scheduleOne(pod: KubeObject, snapshot: Snapshot, profile: Profile, rand: Rand): ScheduleResult {
  const allNodes = snapshot.nodeInfos;
  const numAllNodes = allNodes.length;
  if (numAllNodes === 0) return { failure: { message: ERR_NO_NODES_AVAILABLE, numAllNodes: 0, statuses: new Map() } };

  const state = new CycleState(snapshot, newPodInfo(pod));
  const statuses = new Map<string, Status>();

  // PreFilter: a rejection applies to every node; a node-name result narrows the candidates.
  let narrowed: Set<string> | undefined;
  const narrowedBy: string[] = [];
  for (const pf of profile.preFilters) {
    const r = pf.preFilter(state, pod);
    if (r.status.code === 'Skip') { state.skipFilter.add(pf.name); continue; }
    if (r.status.code !== 'Success') {
      const s: Status = { ...r.status, plugin: pf.name };
      for (const n of allNodes) statuses.set(n.name, s);
      const preFilterMessage = r.status.reasons.join(', ');
      return fail(pod, snapshot, profile, state, statuses, preFilterMessage);
    }
    if (r.nodeNames) {
      narrowedBy.push(pf.name);
      narrowed = narrowed ? new Set([...narrowed].filter((n) => r.nodeNames!.has(n))) : new Set(r.nodeNames);
    }
  }

  let nodes: readonly NodeInfo[] = allNodes;
  if (narrowed) {
    const absent: Status = {
      code: 'UnschedulableAndUnresolvable',
      reasons: [`node(s) didn't satisfy plugin(s) [${[...narrowedBy].sort().join(' ')}]`],
      plugin: narrowedBy.length === 1 ? narrowedBy[0] : undefined,
    };
    nodes = allNodes.filter((n) => narrowed!.has(n.name));
    for (const n of allNodes) if (!narrowed.has(n.name)) statuses.set(n.name, absent);
  }

  // Filter, starting where the previous pass stopped and stopping once enough nodes fit.
  const toFind = numFeasibleNodesToFind(profile.percentageOfNodesToScore, nodes.length);
  const feasible: NodeInfo[] = [];
  let processed = 0;
  const start = nodes.length ? snapshot.nextStartNodeIndex % nodes.length : 0;
  for (let i = 0; i < nodes.length && feasible.length < toFind; i++) {
    const n = nodes[(start + i) % nodes.length]!;
    processed++;
    const s = runFilters(profile, state, pod, n);
    if (s) statuses.set(n.name, s);
    else {
      statuses.set(n.name, ok());
      feasible.push(n);
    }
  }
  snapshot.nextStartNodeIndex = (snapshot.nextStartNodeIndex + processed) % numAllNodes;

  if (feasible.length === 0) return fail(pod, snapshot, profile, state, statuses, '');

  const evaluatedNodes = processed;
  if (feasible.length === 1) {
    return { nodeName: feasible[0]!.name, evaluatedNodes, feasibleNodes: 1, statuses, scores: [], candidates: [feasible[0]!.name] };
  }

  const scores = prioritizeNodes(profile, state, pod, feasible);
  let max = -Infinity;
  for (const s of scores) if (s.total > max) max = s.total;
  // kubemu: upstream's selectHost samples the top scorers in iteration order (reservoir
  // sampling); kubemu sorts them by node name and draws once, so a seed fixes the choice.
  const candidates = scores.filter((s) => s.total === max).map((s) => s.nodeName).sort();
  const pick = candidates.length > 1 ? candidates[rand.int(candidates.length)]! : candidates[0]!;
  return { nodeName: pick, evaluatedNodes, feasibleNodes: feasible.length, statuses, scores, candidates };
}

/** prioritizeNodes runs PreScore, Score, NormalizeScore and weights over the feasible nodes. */
export function prioritizeNodes(profile: Profile, state: CycleStateType, pod: KubeObject, nodes: readonly NodeInfo[]): NodeScoreResult[] {
  for (const ps of profile.preScores) {
    const s = ps.preScore(state, pod, nodes);
    if (s.code === 'Skip') state.skipScore.add(ps.name);
  }
  const results: NodeScoreResult[] = nodes.map((n) => ({ nodeName: n.name, total: 0, plugins: [] }));
  for (const { plugin, weight } of profile.scores) {
    if (state.skipScore.has(plugin.name)) continue;
    const list: NodeScore[] = nodes.map((n) => ({ name: n.name, score: plugin.score(state, pod, n) }));
    const raw = list.map((s) => s.score);
    plugin.normalize?.(state, pod, list);
    for (let i = 0; i < list.length; i++) {
      const normalized = list[i]!.score;
      const weighted = normalized * weight;
      results[i]!.plugins.push({ plugin: plugin.name, raw: raw[i]!, normalized, weight, weighted });
      results[i]!.total += weighted;
    }
  }
  return results;
}

/** fail builds the ScheduleFailure, including DefaultPreemption's diagnosis when enabled. */
function fail(pod: KubeObject, snapshot: Snapshot, profile: Profile, state: CycleStateType, statuses: Map<string, Status>, preFilterMessage: string): ScheduleFailure {
  const numAllNodes = snapshot.nodeInfos.length;
  let postFilterMessage = '';
  let preemptionCandidates: string[] | undefined;
  if (profile.preemption !== false) {
    const p = preemptionDiagnosis(pod, snapshot, profile, state, statuses);
    postFilterMessage = p.message;
    if (p.candidates.length) preemptionCandidates = p.candidates;
  }
  const message = fitErrorMessage(numAllNodes, statuses.values(), preFilterMessage, postFilterMessage);
  const failure: ScheduleFailure['failure'] = { message, numAllNodes, statuses };
  if (preFilterMessage) failure.preFilterMessage = preFilterMessage;
  if (postFilterMessage) failure.postFilterMessage = postFilterMessage;
  if (preemptionCandidates) failure.preemptionCandidates = preemptionCandidates;
  return { failure };
}

/**
 * preemptionDiagnosis mirrors DefaultPreemption.PostFilter up to candidate search: nodes that
 * failed UnschedulableAndUnresolvable (or were never evaluated) are "not helpful"; a node
 * with no lower-priority pod has "no victims"; otherwise all lower-priority pods are removed
 * in a dry run and the filters rerun. If some node would fit, preemption would succeed and
 * upstream adds no message.
 * kubemu: victims are not chosen or evicted, and PreFilter state is not recomputed for the
 * dry run (InterPodAffinity / PodTopologySpread see the victims still in place).
 */
export function preemptionDiagnosis(pod: KubeObject, snapshot: Snapshot, profile: Profile, state: CycleStateType, statuses: ReadonlyMap<string, Status>): { message: string; candidates: string[] } {
  if (pod.spec?.preemptionPolicy === 'Never') return { message: `preemption: ${NOT_ELIGIBLE_PREEMPTION_POLICY_NEVER}`, candidates: [] };
  const priority = state.podInfo.priority;
  const out: Status[] = [];
  const candidates: string[] = [];
  for (const n of snapshot.nodeInfos) {
    const s = statuses.get(n.name);
    if (!s || !isRejected(s) || s.code === 'UnschedulableAndUnresolvable') {
      out.push({ code: 'UnschedulableAndUnresolvable', reasons: [PREEMPTION_NOT_HELPFUL] });
      continue;
    }
    const victims = n.pods.filter((p) => p.priority < priority);
    if (victims.length === 0) {
      out.push({ code: 'UnschedulableAndUnresolvable', reasons: [NO_PREEMPTION_VICTIMS] });
      continue;
    }
    const trial = n.clone();
    for (const v of victims) trial.removePod(v.key);
    const again = runFilters(profile, state, pod, trial);
    if (again) out.push(again);
    else candidates.push(n.name);
  }
  if (candidates.length) return { message: '', candidates };
  return { message: `preemption: ${fitErrorMessage(snapshot.nodeInfos.length, out)}`, candidates };
}
