/**
 * limit-range-constraints: LimitRanger's min, max and maxLimitRequestRatio checks for one
 * resource of one LimitRangeItem, returning upstream's reason text (or undefined when satisfied).
 * Values compare at milli precision, as v1.32's requestLimitEnforcedValues does.
 */
import { formatQuantity, milliValue, value, ZERO, type Quantity } from '../../api/quantity';
import type { ResourceList } from '../../quota/resource-list';

/** minNoRequestMessage: a min is set but the container (or pod) has no request. Two spaces, as upstream. */
export const minNoRequestMessage = (resource: string, type: string, min: string): string =>
  `minimum ${resource} usage per ${type} is ${min}.  No request is specified`;

/** minRequestMessage: the request is below the min. */
export const minRequestMessage = (resource: string, type: string, min: string, request: string): string =>
  `minimum ${resource} usage per ${type} is ${min}, but request is ${request}`;

/** minLimitMessage: the limit is below the min. */
export const minLimitMessage = (resource: string, type: string, min: string, limit: string): string =>
  `minimum ${resource} usage per ${type} is ${min}, but limit is ${limit}`;

/** maxNoLimitMessage: a max is set but there is no limit. */
export const maxNoLimitMessage = (resource: string, type: string, max: string): string =>
  `maximum ${resource} usage per ${type} is ${max}.  No limit is specified`;

/** maxNoRequestMessage: a PersistentVolumeClaim max is set but the claim requests nothing. */
export const maxNoRequestMessage = (resource: string, type: string, max: string): string =>
  `maximum ${resource} usage per ${type} is ${max}.  No request is specified`;

/** maxLimitMessage: the limit is above the max. */
export const maxLimitMessage = (resource: string, type: string, max: string, limit: string): string =>
  `maximum ${resource} usage per ${type} is ${max}, but limit is ${limit}`;

/** maxRequestMessage: the request is above the max. */
export const maxRequestMessage = (resource: string, type: string, max: string, request: string): string =>
  `maximum ${resource} usage per ${type} is ${max}, but request is ${request}`;

/** ratioNoRequestMessage: a ratio is enforced but there is no (or a zero) request. */
export const ratioNoRequestMessage = (resource: string, type: string, ratio: string): string =>
  `${resource} max limit to request ratio per ${type} is ${ratio}, but no request is specified or request is 0`;

/** ratioNoLimitMessage: a ratio is enforced but there is no (or a zero) limit. */
export const ratioNoLimitMessage = (resource: string, type: string, ratio: string): string =>
  `${resource} max limit to request ratio per ${type} is ${ratio}, but no limit is specified or limit is 0`;

/** ratioExceededMessage: limit/request is above the ratio; observed is printed with six decimals (Go's %f). */
export const ratioExceededMessage = (resource: string, type: string, ratio: string, observed: string): string =>
  `${resource} max limit to request ratio per ${type} is ${ratio}, but provided ratio is ${observed}`;

const MAX_MILLI_VALUE = 9223372036854775807n / 1000n;

// Compares in milli-units unless one value would overflow int64 milli-units, then in whole units.
function enforcedValues(req: Quantity, lim: Quantity, enforced: Quantity): [bigint, bigint, bigint] {
  const whole = [value(req), value(lim), value(enforced)] as const;
  if (whole.every((v) => v <= MAX_MILLI_VALUE)) return [milliValue(req), milliValue(lim), milliValue(enforced)];
  return [...whole];
}

/** minConstraint checks request ≥ min (a request is required) and, when present, limit ≥ min. */
export function minConstraint(type: string, resource: string, min: Quantity, requests: ResourceList, limits: ResourceList): string | undefined {
  const req = requests.get(resource);
  const lim = limits.get(resource);
  const [r, l, e] = enforcedValues(req ?? ZERO, lim ?? ZERO, min);
  const m = formatQuantity(min);
  if (!req) return minNoRequestMessage(resource, type, m);
  if (r < e) return minRequestMessage(resource, type, m, formatQuantity(req));
  if (lim && l < e) return minLimitMessage(resource, type, m, formatQuantity(lim));
  return undefined;
}

/** maxConstraint checks limit ≤ max (a limit is required) and, when present, request ≤ max. */
export function maxConstraint(type: string, resource: string, max: Quantity, requests: ResourceList, limits: ResourceList): string | undefined {
  const req = requests.get(resource);
  const lim = limits.get(resource);
  const [r, l, e] = enforcedValues(req ?? ZERO, lim ?? ZERO, max);
  const m = formatQuantity(max);
  if (!lim) return maxNoLimitMessage(resource, type, m);
  if (l > e) return maxLimitMessage(resource, type, m, formatQuantity(lim));
  if (req && r > e) return maxRequestMessage(resource, type, m, formatQuantity(req));
  return undefined;
}

/** maxRequestConstraint is the PersistentVolumeClaim max: only the request counts, and it is required. */
export function maxRequestConstraint(type: string, resource: string, max: Quantity, requests: ResourceList): string | undefined {
  const req = requests.get(resource);
  const [r, , e] = enforcedValues(req ?? ZERO, ZERO, max);
  const m = formatQuantity(max);
  if (!req) return maxNoRequestMessage(resource, type, m);
  if (r > e) return maxRequestMessage(resource, type, m, formatQuantity(req));
  return undefined;
}

/** ratioConstraint checks limit/request ≤ ratio; both must be present and non-zero. */
export function ratioConstraint(type: string, resource: string, ratio: Quantity, requests: ResourceList, limits: ResourceList): string | undefined {
  const req = requests.get(resource);
  const lim = limits.get(resource);
  const [r, l] = enforcedValues(req ?? ZERO, lim ?? ZERO, ratio);
  const m = formatQuantity(ratio);
  if (!req || r === 0n) return ratioNoRequestMessage(resource, type, m);
  if (!lim || l === 0n) return ratioNoLimitMessage(resource, type, m);
  const observed = Number(l) / Number(r);
  // Upstream compares observed×1000 with the ratio's milli-value unless that would overflow.
  const milli = value(ratio) <= MAX_MILLI_VALUE;
  const left = milli ? observed * 1000 : observed;
  const right = Number(milli ? milliValue(ratio) : value(ratio));
  if (left > right) return ratioExceededMessage(resource, type, m, observed.toFixed(6));
  return undefined;
}
