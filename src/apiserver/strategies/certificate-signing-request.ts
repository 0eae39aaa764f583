/**
 * certificate-signing-request: the CSR strategy's PrepareForCreate and PrepareForUpdate
 * (kubernetes pkg/registry/certificates/certificates/strategy.go). A new request's
 * spec.username, uid, groups and extra are the requester's, whatever the client sent, so a
 * user cannot ask for a certificate in another's name without the signer seeing it; an update
 * of the main resource keeps spec and status as stored (approval and the certificate go through
 * their subresources). The approval subresource (csrApprovalStrategy) changes only the
 * conditions; it and the status subresource validate them as validation.go's validateConditions,
 * and only the approval may add an Approved or Denied condition.
 */
import type { KubeObject } from '../../api/meta';
import { ADMIN_USER, type UserInfo } from '../authorization/user-info';
import { genericStrategy } from './generic';
import type { Strategy } from './strategy';
import type { StatusCause } from '../errors';
import { duplicate, forbiddenField, invalidValue, notSupported, required } from '../field-errors';

interface CsrCondition { type?: string; status?: string; lastUpdateTime?: string; lastTransitionTime?: string }

/** TRUE_ONLY are the condition types whose status may only be True. */
const TRUE_ONLY = new Set(['Approved', 'Denied', 'Failed']);
const conditionsOf = (csr: KubeObject): CsrCondition[] => csr.status?.conditions ?? [];
const countOf = (csr: KubeObject, type: string): number => conditionsOf(csr).filter((c) => c.type === type).length;

/**
 * conditionCauses is validateConditions with the options an update gets from the stored request
 * (what it already holds is tolerated), and the rule that an Approved, Denied or Failed
 * condition stays once added.
 */
function conditionCauses(obj: KubeObject, old: KubeObject): StatusCause[] {
  const causes: StatusCause[] = [];
  const oldTypes = conditionsOf(old).map((c) => c.type ?? '');
  const allowBoth = oldTypes.includes('Approved') && oldTypes.includes('Denied');
  const allowDuplicates = new Set(oldTypes).size < oldTypes.length;
  const allowEmptyType = oldTypes.includes('');
  const seen = new Set<string>();
  let approved = false;
  let denied = false;
  conditionsOf(obj).forEach((c, i) => {
    const at = `status.conditions[${i}]`;
    const type = c.type ?? '';
    if (!allowEmptyType && !type) causes.push(required(`${at}.type`));
    const allowed = TRUE_ONLY.has(type) ? ['True'] : ['False', 'True', 'Unknown'];
    if (!c.status) causes.push(required(`${at}.status`));
    else if (!allowed.includes(c.status)) causes.push(notSupported(`${at}.status`, c.status, allowed));
    if (!allowBoth && (type === 'Approved' || type === 'Denied')) {
      if (type === 'Approved') approved = true; else denied = true;
      if (approved && denied) causes.push(invalidValue(`${at}.type`, type, 'Approved and Denied conditions are mutually exclusive'));
    }
    if (!allowDuplicates && seen.has(type)) causes.push(duplicate(`${at}.type`, type));
    seen.add(type);
  });
  for (const type of ['Approved', 'Denied', 'Failed']) {
    if (countOf(obj, type) < countOf(old, type)) causes.push(forbiddenField('status.conditions', `updates may not remove a condition of type "${type}"`));
  }
  return causes;
}

/**
 * prepareApproval is csrApprovalStrategy's PrepareForUpdate: the request as stored with the
 * client's conditions, each one's times filled in (lastUpdateTime now when unset;
 * lastTransitionTime the stored one while the status holds, else now).
 */
export function prepareApproval(obj: KubeObject, old: KubeObject, now: string): void {
  const conditions = structuredClone(conditionsOf(obj)).map((c) => {
    const before = conditionsOf(old).find((o) => o.type === c.type);
    return {
      ...c,
      lastUpdateTime: c.lastUpdateTime ?? now,
      lastTransitionTime: c.lastTransitionTime ?? (before && before.status === c.status && before.lastTransitionTime ? before.lastTransitionTime : now),
    };
  });
  obj.spec = structuredClone(old.spec);
  obj.status = { ...structuredClone(old.status ?? {}), conditions };
  if (!conditions.length) delete obj.status.conditions;
}

/** validateApprovalUpdate is the approval subresource's ValidateUpdate. */
export const validateApprovalUpdate = (obj: KubeObject, old: KubeObject): StatusCause[] => conditionCauses(obj, old);

/** stampRequester sets a new CSR's requester fields as kube-apiserver does (empty ones left out); no user is the default admin. */
export function stampRequester(obj: KubeObject, user: UserInfo = ADMIN_USER): void {
  const spec = (obj.spec ??= {});
  for (const key of ['username', 'uid', 'groups', 'extra']) delete spec[key];
  spec.username = user.name;
  if (user.uid) spec.uid = user.uid;
  if (user.groups.length) spec.groups = [...user.groups];
  if (user.extra && Object.keys(user.extra).length) spec.extra = structuredClone(user.extra);
}

const generic = genericStrategy('CertificateSigningRequest');

export const CERTIFICATE_SIGNING_REQUEST_STRATEGY: Strategy = {
  ...generic,
  prepareForCreate(obj) {
    generic.prepareForCreate?.(obj);
    delete obj.status;
  },
  prepareForUpdate(obj, old) {
    obj.spec = structuredClone(old.spec);
    if (old.status === undefined) delete obj.status;
    else obj.status = structuredClone(old.status);
  },
  // The status subresource may not add or change an Approved or Denied condition.
  validateStatusUpdate(obj, old) {
    const causes = conditionCauses(obj, old);
    for (const type of ['Approved', 'Denied']) {
      if (countOf(obj, type) > countOf(old, type)) causes.push(forbiddenField('status.conditions', `updates may not add a condition of type "${type}"`));
    }
    return causes;
  },
};
