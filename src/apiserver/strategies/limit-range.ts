/**
 * limit-range: the core/v1 LimitRange strategy — SetDefaults_LimitRangeItem on every item
 * (a Container item's default falls back to max, its defaultRequest to default, then min), so
 * the stored object shows what LimitRanger will apply, as `get -o yaml` and describe do upstream.
 */
import type { KubeObject } from '../../api/meta';
import { defaultLimitRangeItem } from '../admission/limit-ranger';
import { genericStrategy } from './generic';
import { isObject, type Strategy } from './strategy';

/** defaultLimitRange applies SetDefaults_LimitRangeItem to each of spec.limits, in place. */
export function defaultLimitRange(obj: KubeObject): void {
  const limits: unknown = obj.spec?.limits;
  if (!Array.isArray(limits)) return;
  obj.spec.limits = limits.map((item) => (isObject(item) ? defaultLimitRangeItem(item) : item));
}

/** LIMIT_RANGE_STRATEGY is the generic metadata checks plus LimitRange defaulting. */
export const LIMIT_RANGE_STRATEGY: Strategy = { ...genericStrategy('LimitRange'), defaults: defaultLimitRange };
