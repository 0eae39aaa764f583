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

/** LATEST_MINOR is the newest policy version's minor (pod-security-admission v1.32); a later version reads as it. */
export const LATEST_MINOR = 32;

/** minorOf is a policy version's minor: v1.N is N, latest (or a version past it) the newest. */
export const minorOf = (version: string): number => {
  const m = /^v1\.(\d+)$/.exec(version);
  return m ? Math.min(Number(m[1]), LATEST_MINOR) : LATEST_MINOR;
};

/** evaluatePod lists the violations of level at version (latest or v1.N), in upstream's order; none at privileged. */
export function evaluatePod(level: PodSecurityLevel, meta: ObjectMeta, spec: PodSpec, version = 'latest'): CheckViolation[] {
  if (level === 'privileged') return [];
  const minor = minorOf(version);
  const overlapping = OVERLAPPING_BASELINE_CHECKS.filter((o) => level === 'baseline' || minor < o.replacedFrom).map((o) => o.check);
  const checks = level === 'baseline' ? [...BASELINE_CHECKS, ...overlapping] : [...BASELINE_CHECKS, ...overlapping, ...RESTRICTED_CHECKS];
  const out: CheckViolation[] = [];
  for (const check of checks) {
    const v = check(meta, spec, minor);
    if (v) out.push(v);
  }
  return out;
}

/** forbiddenDetail is AggregateCheckResult.ForbiddenDetail(). */
export const forbiddenDetail = (vs: readonly CheckViolation[]): string =>
  vs.map((v) => (v.detail ? `${v.reason} (${v.detail})` : v.reason)).join(', ');

/** forbiddenReasons is AggregateCheckResult.ForbiddenReason(). */
export const forbiddenReasons = (vs: readonly CheckViolation[]): string => vs.map((v) => v.reason).join(', ');
