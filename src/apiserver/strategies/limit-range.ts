/**
 * limit-range: the core/v1 LimitRange strategy — SetDefaults_LimitRangeItem on every item
 * (a Container item's default falls back to max, its defaultRequest to default, then min), so
 * the stored object shows what LimitRanger will apply, as `get -o yaml` and describe do upstream;
 * and ValidateLimitRange's rules: one item per type, no defaults on a Pod item, a
 * PersistentVolumeClaim item bounds storage, and per resource min ≤ defaultRequest ≤ default ≤
 * max, a maxLimitRequestRatio of at least 1 and at most max/min, and defaultRequest = default
 * for what may not be overcommitted (extended resources, hugepages).
 * The bad value of an ordering error is a resource.Quantity, which upstream prints as a Go struct
 * (quantityGoSyntax); kubemu dumps the stored text's, so a quantity written in another form than
 * it is stored in ("1000m") shows the stored form's amount. Upstream visits resources in map
 * order; kubemu in name order.
 */
import type { KubeObject } from '../../api/meta';
import { defaultLimitRangeItem } from '../admission/limit-ranger';
import type { StatusCause } from '../errors';
import { duplicate, forbiddenField, invalidValue, required } from '../field-errors';
import { compareQuantity, formatQuantity, milliValue, quantityGoSyntax, tryParseQuantity, value, type Quantity } from '../../api/quantity';
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
    out.push(...orderingCauses(item, at, type === 'Pod'));
  });
  return out;
}

/** invalidQuantity is field.Invalid with a Quantity as its bad value (printed as Go's %#v). */
const invalidQuantity = (field: string, text: string, detail: string): StatusCause => ({ field, message: `Invalid value: ${quantityGoSyntax(text)}: ${detail}` });

/** MAX_MILLI_VALUE is resource.MaxMilliValue: past it the ratio check compares whole units. */
const MAX_MILLI_VALUE = 9_223_372_036_854_775n;

/** overcommitAllowed is helper.IsOvercommitAllowed: native resources other than hugepages. */
const overcommitAllowed = (name: string): boolean => (!name.includes('/') || name.includes('kubernetes.io/')) && !name.startsWith('hugepages-');

/** goFloat is Go's %f: six decimals, infinities as +Inf and -Inf. */
const goFloat = (x: number): string => (Number.isFinite(x) ? x.toFixed(6) : Number.isNaN(x) ? 'NaN' : x > 0 ? '+Inf' : '-Inf');

/** orderingCauses is ValidateLimitRange's per-resource comparison of one item's quantities. */
function orderingCauses(item: Record<string, any>, at: string, pod: boolean): StatusCause[] {
  const out: StatusCause[] = [];
  const lists = { max: item.max, min: item.min, default: pod ? undefined : item.default, defaultRequest: pod ? undefined : item.defaultRequest, maxLimitRequestRatio: item.maxLimitRequestRatio };
  const keys = new Set<string>();
  for (const l of Object.values(lists)) if (isObject(l)) for (const k of Object.keys(l)) keys.add(k);
  for (const k of [...keys].sort()) {
    const get = (list: keyof typeof lists): { text: string; q: Quantity } | undefined => {
      const text = isObject(lists[list]) ? (lists[list] as Record<string, unknown>)[k] : undefined;
      const q = typeof text === 'string' ? tryParseQuantity(text) : undefined;
      return q && { text: text as string, q };
    };
    const [min, max, def, req, ratio] = [get('min'), get('max'), get('default'), get('defaultRequest'), get('maxLimitRequestRatio')];
    const s = (x: { q: Quantity }) => formatQuantity(x.q);
    const gt = (a: { q: Quantity }, b: { q: Quantity }) => compareQuantity(a.q, b.q) > 0;
    if (min && max && gt(min, max)) out.push(invalidQuantity(`${at}.min[${k}]`, min.text, `min value ${s(min)} is greater than max value ${s(max)}`));
    if (req && min && gt(min, req)) out.push(invalidQuantity(`${at}.defaultRequest[${k}]`, req.text, `min value ${s(min)} is greater than default request value ${s(req)}`));
    if (req && max && gt(req, max)) out.push(invalidQuantity(`${at}.defaultRequest[${k}]`, req.text, `default request value ${s(req)} is greater than max value ${s(max)}`));
    if (req && def && gt(req, def)) out.push(invalidQuantity(`${at}.defaultRequest[${k}]`, req.text, `default request value ${s(req)} is greater than default limit value ${s(def)}`));
    if (def && min && gt(min, def)) out.push(invalidQuantity(`${at}.default[${k}]`, min.text, `min value ${s(min)} is greater than default value ${s(def)}`));
    if (def && max && gt(def, max)) out.push(invalidQuantity(`${at}.default[${k}]`, max.text, `default value ${s(def)} is greater than max value ${s(max)}`));
    if (ratio && ratio.q.nanos < 1_000_000_000n) out.push(invalidQuantity(`${at}.maxLimitRequestRatio[${k}]`, ratio.text, `ratio ${s(ratio)} is less than 1`));
    if (ratio && min && max) {
      const milli = value(ratio.q) < MAX_MILLI_VALUE && value(min.q) < MAX_MILLI_VALUE && value(max.q) < MAX_MILLI_VALUE;
      const ratioValue = milli ? Number(milliValue(ratio.q)) / 1000 : Number(value(ratio.q));
      const limit = milli ? Number(milliValue(max.q)) / Number(milliValue(min.q)) : Number(value(max.q)) / Number(value(min.q));
      if (ratioValue > limit) out.push(invalidQuantity(`${at}.maxLimitRequestRatio[${k}]`, ratio.text, `ratio ${s(ratio)} is greater than max/min = ${goFloat(limit)}`));
    }
    if (!overcommitAllowed(k) && def && req && compareQuantity(def.q, req.q) !== 0) {
      out.push(invalidQuantity(`${at}.defaultRequest[${k}]`, req.text, `default value ${s(def)} must equal to defaultRequest value ${s(req)} in ${k}`));
    }
  }
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
