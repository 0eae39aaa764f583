/**
 * autoscaling: the HorizontalPodAutoscaler strategy (autoscaling/v2 storage, v1 still served):
 * minReplicas 1, the default CPU metric, scale target and replica bounds.
 */
import type { KubeObject } from '../../api/meta';
import type { StatusCause } from '../errors';
import { invalidValue, required } from '../field-errors';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { isObject, setDefault, WORKLOAD_PREPARE, type Strategy } from './strategy';

import { DEFAULT_CPU_UTILIZATION } from '../conversion/hpa-v1';

export { DEFAULT_CPU_UTILIZATION };
/** MIN_REPLICAS_ERROR is the detail for minReplicas below 1. */
export const MIN_REPLICAS_ERROR = 'must be greater than or equal to 1';
/** UTILIZATION_ERROR is the detail for a utilization target below 1 (v1's targetCPUUtilizationPercentage lands there). */
export const UTILIZATION_ERROR = 'must be greater than 0';
/** MAX_BELOW_MIN_ERROR is the detail for maxReplicas below minReplicas. */
export const MAX_BELOW_MIN_ERROR = 'must be greater than or equal to `minReplicas`';

const META: MetaOptions = { namespaced: true, nameFn: nameIsDNSSubdomain };

/**
 * defaultHorizontalPodAutoscaler is autoscaling/v2's SetDefaults_HorizontalPodAutoscaler (the
 * API server converts autoscaling/v1 objects to v2 first; that conversion adds v1's CPU default).
 */
export function defaultHorizontalPodAutoscaler(obj: KubeObject): void {
  const spec = obj.spec;
  if (!isObject(spec)) return;
  setDefault(spec, 'minReplicas', 1);
  if (!Array.isArray(spec.metrics) || spec.metrics.length === 0) {
    spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } } }];
  }
  // A behavior that is given gets every rule it leaves out (SetDefaults_HorizontalPodAutoscalerBehavior).
  if (isObject(spec.behavior)) {
    spec.behavior.scaleUp = withDefaultRules(spec.behavior.scaleUp, SCALE_UP_DEFAULTS);
    spec.behavior.scaleDown = withDefaultRules(spec.behavior.scaleDown, SCALE_DOWN_DEFAULTS);
  }
}

interface ScalingRules { stabilizationWindowSeconds?: number; selectPolicy: string; policies: { type: string; value: number; periodSeconds: number }[] }

/** SCALE_UP_DEFAULTS is GenerateHPAScaleUpRules' base: at once, the larger of 4 pods or 100% per 15s. */
const SCALE_UP_DEFAULTS: ScalingRules = {
  stabilizationWindowSeconds: 0, selectPolicy: 'Max',
  policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }],
};
/** SCALE_DOWN_DEFAULTS is GenerateHPAScaleDownRules' base (no window: the controller's flag decides). */
const SCALE_DOWN_DEFAULTS: ScalingRules = { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] };

/** withDefaultRules fills the fields rules leaves unset from the defaults, in v2 field order. */
function withDefaultRules(rules: unknown, defaults: ScalingRules): Record<string, unknown> {
  const given: Record<string, any> = isObject(rules) ? rules : {};
  const out: Record<string, unknown> = {};
  const win = given.stabilizationWindowSeconds ?? defaults.stabilizationWindowSeconds;
  if (win != null) out.stabilizationWindowSeconds = win;
  out.selectPolicy = given.selectPolicy ?? defaults.selectPolicy;
  out.policies = given.policies ?? structuredClone(defaults.policies);
  for (const [k, v] of Object.entries(given)) if (!(k in out)) out[k] = v;
  return out;
}

/** validateHorizontalPodAutoscalerSpec checks the scale target and replica bounds under "spec". */
export function validateHorizontalPodAutoscalerSpec(spec: any): StatusCause[] {
  if (!isObject(spec)) return [required('spec.scaleTargetRef.kind'), required('spec.scaleTargetRef.name')];
  const out: StatusCause[] = [];
  const ref = isObject(spec.scaleTargetRef) ? spec.scaleTargetRef : {};
  if (!ref.kind) out.push(required('spec.scaleTargetRef.kind'));
  if (!ref.name) out.push(required('spec.scaleTargetRef.name'));
  const min = spec.minReplicas;
  if (typeof min === 'number' && min < 1) out.push(invalidValue('spec.minReplicas', min, MIN_REPLICAS_ERROR));
  const max = spec.maxReplicas;
  if (typeof max !== 'number' || max < 1) out.push(invalidValue('spec.maxReplicas', max ?? 0, 'must be greater than 0'));
  else if (typeof min === 'number' && max < min) out.push(invalidValue('spec.maxReplicas', max, MAX_BELOW_MIN_ERROR));
  const metrics: unknown[] = Array.isArray(spec.metrics) ? spec.metrics : [];
  metrics.forEach((m, i) => {
    const target = isObject(m) && isObject(m.resource) && isObject(m.resource.target) ? m.resource.target : undefined;
    const util = target?.averageUtilization;
    if (typeof util === 'number' && util < 1) out.push(invalidValue(`spec.metrics[${i}].resource.target.averageUtilization`, util, UTILIZATION_ERROR));
  });
  return out;
}

/** HORIZONTAL_POD_AUTOSCALER_STRATEGY is the HPA strategy. */
export const HORIZONTAL_POD_AUTOSCALER_STRATEGY: Strategy = {
  ...WORKLOAD_PREPARE,
  defaults: defaultHorizontalPodAutoscaler,
  validate: (obj) => [...validateObjectMeta(obj.metadata, META), ...validateHorizontalPodAutoscalerSpec(obj.spec)],
  validateUpdate: (obj, old) => [...validateObjectMetaUpdate(obj, old, META), ...validateHorizontalPodAutoscalerSpec(obj.spec)],
};
