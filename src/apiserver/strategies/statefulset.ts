/**
 * statefulset: the apps/v1 StatefulSet strategy — SetDefaults_StatefulSet, ValidateStatefulSet
 * and the narrow set of spec fields an update may change.
 */
import type { KubeObject } from '../../api/meta';
import type { StatusCause } from '../errors';
import { forbiddenField, invalidValue } from '../field-errors';
import { nonNegative } from './field-rules';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { defaultPodTemplate } from './pod-defaults';
import { defaultPersistentVolumeClaimSpec, validatePersistentVolumeClaimSpec } from './persistent-volume';
import { jsonEqual } from '../../api/deep-equal';
import { defaultEmbeddedMeta, isObject, setDefault, withOrder, WORKLOAD_PREPARE, type Strategy } from './strategy';
import { immutableSelector, selectorCauses, templateForController } from './workload-rules';

/** STATEFULSET_UPDATE_FORBIDDEN is the detail when an update touches a frozen spec field. */
export const STATEFULSET_UPDATE_FORBIDDEN = "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";
/** RETENTION_POLICY_TYPES are the whenDeleted/whenScaled values. */
export const RETENTION_POLICY_TYPES = ['Retain', 'Delete'] as const;

const META: MetaOptions = { namespaced: true, nameFn: nameIsDNSSubdomain };

/** defaultStatefulSet is SetDefaults_StatefulSet plus template and claim-template defaults. */
export function defaultStatefulSet(obj: KubeObject): void {
  const spec = obj.spec;
  if (!isObject(spec)) return;
  setDefault(spec, 'podManagementPolicy', 'OrderedReady');
  setDefault(spec, 'updateStrategy', {});
  setDefault(spec.updateStrategy, 'type', 'RollingUpdate');
  if (spec.updateStrategy.type === 'RollingUpdate') {
    setDefault(spec.updateStrategy, 'rollingUpdate', {});
    setDefault(spec.updateStrategy.rollingUpdate, 'partition', 0);
  }
  setDefault(spec, 'persistentVolumeClaimRetentionPolicy', {});
  setDefault(spec.persistentVolumeClaimRetentionPolicy, 'whenDeleted', 'Retain');
  setDefault(spec.persistentVolumeClaimRetentionPolicy, 'whenScaled', 'Retain');
  setDefault(spec, 'replicas', 1);
  setDefault(spec, 'revisionHistoryLimit', 10);
  defaultPodTemplate(spec.template);
  for (const pvc of Array.isArray(spec.volumeClaimTemplates) ? spec.volumeClaimTemplates : []) {
    if (!isObject(pvc)) continue;
    setDefault(pvc, 'apiVersion', 'v1');
    setDefault(pvc, 'kind', 'PersistentVolumeClaim');
    defaultEmbeddedMeta(pvc);
    defaultPersistentVolumeClaimSpec(pvc.spec);
    setDefault(pvc, 'status', { phase: 'Pending' });
    withOrder(pvc, ['apiVersion', 'kind', 'metadata', 'spec', 'status']);
  }
  withOrder(spec, ['replicas', 'selector', 'template', 'volumeClaimTemplates', 'serviceName', 'podManagementPolicy',
    'updateStrategy', 'revisionHistoryLimit', 'minReadySeconds', 'persistentVolumeClaimRetentionPolicy', 'ordinals']);
}

/** validateStatefulSetSpec is ValidateStatefulSetSpec under "spec". */
export function validateStatefulSetSpec(spec: any): StatusCause[] {
  if (!isObject(spec)) return selectorCauses('spec.selector', undefined, 'statefulset');
  const out: StatusCause[] = [];
  const pmp = spec.podManagementPolicy;
  if (pmp !== undefined && pmp !== 'OrderedReady' && pmp !== 'Parallel') {
    out.push(invalidValue('spec.podManagementPolicy', pmp, "must be 'OrderedReady' or 'Parallel'"));
  }
  const us = spec.updateStrategy;
  if (isObject(us)) {
    if (us.type !== undefined && us.type !== 'RollingUpdate' && us.type !== 'OnDelete') {
      out.push(invalidValue('spec.updateStrategy', us.type, "must be 'RollingUpdate' or 'OnDelete'"));
    }
    if (us.type === 'OnDelete' && us.rollingUpdate) {
      out.push(invalidValue('spec.updateStrategy.rollingUpdate', us.rollingUpdate, "only allowed for updateStrategy 'RollingUpdate'"));
    }
    if (isObject(us.rollingUpdate)) out.push(...nonNegative('spec.updateStrategy.rollingUpdate.partition', us.rollingUpdate.partition));
  }
  const rp = spec.persistentVolumeClaimRetentionPolicy;
  if (isObject(rp)) {
    for (const k of ['whenDeleted', 'whenScaled']) {
      if (rp[k] !== undefined && !(RETENTION_POLICY_TYPES as readonly string[]).includes(rp[k])) {
        out.push({ field: `spec.persistentVolumeClaimRetentionPolicy.${k}`, message: `Unsupported value: ${JSON.stringify(rp[k])}: supported values: "Retain", "Delete"` });
      }
    }
  }
  out.push(...nonNegative('spec.replicas', spec.replicas));
  out.push(...nonNegative('spec.minReadySeconds', spec.minReadySeconds));
  out.push(...nonNegative('spec.revisionHistoryLimit', spec.revisionHistoryLimit));
  if (isObject(spec.ordinals)) out.push(...nonNegative('spec.ordinals.start', spec.ordinals.start));
  out.push(...selectorCauses('spec.selector', spec.selector, 'statefulset'));
  const claimNames = (Array.isArray(spec.volumeClaimTemplates) ? spec.volumeClaimTemplates : [])
    .map((t: any) => t?.metadata?.name).filter((n: unknown): n is string => typeof n === 'string');
  out.push(...templateForController('spec.template', spec.template, spec.selector, 'StatefulSet', { extraVolumes: claimNames }));
  (Array.isArray(spec.volumeClaimTemplates) ? spec.volumeClaimTemplates : []).forEach((t: any, i: number) => {
    out.push(...validatePersistentVolumeClaimSpec(`spec.volumeClaimTemplates[${i}].spec`, t?.spec));
  });
  return out;
}

/** frozenView drops what a StatefulSet update may change, leaving the fields that must stay equal. */
function frozenView(spec: any): any {
  const s = { ...(spec ?? {}) };
  for (const k of ['replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds', 'revisionHistoryLimit']) delete s[k];
  return s;
}

/** STATEFULSET_STRATEGY is the StatefulSet strategy. */
export const STATEFULSET_STRATEGY: Strategy = {
  ...WORKLOAD_PREPARE,
  defaults: defaultStatefulSet,
  validate: (obj) => [...validateObjectMeta(obj.metadata, META), ...validateStatefulSetSpec(obj.spec)],
  validateUpdate: (obj, old) => {
    const out = [...validateObjectMetaUpdate(obj, old, META), ...validateStatefulSetSpec(obj.spec)];
    const sel = immutableSelector('spec.selector', obj.spec?.selector, old.spec?.selector);
    if (sel.length || !jsonEqual(frozenView(obj.spec), frozenView(old.spec))) out.push(forbiddenField('spec', STATEFULSET_UPDATE_FORBIDDEN));
    return out;
  },
};
