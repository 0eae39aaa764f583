/**
 * job: `kubectl describe job` (kubectl describeJob).
 */
import type { KubeObject } from '../../api/meta';
import { wantEvents, type DescribeContext } from './context';
import { printController } from './controller-ref';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { describePodTemplate } from './pod-template';
import { LEVEL_0, PrefixWriter } from './prefix-writer';
import { selectorString } from './selector-string';
import { durationBetween, formatRFC1123Z } from './time-format';

/** capIndexesListOrNone cuts a completed-indexes list after the first comma past `softLimit` chars. */
export function capIndexesListOrNone(indexes: string | undefined, softLimit: number): string {
  if (!indexes) return '<none>';
  let ix = softLimit;
  while (ix < indexes.length && indexes[ix] !== ',') ix++;
  return ix >= indexes.length ? indexes : indexes.slice(0, ix + 1) + '...';
}

const isSet = (v: unknown): boolean => v !== undefined && v !== null;

/** describeJob renders a Job exactly as kubectl describe job does. */
export function describeJob(job: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = job.spec ?? {};
  const status = job.status ?? {};
  w.write(LEVEL_0, `Name:\t${job.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${job.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, `Selector:\t${selectorString(spec.selector)}\n`);
  printLabelsMultiline(w, 'Labels', job.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', job.metadata.annotations);
  const controlledBy = printController(job);
  if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
  if (isSet(spec.parallelism)) w.write(LEVEL_0, `Parallelism:\t${spec.parallelism}\n`);
  w.write(LEVEL_0, `Completions:\t${isSet(spec.completions) ? spec.completions : '<unset>'}\n`);
  if (isSet(spec.completionMode)) w.write(LEVEL_0, `Completion Mode:\t${spec.completionMode}\n`);
  if (isSet(spec.suspend)) w.write(LEVEL_0, `Suspend:\t${spec.suspend}\n`);
  if (isSet(spec.backoffLimit)) w.write(LEVEL_0, `Backoff Limit:\t${spec.backoffLimit}\n`);
  if (isSet(spec.ttlSecondsAfterFinished)) w.write(LEVEL_0, `TTL Seconds After Finished:\t${spec.ttlSecondsAfterFinished}\n`);
  if (status.startTime) w.write(LEVEL_0, `Start Time:\t${formatRFC1123Z(status.startTime)}\n`);
  if (status.completionTime) w.write(LEVEL_0, `Completed At:\t${formatRFC1123Z(status.completionTime)}\n`);
  if (status.startTime && status.completionTime) w.write(LEVEL_0, `Duration:\t${durationBetween(status.startTime, status.completionTime)}\n`);
  if (isSet(spec.activeDeadlineSeconds)) w.write(LEVEL_0, `Active Deadline Seconds:\t${spec.activeDeadlineSeconds}s\n`);
  const active = status.active ?? 0;
  const ready = isSet(status.ready) ? ` (${status.ready} Ready)` : '';
  w.write(LEVEL_0, `Pods Statuses:\t${active} Active${ready} / ${status.succeeded ?? 0} Succeeded / ${status.failed ?? 0} Failed\n`);
  if (spec.completionMode === 'Indexed') w.write(LEVEL_0, `Completed Indexes:\t${capIndexesListOrNone(status.completedIndexes, 50)}\n`);
  describePodTemplate(spec.template, w);
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
