/**
 * persistent-volume: the core/v1 PersistentVolumeClaim and PersistentVolume strategies —
 * volumeMode Filesystem, reclaim policy Retain, access modes, storage size, one volume source.
 */
import type { KubeObject } from '../../api/meta';
import { compareQuantity, quantityOf, tryParseQuantity } from '../../api/quantity';
import { BETA_STORAGE_CLASS_ANNOTATION } from '../../api/storage-class-annotation';
import type { StatusCause } from '../errors';
import { forbiddenField, invalidValue, notSupported, required } from '../field-errors';
import { labelSelector } from './field-rules';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { jsonEqual } from '../../api/deep-equal';
import { isObject, setDefault, type Strategy } from './strategy';

/** ACCESS_MODES are the supported access modes, sorted as upstream prints them. */
export const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'] as const;
/** VOLUME_MODES are the supported volumeMode values. */
export const VOLUME_MODES = ['Block', 'Filesystem'] as const;
/** RECLAIM_POLICIES are the supported persistentVolumeReclaimPolicy values. */
export const RECLAIM_POLICIES = ['Delete', 'Recycle', 'Retain'] as const;
/** ACCESS_MODE_REQUIRED is the detail for an empty accessModes list. */
export const ACCESS_MODE_REQUIRED = 'at least 1 access mode is required';
/** PVC_SPEC_IMMUTABLE is the detail when a claim's spec changes beyond what resizing allows. */
export const PVC_SPEC_IMMUTABLE = 'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims';
/** PV_SOURCE_KEYS are PersistentVolumeSource's members. */
export const PV_SOURCE_KEYS = ['gcePersistentDisk', 'awsElasticBlockStore', 'hostPath', 'glusterfs', 'nfs', 'rbd', 'iscsi',
  'cinder', 'cephfs', 'fc', 'flocker', 'flexVolume', 'azureFile', 'vsphereVolume', 'quobyte', 'azureDisk',
  'photonPersistentDisk', 'portworxVolume', 'scaleIO', 'local', 'storageos', 'csi'];

/** defaultPersistentVolumeClaimSpec is SetDefaults_PersistentVolumeClaimSpec: volumeMode Filesystem. */
export function defaultPersistentVolumeClaimSpec(spec: any): void {
  if (isObject(spec)) setDefault(spec, 'volumeMode', 'Filesystem');
}

function accessModeCauses(field: string, modes: unknown): StatusCause[] {
  const list = Array.isArray(modes) ? modes : [];
  const out: StatusCause[] = [];
  if (list.length === 0) out.push(required(field, ACCESS_MODE_REQUIRED));
  for (const m of list) if (!(ACCESS_MODES as readonly string[]).includes(m)) out.push(notSupported(field, m, ACCESS_MODES));
  if (list.includes('ReadWriteOncePod') && list.length > 1) out.push(forbiddenField(field, 'may not use ReadWriteOncePod with other access modes'));
  return out;
}

function storageCauses(field: string, q: unknown): StatusCause[] {
  const v = tryParseQuantity(q as string);
  return v !== undefined && v.nanos <= 0n ? [invalidValue(field, String(q), 'must be greater than zero')] : [];
}

/** validatePersistentVolumeClaimSpec is ValidatePersistentVolumeClaimSpec under the given path. */
export function validatePersistentVolumeClaimSpec(field: string, spec: any): StatusCause[] {
  if (!isObject(spec)) return [required(`${field}.accessModes`, ACCESS_MODE_REQUIRED), required(`${field}.resources[storage]`)];
  const out = accessModeCauses(`${field}.accessModes`, spec.accessModes);
  if (spec.selector) out.push(...labelSelector(`${field}.selector`, spec.selector));
  const storage = spec.resources?.requests?.storage;
  if (storage === undefined || storage === null) out.push(required(`${field}.resources[storage]`));
  else out.push(...storageCauses(`${field}.resources[storage]`, storage));
  if (spec.volumeMode !== undefined && !(VOLUME_MODES as readonly string[]).includes(spec.volumeMode)) {
    out.push(notSupported(`${field}.volumeMode`, spec.volumeMode, VOLUME_MODES));
  }
  return out;
}

const META: MetaOptions = { namespaced: true, nameFn: nameIsDNSSubdomain };
const PV_META: MetaOptions = { namespaced: false, nameFn: nameIsDNSSubdomain };

/** PVC_SHRINK_BELOW_CAPACITY: a claim's request may shrink (to recover from a failed expansion) but not to its capacity or below. */
export const PVC_SHRINK_BELOW_CAPACITY = 'field can not be less than status.capacity';

/** resizableView masks what a claim update may change: requests and the attributes class only once it is Bound. */
function resizableView(spec: any, bound: boolean): any {
  const s = structuredClone(spec ?? {});
  if (bound) {
    if (isObject(s.resources)) delete s.resources.requests;
    delete s.volumeAttributesClassName;
  }
  delete s.volumeName;
  return s;
}

// Retroactive default class assignment: a claim stored without a class (nor the beta annotation) may get one, once.
function classSetFromNil(obj: KubeObject, old: KubeObject): boolean {
  return old.spec?.storageClassName == null && old.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION] === undefined
    && typeof obj.spec?.storageClassName === 'string' && obj.spec.storageClassName !== '';
}

/** claimUpdateCauses is ValidatePersistentVolumeClaimUpdate's spec part: what may change, and how far storage may shrink. */
function claimUpdateCauses(obj: KubeObject, old: KubeObject): StatusCause[] {
  const out: StatusCause[] = [];
  // The update carries the stored status, so this is the claim's phase as upstream reads it.
  const bound = obj.status?.phase === 'Bound';
  const before = resizableView(old.spec, bound);
  if (classSetFromNil(obj, old)) before.storageClassName = obj.spec.storageClassName;
  if (!jsonEqual(resizableView(obj.spec, bound), before)) out.push(forbiddenField('spec', PVC_SPEC_IMMUTABLE));
  const newSize = quantityOf(obj.spec?.resources?.requests?.storage);
  const oldSize = quantityOf(old.spec?.resources?.requests?.storage);
  // RecoverVolumeExpansionFailure (beta, on in v1.32): shrinking is refused only down to status.capacity.
  if (compareQuantity(newSize, oldSize) < 0 && compareQuantity(newSize, quantityOf(old.status?.capacity?.storage)) <= 0) {
    out.push(forbiddenField('spec.resources.requests.storage', PVC_SHRINK_BELOW_CAPACITY));
  }
  return out;
}

/** PERSISTENT_VOLUME_CLAIM_STRATEGY is the PersistentVolumeClaim strategy (phase Pending on create). */
export const PERSISTENT_VOLUME_CLAIM_STRATEGY: Strategy = {
  defaults: (obj) => defaultPersistentVolumeClaimSpec(obj.spec),
  validate: (obj) => [...validateObjectMeta(obj.metadata, META), ...validatePersistentVolumeClaimSpec('spec', obj.spec)],
  validateUpdate: (obj, old) => {
    return [...validateObjectMetaUpdate(obj, old, META), ...validatePersistentVolumeClaimSpec('spec', obj.spec), ...claimUpdateCauses(obj, old)];
  },
  prepareForCreate(obj) { obj.status = { phase: 'Pending' }; },
  prepareForUpdate(obj, old) { obj.status = structuredClone(old.status ?? { phase: 'Pending' }); },
};

/** defaultPersistentVolume is SetDefaults_PersistentVolume: Retain and Filesystem. */
export function defaultPersistentVolume(obj: KubeObject): void {
  if (!isObject(obj.spec)) return;
  setDefault(obj.spec, 'persistentVolumeReclaimPolicy', 'Retain');
  setDefault(obj.spec, 'volumeMode', 'Filesystem');
  if (isObject(obj.spec.hostPath)) setDefault(obj.spec.hostPath, 'type', '');
}

/** validatePersistentVolumeSpec is ValidatePersistentVolumeSpec under "spec". */
export function validatePersistentVolumeSpec(spec: any): StatusCause[] {
  if (!isObject(spec)) return [required('spec.accessModes', ACCESS_MODE_REQUIRED), required('spec.capacity')];
  const out = accessModeCauses('spec.accessModes', spec.accessModes);
  const cap = isObject(spec.capacity) ? spec.capacity : undefined;
  if (!cap || Object.keys(cap).length === 0) out.push(required('spec.capacity'));
  else if (cap.storage === undefined) out.push(notSupported('spec.capacity', Object.keys(cap)[0], ['storage']));
  else out.push(...storageCauses('spec.capacity.storage', cap.storage));
  const sources = PV_SOURCE_KEYS.filter((k) => spec[k] !== undefined && spec[k] !== null);
  if (sources.length === 0) out.push(required('spec', 'must specify a volume type'));
  for (const extra of sources.slice(1)) out.push(forbiddenField(`spec.${extra}`, 'may not specify more than 1 volume type'));
  if (isObject(spec.hostPath) && !spec.hostPath.path) out.push(required('spec.hostPath.path'));
  if (isObject(spec.local) && !spec.local.path) out.push(required('spec.local.path'));
  if (isObject(spec.local) && !spec.nodeAffinity) out.push(required('spec.nodeAffinity', 'Local volume requires node affinity'));
  if (isObject(spec.nfs)) {
    if (!spec.nfs.server) out.push(required('spec.nfs.server'));
    if (!spec.nfs.path) out.push(required('spec.nfs.path'));
  }
  if (spec.persistentVolumeReclaimPolicy !== undefined && !(RECLAIM_POLICIES as readonly string[]).includes(spec.persistentVolumeReclaimPolicy)) {
    out.push(notSupported('spec.persistentVolumeReclaimPolicy', spec.persistentVolumeReclaimPolicy, RECLAIM_POLICIES));
  }
  if (spec.volumeMode !== undefined && !(VOLUME_MODES as readonly string[]).includes(spec.volumeMode)) out.push(notSupported('spec.volumeMode', spec.volumeMode, VOLUME_MODES));
  return out;
}

/** PERSISTENT_VOLUME_STRATEGY is the PersistentVolume strategy (phase Pending on create). */
export const PERSISTENT_VOLUME_STRATEGY: Strategy = {
  defaults: defaultPersistentVolume,
  validate: (obj) => [...validateObjectMeta(obj.metadata, PV_META), ...validatePersistentVolumeSpec(obj.spec)],
  validateUpdate: (obj, old) => [...validateObjectMetaUpdate(obj, old, PV_META), ...validatePersistentVolumeSpec(obj.spec)],
  prepareForCreate(obj) {
    obj.status = { phase: 'Pending' };
    if (obj.metadata) delete obj.metadata.namespace;
  },
  prepareForUpdate(obj, old) { obj.status = structuredClone(old.status ?? { phase: 'Pending' }); },
};
