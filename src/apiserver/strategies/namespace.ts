/**
 * namespace: the core/v1 Namespace strategy — the kubernetes finalizer, the
 * kubernetes.io/metadata.name label, phase Active, and RFC 1123 label names.
 */
import type { KubeObject } from '../../api/meta';
import type { StatusCause } from '../errors';
import { invalidValue } from '../field-errors';
import { nameIsDNSLabel, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { validateLabelKey } from './names';
import { isObject, type Strategy } from './strategy';

/** NAMESPACE_NAME_LABEL is the immutable label carrying a namespace's own name. */
export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';
/** KUBERNETES_FINALIZER is the finalizer the namespace controller removes once the namespace is empty. */
export const KUBERNETES_FINALIZER = 'kubernetes';
/** FINALIZER_NAME_ERROR is the detail for a spec finalizer that is neither standard nor qualified. */
export const FINALIZER_NAME_ERROR = 'name is neither a standard finalizer name nor is it fully qualified';

const META: MetaOptions = { namespaced: false, nameFn: nameIsDNSLabel };

/** defaultNamespace adds spec.finalizers [kubernetes] and the metadata.name label. */
export function defaultNamespace(obj: KubeObject): void {
  obj.metadata = obj.metadata ?? {};
  const name = obj.metadata.name;
  // The label always mirrors the name; the API server overwrites whatever the client sent.
  if (name) obj.metadata.labels = { ...(obj.metadata.labels ?? {}), [NAMESPACE_NAME_LABEL]: name };
  if (!isObject(obj.spec)) obj.spec = {};
  if (!Array.isArray(obj.spec.finalizers) || obj.spec.finalizers.length === 0) obj.spec.finalizers = [KUBERNETES_FINALIZER];
}

function validateFinalizers(spec: any): StatusCause[] {
  const out: StatusCause[] = [];
  (Array.isArray(spec?.finalizers) ? spec.finalizers : []).forEach((f: any, i: number) => {
    const v = String(f);
    const errs = validateLabelKey(v);
    if (errs.length) for (const m of errs) out.push(invalidValue(`spec.finalizers[${i}]`, v, m));
    else if (!v.includes('/') && v !== KUBERNETES_FINALIZER) out.push(invalidValue(`spec.finalizers[${i}]`, v, FINALIZER_NAME_ERROR));
  });
  return out;
}

/** NAMESPACE_STRATEGY is the Namespace strategy. */
export const NAMESPACE_STRATEGY: Strategy = {
  defaults: defaultNamespace,
  validate: (obj) => [...validateObjectMeta(obj.metadata, META), ...validateFinalizers(obj.spec)],
  validateUpdate: (obj, old) => validateObjectMetaUpdate(obj, old, META),
  prepareForCreate(obj) {
    obj.status = { phase: 'Active' };
    if (obj.metadata) delete obj.metadata.namespace;
  },
  prepareForUpdate(obj, old) {
    obj.spec = structuredClone(old.spec ?? {});
    obj.status = structuredClone(old.status ?? { phase: 'Active' });
  },
  // The first delete marks the namespace Terminating; once the namespace controller has
  // emptied spec.finalizers, the next one removes it.
  deleteInStages(obj, now) {
    const meta = obj.metadata;
    if (!meta.deletionTimestamp) {
      meta.deletionTimestamp = now;
      meta.deletionGracePeriodSeconds = 0;
      obj.status = { ...(obj.status ?? {}), phase: 'Terminating' };
      return 'update';
    }
    return obj.spec?.finalizers?.length ? 'keep' : 'remove';
  },
};
