/**
 * nodeaffinity: the NodeAffinity plugin — spec.nodeSelector plus
 * spec.affinity.nodeAffinity. Filter enforces nodeSelector and the required terms; PreFilter
 * narrows the candidates when every required term pins metadata.name (DaemonSet pods);
 * Score sums the weights of matching preferred terms. Mirrors kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go and
 * component-helpers/scheduling/corev1/nodeaffinity.
 */

import type { KubeObject } from '../../../api/meta';
import {
  type CycleState, type FilterPlugin, NodeInfo, type PreFilterPlugin, type PreFilterResult,
  type NodeScores, type PreScorePlugin, type ScorePlugin, type Status, MAX_NODE_SCORE, defaultNormalizeScore, ok, skip, unschedulable,
} from '../../framework';
import { Action, type EnqueueExtensions, type QueueingHint } from '../../cluster-event';

/** NAME is the plugin name. */
export const NAME = 'NodeAffinity';
/** ERR_REASON_POD is the per-node reason when nodeSelector or required node affinity does not match. */
export const ERR_REASON_POD = "node(s) didn't match Pod's node affinity/selector";
/** ERR_REASON_CONFLICT is the PreFilter rejection when the metadata.name terms select no node at all. */
export const ERR_REASON_CONFLICT = 'pod affinity terms conflict';

/** NodeSelectorRequirement as in core/v1. */
export interface NodeSelectorRequirement { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt' | string; values?: string[] }
/** NodeSelectorTerm as in core/v1: requirements are ANDed. */
export interface NodeSelectorTerm { matchExpressions?: NodeSelectorRequirement[]; matchFields?: NodeSelectorRequirement[] }

const INT = /^[+-]?\d+$/;

/** requirementMatches evaluates one requirement against a value (undefined = label absent). */
export function requirementMatches(r: NodeSelectorRequirement, value: string | undefined): boolean {
  const values = r.values ?? [];
  switch (r.operator) {
    case 'In': return value !== undefined && values.includes(value);
    case 'NotIn': return value === undefined || !values.includes(value);
    case 'Exists': return value !== undefined;
    case 'DoesNotExist': return value === undefined;
    case 'Gt':
    case 'Lt': {
      if (value === undefined || values.length !== 1 || !INT.test(value) || !INT.test(values[0]!)) return false;
      const a = Number(value), b = Number(values[0]);
      return r.operator === 'Gt' ? a > b : a < b;
    }
    default: return false;
  }
}

/** termMatches reports whether a node matches one NodeSelectorTerm; an empty term matches nothing. */
export function termMatches(term: NodeSelectorTerm, node: NodeInfo): boolean {
  const exprs = term.matchExpressions ?? [], fields = term.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  for (const r of exprs) if (!requirementMatches(r, Object.prototype.hasOwnProperty.call(node.labels, r.key) ? node.labels[r.key] : undefined)) return false;
  for (const r of fields) {
    // Only metadata.name is a supported field, and only with In/NotIn.
    if (r.key !== 'metadata.name' || (r.operator !== 'In' && r.operator !== 'NotIn')) return false;
    if (!requirementMatches(r, node.name)) return false;
  }
  return true;
}

/** requiredTerms returns the pod's required node-affinity terms, or undefined when it has none. */
function requiredTerms(pod: KubeObject): NodeSelectorTerm[] | undefined {
  return pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
}

/** requiredNodeSelectorAndAffinityMatch reports whether node satisfies nodeSelector and the required terms (ORed). */
export function requiredNodeSelectorAndAffinityMatch(pod: KubeObject, node: NodeInfo): boolean {
  const sel: Record<string, string> | undefined = pod.spec?.nodeSelector;
  if (sel) for (const [k, v] of Object.entries(sel)) if (node.labels[k] !== v) return false;
  const terms = requiredTerms(pod);
  if (terms && !terms.some((t) => termMatches(t, node))) return false;
  return true;
}

/**
 * hasRequiredNodeSelectorOrAffinity reports whether the pod has a non-empty nodeSelector or
 * required node-affinity terms: without either, requiredNodeSelectorAndAffinityMatch holds
 * for every node.
 */
export function hasRequiredNodeSelectorOrAffinity(pod: KubeObject): boolean {
  const sel: Record<string, string> | undefined = pod.spec?.nodeSelector;
  return (!!sel && Object.keys(sel).length > 0) || requiredTerms(pod) !== undefined;
}

/**
 * preFilterNodeNames returns the only node names the required terms can match when every term
 * pins metadata.name with In (union over terms, intersection within one), else undefined.
 */
export function preFilterNodeNames(pod: KubeObject): Set<string> | undefined {
  const terms = requiredTerms(pod);
  if (!terms || terms.length === 0) return undefined;
  const out = new Set<string>();
  for (const term of terms) {
    let names: Set<string> | undefined;
    for (const r of term.matchFields ?? []) {
      if (r.key !== 'metadata.name' || r.operator !== 'In') continue;
      const vs = new Set(r.values ?? []);
      names = names ? new Set([...names].filter((n) => vs.has(n))) : vs;
    }
    if (!names) return undefined;
    for (const n of names) out.add(n);
  }
  return out;
}

interface PreferredTerm { weight: number; term: NodeSelectorTerm }

/** nodeAffinity is the NodeAffinity plugin (filter: UnschedulableAndUnresolvable; score: weights, normalized). */
export const nodeAffinity = {
  name: NAME,
  preFilter(_state: CycleState, pod: KubeObject): PreFilterResult {
    const terms = requiredTerms(pod);
    const hasSelector = Object.keys(pod.spec?.nodeSelector ?? {}).length > 0;
    if (!hasSelector && (!terms || terms.length === 0)) return { status: skip() };
    const names = preFilterNodeNames(pod);
    if (names && names.size === 0) return { status: unschedulable(ERR_REASON_CONFLICT, false) };
    return names ? { status: ok(), nodeNames: names } : { status: ok() };
  },
  filter(_state: CycleState, pod: KubeObject, node: NodeInfo): Status {
    return requiredNodeSelectorAndAffinityMatch(pod, node) ? ok() : unschedulable(ERR_REASON_POD, false);
  },
  preScore(state: CycleState, pod: KubeObject, _nodes: readonly NodeInfo[]): Status {
    const prefs: PreferredTerm[] = [];
    for (const p of pod.spec?.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []) {
      if (!p?.weight || !p.preference) continue; // weight 0 contributes nothing
      prefs.push({ weight: Number(p.weight), term: p.preference });
    }
    if (prefs.length === 0) return skip();
    state.data.set(NAME, prefs);
    return ok();
  },
  score(state: CycleState, _pod: KubeObject, node: NodeInfo): number {
    let s = 0;
    for (const p of (state.data.get(NAME) as PreferredTerm[] | undefined) ?? []) if (termMatches(p.term, node)) s += p.weight;
    return s;
  },
  normalize(_state: CycleState, _pod: KubeObject, _nodes: readonly NodeInfo[], scores: NodeScores): void {
    defaultNormalizeScore(MAX_NODE_SCORE, false, scores);
  },
  /** A node added, or its labels changed, that now matches the pod's nodeSelector and required affinity (and did not before). */
  eventsToRegister: () => [
    { event: { resource: 'Node', actionType: Action.Add | Action.UpdateNodeLabel }, hint: isSchedulableAfterNodeChange },
  ],
} satisfies PreFilterPlugin & FilterPlugin & PreScorePlugin & ScorePlugin & EnqueueExtensions;

function isSchedulableAfterNodeChange(pod: KubeObject, oldNode: KubeObject | undefined, node: KubeObject | undefined): QueueingHint {
  if (!node || !requiredNodeSelectorAndAffinityMatch(pod, new NodeInfo(node))) return 'QueueSkip';
  return oldNode && requiredNodeSelectorAndAffinityMatch(pod, new NodeInfo(oldNode)) ? 'QueueSkip' : 'Queue';
}
