/**
 * replicaset: `kubectl describe replicaset` (kubectl describeReplicaSet).
 */
import type { Condition } from '../../api/meta';
import type { KubeObject } from '../../api/meta';
import { wantEvents, type DescribeContext } from './context';
import { printController } from './controller-ref';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { formatPodPhaseCounts, podStatusForController } from './pod-status-counts';
import { describePodTemplate } from './pod-template';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';
import { formatSelector } from './selector-string';

/** describeWorkloadConditions writes the `Type  Status  Reason` table used by Deployments and ReplicaSets. */
export function describeWorkloadConditions(conditions: Condition[] | undefined, w: PrefixWriter): void {
  if (!conditions || conditions.length === 0) return;
  w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tReason\n');
  w.write(LEVEL_1, '----\t------\t------\n');
  for (const c of conditions) w.write(LEVEL_1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
}

/** describeReplicaSet renders a ReplicaSet exactly as kubectl describe rs does. */
export function describeReplicaSet(rs: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${rs.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${rs.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, `Selector:\t${formatSelector(rs.spec?.selector)}\n`);
  printLabelsMultiline(w, 'Labels', rs.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', rs.metadata.annotations);
  const controlledBy = printController(rs);
  if (controlledBy) w.write(LEVEL_0, `Controlled By:\t${controlledBy}\n`);
  w.write(LEVEL_0, `Replicas:\t${rs.status?.replicas ?? 0} current / ${rs.spec?.replicas ?? 1} desired\n`);
  w.write(LEVEL_0, `Pods Status:\t${formatPodPhaseCounts(podStatusForController(rs, ctx))}\n`);
  describePodTemplate(rs.spec?.template, w);
  describeWorkloadConditions(rs.status?.conditions, w);
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
