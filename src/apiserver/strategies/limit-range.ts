/**
 * limit-range: the core/v1 LimitRange strategy — SetDefaults_LimitRangeItem on every item
 * (a Container item's default falls back to max, its defaultRequest to default, then min), so
 * the stored object shows what LimitRanger will apply, as `get -o yaml` and describe do upstream;
 * and ValidateLimitRange's structural rules (one item per type, no defaults on a Pod item, a
 * PersistentVolumeClaim item bounds storage).
 * kubemu: the quantity-ordering rules (min ≤ defaultRequest ≤ default ≤ max) are not checked yet:
 * upstream prints their bad value as a Go struct dump kubemu cannot reproduce faithfully.
 */
import type { KubeObject } from '../../api/meta';
import { defaultLimitRangeItem } from '../admission/limit-ranger';
import type { StatusCause } from '../errors';
import { duplicate, forbiddenField, invalidValue, required } from '../field-errors';
import { genericStrategy } from './generic';
import { isObject, type Strategy } from './strategy';

/** LIMIT_TYPES are the standard LimitRangeItem types. */
export const LIMIT_TYPES = ['Container', 'Pod', 'PersistentVolumeClaim'] as const;
/** NOT_STANDARD_LIMIT_TYPE: an unqualified type that is not one of LIMIT_TYPES. */
export const NOT_STANDARD_LIMIT_TYPE = 'must be a standard limit type or fully qualified';
/** NO_DEFAULTS_FOR_POD: a Pod item may not carry default or defaultRequest. */
export const NO_DEFAULTS_FOR_POD = "may not be specified when `type` is 'Pod'";
/** PVC_NEEDS_MIN_OR_MAX: a PersistentVolumeClaim item must bound storage. */
export const PVC_NEEDS_MIN_OR_MAX = 'either minimum or maximum storage value is required, but neither was provided';

/** defaultLimitRange applies SetDefaults_LimitRangeItem to each of spec.limits, in place. */
export function defaultLimitRange(obj: KubeObject): void {
  const limits: unknown = obj.spec?.limits;
  if (!Array.isArray(limits)) return;
  obj.spec.limits = limits.map((item) => (isObject(item) ? defaultLimitRangeItem(item) : item));
}

const nonEmpty = (m: unknown): boolean => isObject(m) && Object.keys(m).length > 0;

/** validateLimitRangeItems is ValidateLimitRange's per-item structural part. */
export function validateLimitRangeItems(obj: KubeObject): StatusCause[] {
  const limits: unknown = obj.spec?.limits;
  if (!Array.isArray(limits)) return [];
  const out: StatusCause[] = [];
  const seen = new Set<string>();
  limits.forEach((item, i) => {
    if (!isObject(item)) return;
    const at = `spec.limits[${i}]`;
    const type = typeof item.type === 'string' ? item.type : '';
    // kubemu: an empty type is let through, as the shared manifest corpus records it.
    if (type && !type.includes('/') && !(LIMIT_TYPES as readonly string[]).includes(type)) out.push(invalidValue(`${at}.type`, type, NOT_STANDARD_LIMIT_TYPE));
    if (seen.has(type)) out.push(duplicate(`${at}.type`, type));
    seen.add(type);
    if (type === 'Pod') {
      if (nonEmpty(item.default)) out.push(forbiddenField(`${at}.default`, NO_DEFAULTS_FOR_POD));
      if (nonEmpty(item.defaultRequest)) out.push(forbiddenField(`${at}.defaultRequest`, NO_DEFAULTS_FOR_POD));
    }
    if (type === 'PersistentVolumeClaim' && item.min?.storage === undefined && item.max?.storage === undefined) {
      out.push(required(`${at}.limits`, PVC_NEEDS_MIN_OR_MAX));
    }
  });
  return out;
}

const GENERIC = genericStrategy('LimitRange');

/** LIMIT_RANGE_STRATEGY is the generic metadata checks plus LimitRange defaulting and item rules. */
export const LIMIT_RANGE_STRATEGY: Strategy = {
  ...GENERIC,
  defaults: defaultLimitRange,
  validate: (obj) => [...GENERIC.validate(obj), ...validateLimitRangeItems(obj)],
  validateUpdate: (obj, old) => [...GENERIC.validateUpdate(obj, old), ...validateLimitRangeItems(obj)],
};
