/**
 * job: the batch/v1 Job strategy — SetDefaults_Job, ValidateJob, and the generated selector
 * (batch.kubernetes.io/controller-uid) that needs the object's uid, so the API layer calls
 * stampJobSelector after it stamps metadata.uid and before validating.
 */
import type { KubeObject } from '../../api/meta';
import { selectorMatches } from '../../api/label-selector';
import type { StatusCause } from '../errors';
import { invalidValue, notSupported, required } from '../field-errors';
import { labelSelector, nonNegative } from './field-rules';
import { goLabelSelector, goStringMap, invalidRendered } from './go-format';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { defaultPodTemplate } from './pod-defaults';
import { validatePodTemplate } from './pod-spec-validation';
import { jsonEqual } from '../../api/deep-equal';
import { isObject, setDefault, withOrder, resetStatusOnCreate, WORKLOAD_PREPARE, type Strategy } from './strategy';
import { FIELD_IS_IMMUTABLE, SELECTOR_MISMATCH } from './workload-rules';

/** CONTROLLER_UID_LABEL is the label a Job's generated selector matches on. */
export const CONTROLLER_UID_LABEL = 'batch.kubernetes.io/controller-uid';
/** JOB_NAME_LABEL is the label carrying the Job's name on its pods. */
export const JOB_NAME_LABEL = 'batch.kubernetes.io/job-name';
/** LEGACY_CONTROLLER_UID_LABEL and LEGACY_JOB_NAME_LABEL are still added for compatibility. */
export const LEGACY_CONTROLLER_UID_LABEL = 'controller-uid';
export const LEGACY_JOB_NAME_LABEL = 'job-name';
/** JOB_RESTART_POLICY_DETAIL is the detail when a Job template restarts Always (or unset). */
export const JOB_RESTART_POLICY_DETAIL = 'valid values: "OnFailure", "Never"';
/** SELECTOR_NOT_AUTO_GENERATED is the detail when a Job sets a selector without manualSelector. */
export const SELECTOR_NOT_AUTO_GENERATED = '`selector` not auto-generated';
/** COMPLETION_MODES are the supported spec.completionMode values. */
export const COMPLETION_MODES = ['NonIndexed', 'Indexed'] as const;
/** JOB_SPEC_ORDER is batch/v1 JobSpec's field order. */
export const JOB_SPEC_ORDER = ['parallelism', 'completions', 'activeDeadlineSeconds', 'podFailurePolicy', 'successPolicy',
  'backoffLimit', 'backoffLimitPerIndex', 'maxFailedIndexes', 'selector', 'manualSelector', 'template',
  'ttlSecondsAfterFinished', 'completionMode', 'suspend', 'podReplacementPolicy', 'managedBy'];

const META: MetaOptions = { namespaced: true, nameFn: nameIsDNSSubdomain };

/** defaultJobSpec is SetDefaults_Job's spec part. */
export function defaultJobSpec(spec: any): void {
  if (!isObject(spec)) return;
  if (spec.completions == null && spec.parallelism == null) { spec.completions = 1; spec.parallelism = 1; }
  setDefault(spec, 'parallelism', 1);
  setDefault(spec, 'completionMode', 'NonIndexed');
  setDefault(spec, 'backoffLimit', spec.completionMode === 'Indexed' && spec.backoffLimitPerIndex != null ? 2147483647 : 6);
  setDefault(spec, 'suspend', false);
  setDefault(spec, 'manualSelector', false);
  setDefault(spec, 'podReplacementPolicy', spec.podFailurePolicy ? 'Failed' : 'TerminatingOrFailed');
  defaultPodTemplate(spec.template);
  withOrder(spec, JOB_SPEC_ORDER);
}

/** defaultJob is SetDefaults_Job. */
export function defaultJob(obj: KubeObject): void {
  defaultJobSpec(obj.spec);
}

/**
 * stampJobSelector is the Job strategy's generateSelector: unless manualSelector is true, label the
 * template with the Job's uid and name and select on the uid. Needs metadata.uid; a no-op without.
 */
export function stampJobSelector(job: KubeObject): void {
  const uid = job.metadata?.uid;
  const spec = job.spec;
  if (!uid || !isObject(spec) || spec.manualSelector === true) return;
  setDefault(spec, 'template', {});
  setDefault(spec.template, 'metadata', {});
  const name = job.metadata.name ?? '';
  spec.template.metadata.labels = {
    [CONTROLLER_UID_LABEL]: uid, [JOB_NAME_LABEL]: name, [LEGACY_CONTROLLER_UID_LABEL]: uid, [LEGACY_JOB_NAME_LABEL]: name,
    ...(spec.template.metadata.labels ?? {}),
  };
  if (spec.selector == null) spec.selector = { matchLabels: { [CONTROLLER_UID_LABEL]: uid } };
}

/** JobSpecOptions: a CronJob's jobTemplate is checked before any selector exists. */
export interface JobSpecOptions { uid?: string; isTemplate?: boolean }

/** validateJobSpec is validateJobSpec (plus the generated-selector check) under the given path. */
export function validateJobSpec(field: string, spec: any, opts: JobSpecOptions = {}): StatusCause[] {
  if (!isObject(spec)) return [required(`${field}.template`)];
  const out: StatusCause[] = [];
  for (const k of ['parallelism', 'completions', 'activeDeadlineSeconds', 'backoffLimit', 'ttlSecondsAfterFinished', 'backoffLimitPerIndex', 'maxFailedIndexes']) {
    out.push(...nonNegative(`${field}.${k}`, spec[k]));
  }
  if (spec.completionMode !== undefined && !(COMPLETION_MODES as readonly string[]).includes(spec.completionMode)) {
    out.push(notSupported(`${field}.completionMode`, spec.completionMode, COMPLETION_MODES));
  }
  if (spec.completionMode === 'Indexed' && spec.completions == null) out.push(required(`${field}.completions`, 'when completion mode is Indexed'));
  const manual = spec.manualSelector === true;
  if (spec.selector == null) {
    // Without a uid (a CronJob's template, or before stamping) the selector is generated later.
    if (manual || (!opts.isTemplate && opts.uid)) out.push(required(`${field}.selector`));
  } else {
    out.push(...labelSelector(`${field}.selector`, spec.selector));
    if (!manual && opts.uid && spec.selector.matchLabels?.[CONTROLLER_UID_LABEL] !== opts.uid) {
      out.push(invalidRendered(`${field}.selector`, goLabelSelector(spec.selector), SELECTOR_NOT_AUTO_GENERATED));
    }
  }
  const t = spec.template;
  if (!isObject(t)) out.push(required(`${field}.template`));
  else {
    if (spec.selector != null && !selectorMatches(spec.selector, t.metadata?.labels)) {
      out.push(invalidRendered(`${field}.template.metadata.labels`, goStringMap(t.metadata?.labels), SELECTOR_MISMATCH));
    }
    out.push(...validatePodTemplate(`${field}.template`, t));
    const rp = t.spec?.restartPolicy;
    if (rp === 'Always' || !rp) out.push(required(`${field}.template.spec.restartPolicy`, JOB_RESTART_POLICY_DETAIL));
    else if (rp !== 'OnFailure' && rp !== 'Never') out.push(notSupported(`${field}.template.spec.restartPolicy`, rp, ['OnFailure', 'Never']));
  }
  return out;
}

/** JOB_STRATEGY is the Job strategy. */
export const JOB_STRATEGY: Strategy = {
  ...WORKLOAD_PREPARE,
  defaults: defaultJob,
  prepareForCreate(obj) {
    stampJobSelector(obj);
    resetStatusOnCreate(obj);
  },
  validate: (obj) => [...validateObjectMeta(obj.metadata, META), ...validateJobSpec('spec', obj.spec, { uid: obj.metadata?.uid })],
  validateUpdate: (obj, old) => {
    const out = [...validateObjectMetaUpdate(obj, old, META), ...validateJobSpec('spec', obj.spec, { uid: old.metadata?.uid })];
    if (!jsonEqual(obj.spec?.selector, old.spec?.selector)) out.push(invalidRendered('spec.selector', goLabelSelector(obj.spec?.selector), FIELD_IS_IMMUTABLE));
    if (!old.spec?.suspend && !jsonEqual(obj.spec?.template, old.spec?.template)) {
      out.push({ field: 'spec.template', message: `Invalid value: core.PodTemplateSpec{...}: ${FIELD_IS_IMMUTABLE}` });
    }
    if (obj.spec?.completionMode !== 'Indexed' && obj.spec?.completions !== old.spec?.completions) {
      out.push(invalidValue('spec.completions', obj.spec?.completions ?? null, FIELD_IS_IMMUTABLE));
    }
    return out;
  },
};
