/**
 * pod-disruption-budget: the policy/v1 PodDisruptionBudget strategy — minAvailable xor
 * maxUnavailable, IntOrPercent values, the selector.
 */
import type { StatusCause } from '../errors';
import { invalidValue, notSupported } from '../field-errors';
import { labelSelector } from './field-rules';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { isObject, WORKLOAD_PREPARE, type Strategy } from './strategy';
import { positiveIntOrPercent } from './workload-rules';

/** BOTH_SET is the detail when minAvailable and maxUnavailable are both given. */
export const BOTH_SET = 'minAvailable and maxUnavailable cannot be both set';
/** UNHEALTHY_POD_EVICTION_POLICIES are the supported unhealthyPodEvictionPolicy values. */
export const UNHEALTHY_POD_EVICTION_POLICIES = ['AlwaysAllow', 'IfHealthyBudget'] as const;

const META: MetaOptions = { namespaced: true, nameFn: nameIsDNSSubdomain };

/** validatePodDisruptionBudgetSpec is ValidatePodDisruptionBudgetSpec under "spec". */
export function validatePodDisruptionBudgetSpec(spec: any): StatusCause[] {
  if (!isObject(spec)) return [];
  const out: StatusCause[] = [];
  if (spec.minAvailable != null && spec.maxUnavailable != null) out.push(invalidValue('spec', '', BOTH_SET));
  out.push(...positiveIntOrPercent('spec.minAvailable', spec.minAvailable, true));
  out.push(...positiveIntOrPercent('spec.maxUnavailable', spec.maxUnavailable, true));
  out.push(...labelSelector('spec.selector', spec.selector));
  const p = spec.unhealthyPodEvictionPolicy;
  if (p != null && !(UNHEALTHY_POD_EVICTION_POLICIES as readonly string[]).includes(p)) {
    out.push(notSupported('spec.unhealthyPodEvictionPolicy', p, UNHEALTHY_POD_EVICTION_POLICIES));
  }
  return out;
}

/** POD_DISRUPTION_BUDGET_STRATEGY is the PDB strategy. */
export const POD_DISRUPTION_BUDGET_STRATEGY: Strategy = {
  ...WORKLOAD_PREPARE,
  defaults: () => undefined,
  validate: (obj) => [...validateObjectMeta(obj.metadata, META), ...validatePodDisruptionBudgetSpec(obj.spec)],
  validateUpdate: (obj, old) => [...validateObjectMetaUpdate(obj, old, META), ...validatePodDisruptionBudgetSpec(obj.spec)],
};
