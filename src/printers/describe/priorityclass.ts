/**
 * priorityclass: `kubectl describe priorityclass` (kubectl describePriorityClass). The
 * annotations print on one line as k=v pairs; there is no Labels line.
 */
import type { PriorityClass } from '../../api/types/kinds';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { LEVEL_0, PrefixWriter } from './prefix-writer';
import { formatLabels } from './selector-string';

/** DEFAULT_PREEMPTION_POLICY is what the API server stores when a PriorityClass sets none. */
export const DEFAULT_PREEMPTION_POLICY = 'PreemptLowerPriority';

/** describePriorityClass renders a scheduling.k8s.io/v1 PriorityClass. */
export function describePriorityClass(pc: PriorityClass, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${pc.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Value:\t${pc.value ?? 0}\n`);
  w.write(LEVEL_0, `GlobalDefault:\t${pc.globalDefault === true}\n`);
  w.write(LEVEL_0, `PreemptionPolicy:\t${pc.preemptionPolicy ?? DEFAULT_PREEMPTION_POLICY}\n`);
  w.write(LEVEL_0, `Description:\t${pc.description ?? ''}\n`);
  w.write(LEVEL_0, `Annotations:\t${formatLabels(pc.metadata.annotations)}\n`);
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
