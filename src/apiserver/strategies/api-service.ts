/**
 * api-service: the apiregistration.k8s.io/v1 APIService strategy (kube-aggregator
 * pkg/apis/apiregistration/validation): its name need only be a URL path segment, and must be
 * spec.version + "." + spec.group ("v1." for the core group); its service's port defaults to 443.
 * kubemu: the rest of ValidateAPIService (priorities, group and version syntax, caBundle) is not
 * checked yet.
 */
import type { KubeObject } from '../../api/meta';
import { genericStrategy } from './generic';
import { isPathSegmentName } from './names';
import { validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { isObject, setDefault, type Strategy } from './strategy';

/** metaOptions: the name rule, which depends on the object's spec. */
function metaOptions(obj: KubeObject): MetaOptions {
  const required = `${obj.spec?.version ?? ''}.${obj.spec?.group ?? ''}`;
  return {
    namespaced: false,
    nameFn: (name) => {
      const segment = isPathSegmentName(name);
      if (segment.length) return segment;
      return name === required ? [] : [`must be \`spec.version+"."+spec.group\`: "${required}"`];
    },
  };
}

const GENERIC = genericStrategy('APIService');

/** API_SERVICE_STRATEGY is the generic strategy with the APIService's name rule and service port default. */
export const API_SERVICE_STRATEGY: Strategy = {
  ...GENERIC,
  defaults: (obj) => { if (isObject(obj.spec?.service)) setDefault(obj.spec.service, 'port', 443); },
  validate: (obj) => validateObjectMeta(obj.metadata, metaOptions(obj)),
  validateUpdate: (obj, old) => validateObjectMetaUpdate(obj, old, metaOptions(obj)),
};
