/**
 * defaultpreemption: the DefaultPreemption PostFilter plugin's decisions, pure — which
 * lower-priority pods to evict on a node so that the preemptor fits (selectVictimsOnNode:
 * remove every lower-priority pod, then reprieve as many as possible, most important first,
 * PDB-violating ones before the others), and which candidate node to preempt on
 * (pickOneNodeForPreemption). Mirrors kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/defaultpreemption/default_preemption.go and
 * framework/preemption/preemption.go. The API side (events, deletes, nominatedNodeName)
 * lives in kube-scheduler.ts.
 */
import type { KubeObject } from '../../../api/meta';
import type { PodDisruptionBudget } from '../../../api/types/kinds';
import { type LabelSelector, selectorMatches } from '../../../api/label-selector';
import type { NodeInfo, PodInfo, Status } from '../../framework';

/** NAME is the plugin name. */
export const NAME = 'DefaultPreemption';
/** NOT_ELIGIBLE_PREEMPTION_POLICY_NEVER is the PostFilter message for pods with preemptionPolicy Never. */
export const NOT_ELIGIBLE_PREEMPTION_POLICY_NEVER = 'not eligible due to preemptionPolicy=Never.';
/** NOT_ELIGIBLE_TERMINATING_ON_NOMINATED is the PostFilter message while earlier victims are still terminating. */
export const NOT_ELIGIBLE_TERMINATING_ON_NOMINATED = 'not eligible due to a terminating pod on the nominated node.';
/** PREEMPTED is the event reason recorded on each victim. */
export const PREEMPTED = 'Preempted';
/** preemptedMessage renders the victim's event text: `Preempted by pod <uid> on node <node>`. */
export const preemptedMessage = (preemptorUID: string, node: string): string => `Preempted by pod ${preemptorUID} on node ${node}`;
/** PREEMPTION_BY_SCHEDULER is the DisruptionTarget condition reason set on victims. */
export const PREEMPTION_BY_SCHEDULER = 'PreemptionByScheduler';
/** preemptionConditionMessage renders the victim's DisruptionTarget condition message. */
export const preemptionConditionMessage = (schedulerName: string): string => `${schedulerName}: preempting to accommodate a higher priority pod`;

/** MAX_INT32 is Go's math.MaxInt32 (priorities are int32). */
const MAX_INT32 = 2147483647;

/** PDB is what preemption needs of a PodDisruptionBudget. */
export interface PDB { namespace: string; selector: LabelSelector | undefined; disruptionsAllowed: number; disruptedPods: ReadonlySet<string> }

/** pdbFromObject extracts a PDB from a policy/v1 PodDisruptionBudget object. */
export function pdbFromObject(o: Pick<PodDisruptionBudget, 'metadata' | 'spec' | 'status'>): PDB {
  return {
    namespace: o.metadata.namespace ?? 'default',
    selector: o.spec?.selector ?? undefined,
    disruptionsAllowed: Number(o.status?.disruptionsAllowed ?? 0),
    disruptedPods: new Set(Object.keys(o.status?.disruptedPods ?? {})),
  };
}

/** Victims are the pods to evict on one node and how many of them violate a PDB. */
export interface Victims { pods: PodInfo[]; numPDBViolations: number }

/** startTimeMs is a pod's status.startTime (kubemu: creationTimestamp when it has not started). */
export function startTimeMs(pi: PodInfo): number {
  const t: string | undefined = pi.pod.status?.startTime ?? pi.pod.metadata.creationTimestamp;
  return t ? Date.parse(t) : 0;
}

/** moreImportantPod mirrors util.MoreImportantPod: higher priority first, then the earlier start. */
export function moreImportantPod(a: PodInfo, b: PodInfo): boolean {
  if (a.priority !== b.priority) return a.priority > b.priority;
  return startTimeMs(a) < startTimeMs(b);
}

const byImportance = (a: PodInfo, b: PodInfo): number => (moreImportantPod(a, b) ? -1 : moreImportantPod(b, a) ? 1 : 0);

/**
 * filterPodsWithPDBViolation splits pods (sorted by importance) into those whose eviction
 * would violate a PDB and the rest, spending each PDB's disruptionsAllowed in order.
 */
export function filterPodsWithPDBViolation(pods: readonly PodInfo[], pdbs: readonly PDB[]): { violating: PodInfo[]; nonViolating: PodInfo[] } {
  const allowed = pdbs.map((p) => p.disruptionsAllowed);
  const violating: PodInfo[] = [], nonViolating: PodInfo[] = [];
  for (const p of pods) {
    let violated = false;
    const name = p.pod.metadata.name ?? '';
    for (let i = 0; i < pdbs.length; i++) {
      const pdb = pdbs[i]!;
      if (pdb.namespace !== p.namespace) continue;
      // An empty or absent selector selects nothing (as upstream).
      const sel = pdb.selector;
      if (!sel || (!sel.matchLabels && !(sel.matchExpressions ?? []).length)) continue;
      if (!selectorMatches(sel, p.labels)) continue;
      if (pdb.disruptedPods.has(name)) continue; // already being disrupted: counted by the controller
      allowed[i]!--;
      if (allowed[i]! < 0) violated = true;
    }
    (violated ? violating : nonViolating).push(p);
  }
  return { violating, nonViolating };
}

/** Fits runs the profile's filters for the preemptor on a (trial) node; undefined = fits. */
export type Fits = (node: NodeInfo) => Status | undefined;

/**
 * selectVictimsOnNode returns the fewest lower-priority pods to evict from node so the
 * preemptor fits, or undefined if even evicting all of them would not be enough.
 * kubemu: PreFilter state (InterPodAffinity, PodTopologySpread) is not updated for the
 * removed pods (upstream calls the plugins' RemovePod/AddPod extensions).
 */
export function selectVictimsOnNode(priority: number, node: NodeInfo, pdbs: readonly PDB[], fits: Fits): Victims | undefined {
  const potential = node.pods.filter((p) => p.priority < priority);
  if (potential.length === 0) return undefined;
  const trial = node.clone();
  for (const p of potential) trial.removePod(p.key);
  if (fits(trial) !== undefined) return undefined;
  potential.sort(byImportance);
  const { violating, nonViolating } = filterPodsWithPDBViolation(potential, pdbs);
  const victims: PodInfo[] = [];
  let numPDBViolations = 0;
  const reprieve = (p: PodInfo): boolean => {
    trial.addPod(p);
    if (fits(trial) === undefined) return true;
    trial.removePod(p.key);
    victims.push(p);
    return false;
  };
  for (const p of violating) if (!reprieve(p)) numPDBViolations++;
  for (const p of nonViolating) reprieve(p);
  victims.sort(byImportance);
  return { pods: victims, numPDBViolations };
}

/** Candidate is a node where preemption would make room, with its victims. */
export interface Candidate { nodeName: string; victims: Victims }

/**
 * pickOneNodeForPreemption chooses among candidates (in node order) by, in turn: fewest PDB
 * violations, lowest highest-victim priority, smallest sum of victim priorities, fewest
 * victims, latest start of the highest-priority victims; then the first remaining.
 */
export function pickOneNodeForPreemption(candidates: readonly Candidate[]): Candidate | undefined {
  if (candidates.length === 0) return undefined;
  const criteria: ((c: Candidate) => number)[] = [
    (c) => -c.victims.numPDBViolations,
    (c) => -(c.victims.pods[0]?.priority ?? -Infinity),
    (c) => -c.victims.pods.reduce((s, p) => s + p.priority + MAX_INT32 + 1, 0),
    (c) => -c.victims.pods.length,
    (c) => earliestStartOfHighestPriority(c.victims.pods),
  ];
  let rest = [...candidates];
  for (const score of criteria) {
    let best = -Infinity;
    const scores = rest.map((c) => { const s = score(c); if (s > best) best = s; return s; });
    rest = rest.filter((_, i) => scores[i] === best);
    if (rest.length === 1) break;
  }
  return rest[0];
}

/** earliestStartOfHighestPriority is GetEarliestPodStartTime: the earliest start among the highest-priority victims. */
function earliestStartOfHighestPriority(pods: readonly PodInfo[]): number {
  if (pods.length === 0) return Infinity;
  let maxPrio = -Infinity;
  for (const p of pods) if (p.priority > maxPrio) maxPrio = p.priority;
  let earliest = Infinity;
  for (const p of pods) if (p.priority === maxPrio) earliest = Math.min(earliest, startTimeMs(p));
  return earliest;
}

/** podEligibleToPreemptOthers mirrors DefaultPreemption.PodEligibleToPreemptOthers: [eligible, message]. */
export function podEligibleToPreemptOthers(pod: KubeObject, priority: number, nominated: NodeInfo | undefined, nominatedStatus: Status | undefined): [boolean, string] {
  if (pod.spec?.preemptionPolicy === 'Never') return [false, NOT_ELIGIBLE_PREEMPTION_POLICY_NEVER];
  // While victims on the nominated node are terminating, wait for them rather than preempt again
  // (unless the nominated node cannot help any more).
  if (nominated && nominatedStatus?.code !== 'UnschedulableAndUnresolvable') {
    for (const p of nominated.pods) if (p.terminating && p.priority < priority) return [false, NOT_ELIGIBLE_TERMINATING_ON_NOMINATED];
  }
  return [true, ''];
}
