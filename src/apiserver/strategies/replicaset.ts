/**
 * replicaset: the apps/v1 ReplicaSet strategy and the core/v1 ReplicationController strategy,
 * which share their rules (replicas ≥ 0, selector matching an Always-restarting template).
 */
import type { KubeObject } from '../../api/meta';
import type { StatusCause } from '../errors';
import { invalidValue, notSupported, required } from '../field-errors';
import { labelMap, nonNegative } from './field-rules';
import { goStringMap, invalidRendered } from './go-format';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { defaultPodTemplate } from './pod-defaults';
import { validatePodTemplate } from './pod-spec-validation';
import { isObject, setDefault, withOrder, WORKLOAD_PREPARE, type Strategy } from './strategy';
import { immutableSelector, SELECTOR_MISMATCH, selectorCauses, templateForController } from './workload-rules';

const META: MetaOptions = { namespaced: true, nameFn: nameIsDNSSubdomain };

/** defaultReplicaSet is SetDefaults_ReplicaSet: replicas 1 and the template defaults. */
export function defaultReplicaSet(obj: KubeObject): void {
  if (!isObject(obj.spec)) return;
  setDefault(obj.spec, 'replicas', 1);
  defaultPodTemplate(obj.spec.template);
  withOrder(obj.spec, ['replicas', 'minReadySeconds', 'selector', 'template']);
}

/** validateReplicaSetSpec is ValidateReplicaSetSpec under "spec". */
export function validateReplicaSetSpec(spec: any): StatusCause[] {
  if (!isObject(spec)) return [required('spec.selector')];
  return [
    ...nonNegative('spec.replicas', spec.replicas),
    ...nonNegative('spec.minReadySeconds', spec.minReadySeconds),
    ...selectorCauses('spec.selector', spec.selector, 'deployment'),
    ...templateForController('spec.template', spec.template, spec.selector, 'ReplicaSet'),
  ];
}

/** REPLICASET_STRATEGY is the ReplicaSet strategy. */
export const REPLICASET_STRATEGY: Strategy = {
  ...WORKLOAD_PREPARE,
  defaults: defaultReplicaSet,
  validate: (obj) => [...validateObjectMeta(obj.metadata, META), ...validateReplicaSetSpec(obj.spec)],
  validateUpdate: (obj, old) => [
    ...validateObjectMetaUpdate(obj, old, META),
    ...validateReplicaSetSpec(obj.spec),
    ...immutableSelector('spec.selector', obj.spec?.selector, old.spec?.selector),
  ],
};

/**
 * defaultReplicationController is SetDefaults_ReplicationController: an absent selector and
 * absent object labels are copied from the template's labels; replicas 1.
 */
export function defaultReplicationController(obj: KubeObject): void {
  if (!isObject(obj.spec)) return;
  const spec = obj.spec;
  const tl = spec.template?.metadata?.labels;
  if (isObject(tl)) {
    if (!isObject(spec.selector) || Object.keys(spec.selector).length === 0) spec.selector = { ...tl };
    obj.metadata = obj.metadata ?? {};
    if (!obj.metadata.labels || Object.keys(obj.metadata.labels).length === 0) obj.metadata.labels = { ...tl };
  }
  setDefault(spec, 'replicas', 1);
  defaultPodTemplate(spec.template);
  withOrder(spec, ['replicas', 'minReadySeconds', 'selector', 'template']);
}

/** validateReplicationControllerSpec is ValidateReplicationControllerSpec under "spec". */
export function validateReplicationControllerSpec(spec: any): StatusCause[] {
  if (!isObject(spec)) return [required('spec.selector')];
  const out: StatusCause[] = [];
  out.push(...nonNegative('spec.minReadySeconds', spec.minReadySeconds));
  out.push(...nonNegative('spec.replicas', spec.replicas));
  const sel = isObject(spec.selector) ? spec.selector : {};
  if (Object.keys(sel).length === 0) out.push(required('spec.selector'));
  else out.push(...labelMap('spec.selector', sel));
  const t = spec.template;
  if (!isObject(t)) out.push(required('spec.template'));
  else {
    const labels = t.metadata?.labels ?? {};
    if (Object.keys(sel).length && !Object.entries(sel).every(([k, v]) => labels[k] === v)) {
      out.push(invalidRendered('spec.template.metadata.labels', goStringMap(t.metadata?.labels), SELECTOR_MISMATCH));
    }
    out.push(...validatePodTemplate('spec.template', t));
    const rp = t.spec?.restartPolicy;
    if (rp && rp !== 'Always') out.push(notSupported('spec.template.spec.restartPolicy', rp, ['Always']));
    const ads = t.spec?.activeDeadlineSeconds;
    if (ads !== undefined && ads !== null) out.push(invalidValue('spec.template.spec.activeDeadlineSeconds', ads, 'activeDeadlineSeconds in ReplicationController is not Supported'));
  }
  return out;
}

/** REPLICATION_CONTROLLER_STRATEGY is the ReplicationController strategy (its selector may change). */
export const REPLICATION_CONTROLLER_STRATEGY: Strategy = {
  ...WORKLOAD_PREPARE,
  defaults: defaultReplicationController,
  validate: (obj) => [...validateObjectMeta(obj.metadata, META), ...validateReplicationControllerSpec(obj.spec)],
  validateUpdate: (obj, old) => [...validateObjectMetaUpdate(obj, old, META), ...validateReplicationControllerSpec(obj.spec)],
};
