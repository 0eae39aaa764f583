/**
 * scheduler: one scheduling attempt for one pod over a Snapshot — PreFilter → Filter →
 * (PostFilter diagnosis on failure) → PreScore → Score → NormalizeScore → weight → select.
 * Mirrors kubernetes/kubernetes pkg/scheduler/schedule_one.go (schedulePod,
 * findNodesThatFitPod, prioritizeNodes, selectHost) and framework/types.go FitError.
 * Binding, events and the pod's PodScheduled condition are the caller's job.
 */

import type { KubeObject } from '../api/meta';
import {
  type CycleState as CycleStateType, type NodeInfo, type NodeScores, type Profile, type Snapshot, type Status,
  type PodInfo, type ScorePlugin, CycleState, isRejected, newPodInfo, ok,
} from './framework';
import {
  type Candidate, pdbFromObject, pickOneNodeForPreemption, podEligibleToPreemptOthers, selectVictimsOnNode,
} from './plugins/defaultpreemption';

/** NO_NODE_AVAILABLE_MSG is the FitError prefix format: `0/<N> nodes are available`. */
export const noNodeAvailableMsg = (numAllNodes: number): string => `0/${numAllNodes} nodes are available`;
/** ERR_NO_NODES_AVAILABLE is the FailedScheduling message when the cluster has no nodes. */
export const ERR_NO_NODES_AVAILABLE = 'no nodes available to schedule pods';
/** PREEMPTION_NOT_HELPFUL is the preemption reason for nodes that failed UnschedulableAndUnresolvable. */
export const PREEMPTION_NOT_HELPFUL = 'Preemption is not helpful for scheduling';
/** NO_PREEMPTION_VICTIMS is the preemption reason for nodes with no lower-priority pod to evict. */
export const NO_PREEMPTION_VICTIMS = 'No preemption victims found for incoming pod';
export { NOT_ELIGIBLE_PREEMPTION_POLICY_NEVER } from './plugins/defaultpreemption';

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
  /** podInfo is what the attempt derived from the pod: `Snapshot.assume` takes it instead of deriving it again. */
  podInfo: PodInfo;
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
    /** preemptionCandidates are nodes where evicting lower-priority pods would make room. */
    preemptionCandidates?: string[];
    /** preemption is the node DefaultPreemption chose and the pods to evict there (the caller evicts and nominates). */
    preemption?: { nodeName: string; victims: PodInfo[]; numPDBViolations: number };
    /** unschedulablePlugins rejected the pod (Diagnosis.UnschedulablePlugins): the scheduling queue asks them which events may help. */
    unschedulablePlugins: Set<string>;
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

/** ScheduleOptions tunes how much scheduleOne reports. */
export interface ScheduleOptions {
  /**
   * explain (default true) fills `statuses` with every evaluated node (Success included),
   * `scores` with the per-plugin breakdown and `candidates` with every top scorer. The
   * scheduler component turns it off: then `statuses` holds only rejections, `scores` is
   * empty and `candidates` is just the pick — and an attempt allocates nothing per node.
   */
  explain?: boolean;
}

/**
 * scheduleOne picks a node for pod, or explains why none fits. Pure: it reads the snapshot,
 * advances only `snapshot.nextStartNodeIndex`, and draws from `rand` only to break a tie
 * between equal top scores. The caller binds and then calls `snapshot.assume(pod, nodeName, podInfo)`.
 */
export function scheduleOne(pod: KubeObject, snapshot: Snapshot, profile: Profile, rand: Rand, options: ScheduleOptions = {}): ScheduleResult {
  const explain = options.explain !== false;
  const allNodes = snapshot.nodeInfos;
  const numAllNodes = allNodes.length;
  if (numAllNodes === 0) return { failure: { message: ERR_NO_NODES_AVAILABLE, numAllNodes: 0, statuses: new Map(), unschedulablePlugins: new Set() } };

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

  // The filters that run for this pod (PreFilter Skips removed once, not per node).
  const filters = profile.filters.filter((f) => !state.skipFilter.has(f.name));
  const numFilters = filters.length;
  // Each filter's node flags (-1: it runs on every node). A node with none of the flags any
  // filter names needs only the every-node filters, in their order: the others pass it.
  const flagsOf = filters.map((f) => f.filterFlags?.(state, pod) ?? -1);
  let anyFlags = 0;
  for (const m of flagsOf) if (m !== -1) anyFlags |= m;
  const everyNode = filters.filter((_, k) => flagsOf[k] === -1);
  const numEveryNode = everyNode.length;
  const hasNominated = snapshot.nominated.size > 0;
  const { priority, key } = state.podInfo;
  /** check runs the filters on one node (with the pods nominated there), recording a rejection. */
  const check = (n: NodeInfo): boolean => {
    const target = hasNominated ? snapshot.withNominated(n, priority, key) : n;
    const flags = target.figures.flags[target.slot]!;
    if ((flags & anyFlags) === 0) {
      for (let k = 0; k < numEveryNode; k++) {
        const f = everyNode[k]!;
        const s = f.filter(state, pod, target);
        if (s.code !== 'Success') { statuses.set(n.name, { code: s.code, reasons: s.reasons, plugin: f.name }); return false; }
      }
    } else {
      for (let k = 0; k < numFilters; k++) {
        const m = flagsOf[k]!;
        if (m !== -1 && (flags & m) === 0) continue;
        const f = filters[k]!;
        const s = f.filter(state, pod, target);
        if (s.code !== 'Success') { statuses.set(n.name, { code: s.code, reasons: s.reasons, plugin: f.name }); return false; }
      }
    }
    if (explain) statuses.set(n.name, ok());
    return true;
  };

  // A node nominated by an earlier preemption is tried first and taken if it fits: no
  // scoring, and the rotating start index stays where it was (evaluateNominatedNode).
  const nominatedNode = pod.status?.nominatedNodeName ? snapshot.get(pod.status.nominatedNodeName) : undefined;
  if (nominatedNode && check(nominatedNode)) {
    return { nodeName: nominatedNode.name, evaluatedNodes: 1, feasibleNodes: 1, statuses, scores: [], candidates: [nominatedNode.name], podInfo: state.podInfo };
  }

  let nodes: readonly NodeInfo[] = allNodes;
  if (narrowed) {
    const absent: Status = {
      code: 'UnschedulableAndUnresolvable',
      reasons: [`node(s) didn't satisfy plugin(s) [${[...narrowedBy].sort().join(' ')}]`],
      plugin: narrowedBy.length === 1 ? narrowedBy[0] : undefined,
    };
    nodes = allNodes.filter((n) => narrowed!.has(n.name));
    for (const n of allNodes) if (!narrowed.has(n.name) && !statuses.has(n.name)) statuses.set(n.name, absent);
  }

  // Filter, starting where the previous pass stopped and stopping once enough nodes fit;
  // one feasible node is enough when nothing would score them (upstream's hasScoring).
  const numNodes = nodes.length;
  const toFind = profile.scores.length === 0 ? Math.min(1, numNodes) : numFeasibleNodesToFind(profile.percentageOfNodesToScore, numNodes);
  const found = snapshot.buffers.found;
  let numFeasible = 0;
  let processed = 0;
  let visitedNominated = false;
  const start = numNodes ? snapshot.nextStartNodeIndex % numNodes : 0;
  for (let i = 0, idx = start; i < numNodes && numFeasible < toFind; i++, idx = idx + 1 === numNodes ? 0 : idx + 1) {
    const n = nodes[idx]!;
    processed++;
    if (n === nominatedNode) visitedNominated = true;
    if (check(n)) found[numFeasible++] = n;
  }
  // Upstream advances by the feasible nodes plus every node with a rejection on record, so a
  // nominated node that failed above counts even when this pass did not reach it.
  if (nominatedNode && !visitedNominated) processed++;
  snapshot.nextStartNodeIndex = (snapshot.nextStartNodeIndex + processed) % numAllNodes;

  if (numFeasible === 0) return fail(pod, snapshot, profile, state, statuses, '', narrowedBy);

  const evaluatedNodes = processed;
  if (numFeasible === 1) {
    return { nodeName: found[0]!.name, evaluatedNodes, feasibleNodes: 1, statuses, scores: [], candidates: [found[0]!.name], podInfo: state.podInfo };
  }
  // The snapshot's reused list: nothing keeps it past this attempt.
  const feasible = snapshot.buffers.feasible(numFeasible);

  let totals: ArrayLike<number>;
  let scores: NodeScoreResult[] = [];
  if (explain) {
    scores = prioritizeNodes(profile, state, pod, feasible);
    totals = scores.map((s) => s.total);
  } else {
    totals = scoreTotals(profile, state, pod, feasible);
  }
  let max = -Infinity, ties = 0;
  for (let i = 0; i < totals.length; i++) {
    const t = totals[i]!;
    if (t > max) { max = t; ties = 1; } else if (t === max) ties++;
  }
  // kubemu: upstream's selectHost samples the top scorers in iteration order (reservoir
  // sampling); kubemu orders them by node name and draws once, so a seed fixes the choice.
  // Ranks (the nodes' positions in name order) stand in for the names: integer sorting.
  let pick: NodeInfo;
  let order: NodeInfo[] | undefined;
  if (ties === 1 && !explain) {
    let i = 0;
    while (totals[i] !== max) i++;
    pick = feasible[i]!;
  } else if (!explain) {
    // The k-th top scorer in rank order without sorting: mark their ranks, walk the marks.
    const k = rand.int(ties);
    const marks = snapshot.rankMarks;
    for (let i = 0; i < totals.length; i++) if (totals[i] === max) marks[feasible[i]!.rank] = 1;
    let r = -1;
    for (let seen = -1; seen < k;) if (marks[++r] === 1) seen++;
    pick = snapshot.nodesByRank[r]!;
    for (let i = 0; i < totals.length; i++) marks[feasible[i]!.rank] = 0;
  } else {
    const ranks = new Int32Array(ties);
    for (let i = 0, j = 0; i < totals.length; i++) if (totals[i] === max) ranks[j++] = feasible[i]!.rank;
    ranks.sort();
    pick = snapshot.nodesByRank[ranks[ties > 1 ? rand.int(ties) : 0]!]!;
    if (explain) order = Array.from(ranks, (r) => snapshot.nodesByRank[r]!);
  }
  const candidates = order ? order.map((n) => n.name) : [pick.name];
  return { nodeName: pick.name, evaluatedNodes, feasibleNodes: feasible.length, statuses, scores, candidates, podInfo: state.podInfo };
}

/** rawScores runs one Score plugin over the nodes: in one call where it can, else node by node. */
function rawScores(plugin: ScorePlugin, state: CycleStateType, pod: KubeObject, nodes: readonly NodeInfo[], out: NodeScores): void {
  if (plugin.scoreNodes) { plugin.scoreNodes(state, pod, nodes, out); return; }
  for (let i = 0; i < nodes.length; i++) out[i] = plugin.score(state, pod, nodes[i]!);
}

/**
 * scoreTotals is prioritizeNodes without the breakdown: the weighted total per feasible node,
 * in the snapshot's reused buffer (valid until the next attempt on it).
 */
export function scoreTotals(profile: Profile, state: CycleStateType, pod: KubeObject, nodes: readonly NodeInfo[]): Float64Array {
  for (const ps of profile.preScores) {
    const s = ps.preScore(state, pod, nodes);
    if (s.code === 'Skip') state.skipScore.add(ps.name);
  }
  const n = nodes.length;
  const buffers = state.snapshot.buffers;
  const totals = buffers.totals(n);
  const raw = buffers.scores(n);
  for (const { plugin, weight } of profile.scores) {
    if (state.skipScore.has(plugin.name)) continue;
    rawScores(plugin, state, pod, nodes, raw);
    plugin.normalize?.(state, pod, nodes, raw);
    for (let i = 0; i < n; i++) totals[i] += raw[i]! * weight;
  }
  return totals;
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
    const list = new Array<number>(nodes.length);
    rawScores(plugin, state, pod, nodes, list);
    const raw = [...list];
    plugin.normalize?.(state, pod, nodes, list);
    for (let i = 0; i < list.length; i++) {
      const normalized = list[i]!;
      const weighted = normalized * weight;
      results[i]!.plugins.push({ plugin: plugin.name, raw: raw[i]!, normalized, weight, weighted });
      results[i]!.total += weighted;
    }
  }
  return results;
}

/** fail builds the ScheduleFailure, including DefaultPreemption's PostFilter when enabled. */
function fail(pod: KubeObject, snapshot: Snapshot, profile: Profile, state: CycleStateType, statuses: Map<string, Status>, preFilterMessage: string, narrowedBy: readonly string[] = []): ScheduleFailure {
  const numAllNodes = snapshot.nodeInfos.length;
  let postFilterMessage = '';
  let p: PreemptionResult | undefined;
  if (profile.preemption !== false) {
    p = preempt(pod, snapshot, profile, state, statuses);
    postFilterMessage = p.message;
  }
  const message = fitErrorMessage(numAllNodes, statuses.values(), preFilterMessage, postFilterMessage);
  // The PreFilter plugins that narrowed the nodes count as rejecting the ones they left out.
  const unschedulablePlugins = new Set<string>(narrowedBy);
  for (const s of statuses.values()) if (s.plugin && s.code !== 'Success') unschedulablePlugins.add(s.plugin);
  const failure: ScheduleFailure['failure'] = { message, numAllNodes, statuses, unschedulablePlugins };
  if (preFilterMessage) failure.preFilterMessage = preFilterMessage;
  if (postFilterMessage) failure.postFilterMessage = postFilterMessage;
  if (p?.candidates.length) failure.preemptionCandidates = p.candidates;
  if (p?.chosen) failure.preemption = p.chosen;
  return { failure };
}

/** PreemptionResult is the PostFilter outcome: its message ("" on success), candidates, the chosen node and victims. */
export interface PreemptionResult { message: string; candidates: string[]; chosen?: { nodeName: string; victims: PodInfo[]; numPDBViolations: number } }

/**
 * preempt mirrors DefaultPreemption.PostFilter (preemption.Evaluator.Preempt) up to the API
 * calls: check the pod may preempt; find, on every node that failed a resolvable filter,
 * the fewest lower-priority victims (PDB-aware); pick one node. On success the message is
 * empty, as upstream; the caller evicts the victims and nominates the node.
 * kubemu: every node is a candidate (upstream samples max(10%, 100) of them from a random offset).
 */
export function preempt(pod: KubeObject, snapshot: Snapshot, profile: Profile, state: CycleStateType, statuses: ReadonlyMap<string, Status>): PreemptionResult {
  const { priority, key } = state.podInfo;
  const nominatedName: string | undefined = pod.status?.nominatedNodeName;
  const [eligible, why] = podEligibleToPreemptOthers(pod, priority, nominatedName ? snapshot.get(nominatedName) : undefined, nominatedName ? statuses.get(nominatedName) : undefined);
  if (!eligible) return { message: `preemption: ${why}`, candidates: [] };
  const pdbs = snapshot.podDisruptionBudgets.map(pdbFromObject);
  const fits = (n: NodeInfo) => runFilters(profile, state, pod, snapshot.withNominated(n, priority, key));
  const out: Status[] = [];
  const found: Candidate[] = [];
  for (const n of snapshot.nodeInfos) {
    const s = statuses.get(n.name);
    if (!s || !isRejected(s) || s.code === 'UnschedulableAndUnresolvable') {
      out.push({ code: 'UnschedulableAndUnresolvable', reasons: [PREEMPTION_NOT_HELPFUL] });
      continue;
    }
    if (!n.pods.some((p) => p.priority < priority)) {
      out.push({ code: 'UnschedulableAndUnresolvable', reasons: [NO_PREEMPTION_VICTIMS] });
      continue;
    }
    const victims = selectVictimsOnNode(priority, n, pdbs, fits);
    if (victims) found.push({ nodeName: n.name, victims });
    else {
      // Evicting every lower-priority pod would still not be enough: report why it would not fit.
      const trial = n.clone();
      for (const p of n.pods) if (p.priority < priority) trial.removePod(p.key);
      out.push(fits(trial) ?? { code: 'Unschedulable', reasons: [NO_PREEMPTION_VICTIMS] });
    }
  }
  const candidates = found.map((c) => c.nodeName);
  const best = pickOneNodeForPreemption(found);
  if (best) return { message: '', candidates, chosen: { nodeName: best.nodeName, victims: best.victims.pods, numPDBViolations: best.victims.numPDBViolations } };
  return { message: `preemption: ${fitErrorMessage(snapshot.nodeInfos.length, out)}`, candidates };
}

/** preemptionDiagnosis is preempt's message and candidate node names (what `kubemu why` shows). */
export function preemptionDiagnosis(pod: KubeObject, snapshot: Snapshot, profile: Profile, state: CycleStateType, statuses: ReadonlyMap<string, Status>): { message: string; candidates: string[] } {
  const r = preempt(pod, snapshot, profile, state, statuses);
  return { message: r.message, candidates: r.candidates };
}
