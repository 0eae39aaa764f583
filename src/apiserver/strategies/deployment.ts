/**
 * deployment: the apps/v1 Deployment strategy — SetDefaults_Deployment and
 * ValidateDeployment/ValidateDeploymentUpdate.
 */
import type { KubeObject } from '../../api/meta';
import type { StatusCause } from '../errors';
import { forbiddenField, invalidValue, notSupported } from '../field-errors';
import { nonNegative } from './field-rules';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { defaultPodTemplate } from './pod-defaults';
import { isObject, setDefault, withOrder, WORKLOAD_PREPARE, type Strategy } from './strategy';
import { immutableSelector, intOrPercent, positiveIntOrPercent, selectorCauses, templateForController } from './workload-rules';

/** DEPLOYMENT_STRATEGY_TYPES are the supported spec.strategy.type values, sorted. */
export const DEPLOYMENT_STRATEGY_TYPES = ['Recreate', 'RollingUpdate'] as const;
/** MAX_UNAVAILABLE_ZERO is the detail when maxUnavailable and maxSurge are both zero. */
export const MAX_UNAVAILABLE_ZERO = 'may not be 0 when `maxSurge` is 0';
/** RECREATE_WITH_ROLLING_UPDATE is the detail for rollingUpdate under a Recreate strategy. */
export const RECREATE_WITH_ROLLING_UPDATE = "may not be specified when strategy `type` is 'Recreate'";
/** PROGRESS_DEADLINE_ERROR is the detail when progressDeadlineSeconds ≤ minReadySeconds. */
export const PROGRESS_DEADLINE_ERROR = 'must be greater than minReadySeconds';
/** DEPLOYMENT_SPEC_ORDER is apps/v1 DeploymentSpec's field order. */
export const DEPLOYMENT_SPEC_ORDER = ['replicas', 'selector', 'template', 'strategy', 'minReadySeconds', 'revisionHistoryLimit', 'paused', 'progressDeadlineSeconds'];

const META: MetaOptions = { namespaced: true, nameFn: nameIsDNSSubdomain };

/** defaultDeployment is SetDefaults_Deployment plus the template's pod defaults. */
export function defaultDeployment(obj: KubeObject): void {
  const spec = obj.spec;
  if (!isObject(spec)) return;
  setDefault(spec, 'replicas', 1);
  setDefault(spec, 'strategy', {});
  setDefault(spec.strategy, 'type', 'RollingUpdate');
  if (spec.strategy.type === 'RollingUpdate') {
    setDefault(spec.strategy, 'rollingUpdate', {});
    setDefault(spec.strategy.rollingUpdate, 'maxUnavailable', '25%');
    setDefault(spec.strategy.rollingUpdate, 'maxSurge', '25%');
    withOrder(spec.strategy.rollingUpdate, ['maxUnavailable', 'maxSurge']);
  }
  withOrder(spec.strategy, ['type', 'rollingUpdate']);
  setDefault(spec, 'revisionHistoryLimit', 10);
  setDefault(spec, 'progressDeadlineSeconds', 600);
  defaultPodTemplate(spec.template);
  withOrder(spec, DEPLOYMENT_SPEC_ORDER);
}

function validateStrategy(field: string, s: any): StatusCause[] {
  if (!isObject(s)) return [];
  const out: StatusCause[] = [];
  if (s.type && !(DEPLOYMENT_STRATEGY_TYPES as readonly string[]).includes(s.type)) out.push(notSupported(`${field}.type`, s.type, DEPLOYMENT_STRATEGY_TYPES));
  if (s.type === 'Recreate' && s.rollingUpdate) out.push(forbiddenField(`${field}.rollingUpdate`, RECREATE_WITH_ROLLING_UPDATE));
  if (s.type === 'RollingUpdate' && isObject(s.rollingUpdate)) {
    const ru = s.rollingUpdate;
    const p = `${field}.rollingUpdate`;
    out.push(...positiveIntOrPercent(`${p}.maxUnavailable`, ru.maxUnavailable));
    out.push(...positiveIntOrPercent(`${p}.maxSurge`, ru.maxSurge));
    if (intOrPercent(ru.maxUnavailable)?.value === 0 && intOrPercent(ru.maxSurge)?.value === 0) {
      out.push(invalidValue(`${p}.maxUnavailable`, ru.maxUnavailable, MAX_UNAVAILABLE_ZERO));
    }
    const mu = intOrPercent(ru.maxUnavailable);
    if (mu?.percent && mu.value > 100) out.push(invalidValue(`${p}.maxUnavailable`, ru.maxUnavailable, 'must not be greater than 100%'));
  }
  return out;
}

/** validateDeploymentSpec is ValidateDeploymentSpec under "spec". */
export function validateDeploymentSpec(spec: any): StatusCause[] {
  if (!isObject(spec)) return selectorCauses('spec.selector', undefined, 'deployment');
  const out: StatusCause[] = [];
  out.push(...nonNegative('spec.replicas', spec.replicas));
  out.push(...selectorCauses('spec.selector', spec.selector, 'deployment'));
  out.push(...templateForController('spec.template', spec.template, spec.selector, 'ReplicaSet'));
  out.push(...validateStrategy('spec.strategy', spec.strategy));
  out.push(...nonNegative('spec.minReadySeconds', spec.minReadySeconds));
  out.push(...nonNegative('spec.revisionHistoryLimit', spec.revisionHistoryLimit));
  const pds = spec.progressDeadlineSeconds;
  if (typeof pds === 'number') {
    out.push(...nonNegative('spec.progressDeadlineSeconds', pds));
    if (pds <= (spec.minReadySeconds ?? 0)) out.push(invalidValue('spec.progressDeadlineSeconds', pds, PROGRESS_DEADLINE_ERROR));
  }
  return out;
}

/** DEPLOYMENT_STRATEGY is the Deployment strategy (status reset on create, kept on update). */
export const DEPLOYMENT_STRATEGY: Strategy = {
  ...WORKLOAD_PREPARE,
  defaults: defaultDeployment,
  validate: (obj) => [...validateObjectMeta(obj.metadata, META), ...validateDeploymentSpec(obj.spec)],
  validateUpdate: (obj, old) => [
    ...validateObjectMetaUpdate(obj, old, META),
    ...validateDeploymentSpec(obj.spec),
    ...immutableSelector('spec.selector', obj.spec?.selector, old.spec?.selector),
  ],
};
