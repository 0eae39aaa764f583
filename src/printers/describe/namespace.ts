/**
 * namespace: `kubectl describe namespace` (kubectl describeNamespace) with its
 * ResourceQuota and LimitRange summaries. Namespaces print no Events section.
 */
import type { NamespaceCondition } from '../../api/types/core-v1';
import type { KubeObject } from '../../api/meta';
import type { DescribeContext } from './context';
import { describeLimitRangeSpec, LIMIT_RANGE_HEADER, LIMIT_RANGE_RULE } from './limitrange';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';
import { canonicalQuantity } from '../../api/quantity';
import { QUOTA_SCOPE_HELP } from './resourcequota';
import { formatRFC1123Z } from './time-format';

/** NO_RESOURCE_QUOTA and NO_LIMIT_RANGE are printed when the namespace has none. */
export const NO_RESOURCE_QUOTA = 'No resource quota.';
export const NO_LIMIT_RANGE = 'No LimitRange resource.';

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** describeResourceQuotas writes the `Resource Quotas` section or NO_RESOURCE_QUOTA. */
export function describeResourceQuotas(quotas: KubeObject[], w: PrefixWriter): void {
  if (quotas.length === 0) { w.write(LEVEL_0, `${NO_RESOURCE_QUOTA}\n`); return; }
  w.write(LEVEL_0, 'Resource Quotas\n');
  for (const q of [...quotas].sort((a, b) => cmp(a.metadata.name ?? '', b.metadata.name ?? ''))) {
    w.write(LEVEL_1, `Name:\t${q.metadata.name}\n`);
    const scopes = [...(q.spec?.scopes ?? [])].sort();
    if (scopes.length > 0) {
      w.write(LEVEL_1, `Scopes:\t${scopes.join(', ')}\n`);
      for (const s of scopes) if (QUOTA_SCOPE_HELP[s]) w.write(LEVEL_1, `* ${QUOTA_SCOPE_HELP[s]}\n`);
    }
    w.write(LEVEL_1, 'Resource\tUsed\tHard\n');
    w.write(LEVEL_1, '--------\t---\t---\n');
    const hard = q.status?.hard ?? {};
    const used = q.status?.used ?? {};
    for (const r of Object.keys(hard).sort()) {
      w.write(LEVEL_1, `${r}\t${canonicalQuantity(used[r] ?? '0')}\t${canonicalQuantity(hard[r])}\n`);
    }
  }
}

/** describeLimitRanges writes the `Resource Limits` table or NO_LIMIT_RANGE. */
export function describeLimitRanges(ranges: KubeObject[], w: PrefixWriter): void {
  if (ranges.length === 0) { w.write(LEVEL_0, `${NO_LIMIT_RANGE}\n`); return; }
  w.write(LEVEL_0, `Resource Limits\n ${LIMIT_RANGE_HEADER}\n`);
  w.write(LEVEL_0, ` ${LIMIT_RANGE_RULE}\n`);
  for (const lr of ranges) describeLimitRangeSpec(lr.spec, ' ', w);
}

/** describeNamespace renders a Namespace exactly as kubectl describe namespace does. */
export function describeNamespace(ns: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const name = ns.metadata.name ?? '';
  w.write(LEVEL_0, `Name:\t${name}\n`);
  printLabelsMultiline(w, 'Labels', ns.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', ns.metadata.annotations);
  w.write(LEVEL_0, `Status:\t${ns.status?.phase ?? ''}\n`);
  const conditions: NamespaceCondition[] = ns.status?.conditions ?? [];
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n');
    w.write(LEVEL_1, 'Type\tStatus\tLastTransitionTime\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t------------------\t------\t-------\n');
    for (const c of conditions) {
      w.write(LEVEL_1, `${c.type}\t${c.status}\t${formatRFC1123Z(c.lastTransitionTime)}\t${c.reason ?? ''}\t${c.message ?? ''}\n`);
    }
  }
  w.write(LEVEL_0, '\n');
  describeResourceQuotas(ctx.list({ kind: 'ResourceQuota', namespace: name }), w);
  w.write(LEVEL_0, '\n');
  describeLimitRanges(ctx.list({ kind: 'LimitRange', namespace: name }), w);
  return w.toString();
}
