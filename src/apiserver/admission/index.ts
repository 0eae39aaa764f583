/**
 * admission: the quota-and-limits admission plugins the API server runs on create (and, for
 * claims and services, update): LimitRanger and ResourceQuota, plus the usage arithmetic a
 * resourcequota controller shares with them.
 */
export { admitLimitRanges, mutateLimitRanges, validateLimitRanges, limitRangeViolations, defaultLimitRangeItem,
  LIMIT_RANGER_ANNOTATION, LIMIT_RANGER_ANNOTATION_PREFIX } from './limit-ranger';
export { admitResourceQuotas, quotaUsage, quotaUsageList, quotaHard, type NamespaceObjects } from './resource-quota';
export { objectUsage } from '../../quota/object-usage';
