/**
 * pod-status: building the status the kubelet reports — conditions in the API's order,
 * container states, QoS class.
 */
import type { PodStatus } from '../api/types/core-v1';
import type { Condition, KubeObject } from '../api/meta';

/** CONDITION_ORDER is the order the kubelet lists pod conditions in. */
export const CONDITION_ORDER = ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled'];

/** withConditions merges conditions by type, keeps transition times of unchanged ones, and orders them. */
export function withConditions(existing: Condition[] | undefined, updates: Condition[], nowISO: string): Condition[] {
  const byType = new Map((existing ?? []).map((c) => [c.type, c] as const));
  for (const u of updates) {
    const old = byType.get(u.type);
    const next: Condition = { type: u.type, status: u.status, lastProbeTime: null, lastTransitionTime: old && old.status === u.status ? old.lastTransitionTime : nowISO };
    if (u.reason) next.reason = u.reason;
    if (u.message) next.message = u.message;
    byType.set(u.type, next);
  }
  const order = (t: string) => { const i = CONDITION_ORDER.indexOf(t); return i < 0 ? 99 : i; };
  return [...byType.values()].sort((a, b) => order(a.type) - order(b.type));
}

/** qosClass computes Guaranteed / Burstable / BestEffort from requests and limits (pkg/apis/core/helper/qos). */
export function qosClass(pod: KubeObject): string {
  const containers = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])];
  let any = false;
  let guaranteed = true;
  for (const c of containers) {
    const req = c.resources?.requests ?? {};
    const lim = c.resources?.limits ?? {};
    if (Object.keys(req).length || Object.keys(lim).length) any = true;
    for (const r of ['cpu', 'memory']) {
      if (lim[r] === undefined) guaranteed = false;
      else if (req[r] !== undefined && String(req[r]) !== String(lim[r])) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

/** unreadyMessage is the Ready/ContainersReady False message: "containers with unready status: [a b]". */
export function unreadyMessage(names: string[]): string {
  return `containers with unready status: [${names.join(' ')}]`;
}

/** PodPhaseResult is the phase the kubelet derives for a pod. */
export interface PodPhaseResult { phase: 'Pending' | 'Running' | 'Succeeded' | 'Failed' }

/**
 * podStatusFor derives the pod phase from its container statuses and restart policy.
 * Mirrors pkg/kubelet/kubelet_pods.go getPhase: a container waiting after a previous run
 * counts as stopped; all stopped means Succeeded (all exit 0), or Failed under Never.
 */
export function podStatusFor(pod: KubeObject, status: PodStatus, initialized: boolean): PodPhaseResult {
  const policy = pod.spec?.restartPolicy ?? 'Always';
  if (!initialized) {
    const inits: { name: string; restartPolicy?: string }[] = pod.spec?.initContainers ?? [];
    const failed = (status.initContainerStatuses ?? []).some((s) => {
      const c = inits.find((x) => x.name === s.name);
      return c?.restartPolicy !== 'Always' && s.state?.terminated && s.state.terminated.exitCode !== 0;
    });
    return { phase: failed && policy === 'Never' ? 'Failed' : 'Pending' };
  }
  let running = 0;
  let waiting = 0;
  let stopped = 0;
  let succeeded = 0;
  for (const s of status.containerStatuses ?? []) {
    if (s.state?.running) running++;
    else if (s.state?.terminated) { stopped++; if (s.state.terminated.exitCode === 0) succeeded++; }
    else if (s.lastState?.terminated) stopped++;
    else waiting++;
  }
  if (waiting > 0) return { phase: 'Pending' };
  if (running > 0) return { phase: 'Running' };
  if (stopped > 0) {
    if (policy === 'Always') return { phase: 'Running' };
    if (stopped === succeeded) return { phase: 'Succeeded' };
    return { phase: policy === 'Never' ? 'Failed' : 'Running' };
  }
  return { phase: 'Pending' };
}
