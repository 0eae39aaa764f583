/**
 * conditions: Job condition types, reasons and messages (batch/v1 and job_controller.go), and
 * the append-style condition helpers the Job controller uses.
 */
import type { Job } from '../../api/types/kinds';
import type { Condition } from '../../api/meta';

export const COMPLETE = 'Complete';
export const FAILED = 'Failed';
export const FAILURE_TARGET = 'FailureTarget';
export const SUCCESS_CRITERIA_MET = 'SuccessCriteriaMet';
export const SUSPENDED = 'Suspended';

export const BACKOFF_LIMIT_EXCEEDED = 'BackoffLimitExceeded';
export const BACKOFF_LIMIT_EXCEEDED_MESSAGE = 'Job has reached the specified backoff limit';
export const DEADLINE_EXCEEDED = 'DeadlineExceeded';
export const DEADLINE_EXCEEDED_MESSAGE = 'Job was active longer than specified deadline';
export const POD_FAILURE_POLICY = 'PodFailurePolicy';
export const COMPLETIONS_REACHED = 'CompletionsReached';
export const COMPLETIONS_REACHED_MESSAGE = 'Reached expected number of succeeded pods';
export const JOB_SUSPENDED_REASON = 'JobSuspended';
export const JOB_SUSPENDED_MESSAGE = 'Job suspended';
export const JOB_RESUMED_REASON = 'JobResumed';
export const JOB_RESUMED_MESSAGE = 'Job resumed';

/** newJobCondition builds a JobCondition in Go field order, probe and transition time both now. */
export function newJobCondition(type: string, status: string, reason: string, message: string, nowISO: string): Condition {
  return { type, status, lastProbeTime: nowISO, lastTransitionTime: nowISO, reason, message } as Condition;
}

/** findCondition returns the condition of a type. */
export function findCondition(conditions: Condition[] | undefined, type: string): Condition | undefined {
  return conditions?.find((c) => c.type === type);
}

/** isJobFinished: Complete or Failed is True (IsJobFinished). */
export function isJobFinished(job: Pick<Job, 'status'>): boolean {
  return (job.status?.conditions ?? []).some((c) => (c.type === COMPLETE || c.type === FAILED) && c.status === 'True');
}

/** finishedTime is when the Job's Complete/Failed condition became True. */
export function finishedTime(job: Pick<Job, 'status'>): string | undefined {
  return (job.status?.conditions ?? []).find((c) => (c.type === COMPLETE || c.type === FAILED) && c.status === 'True')?.lastTransitionTime;
}

/**
 * ensureConditionStatus sets a condition's status, appending it if new; reports whether it changed.
 * Mirrors ensureJobConditionStatus: a missing condition is only added when True.
 */
export function ensureConditionStatus(conditions: Condition[], type: string, status: string, reason: string, message: string, nowISO: string): { conditions: Condition[]; changed: boolean } {
  const i = conditions.findIndex((c) => c.type === type);
  if (i < 0) {
    if (status !== 'True') return { conditions, changed: false };
    return { conditions: [...conditions, newJobCondition(type, status, reason, message, nowISO)], changed: true };
  }
  const c = conditions[i]!;
  if (c.status === status && c.reason === reason && c.message === message) return { conditions, changed: false };
  const next = [...conditions];
  next[i] = newJobCondition(type, status, reason, message, c.status === status ? c.lastTransitionTime! : nowISO);
  (next[i] as { lastProbeTime?: string }).lastProbeTime = nowISO;
  return { conditions: next, changed: true };
}
