/**
 * service-source-ranges: ValidateService's check of a Service's admitted client ranges
 * (spec.loadBalancerSourceRanges, or the legacy annotation when the field is empty): only a
 * LoadBalancer may carry them, and every entry must be a CIDR.
 * Mirrors kubernetes pkg/apis/core/validation/validation.go ValidateService (v1.32): the field
 * path keeps upstream's historical capital "LoadBalancerSourceRanges", the value is the whole
 * list as Go's %v prints it, and the detail ends in a space, as upstream's does.
 */
import type { KubeObject } from '../../api/meta';
import { loadBalancerSourceRanges, SOURCE_RANGES_ANNOTATION } from '../../api/load-balancer-source-ranges';
import type { StatusCause } from '../errors';
import { forbiddenField, invalidValue } from '../field-errors';

/** SOURCE_RANGES_LB_ONLY is the detail for ranges on a Service that is not a LoadBalancer. */
export const SOURCE_RANGES_LB_ONLY = "may only be used when `type` is 'LoadBalancer'";
/** SOURCE_RANGES_NOT_CIDRS is the detail for a list with an entry that is not a CIDR. */
export const SOURCE_RANGES_NOT_CIDRS = 'must be a list of IP ranges. For example, 10.240.0.0/24,10.250.0.0/24 ';

/** validateSourceRanges returns the causes for a Service's source ranges (none when it has none). */
export function validateSourceRanges(svc: KubeObject): StatusCause[] {
  const field: unknown = svc.spec?.loadBalancerSourceRanges;
  const list = Array.isArray(field) ? field.map(String) : [];
  const annotation = svc.metadata?.annotations?.[SOURCE_RANGES_ANNOTATION];
  if (list.length === 0 && annotation === undefined) return [];
  const [path, value] = list.length > 0
    ? ['spec.LoadBalancerSourceRanges', `[${list.join(' ')}]`]
    : [`metadata.annotations[${SOURCE_RANGES_ANNOTATION}]`, annotation!];
  const out: StatusCause[] = [];
  if (svc.spec?.type !== 'LoadBalancer') out.push(forbiddenField(path, SOURCE_RANGES_LB_ONLY));
  if (loadBalancerSourceRanges({ metadata: svc.metadata, spec: { loadBalancerSourceRanges: list } }).invalid !== undefined) {
    out.push(invalidValue(path, value, SOURCE_RANGES_NOT_CIDRS));
  }
  return out;
}
