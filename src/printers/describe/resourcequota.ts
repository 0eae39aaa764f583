/**
 * resourcequota: `kubectl describe resourcequota` (kubectl describeQuota): Name, Namespace,
 * the scopes with their help text, then the Resource/Used/Hard table. ResourceQuotas print
 * no Labels, Annotations or Events.
 */
import type { KubeObject } from '../../api/meta';
import type { DescribeContext } from './context';
import { LEVEL_0, PrefixWriter } from './prefix-writer';
import { formatQuantity, tryParseQuantity, value, type Quantity } from '../../api/quantity';

/** QUOTA_SCOPE_HELP is kubectl's help text per ResourceQuota scope. */
export const QUOTA_SCOPE_HELP: Readonly<Record<string, string>> = {
  Terminating: 'Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.',
  NotTerminating: 'Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.',
  BestEffort: 'Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.',
  NotBestEffort: 'Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.',
};

const NANO = 1_000_000_000n;

/**
 * usedInHardFormat prints the used amount; when its format differs from the hard limit's
 * (a missing amount has none), kubectl re-creates it from its whole value in the hard format.
 */
export function usedInHardFormat(used: string | number | undefined, hard: Quantity | undefined): string {
  const u = tryParseQuantity(used);
  if (!hard) return u ? formatQuantity(u) : '0';
  if (u && u.format === hard.format) return formatQuantity(u);
  return formatQuantity({ nanos: (u ? value(u) : 0n) * NANO, format: hard.format });
}

/** describeResourceQuota renders a ResourceQuota from its status (hard and used). */
export function describeResourceQuota(quota: KubeObject, _ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${quota.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${quota.metadata.namespace ?? ''}\n`);
  const scopes = [...(quota.spec?.scopes ?? [])].sort();
  if (scopes.length > 0) {
    w.write(LEVEL_0, `Scopes:\t${scopes.join(', ')}\n`);
    for (const s of scopes) if (QUOTA_SCOPE_HELP[s]) w.write(LEVEL_0, ` * ${QUOTA_SCOPE_HELP[s]}\n`);
  }
  w.write(LEVEL_0, 'Resource\tUsed\tHard\n');
  w.write(LEVEL_0, '--------\t----\t----\n');
  const hard = quota.status?.hard ?? {};
  const used = quota.status?.used ?? {};
  for (const r of Object.keys(hard).sort()) {
    const h = tryParseQuantity(hard[r]);
    w.write(LEVEL_0, `${r}\t${usedInHardFormat(used[r], h)}\t${h ? formatQuantity(h) : String(hard[r])}\n`);
  }
  return w.toString();
}
