/**
 * cronjob: `kubectl describe cronjob` (kubectl describeCronJob + describeJobTemplate).
 */
import type { ObjectReference } from '../../api/types/core-v1';
import type { KubeObject } from '../../api/meta';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { describePodTemplate } from './pod-template';
import { LEVEL_0, PrefixWriter } from './prefix-writer';
import { selectorString } from './selector-string';
import { formatRFC1123Z } from './time-format';

const isSet = (v: unknown): boolean => v !== undefined && v !== null;

/** describeCronJob renders a CronJob exactly as kubectl describe cronjob does. */
export function describeCronJob(cj: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = cj.spec ?? {};
  const status = cj.status ?? {};
  w.write(LEVEL_0, `Name:\t${cj.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${cj.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', cj.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', cj.metadata.annotations);
  w.write(LEVEL_0, `Schedule:\t${spec.schedule ?? ''}\n`);
  w.write(LEVEL_0, `Concurrency Policy:\t${spec.concurrencyPolicy ?? ''}\n`);
  w.write(LEVEL_0, `Suspend:\t${isSet(spec.suspend) ? (spec.suspend ? 'True' : 'False') : '<unset>'}\n`);
  w.write(LEVEL_0, `Successful Job History Limit:\t${isSet(spec.successfulJobsHistoryLimit) ? spec.successfulJobsHistoryLimit : '<unset>'}\n`);
  w.write(LEVEL_0, `Failed Job History Limit:\t${isSet(spec.failedJobsHistoryLimit) ? spec.failedJobsHistoryLimit : '<unset>'}\n`);
  w.write(LEVEL_0, `Starting Deadline Seconds:\t${isSet(spec.startingDeadlineSeconds) ? `${spec.startingDeadlineSeconds}s` : '<unset>'}\n`);
  const jobSpec = spec.jobTemplate?.spec ?? {};
  w.write(LEVEL_0, `Selector:\t${jobSpec.selector ? selectorString(jobSpec.selector) : '<unset>'}\n`);
  w.write(LEVEL_0, `Parallelism:\t${isSet(jobSpec.parallelism) ? jobSpec.parallelism : '<unset>'}\n`);
  w.write(LEVEL_0, `Completions:\t${isSet(jobSpec.completions) ? jobSpec.completions : '<unset>'}\n`);
  if (isSet(jobSpec.activeDeadlineSeconds)) w.write(LEVEL_0, `Active Deadline Seconds:\t${jobSpec.activeDeadlineSeconds}s\n`);
  describePodTemplate(jobSpec.template, w);
  w.write(LEVEL_0, `Last Schedule Time:\t${status.lastScheduleTime ? formatRFC1123Z(status.lastScheduleTime) : '<unset>'}\n`);
  const active: ObjectReference[] = status.active ?? [];
  w.write(LEVEL_0, `Active Jobs:\t${active.length === 0 ? '<none>' : active.map((j) => j.name).join(', ')}\n`);
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
