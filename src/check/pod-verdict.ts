/**
 * pod-verdict: whether a workload's pods are scheduled and Ready, and if not, why — in the
 * words Kubernetes itself uses: the scheduler's PodScheduled=False message, the kubelet's
 * waiting reason and message for a container, the FailedCreate event of the controller
 * that could not make a pod, the Deployment's ProgressDeadlineExceeded condition.
 */
import type { Condition, KubeObject } from '../api/meta';
import { isPodReady, podCondition } from '../api/pod-util';
import type { Cluster } from '../cluster/cluster';
import type { Finding, Phase } from './model';
import { latestEvent } from './object-events';
import { RULES, isPodSecurity, type Rule } from './rules';
import { desiredPods, podsOf } from './workload-pods';

const finding = (rule: Rule, phase: Phase, message: string): Finding => ({ rule: rule.id, level: rule.level, phase, message });

/** notAllCreatedMessage is the reason when a controller made fewer pods than it wants and left no event. */
export const notAllCreatedMessage = (made: number, want: number): string => `${made} of ${want} pods created`;

/** WAITING_RULES maps a container's waiting reason to the rule it breaks. */
const WAITING_RULES: Readonly<Record<string, Rule>> = {
  ErrImagePull: RULES.imagePull,
  ImagePullBackOff: RULES.imagePull,
  InvalidImageName: RULES.imagePull,
  ErrImageNeverPull: RULES.imagePull,
  CrashLoopBackOff: RULES.crashLoop,
  CreateContainerConfigError: RULES.containerConfig,
  CreateContainerError: RULES.containerConfig,
  RunContainerError: RULES.crashLoop,
};

/** ownedUids are the uids whose events explain a workload's missing pods (a Deployment's through its ReplicaSets). */
function ownedUids(cluster: Cluster, live: KubeObject): Set<string> {
  const uids = new Set([live.metadata.uid!]);
  if (live.kind === 'Deployment') for (const rs of cluster.api.listControlledBy('ReplicaSet', live.metadata.uid!)) uids.add(rs.metadata.uid!);
  return uids;
}

function notCreated(cluster: Cluster, live: KubeObject, made: number, want: number, phase: Phase): Finding {
  const e = latestEvent(cluster, live.metadata.namespace, ownedUids(cluster, live), ['FailedCreate']);
  // A ResourceQuota's refusal is its own rule: the fix is the quota or the requests, not the workload.
  const rule = e?.message?.includes('exceeded quota') ? RULES.quotaExceeded : e?.message && isPodSecurity(e.message) ? RULES.podSecurity : RULES.podsNotCreated;
  return finding(rule, phase, e?.message ?? notAllCreatedMessage(made, want));
}

/** judgeScheduled is the scheduled phase of a workload: every pod it wants exists and is bound. */
export function judgeScheduled(cluster: Cluster, live: KubeObject): Finding[] {
  const pods = podsOf(cluster, live);
  const pending = pods.find((p) => !p.spec?.nodeName && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed');
  if (pending) {
    const c = podCondition(pending, 'PodScheduled');
    if (c?.status === 'False') return [finding(RULES.unschedulable, 'scheduled', c.message ?? c.reason ?? 'Unschedulable')];
    return [finding(RULES.unschedulable, 'scheduled', `pod "${pending.metadata.name}" is not scheduled yet`)];
  }
  if (jobFinished(live)) return [];
  const want = desiredPods(live);
  // A StatefulSet makes its pods one at a time, each after the last is Ready: the ready phase says why it stopped.
  const ordered = live.kind === 'StatefulSet' && live.spec?.podManagementPolicy !== 'Parallel' && pods.some((p) => !isPodReady(p));
  if (pods.length < want && !ordered) return [notCreated(cluster, live, pods.length, want, 'scheduled')];
  return [];
}

function jobFinished(live: KubeObject): boolean {
  return live.kind === 'Job' && ((live.status?.conditions ?? []) as Condition[]).some((c) => (c.type === 'Complete' || c.type === 'SuccessCriteriaMet') && c.status === 'True');
}

/** judgeReady is the ready phase: every pod the workload wants is Ready (a Job: it completed or its pods run). */
export function judgeReady(cluster: Cluster, live: KubeObject): Finding[] {
  if (jobFinished(live)) return [];
  const jobFailed = live.kind === 'Job' ? ((live.status?.conditions ?? []) as Condition[]).find((c) => c.type === 'Failed' && c.status === 'True') : undefined;
  if (jobFailed) return [finding(RULES.podFailed, 'ready', jobFailed.message ?? jobFailed.reason ?? 'Job failed')];
  const pods = podsOf(cluster, live);
  const want = desiredPods(live);
  // A Job's pods, and a bare Pod, that ran to completion are done: they never turn Ready.
  const ready = pods.filter((p) => isPodReady(p) || ((live.kind === 'Job' || live.kind === 'Pod') && p.status?.phase === 'Succeeded'));
  const findings: Finding[] = [];
  if (ready.length < want || pods.length < want) {
    const blocked = pods.find((p) => !isPodReady(p) && p.status?.phase !== 'Succeeded');
    if (blocked) findings.push(podNotReady(cluster, blocked));
    else findings.push(notCreated(cluster, live, pods.length, want, 'ready'));
  }
  if (live.kind === 'Deployment' && findings.length) {
    const progressing = ((live.status?.conditions ?? []) as Condition[]).find((c) => c.type === 'Progressing');
    if (progressing?.status === 'False' && progressing.reason === 'ProgressDeadlineExceeded') {
      findings.push(finding(RULES.progressDeadline, 'ready', progressing.message ?? progressing.reason));
    }
  }
  return findings;
}

interface ContainerStatus { name: string; ready?: boolean; state?: { waiting?: { reason?: string; message?: string }; terminated?: { reason?: string; message?: string; exitCode?: number } } }

/** podNotReady says why one pod is not Ready: its failure, a waiting container's reason, or its readiness. */
function podNotReady(cluster: Cluster, pod: KubeObject): Finding {
  if (!pod.spec?.nodeName) {
    const c = podCondition(pod, 'PodScheduled');
    return finding(RULES.unschedulable, 'ready', c?.message ?? `pod "${pod.metadata.name}" is not scheduled`);
  }
  if (pod.status?.phase === 'Failed') {
    return finding(RULES.podFailed, 'ready', (pod.status.message as string | undefined) ?? `pod "${pod.metadata.name}" failed`);
  }
  const statuses = [...((pod.status?.initContainerStatuses ?? []) as ContainerStatus[]), ...((pod.status?.containerStatuses ?? []) as ContainerStatus[])];
  for (const s of statuses) {
    const w = s.state?.waiting;
    const rule = w?.reason ? WAITING_RULES[w.reason] : undefined;
    if (rule) return finding(rule, 'ready', w!.message ? `${w!.reason}: ${w!.message}` : w!.reason!);
  }
  const waiting = statuses.find((s) => s.state?.waiting?.reason);
  if (waiting) return finding(RULES.notReady, 'ready', `container "${waiting.name}" in pod "${pod.metadata.name}" is waiting: ${waiting.state!.waiting!.reason}`);
  const probe = latestEvent(cluster, pod.metadata.namespace, new Set([pod.metadata.uid!]), ['Unhealthy']);
  if (probe?.message) return finding(RULES.notReady, 'ready', probe.message);
  const c = podCondition(pod, 'Ready');
  return finding(RULES.notReady, 'ready', `pod "${pod.metadata.name}" is not Ready${c?.message ? `: ${c.message}` : ''}`);
}
