/**
 * generic: the fallback strategy for kinds without their own file (ServiceAccount, LimitRange,
 * custom resources …): ObjectMeta validation only, with scope taken from the resource registry.
 */
import { builtinRegistry } from '../../api/registry';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { specChangedBySpec, type Strategy } from './strategy';

/** genericStrategy validates metadata only; scope is unknown (unchecked) for kinds not in the registry. */
export function genericStrategy(kind: string): Strategy {
  const info = builtinRegistry.forStorageKind(kind);
  const meta: MetaOptions = { namespaced: info?.namespaced, nameFn: nameIsDNSSubdomain };
  return {
    defaults: () => undefined,
    validate: (obj) => validateObjectMeta(obj.metadata, meta),
    validateUpdate: (obj, old) => validateObjectMetaUpdate(obj, old, meta),
    specChanged: specChangedBySpec,
    prepareForCreate: info && !info.namespaced ? (obj) => { if (obj.metadata) delete obj.metadata.namespace; } : undefined,
  };
}
