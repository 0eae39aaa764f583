/**
 * pod-failure-policy: matching a failed pod against a Job's spec.podFailurePolicy rules.
 * Mirrors kubernetes pkg/controller/job/pod_failure_policy.go (matchPodFailurePolicy).
 */
import type { Pod } from '../../api/types/kinds';
import type { PodFailurePolicy, PodFailurePolicyOnExitCodesRequirement } from '../../api/types/batch-v1';

/** PodFailurePolicyMatch: which action applied, whether the failure counts toward backoffLimit, and a FailJob message. */
export interface PodFailurePolicyMatch { action?: string; countFailed: boolean; message?: string }


function exitCodeMatch(pod: Pod, req: PodFailurePolicyOnExitCodesRequirement): { name: string; code: number } | undefined {
  const statuses = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])];
  for (const cs of statuses) {
    if (req.containerName && cs.name !== req.containerName) continue;
    const code = cs.state?.terminated?.exitCode;
    if (code === undefined || code === 0) continue;
    const inValues = req.values.includes(code);
    if (req.operator === 'In' ? inValues : !inValues) return { name: cs.name, code };
  }
  return undefined;
}

/** matchPodFailurePolicy returns the first matching rule's outcome; with no match the failure counts. */
export function matchPodFailurePolicy(policy: PodFailurePolicy | undefined, pod: Pod): PodFailurePolicyMatch {
  if (!policy || pod.status?.phase !== 'Failed') return { countFailed: true };
  const ref = `${pod.metadata.namespace}/${pod.metadata.name}`;
  for (const [i, rule] of (policy.rules ?? []).entries()) {
    let message: string | undefined;
    if (rule.onExitCodes) {
      const m = exitCodeMatch(pod, rule.onExitCodes);
      if (!m) continue;
      message = `Container ${m.name} for pod ${ref} failed with exit code ${m.code} matching ${rule.action} rule at index ${i}`;
    } else if (rule.onPodConditions) {
      const c = rule.onPodConditions.find((p) => (pod.status?.conditions ?? []).some((pc) => pc.type === p.type && pc.status === (p.status ?? 'True')));
      if (!c) continue;
      message = `Pod ${ref} has condition ${c.type} matching ${rule.action} rule at index ${i}`;
    } else continue;
    switch (rule.action) {
      case 'Ignore': return { action: rule.action, countFailed: false };
      case 'FailJob': return { action: rule.action, countFailed: true, message };
      default: return { action: rule.action, countFailed: true };
    }
  }
  return { countFailed: true };
}
