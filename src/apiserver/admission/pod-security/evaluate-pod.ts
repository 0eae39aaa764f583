/**
 * evaluate-pod: a pod (or a workload's pod template) against one level, and the aggregation
 * of the failed checks into upstream's texts: `reason (detail), reason (detail)` for a denial
 * or warning, the bare reasons for a namespace's existing pods (policy/checks.go).
 */
import type { PodSpec } from '../../../api/types/core-v1';
import type { ObjectMeta } from '../../../api/types/meta-v1';
import type { CheckViolation } from './check-result';
import { BASELINE_CHECKS, OVERLAPPING_BASELINE_CHECKS } from './baseline-checks';
import { RESTRICTED_CHECKS } from './restricted-checks';
import type { PodSecurityLevel } from './policy-labels';

/** evaluatePod lists the violations of level, in upstream's order; none at privileged. */
export function evaluatePod(level: PodSecurityLevel, meta: ObjectMeta, spec: PodSpec): CheckViolation[] {
  if (level === 'privileged') return [];
  const checks = level === 'baseline' ? [...BASELINE_CHECKS, ...OVERLAPPING_BASELINE_CHECKS] : [...BASELINE_CHECKS, ...RESTRICTED_CHECKS];
  const out: CheckViolation[] = [];
  for (const check of checks) {
    const v = check(meta, spec);
    if (v) out.push(v);
  }
  return out;
}

/** forbiddenDetail is AggregateCheckResult.ForbiddenDetail(). */
export const forbiddenDetail = (vs: readonly CheckViolation[]): string =>
  vs.map((v) => (v.detail ? `${v.reason} (${v.detail})` : v.reason)).join(', ');

/** forbiddenReasons is AggregateCheckResult.ForbiddenReason(). */
export const forbiddenReasons = (vs: readonly CheckViolation[]): string => vs.map((v) => v.reason).join(', ');
