/**
 * custom-resource-definition: the apiextensions.k8s.io/v1 CustomResourceDefinition strategy
 * (apiextensions-apiserver pkg/registry/customresourcedefinition/strategy.go and
 * pkg/apis/apiextensions/v1/defaults.go): the names' singular and listKind and the None
 * conversion defaulted; a create starts from an empty status (its acceptedNames, a Go struct,
 * always encoded) holding the storage version as stored; an update keeps the status and adds a
 * new storage version to it. The naming controller (controllers/crdnaming) fills in the rest.
 */
import type { KubeObject } from '../../api/meta';
import { setConditionInPlace } from '../../api/conditions';
import { CRD_CLEANUP_FINALIZER } from '../../api/crd-accepted-names';
import { genericStrategy } from './generic';
import { isObject, setDefault, type Strategy } from './strategy';

/** storageVersion names the version spec.versions marks as the storage one. */
function storageVersion(crd: KubeObject): string | undefined {
  const versions: unknown = crd.spec?.versions;
  if (!Array.isArray(versions)) return undefined;
  const v = versions.find((x) => isObject(x) && x.storage === true);
  return typeof v?.name === 'string' ? v.name : undefined;
}

/** withStoredVersion adds the storage version to status.storedVersions when it is not there yet. */
function withStoredVersion(crd: KubeObject): void {
  const v = storageVersion(crd);
  if (v === undefined) return;
  const stored: string[] = Array.isArray(crd.status?.storedVersions) ? crd.status.storedVersions : [];
  if (!stored.includes(v)) crd.status = { ...crd.status, storedVersions: [...stored, v] };
}

function defaultCustomResourceDefinition(crd: KubeObject): void {
  const spec = crd.spec;
  if (!isObject(spec)) return;
  if (isObject(spec.names)) {
    const names = spec.names as Record<string, any>;
    if (!names.singular && typeof names.kind === 'string') names.singular = names.kind.toLowerCase();
    if (!names.listKind && names.kind) names.listKind = `${names.kind}List`;
  }
  setDefault(spec as Record<string, any>, 'conversion', { strategy: 'None' });
  if (isObject(spec.conversion?.webhook?.clientConfig?.service)) setDefault(spec.conversion.webhook.clientConfig.service, 'port', 443);
  if (!Array.isArray(crd.status?.storedVersions) || !crd.status.storedVersions.length) withStoredVersion(crd);
}

const GENERIC = genericStrategy('CustomResourceDefinition');

/** CUSTOM_RESOURCE_DEFINITION_STRATEGY is the generic metadata checks plus the CRD's defaults and status handling. */
export const CUSTOM_RESOURCE_DEFINITION_STRATEGY: Strategy = {
  ...GENERIC,
  defaults: defaultCustomResourceDefinition,
  prepareForCreate(crd) {
    GENERIC.prepareForCreate?.(crd);
    crd.status = { acceptedNames: { plural: '', kind: '' } };
    withStoredVersion(crd);
  },
  prepareForUpdate(crd, old) {
    crd.status = structuredClone(old.status ?? { acceptedNames: { plural: '', kind: '' } });
    withStoredVersion(crd);
  },
  // The first delete marks the CRD for deletion with the cleanup finalizer and a Terminating
  // condition (customresourcedefinition/etcd.go Delete); the finalizing controller deletes its
  // objects, then drops the finalizer, which removes it.
  deleteInStages(crd, now) {
    if (crd.metadata.deletionTimestamp) return crd.metadata.finalizers?.length ? 'keep' : 'remove';
    crd.metadata.deletionTimestamp = now;
    if (!crd.metadata.finalizers?.includes(CRD_CLEANUP_FINALIZER)) crd.metadata.finalizers = [...(crd.metadata.finalizers ?? []), CRD_CLEANUP_FINALIZER];
    const terminating = { type: 'Terminating', status: 'True', reason: 'InstanceDeletionPending', message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon' };
    crd.status = { ...crd.status, conditions: setConditionInPlace(crd.status?.conditions ?? [], terminating, now) };
    return 'update';
  },
};
