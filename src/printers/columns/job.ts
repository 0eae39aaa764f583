/** job: the Job printer (printers.go printJob), including the STATUS column new in 1.32. */
import type { KubeObject } from '../../api/meta';
import { formatLabelSelector } from '../../api/label-selector';
import { humanDuration } from '../age';
import { ageCell, condStatus, containerImages, containerNames, nameCell, num } from './cells';
import { col, wide, type PrintContext, type TableDef } from './table-def';

/** JOB_COMPLETE is STATUS once condition Complete is True. */
export const JOB_COMPLETE = 'Complete';
/** JOB_FAILED is STATUS once condition Failed is True. */
export const JOB_FAILED = 'Failed';
/** JOB_TERMINATING is STATUS of an unfinished Job with a deletionTimestamp. */
export const JOB_TERMINATING = 'Terminating';
/** JOB_SUSPENDED is STATUS while condition Suspended is True. */
export const JOB_SUSPENDED = 'Suspended';
/** JOB_FAILURE_TARGET is STATUS between FailureTarget and Failed. */
export const JOB_FAILURE_TARGET = 'FailureTarget';
/** JOB_RUNNING is STATUS otherwise. */
export const JOB_RUNNING = 'Running';

/** jobStatus is the first match of Complete, Failed, Terminating, Suspended, FailureTarget, else Running. */
export function jobStatus(job: KubeObject): string {
  const conds = job.status?.conditions;
  if (condStatus(conds, 'Complete') === 'True') return JOB_COMPLETE;
  if (condStatus(conds, 'Failed') === 'True') return JOB_FAILED;
  if (job.metadata?.deletionTimestamp) return JOB_TERMINATING;
  if (condStatus(conds, 'Suspended') === 'True') return JOB_SUSPENDED;
  if (condStatus(conds, 'FailureTarget') === 'True') return JOB_FAILURE_TARGET;
  return JOB_RUNNING;
}

/** jobCompletions is "<succeeded>/<completions>", or "/1 of <parallelism>" for work queues. */
export function jobCompletions(job: KubeObject): string {
  const succeeded = num(job.status?.succeeded);
  if (job.spec?.completions != null) return `${succeeded}/${job.spec.completions}`;
  const parallelism: number = job.spec?.parallelism ?? 0;
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

/** jobDuration is empty before start, else completionTime (or now) minus startTime. */
export function jobDuration(job: KubeObject, now: Date): string {
  const start = job.status?.startTime;
  if (!start) return '';
  const end = job.status?.completionTime ? Date.parse(job.status.completionTime) : now.getTime();
  return humanDuration(end - Date.parse(start));
}

/** jobTable is the Job printer. */
export const jobTable: TableDef = {
  columns: [col('Name'), col('Status'), col('Completions'), col('Duration'), col('Age'),
    wide('Containers'), wide('Images'), wide('Selector')],
  cells(job: KubeObject, ctx: PrintContext): string[] {
    const tpl = job.spec?.template?.spec;
    return [nameCell(job), jobStatus(job), jobCompletions(job), jobDuration(job, ctx.now), ageCell(job, ctx),
      containerNames(tpl), containerImages(tpl), formatLabelSelector(job.spec?.selector)];
  },
};
