/**
 * workload-rules: checks the apps/v1 controllers share (pkg/apis/apps/validation): selector
 * present and non-empty, template labels matched by the selector, RestartPolicy Always,
 * IntOrPercent rolling-update values, immutable selectors.
 */
import { selectorMatches } from '../../api/label-selector';
import type { StatusCause } from '../errors';
import { invalidValue, notSupported, required } from '../field-errors';
import { NEGATIVE_ERROR, labelSelector } from './field-rules';
import { goLabelSelector, goStringMap, invalidRendered } from './go-format';
import { validatePodTemplate, type PodSpecOptions } from './pod-spec-validation';
import { jsonEqual } from '../../api/deep-equal';
import { isObject } from './strategy';

/** SELECTOR_MISMATCH is the detail when the selector does not select the template's labels. */
export const SELECTOR_MISMATCH = '`selector` does not match template `labels`';
/** FIELD_IS_IMMUTABLE is apimachinery's FieldImmutableErrorMsg. */
export const FIELD_IS_IMMUTABLE = 'field is immutable';
/** emptySelectorError is the detail for `selector: {}` on a controller kind. */
export const emptySelectorError = (kind: string): string => `empty selector is invalid for ${kind}`;
/** INT_OR_PERCENT_ERROR is the detail of a string IntOrPercent that is not "N%". */
export const INT_OR_PERCENT_ERROR = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";
/** MORE_THAN_100_PERCENT is the detail of a percentage above 100%. */
export const MORE_THAN_100_PERCENT = 'must not be greater than 100%';

/** selectorCauses checks a controller's selector: required, well-formed, non-empty. */
export function selectorCauses(field: string, sel: any, kindForEmpty: string, requireIt = true): StatusCause[] {
  if (sel === undefined || sel === null) return requireIt ? [required(field)] : [];
  const out = labelSelector(field, sel);
  const n = Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions ?? []).length;
  if (n === 0) out.push(invalidRendered(field, goLabelSelector(sel), emptySelectorError(kindForEmpty)));
  return out;
}

/**
 * templateForController is ValidatePodTemplateSpecForReplicaSet/StatefulSet: the template's labels
 * must be selected, its pods must restart Always and may not have a deadline.
 */
export function templateForController(field: string, template: any, sel: any, kindForDeadline: string, opts: PodSpecOptions = {}): StatusCause[] {
  if (!isObject(template)) return [required(field)];
  const out: StatusCause[] = [];
  const labels = template.metadata?.labels;
  const nonEmpty = isObject(sel) && (Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions ?? []).length) > 0;
  if (nonEmpty && !selectorMatches(sel, labels)) out.push(invalidRendered(`${field}.metadata.labels`, goStringMap(labels), SELECTOR_MISMATCH));
  out.push(...validatePodTemplate(field, template, opts));
  const rp = template.spec?.restartPolicy;
  if (isObject(template.spec) && rp !== 'Always' && rp) out.push(notSupported(`${field}.spec.restartPolicy`, rp, ['Always']));
  const ads = template.spec?.activeDeadlineSeconds;
  if (ads !== undefined && ads !== null) out.push(invalidValue(`${field}.spec.activeDeadlineSeconds`, ads, `activeDeadlineSeconds in ${kindForDeadline} is not Supported`));
  return out;
}

/** intOrPercent returns the integer or percentage an IntOrString holds, or undefined if malformed. */
export function intOrPercent(v: unknown): { value: number; percent: boolean } | undefined {
  if (typeof v === 'number') return { value: v, percent: false };
  if (typeof v === 'string' && /^[0-9]+%$/.test(v)) return { value: Number(v.slice(0, -1)), percent: true };
  return undefined;
}

/** positiveIntOrPercent is ValidatePositiveIntOrPercent plus IsNotMoreThan100Percent when asked. */
export function positiveIntOrPercent(field: string, v: unknown, max100 = false): StatusCause[] {
  if (v === undefined || v === null) return [];
  const parsed = intOrPercent(v);
  if (!parsed) return [invalidValue(field, v, INT_OR_PERCENT_ERROR)];
  const out: StatusCause[] = [];
  if (parsed.value < 0) out.push(invalidValue(field, v, NEGATIVE_ERROR));
  if (max100 && parsed.percent && parsed.value > 100) out.push(invalidValue(field, v, MORE_THAN_100_PERCENT));
  return out;
}

/** immutableSelector reports a changed spec.selector (apps/v1 selectors cannot change). */
export function immutableSelector(field: string, sel: any, oldSel: any): StatusCause[] {
  return jsonEqual(sel ?? null, oldSel ?? null) ? [] : [invalidRendered(field, goLabelSelector(sel), FIELD_IS_IMMUTABLE)];
}
