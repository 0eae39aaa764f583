/**
 * rbac: the rbac.authorization.k8s.io/v1 strategies — Role, ClusterRole, RoleBinding,
 * ClusterRoleBinding (names are path segments; roleRef is immutable).
 */
import type { KubeObject } from '../../api/meta';
import { objectFields } from '../../api/object-fields';
import type { StatusCause } from '../errors';
import { invalidValue, notSupported, required } from '../field-errors';
import { nameIsPathSegment, validateObjectMeta, validateObjectMetaUpdate, type MetaOptions } from './object-meta';
import { isPathSegmentName } from './names';
import { jsonEqual } from '../../api/deep-equal';
import { isObject, setDefault, type Strategy } from './strategy';

/** RBAC_GROUP is the API group roleRefs and User/Group subjects belong to. */
export const RBAC_GROUP = 'rbac.authorization.k8s.io';
/** CANNOT_CHANGE_ROLE_REF is the detail when an update changes a binding's roleRef. */
export const CANNOT_CHANGE_ROLE_REF = 'cannot change roleRef';
/** VERBS_REQUIRED is the detail for a rule without verbs. */
export const VERBS_REQUIRED = 'verbs must contain at least one value';

function validateRules(rules: unknown, namespaced: boolean): StatusCause[] {
  const out: StatusCause[] = [];
  (Array.isArray(rules) ? rules : []).forEach((r: any, i: number) => {
    const p = `rules[${i}]`;
    if (!isObject(r)) return;
    if (!Array.isArray(r.verbs) || r.verbs.length === 0) out.push(required(`${p}.verbs`, VERBS_REQUIRED));
    const urls = Array.isArray(r.nonResourceURLs) ? r.nonResourceURLs : [];
    if (urls.length) {
      if (namespaced) out.push(invalidValue(`${p}.nonResourceURLs`, urls, 'namespaced rules cannot apply to non-resource URLs'));
      if ((r.apiGroups ?? []).length || (r.resources ?? []).length || (r.resourceNames ?? []).length) {
        out.push(invalidValue(`${p}.nonResourceURLs`, urls, 'rules cannot apply to both regular resources and non-resource URLs'));
      }
      return;
    }
    if (!Array.isArray(r.apiGroups) || r.apiGroups.length === 0) out.push(required(`${p}.apiGroups`, 'resource rules must supply at least one api group'));
    if (!Array.isArray(r.resources) || r.resources.length === 0) out.push(required(`${p}.resources`, 'resource rules must supply at least one resource'));
  });
  return out;
}

function defaultSubjects(obj: KubeObject): void {
  const subjects = objectFields(obj).subjects;
  for (const s of Array.isArray(subjects) ? subjects : []) {
    if (!isObject(s)) continue;
    // SetDefaults_Subject: a ServiceAccount's group is "", which encoding leaves out (omitempty).
    if (s.kind !== 'ServiceAccount') setDefault(s, 'apiGroup', RBAC_GROUP);
    else if (s.apiGroup === '' || s.apiGroup === null) delete s.apiGroup;
  }
}

function validateBinding(obj: KubeObject, namespaced: boolean): StatusCause[] {
  const out: StatusCause[] = [];
  // Bindings are validated as the JSON they arrived as, so their fields are read untyped.
  const fields = objectFields(obj);
  const ref = isObject(fields.roleRef) ? fields.roleRef : {};
  const kinds = namespaced ? ['Role', 'ClusterRole'] : ['ClusterRole'];
  if (ref.apiGroup !== RBAC_GROUP) out.push(notSupported('roleRef.apiGroup', ref.apiGroup ?? '', [RBAC_GROUP]));
  if (!kinds.includes(ref.kind)) out.push(notSupported('roleRef.kind', ref.kind ?? '', kinds));
  if (!ref.name) out.push(required('roleRef.name'));
  else for (const m of isPathSegmentName(ref.name)) out.push(invalidValue('roleRef.name', ref.name, m));
  (Array.isArray(fields.subjects) ? fields.subjects : []).forEach((s: any, i: number) => {
    const p = `subjects[${i}]`;
    if (!isObject(s)) return;
    if (!s.name) out.push(required(`${p}.name`));
    switch (s.kind) {
      case 'ServiceAccount':
        if (s.apiGroup) out.push(notSupported(`${p}.apiGroup`, s.apiGroup, ['']));
        if (!namespaced && !s.namespace) out.push(required(`${p}.namespace`));
        break;
      case 'User': case 'Group':
        if (s.apiGroup !== RBAC_GROUP) out.push(notSupported(`${p}.apiGroup`, s.apiGroup ?? '', [RBAC_GROUP]));
        break;
      default:
        out.push(notSupported(`${p}.kind`, s.kind ?? '', ['ServiceAccount', 'User', 'Group']));
    }
  });
  return out;
}

function roleStrategy(namespaced: boolean): Strategy {
  const meta: MetaOptions = { namespaced, nameFn: nameIsPathSegment };
  return {
    defaults: () => undefined,
    validate: (obj) => [...validateObjectMeta(obj.metadata, meta), ...validateRules(objectFields(obj).rules, namespaced)],
    validateUpdate: (obj, old) => [...validateObjectMetaUpdate(obj, old, meta), ...validateRules(objectFields(obj).rules, namespaced)],
    prepareForCreate: namespaced ? undefined : (obj) => { if (obj.metadata) delete obj.metadata.namespace; },
  };
}

function bindingStrategy(namespaced: boolean): Strategy {
  const meta: MetaOptions = { namespaced, nameFn: nameIsPathSegment };
  return {
    defaults: defaultSubjects,
    validate: (obj) => [...validateObjectMeta(obj.metadata, meta), ...validateBinding(obj, namespaced)],
    validateUpdate: (obj, old) => {
      const out = [...validateObjectMetaUpdate(obj, old, meta), ...validateBinding(obj, namespaced)];
      if (!jsonEqual(objectFields(obj).roleRef, objectFields(old).roleRef)) out.push(invalidValue('roleRef', objectFields(obj).roleRef, CANNOT_CHANGE_ROLE_REF));
      return out;
    },
    prepareForCreate: namespaced ? undefined : (obj) => { if (obj.metadata) delete obj.metadata.namespace; },
  };
}

/** ROLE_STRATEGY, CLUSTER_ROLE_STRATEGY, ROLE_BINDING_STRATEGY, CLUSTER_ROLE_BINDING_STRATEGY are the RBAC strategies. */
export const ROLE_STRATEGY = roleStrategy(true);
export const CLUSTER_ROLE_STRATEGY = roleStrategy(false);
export const ROLE_BINDING_STRATEGY = bindingStrategy(true);
export const CLUSTER_ROLE_BINDING_STRATEGY = bindingStrategy(false);
