/**
 * poddisruptionbudget: `kubectl describe pdb` (kubectl describePodDisruptionBudgetV1):
 * the budget, its selector and the disruption controller's counts, then Events.
 */
import type { KubeObject } from '../../api/meta';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { LEVEL_0, LEVEL_2, PrefixWriter } from './prefix-writer';
import { formatSelector } from './selector-string';

/** describePodDisruptionBudget renders a policy/v1 PodDisruptionBudget (no Labels or Annotations lines). */
export function describePodDisruptionBudget(pdb: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = pdb.spec ?? {};
  const status = pdb.status ?? {};
  w.write(LEVEL_0, `Name:\t${pdb.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${pdb.metadata.namespace ?? ''}\n`);
  if (spec.minAvailable !== undefined && spec.minAvailable !== null) w.write(LEVEL_0, `Min available:\t${spec.minAvailable}\n`);
  else if (spec.maxUnavailable !== undefined && spec.maxUnavailable !== null) w.write(LEVEL_0, `Max unavailable:\t${spec.maxUnavailable}\n`);
  w.write(LEVEL_0, `Selector:\t${spec.selector ? formatSelector(spec.selector) : '<unset>'}\n`);
  w.write(LEVEL_0, 'Status:\n');
  w.write(LEVEL_2, `Allowed disruptions:\t${status.disruptionsAllowed ?? 0}\n`);
  w.write(LEVEL_2, `Current:\t${status.currentHealthy ?? 0}\n`);
  w.write(LEVEL_2, `Desired:\t${status.desiredHealthy ?? 0}\n`);
  w.write(LEVEL_2, `Total:\t${status.expectedPods ?? 0}\n`);
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
