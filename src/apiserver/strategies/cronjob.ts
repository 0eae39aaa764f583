/**
 * cronjob: the batch/v1 CronJob strategy — SetDefaults_CronJob and ValidateCronJob
 * (schedule syntax, concurrency policy, history limits, the job template).
 */
import type { KubeObject } from '../../api/meta';
import type { StatusCause } from '../errors';
import { invalidValue, required } from '../field-errors';
import { labelMap, nonNegative, oneOf } from './field-rules';
import { validateJobSpec } from './job';
import { nameIsDNSSubdomain, validateAnnotations, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { maxLenError } from './names';
import { defaultPodTemplate } from './pod-defaults';
import { defaultEmbeddedMeta, isObject, setDefault, withOrder, WORKLOAD_PREPARE, type Strategy } from './strategy';

/** CONCURRENCY_POLICIES are the supported spec.concurrencyPolicy values. */
export const CONCURRENCY_POLICIES = ['Allow', 'Forbid', 'Replace'] as const;
/** CRONJOB_NAME_MAX_LENGTH leaves room for the 11-character job suffix within 63. */
export const CRONJOB_NAME_MAX_LENGTH = 52;
/** SCHEDULE_MACROS are the predefined schedules robfig/cron accepts. */
export const SCHEDULE_MACROS = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'];

const META: MetaOptions = { namespaced: true, nameFn: nameIsDNSSubdomain };

/** defaultCronJob is SetDefaults_CronJob plus the pod defaults of its job template. */
export function defaultCronJob(obj: KubeObject): void {
  const spec = obj.spec;
  if (!isObject(spec)) return;
  setDefault(spec, 'concurrencyPolicy', 'Allow');
  setDefault(spec, 'suspend', false);
  setDefault(spec, 'successfulJobsHistoryLimit', 3);
  setDefault(spec, 'failedJobsHistoryLimit', 1);
  if (isObject(spec.jobTemplate)) {
    defaultEmbeddedMeta(spec.jobTemplate);
    if (isObject(spec.jobTemplate.spec)) defaultPodTemplate(spec.jobTemplate.spec.template);
  }
  withOrder(spec, ['schedule', 'timeZone', 'startingDeadlineSeconds', 'concurrencyPolicy', 'suspend', 'jobTemplate',
    'successfulJobsHistoryLimit', 'failedJobsHistoryLimit']);
}

const FIELD_RANGES: Array<[number, number]> = [[0, 59], [0, 23], [1, 31], [1, 12], [0, 7]];
const NAMES: Array<Record<string, number>> = [{}, {}, {},
  Object.fromEntries(['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map((m, i) => [m, i + 1])),
  Object.fromEntries(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((d, i) => [d, i]))];

/** scheduleError returns robfig/cron's parse error for a standard 5-field schedule, or undefined. */
export function scheduleError(schedule: string): string | undefined {
  const s = schedule.trim();
  if (s.startsWith('@')) {
    if (SCHEDULE_MACROS.includes(s) || /^@every\s+\S+$/.test(s)) return undefined;
    return `unrecognized descriptor: ${s}`;
  }
  const body = s.replace(/^(TZ|CRON_TZ)=\S+\s+/, '');
  const fields = body.split(/\s+/).filter(Boolean);
  if (fields.length !== 5) return `expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`;
  for (let i = 0; i < 5; i++) {
    const [lo, hi] = FIELD_RANGES[i]!;
    for (const part of fields[i]!.split(',')) {
      const [range, step] = part.split('/');
      if (step !== undefined && !/^\d+$/.test(step)) return `failed to parse int from ${step}: strconv.Atoi: parsing ${JSON.stringify(step)}: invalid syntax`;
      if (range === '*' || range === '?') continue;
      for (const v of range!.split('-')) {
        const n = /^\d+$/.test(v) ? Number(v) : NAMES[i]![v.toLowerCase()];
        if (n === undefined) return `failed to parse int from ${v}: strconv.Atoi: parsing ${JSON.stringify(v)}: invalid syntax`;
        if (n < lo) return `beginning of range (${n}) below minimum (${lo}): ${part}`;
        if (n > hi) return `end of range (${n}) above maximum (${hi}): ${part}`;
      }
    }
  }
  return undefined;
}

/** validateCronJobSpec is validateCronJobSpec under "spec". */
export function validateCronJobSpec(spec: any): StatusCause[] {
  if (!isObject(spec)) return [required('spec.schedule')];
  const out: StatusCause[] = [];
  if (!spec.schedule) out.push(required('spec.schedule'));
  else {
    const err = scheduleError(String(spec.schedule));
    if (err) out.push(invalidValue('spec.schedule', spec.schedule, err));
  }
  out.push(...nonNegative('spec.startingDeadlineSeconds', spec.startingDeadlineSeconds));
  out.push(...oneOf('spec.concurrencyPolicy', spec.concurrencyPolicy, CONCURRENCY_POLICIES));
  if (!spec.concurrencyPolicy) out.push(required('spec.concurrencyPolicy'));
  out.push(...nonNegative('spec.successfulJobsHistoryLimit', spec.successfulJobsHistoryLimit));
  out.push(...nonNegative('spec.failedJobsHistoryLimit', spec.failedJobsHistoryLimit));
  const jt = spec.jobTemplate;
  if (!isObject(jt)) out.push(required('spec.jobTemplate'));
  else {
    out.push(...labelMap('spec.jobTemplate.metadata.labels', jt.metadata?.labels));
    out.push(...validateAnnotations('spec.jobTemplate.metadata.annotations', jt.metadata?.annotations));
    out.push(...validateJobSpec('spec.jobTemplate.spec', jt.spec, { isTemplate: true }));
  }
  return out;
}

function cronJobMeta(obj: KubeObject): StatusCause[] {
  const name = obj.metadata?.name;
  return name && name.length > CRONJOB_NAME_MAX_LENGTH ? [invalidValue('metadata.name', name, maxLenError(CRONJOB_NAME_MAX_LENGTH))] : [];
}

/** CRONJOB_STRATEGY is the CronJob strategy. */
export const CRONJOB_STRATEGY: Strategy = {
  ...WORKLOAD_PREPARE,
  defaults: defaultCronJob,
  validate: (obj) => [...validateObjectMeta(obj.metadata, META), ...cronJobMeta(obj), ...validateCronJobSpec(obj.spec)],
  validateUpdate: (obj, old) => [...validateObjectMetaUpdate(obj, old, META), ...cronJobMeta(obj), ...validateCronJobSpec(obj.spec)],
};
