/**
 * limitrange: `kubectl describe limitrange` (kubectl describeLimitRange) and the per-item
 * rows it shares with the namespace describer's Resource Limits table
 * (describeLimitRangeSpec). LimitRanges print no Labels, Annotations or Events.
 */
import type { LimitRangeSpec } from '../../api/types/core-v1';
import type { KubeObject } from '../../api/meta';
import type { DescribeContext } from './context';
import { LEVEL_0, PrefixWriter } from './prefix-writer';
import { canonicalQuantity } from '../../api/quantity';

/** LIMIT_RANGE_HEADER and LIMIT_RANGE_RULE are the table's header cells and dashes. */
export const LIMIT_RANGE_HEADER = 'Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio';
export const LIMIT_RANGE_RULE = '----\t--------\t---\t---\t---------------\t-------------\t-----------------------';

/** describeLimitRangeSpec writes one row per item and resource, "-" where the item sets no value. */
export function describeLimitRangeSpec(spec: LimitRangeSpec, prefix: string, w: PrefixWriter): void {
  for (const item of spec?.limits ?? []) {
    const lists = [item.min, item.max, item.defaultRequest, item.default, item.maxLimitRequestRatio];
    // kubectl ranges over a Go map of the names, filled from max, min, default, defaultRequest and
    // the ratio, each decoded in the server's (sorted) key order. Go 1.23 visits a small map in
    // insertion order from a random slot, most often from the first: kubemu prints that order.
    const names = [...new Set([item.max, item.min, item.default, item.defaultRequest, item.maxLimitRequestRatio].flatMap((l) => Object.keys(l ?? {}).sort()))];
    for (const k of names) {
      const cells = lists.map((l) => (l && l[k] !== undefined ? canonicalQuantity(l[k]) : '-'));
      w.write(LEVEL_0, `${prefix}${item.type ?? ''}\t${k}\t${cells.join('\t')}\n`);
    }
  }
}

/** describeLimitRange renders a LimitRange: Name, Namespace, then the limits table. */
export function describeLimitRange(lr: KubeObject, _ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${lr.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${lr.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, `${LIMIT_RANGE_HEADER}\n`);
  w.write(LEVEL_0, `${LIMIT_RANGE_RULE}\n`);
  describeLimitRangeSpec(lr.spec, '', w);
  return w.toString();
}
