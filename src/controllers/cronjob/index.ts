/**
 * cronjob: creates a CronJob's Jobs at their scheduled times on the simulated clock —
 * concurrencyPolicy, startingDeadlineSeconds, suspend, time zones, history limits — and keeps
 * status.active / lastScheduleTime / lastSuccessfulTime. It requeues with an exact timer at the
 * next scheduled time, so a long `tick` runs every job at its own minute.
 * Mirrors kubernetes pkg/controller/cronjob (cronjob_controllerv2.go syncCronJob, utils.go);
 * kubemu: the requeue lands exactly on the schedule (upstream adds 100ms).
 */
import type { CronJob, Job } from '../../api/types/kinds';
import type { CronJobStatus, JobSpec } from '../../api/types/batch-v1';
import { isAlreadyExists, isNotFound } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { toISO } from '../../sim/clock';
import { finishedTime, isJobFinished, COMPLETE } from '../job/conditions';
import { isValidTimeZone, mostRecentScheduleTime, nextAfter, parseSchedule, ScheduleError, wallClock } from './schedule';

export const NAME = 'cronjob-controller';
export const SUCCESSFUL_CREATE = 'SuccessfulCreate';
export const SUCCESSFUL_DELETE = 'SuccessfulDelete';
export const SAW_COMPLETED_JOB = 'SawCompletedJob';
export const MISSING_JOB = 'MissingJob';
export const MISS_SCHEDULE = 'MissSchedule';
export const TOO_MANY_MISSED_TIMES = 'TooManyMissedTimes';
export const UNPARSEABLE_SCHEDULE = 'UnparseableSchedule';
export const UNKNOWN_TIME_ZONE = 'UnknownTimeZone';
export const JOB_ALREADY_ACTIVE = 'JobAlreadyActive';
/** SCHEDULED_TIMESTAMP_ANNOTATION records the scheduled time on each Job (RFC 3339 in the CronJob's zone). */
export const SCHEDULED_TIMESTAMP_ANNOTATION = 'batch.kubernetes.io/cronjob-scheduled-timestamp';

/** jobNameFor is "<cronjob>-<scheduled time in unix minutes>" (getJobName). */
export function jobNameFor(cronJobName: string, scheduledMs: number): string {
  return `${cronJobName}-${Math.floor(scheduledMs / 60_000)}`;
}

/** cronJobController is the CronJob reconcile loop. */
export const cronJobController: Controller = {
  name: NAME,
  for: 'CronJob',
  owns: ['Job'],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const cj = ctx.api.tryGet({ kind: 'CronJob', namespace: req.namespace, name: req.name });
    if (!cj || cj.metadata.deletionTimestamp) return;
    const jobs = ctx.api.listControlledBy('Job', cj.metadata.uid!);
    const stored = structuredClone(cj.status ?? {});
    // Every active reference the controller keeps names its Job.
    const status: WorkingStatus = { ...stored, active: (stored.active ?? []) as JobRef[] };
    syncActive(cj, jobs, status, ctx);
    const result = schedule(cj, jobs, status, ctx);
    cleanupFinishedJobs(cj, ctx);
    writeStatus(cj, status, ctx);
    return result;
  },
};

interface JobRef { apiVersion?: string; kind?: string; name: string; namespace?: string; uid?: string; resourceVersion?: string }
/** WorkingStatus is the status a reconcile builds: its active list always present. */
type WorkingStatus = Omit<CronJobStatus, 'active'> & { active: JobRef[] };

/** syncActive reconciles status.active with the Jobs that exist: adds unfinished ones, drops finished and missing ones. */
function syncActive(cj: CronJob, jobs: Job[], status: WorkingStatus, ctx: ReconcileContext): void {
  let active = status.active;
  for (const j of jobs) {
    const listed = active.some((r) => r.uid === j.metadata.uid);
    const finished = isJobFinished(j);
    if (!listed && !finished) {
      // A job created by us whose status write was lost, or adopted: it is active.
      active = [...active, objectRef(j)];
    } else if (listed && finished) {
      const type = j.status!.conditions!.find((c: { type: string; status: string }) => (c.type === COMPLETE || c.type === 'Failed') && c.status === 'True')!.type;
      ctx.api.recordEvent(cj, 'Normal', SAW_COMPLETED_JOB, `Saw completed job: ${j.metadata.name}, status: ${type}`, { component: NAME });
      active = active.filter((r) => r.uid !== j.metadata.uid);
      if (type === COMPLETE) {
        const done = j.status!.completionTime ?? finishedTime(j);
        if (done && (!status.lastSuccessfulTime || Date.parse(done) > Date.parse(status.lastSuccessfulTime))) status.lastSuccessfulTime = done;
      }
    }
  }
  for (const r of active) {
    if (jobs.some((j) => j.metadata.uid === r.uid)) continue;
    ctx.api.recordEvent(cj, 'Normal', MISSING_JOB, `Active job went missing: ${r.name}`, { component: NAME });
    active = active.filter((x) => x.uid !== r.uid);
  }
  status.active = active;
}

function objectRef(j: Job): JobRef {
  return { apiVersion: 'batch/v1', kind: 'Job', name: j.metadata.name!, namespace: j.metadata.namespace, resourceVersion: j.metadata.resourceVersion, uid: j.metadata.uid };
}

/** schedule starts the Job due now, if any, and returns the requeue for the next scheduled time. */
function schedule(cj: CronJob, jobs: Job[], status: WorkingStatus, ctx: ReconcileContext): Result | void {
  const now = ctx.clock.nowMs();
  const tz: string | undefined = cj.spec!.timeZone ?? undefined;
  if (tz && !isValidTimeZone(tz)) {
    ctx.api.recordEvent(cj, 'Warning', UNKNOWN_TIME_ZONE, `invalid timeZone: "${tz}": unknown time zone ${tz}`, { component: NAME });
    return;
  }
  let sched;
  try {
    sched = parseSchedule(cj.spec!.schedule);
  } catch (e) {
    if (!(e instanceof ScheduleError)) throw e;
    ctx.api.recordEvent(cj, 'Warning', UNPARSEABLE_SCHEDULE, `unparseable schedule: "${cj.spec!.schedule}" : ${e.message}`, { component: NAME });
    return;
  }
  if (cj.spec!.suspend) return;
  const nextFrom = (t: number): Result | void => {
    const n = nextAfter(sched, t, tz);
    return n === undefined ? undefined : { requeueAfterMs: n - now };
  };
  let earliest = Date.parse(status.lastScheduleTime ?? cj.metadata.creationTimestamp ?? '');
  const sds: number | undefined = cj.spec!.startingDeadlineSeconds ?? undefined;
  if (sds != null) earliest = Math.max(earliest, now - sds * 1000);
  const { mostRecent, missed } = mostRecentScheduleTime(sched, earliest, now, tz);
  if (mostRecent === undefined) return nextFrom(now);
  if (missed > 100) {
    ctx.api.recordEvent(cj, 'Warning', TOO_MANY_MISSED_TIMES, 'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew', { component: NAME });
  }
  if (sds != null && mostRecent + sds * 1000 < now) {
    ctx.api.recordEvent(cj, 'Warning', MISS_SCHEDULE, `Missed scheduled time to start a job: ${rfc3339(mostRecent, tz)}`, { component: NAME });
    return nextFrom(now);
  }
  const name = jobNameFor(cj.metadata.name!, mostRecent);
  if (status.active.some((r) => r.name === name) || jobs.some((j) => j.metadata.name === name)) return nextFrom(now);
  const policy = cj.spec!.concurrencyPolicy ?? 'Allow';
  if (policy === 'Forbid' && status.active.length) {
    // Upstream waits without an event here; the next schedule is tried as usual.
    return nextFrom(now);
  }
  if (policy === 'Replace') {
    for (const r of status.active) deleteJob(cj, r.name, ctx);
    status.active = [];
  }
  let job: Job;
  try {
    job = ctx.api.create(jobFromTemplate(cj, name, mostRecent, tz), { fieldManager: NAME });
  } catch (e) {
    if (!isAlreadyExists(e)) throw e;
    return nextFrom(now);
  }
  ctx.api.recordEvent(cj, 'Normal', SUCCESSFUL_CREATE, `Created job ${job.metadata.name}`, { component: NAME });
  status.active = [...status.active, objectRef(job)];
  status.lastScheduleTime = toISO(mostRecent);
  return nextFrom(now);
}

/** rfc3339 formats an instant in a zone with its offset, as Go's time.RFC3339 does. */
export function rfc3339(ms: number, tz?: string): string {
  if (!tz) return toISO(ms);
  const w = wallClock(ms, tz);
  const localAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, new Date(ms).getUTCSeconds());
  const off = Math.round((localAsUtc - ms) / 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(new Date(ms).getUTCSeconds())}`;
  if (off === 0) return `${date}Z`;
  const sign = off < 0 ? '-' : '+';
  return `${date}${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
}

/** jobFromTemplate is getJobFromTemplate2: the template's labels and annotations, the scheduled timestamp, an owner reference. */
function jobFromTemplate(cj: CronJob, name: string, scheduledMs: number, tz?: string): Job {
  const tpl = cj.spec!.jobTemplate ?? {};
  const labels = { ...(tpl.metadata?.labels ?? {}) };
  const annotations = { ...(tpl.metadata?.annotations ?? {}), [SCHEDULED_TIMESTAMP_ANNOTATION]: rfc3339(scheduledMs, tz) };
  return {
    apiVersion: 'batch/v1', kind: 'Job',
    metadata: {
      name, namespace: cj.metadata.namespace, labels, annotations,
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: cj.metadata.name!, uid: cj.metadata.uid!, controller: true, blockOwnerDeletion: true }],
    },
    // A template without a spec makes a Job the API server refuses, as upstream.
    spec: structuredClone(tpl.spec ?? {}) as JobSpec,
  };
}

function deleteJob(cj: CronJob, name: string, ctx: ReconcileContext): void {
  try {
    ctx.api.delete({ kind: 'Job', namespace: cj.metadata.namespace, name }, { fieldManager: NAME, propagationPolicy: 'Background' });
    ctx.api.recordEvent(cj, 'Normal', SUCCESSFUL_DELETE, `Deleted job ${name}`, { component: NAME });
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
}

/** cleanupFinishedJobs keeps the newest successfulJobsHistoryLimit Complete and failedJobsHistoryLimit Failed Jobs. */
function cleanupFinishedJobs(cj: CronJob, ctx: ReconcileContext): void {
  const jobs = ctx.api.listControlledBy('Job', cj.metadata.uid!).filter((j) => !j.metadata.deletionTimestamp && isJobFinished(j));
  const ok = jobs.filter((j) => j.status!.conditions!.some((c: { type: string; status: string }) => c.type === COMPLETE && c.status === 'True'));
  const bad = jobs.filter((j) => !ok.includes(j));
  const prune = (list: Job[], limit: number) => {
    const byStart = [...list].sort((a, b) => startOf(a) - startOf(b) || a.metadata.name!.localeCompare(b.metadata.name!));
    for (const j of byStart.slice(0, Math.max(0, byStart.length - limit))) deleteJob(cj, j.metadata.name!, ctx);
  };
  prune(ok, cj.spec!.successfulJobsHistoryLimit ?? 3);
  prune(bad, cj.spec!.failedJobsHistoryLimit ?? 1);
}

function startOf(j: Job): number {
  return Date.parse(j.status?.startTime ?? j.metadata.creationTimestamp ?? '1970-01-01T00:00:00Z');
}

function writeStatus(cj: CronJob, status: WorkingStatus, ctx: ReconcileContext): void {
  const out: Record<string, unknown> = {};
  if (status.active?.length) out.active = status.active;
  if (status.lastScheduleTime) out.lastScheduleTime = status.lastScheduleTime;
  if (status.lastSuccessfulTime) out.lastSuccessfulTime = status.lastSuccessfulTime;
  const fresh = ctx.api.get({ kind: 'CronJob', namespace: cj.metadata.namespace, name: cj.metadata.name! });
  ctx.api.updateStatus({ ...fresh, status: out }, { fieldManager: NAME });
}
