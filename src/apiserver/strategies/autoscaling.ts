/**
 * autoscaling: the HorizontalPodAutoscaler strategy (autoscaling/v2 storage, v1 still served):
 * minReplicas 1, the default CPU metric, scale target and replica bounds.
 */
import type { KubeObject } from '../../api/meta';
import type { StatusCause } from '../errors';
import { invalidValue, required } from '../field-errors';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { isObject, setDefault, WORKLOAD_PREPARE, type Strategy } from './strategy';

/** DEFAULT_CPU_UTILIZATION is the target an HPA without metrics gets. */
export const DEFAULT_CPU_UTILIZATION = 80;
/** MIN_REPLICAS_ERROR is the detail for minReplicas below 1. */
export const MIN_REPLICAS_ERROR = 'must be greater than or equal to 1';
/** MAX_BELOW_MIN_ERROR is the detail for maxReplicas below minReplicas. */
export const MAX_BELOW_MIN_ERROR = 'must be greater than or equal to `minReplicas`';

const META: MetaOptions = { namespaced: true, nameFn: nameIsDNSSubdomain };

/** defaultHorizontalPodAutoscaler is SetDefaults_HorizontalPodAutoscaler for the object's version. */
export function defaultHorizontalPodAutoscaler(obj: KubeObject): void {
  const spec = obj.spec;
  if (!isObject(spec)) return;
  setDefault(spec, 'minReplicas', 1);
  if (obj.apiVersion === 'autoscaling/v1') {
    setDefault(spec, 'targetCPUUtilizationPercentage', DEFAULT_CPU_UTILIZATION);
  } else if (!Array.isArray(spec.metrics) || spec.metrics.length === 0) {
    spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: DEFAULT_CPU_UTILIZATION } } }];
  }
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
  const cpu = spec.targetCPUUtilizationPercentage;
  if (typeof cpu === 'number' && cpu < 1) out.push(invalidValue('spec.targetCPUUtilizationPercentage', cpu, MIN_REPLICAS_ERROR));
  return out;
}

/** HORIZONTAL_POD_AUTOSCALER_STRATEGY is the HPA strategy. */
export const HORIZONTAL_POD_AUTOSCALER_STRATEGY: Strategy = {
  ...WORKLOAD_PREPARE,
  defaults: defaultHorizontalPodAutoscaler,
  validate: (obj) => [...validateObjectMeta(obj.metadata, META), ...validateHorizontalPodAutoscalerSpec(obj.spec)],
  validateUpdate: (obj, old) => [...validateObjectMetaUpdate(obj, old, META), ...validateHorizontalPodAutoscalerSpec(obj.spec)],
};
